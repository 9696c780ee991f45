package gatherrow

import (
	"fmt"
	"sync"
	"unsafe"
)

// Strided copies a strided slice of short groups: for r = 0, 1, ...,
// rows-1 and q = 0, 1, ..., n-1,
//
//	dst[(r*n+q)*g : (r*n+q+1)*g] = src[s : s+g], s = first + r*rowStride + q*p
//
// where p and rowStride (elements) may be negative or zero. A slice with
// a step along its innermost axis is one such copy (g = 1, p the step)
// and so is one with a step along an outer axis whose inner axes it
// keeps whole (g the inner block, p the step times g): x[:, ::2] of
// [4096,4096] f32 is rows = 4096 of n = 2048 elements, p = 2, rowStride
// = 4096; x[::2, ::2, :] of a [1080,1920,3] u8 image is rows = 540 of n
// = 960 pixels of g = 3, p = 6, rowStride = 11520. It panics unless dst
// has rows*n*g elements and every group is inside src.
//
// On amd64 with AVX-512 VBMI, groups of G = g*es bytes up to
// StridedGroup apart by |P| = |p|*es bytes are moved by the byte
// shuffles of Permute: each step loads the 128 bytes (masked: nothing
// outside the groups is read) that hold K = (128-G)/|P|+1 groups and
// stores their K*G bytes with one VPERMI2B per 64 bytes, where a Go loop
// reads and stores each element (or calls memmove per group). With AVX2,
// groups of StridedGroup to StridedWideGroup bytes the shuffles do not
// take are 16- and 32-byte moves each (StridedWide). Rows that
// follow on in the source (rowStride = n*p) are one row; rows of fewer
// groups than one step are several whole rows per step where they fit
// in 128 bytes (every other float of [N,7]: four rows of four per step).
// With nt, steps of exactly 64 output bytes (stride 2 over groups of 1,
// 2, 4 or 8 bytes) are stored non-temporally from each row's first
// 64-byte aligned group on: for outputs past the cache, whose lines
// would otherwise be read before they are written. Elsewhere (and for
// groups past StridedWideGroup) a Go loop does it.
func Strided[T Elem](dst, src []T, first, g, p, n, rows, rowStride int, nt bool) {
	if g <= 0 || n < 0 || rows < 0 {
		panic(fmt.Sprintf("gatherrow: Strided with %d rows of %d groups of %d", rows, n, g))
	}
	if rows == 0 || n == 0 {
		if len(dst) != 0 {
			panic("gatherrow: Strided destination is not empty")
		}
		return
	}
	if n > len(dst)/g/rows || len(dst) != rows*n*g {
		panic(fmt.Sprintf("gatherrow: Strided destination of %d elements for %d rows of %d groups of %d", len(dst), rows, n, g))
	}
	// The first and last group starts along each stride.
	lo, hi := first, first
	for _, d := range []int{(rows - 1) * rowStride, (n - 1) * p} {
		if d < 0 {
			lo += d
		} else {
			hi += d
		}
	}
	if lo < 0 || hi > len(src)-g {
		panic(fmt.Sprintf("gatherrow: Strided groups of %d from %d to %d outside a source of %d", g, lo, hi, len(src)))
	}
	if rows > 1 && rowStride == n*p {
		n, rows = n*rows, 1
	}
	var z T
	es := int(unsafe.Sizeof(z))
	if pl := stridedPlanFor(g*es, p*es); pl != nil {
		if rows > 1 && n < pl.n {
			// Rows of less than one step: several whole rows per step
			// where they fit in 128 bytes; else a step per row, or for
			// rows under 32 bytes the Go loop (a call per row of 3 to 4
			// groups cost 3-6x its loop).
			if gp := gridPlanFor(g*es, p*es, n, rowStride*es); gp != nil {
				stridedGrid(dst, src, gp, first, g, p, n, rows, rowStride, es)
				return
			}
			if n*g*es < 32 {
				stridedGo(dst, src, first, g, p, n, rows, rowStride)
				return
			}
		}
		stridedFast(dst, src, pl, first, g, p, n, rows, rowStride, es, nt)
		return
	}
	if G := g * es; useAVX2 && G >= StridedGroup && G <= StridedWideGroup {
		stridedWide(unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), first*es),
			n, G, p*es, rows, rowStride*es)
		return
	}
	stridedGo(dst, src, first, g, p, n, rows, rowStride)
}

// StridedWideGroup is the widest group (bytes) Strided moves with its
// AVX2 loop of 16- and 32-byte moves (stridedWide); wider groups are a
// copy each, as fast from 1 KiB on (every third of 2 MiB of f32 groups,
// BenchmarkStrided: 64-byte groups 0.050 ms against 0.137 as copies,
// 256-byte 0.050 against 0.076-0.103, 512-byte 0.050-0.053 against
// 0.056-0.059, 1 KiB 0.053-0.061 against 0.050).
const StridedWideGroup = 512

// StridedWide reports whether groups of G bytes, P bytes apart, are of
// the kind Strided's AVX2 loop moves: G from StridedGroup to
// StridedWideGroup bytes, P neither 0 nor ±G (a broadcast, a run or a
// reversal, which other loops do). The kernels call Strided for them
// (rows of a strided slice of an outer axis, sub-rows of a crop) in
// place of an array copy or a memmove call per group.
func StridedWide(G, P int) bool {
	return G >= StridedGroup && G <= StridedWideGroup && P != 0 && P != G && P != -G
}

// gridKey identifies a plan of whole rows: groups of g bytes p bytes
// apart, n to a row, rows rs bytes apart, k rows per step.
type gridKey struct{ g, p, n, rs, k int }

// gridPlanFor returns the plan of the most whole rows of n groups of G
// bytes, P bytes apart, rows RS bytes apart (either may step down), that
// one 128-byte load holds, at least two; nil when fewer fit or the rows
// repeat (RS = 0).
func gridPlanFor(G, P, n, RS int) *stridedPlan {
	span := (n-1)*abs(P) + G
	if RS == 0 || span > PermRow {
		return nil
	}
	k := (PermRow-span)/abs(RS) + 1
	if k < 2 {
		return nil
	}
	return gridPlanK(G, P, n, RS, k)
}

func abs(x int) int { return max(x, -x) }

// gridPlanK returns the plan of k rows of n groups: output byte
// (r*n+q)*G+b comes from source byte r*RS+q*P+b past the step's first
// group, base bytes before it the lowest byte loaded.
func gridPlanK(G, P, n, RS, k int) *stridedPlan {
	key := gridKey{G, P, n, RS, k}
	if pl, ok := stridedPlans.Load(key); ok {
		return pl.(*stridedPlan)
	}
	span, out := (k-1)*abs(RS)+(n-1)*abs(P)+G, k*n*G
	if span > PermRow {
		panic("gatherrow: Strided row plan past the shuffles' reach")
	}
	pl := &stridedPlan{n: n, k: k, chunks: (out + 63) / 64, base: min(0, (k-1)*RS) + min(0, (n-1)*P)}
	pl.ctrl = make([]byte, 64*pl.chunks)
	for r := range k {
		for q := range n {
			for b := range G {
				pl.ctrl[(r*n+q)*G+b] = byte(r*RS + q*P + b - pl.base)
			}
		}
	}
	pl.lo = byteMask(min(span, 64))
	pl.hi = byteMask(max(span-64, 0))
	pl.tail = byteMask(out - 64*(pl.chunks-1))
	got, _ := stridedPlans.LoadOrStore(key, pl)
	return got.(*stridedPlan)
}

// stridedGrid is Strided over rows of fewer groups than one step: pl.k
// whole rows per step, then the rest (fewer than pl.k) as one step of
// their own plan.
func stridedGrid[T Elem](dst, src []T, pl *stridedPlan, first, g, p, n, rows, rowStride, es int) {
	G, P, RS := g*es, p*es, rowStride*es
	full := rows / pl.k
	ds, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), first*es)
	if full > 0 {
		permLoop(ds, unsafe.Add(sp, pl.base), unsafe.Pointer(unsafe.SliceData(pl.ctrl)), full, pl.k*n*G, pl.k*RS, pl.chunks, pl.lo, pl.hi, pl.tail)
	}
	if rest := rows - full*pl.k; rest > 0 {
		t := gridPlanK(G, P, n, RS, rest)
		permLoop(unsafe.Add(ds, full*pl.k*n*G), unsafe.Add(sp, full*pl.k*RS+t.base), unsafe.Pointer(unsafe.SliceData(t.ctrl)),
			1, 0, 0, t.chunks, t.lo, t.hi, t.tail)
	}
}

// StridedGroup is the widest group (bytes) Strided moves with the byte
// shuffles.
const StridedGroup = 16

// StridedFast reports whether Strided moves groups of g elements of es
// bytes, p elements apart, with the byte shuffles on this CPU. The
// kernels call Strided where StridedGroups says the shuffles take such
// groups; this says whether this machine has them.
func StridedFast(es, g, p int) bool {
	return stridedPlanFor(g*es, p*es) != nil
}

// StridedGroups reports whether groups of G bytes, P bytes apart, are of
// the kind the byte shuffles move (on a CPU with AVX-512 VBMI): G at
// most StridedGroup bytes, P neither 0 nor ±G (a broadcast, a run or a
// reversal, which other loops do), and at least four groups to a
// 128-byte load.
func StridedGroups(G, P int) bool {
	a := P
	if a < 0 {
		a = -a
	}
	return G >= 1 && G <= StridedGroup && a != 0 && a != G && a <= (PermRow-G)/3
}

// stridedPlan is the shuffle of one step of Strided's assembly loop, k
// rows of n groups (one row of the step's groups, or a grid plan's whole
// rows): the controls of VPERMI2B for each 64-byte output chunk and the
// masks of the loads and of the last chunk's store.
type stridedPlan struct {
	ctrl         []byte
	n, k, chunks int
	lo, hi, tail uint64
	// base: the bytes from a step's first group to the lowest byte it
	// loads (0, or negative where the rows or groups step down).
	base int
}

// stridedPlans caches the plans by their gridKey.
var stridedPlans sync.Map

// stridedPlanFor returns the plan of the most groups of G bytes, P bytes
// apart, that one 128-byte load holds, or nil when Strided's Go loop
// moves them.
func stridedPlanFor(G, P int) *stridedPlan {
	if permLoop == nil || !StridedGroups(G, P) {
		return nil
	}
	a := max(P, -P)
	return stridedPlanK(G, P, (PermRow-G)/a+1)
}

// stridedPlanK returns the plan of k groups of G bytes, P bytes apart:
// one row of them.
func stridedPlanK(G, P, k int) *stridedPlan { return gridPlanK(G, P, k, 0, 1) }

// stridedFast is Strided with the shuffles: per row, its groups pl.n at
// a time, then the rest (fewer than pl.n) as one step of their own plan.
// With nt, where a step is exactly 64 bytes of output, the steps from
// the row's first 64-byte aligned group on are stored non-temporally
// (stridedNT), the groups before it one step of their own plan.
func stridedFast[T Elem](dst, src []T, pl *stridedPlan, first, g, p, n, rows, rowStride, es int, nt bool) {
	k, G, P := pl.n, g*es, p*es
	ds, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
	// The lowest byte plan t loads from source group s on.
	low := func(s int, t *stridedPlan) unsafe.Pointer { return unsafe.Add(sp, s*es+t.base) }
	// The plan of a row's last groups, the same for every row.
	var tl *stridedPlan
	if rest := n % k; rest > 1 {
		tl = stridedPlanK(G, P, rest)
	}
	// run moves the c groups from source group s to output element d.
	run := func(s, d, c int) {
		full := c / k
		if full > 0 {
			permLoop(unsafe.Add(ds, d*es), low(s, pl), unsafe.Pointer(unsafe.SliceData(pl.ctrl)),
				full, k*G, k*P, pl.chunks, pl.lo, pl.hi, pl.tail)
		}
		s += full * k * p
		d += full * k * g
		switch rest := c - full*k; {
		case rest == 1:
			copy(dst[d:d+g], src[s:s+g])
		case rest > 1:
			t := tl
			if t == nil || t.n != rest {
				t = stridedPlanK(G, P, rest)
			}
			permLoop(unsafe.Add(ds, d*es), low(s, t), unsafe.Pointer(unsafe.SliceData(t.ctrl)),
				1, 0, 0, t.chunks, t.lo, t.hi, t.tail)
		}
	}
	nt = nt && stridedNTLoop != nil && k*G == 64
	for r := range rows {
		s := first + r*rowStride
		d := r * n * g
		if nt {
			// The groups before the first 64-byte aligned one.
			addr := uintptr(ds) + uintptr(d*es)
			h := int((64-addr%64)%64) / G
			if addr%uintptr(G) == 0 && n-h >= k {
				run(s, d, h)
				s += h * p
				d += h * g
				m := (n - h) / k
				stridedNTLoop(unsafe.Add(ds, d*es), low(s, pl), unsafe.Pointer(unsafe.SliceData(pl.ctrl)), m, k*P, pl.lo, pl.hi)
				run(s+m*k*p, d+m*k*g, n-h-m*k)
				continue
			}
		}
		run(s, d, n)
	}
}

// stridedGo is Strided's Go loop: the whole of it without the
// assembly, and what the tests compare the assembly with.
func stridedGo[T Elem](dst, src []T, first, g, p, n, rows, rowStride int) {
	d := 0
	for r := range rows {
		s := first + r*rowStride
		if g == 1 {
			out := dst[d : d+n]
			for q := range out {
				out[q] = src[s]
				s += p
			}
			d += n
			continue
		}
		for range n {
			copy(dst[d:d+g], src[s:s+g])
			s += p
			d += g
		}
	}
}
