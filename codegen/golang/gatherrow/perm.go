package gatherrow

import (
	"fmt"
	"unsafe"
)

// Perm is a fixed selection from short rows, built once by NewPerm and
// applied to many rows by Permute: output element k of a row is element
// tab[k] of its source row of width elements. A take along the last axis
// (or along an axis whose inner block times its size is one short row)
// with the same indices for every row is one Perm: the kernels build it
// from their table of wrapped and checked indices.
type Perm struct {
	tab   []int
	width int
	// The assembly's form, when the CPU has AVX-512 VBMI and a source row
	// is at most 128 bytes: ctrl holds, for each 64-byte chunk of an
	// output row, the byte of the source row each output byte takes (the
	// controls of VPERMI2B); lo, hi and tail are the byte masks of the
	// source row's first and second 64 bytes and of the output row's
	// last chunk.
	ctrl         []byte
	chunks       int
	lo, hi, tail uint64
	es           int
	fast         bool
	// ids: tab as int32, for the gathers of longer rows (Row's assembly
	// loop on each row) where the CPU has AVX2 and the rows are read
	// densely enough (see gatherIDs); nil otherwise.
	ids []int32
}

// PermRow is the longest source row (bytes) of the assembly: two
// 64-byte registers, the tables of VPERMI2B.
const PermRow = 128

// NewPerm returns the selection of tab[k] from rows of width elements of
// T. It panics unless every tab[k] is in [0, width).
func NewPerm[T Elem](tab []int, width int) *Perm {
	var z T
	es := int(unsafe.Sizeof(z))
	for k, w := range tab {
		if uint(w) >= uint(width) {
			panic(fmt.Sprintf("gatherrow: NewPerm index %d at %d is outside a row of %d", w, k, width))
		}
	}
	p := &Perm{tab: tab, width: width, es: es}
	in, out := width*es, len(tab)*es
	if permLoop == nil || in > PermRow || out == 0 {
		if gatherIDs(es, len(tab), width) {
			p.ids = make([]int32, len(tab))
			for k, w := range tab {
				p.ids[k] = int32(w)
			}
		}
		return p
	}
	p.chunks = (out + 63) / 64
	p.ctrl = make([]byte, 64*p.chunks)
	for k, w := range tab {
		for b := range es {
			p.ctrl[k*es+b] = byte(w*es + b)
		}
	}
	p.lo = byteMask(min(in, 64))
	p.hi = byteMask(max(in-64, 0))
	p.tail = byteMask(out - 64*(p.chunks-1))
	p.fast = true
	return p
}

// Fast reports whether Permute applies p with assembly (the byte
// shuffles, or Row's gathers per row) rather than its Go loop, which a
// kernel's own loop over its index table matches or beats: the kernels
// call Permute for rows past PermRow bytes only when Fast says so.
func (p *Perm) Fast() bool {
	return p.fast || p.ids != nil
}

// byteMask has the low n bits set (n <= 64).
func byteMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// Permute applies p to rows rows: for r = 0, 1, ..., rows-1 in order and
// each k, dst[r*dstStride+k] = src[r*srcStride+p.tab[k]]. It panics if a
// row it would write or read is outside dst or src, or if p was built for
// another element size.
//
// On amd64 with AVX-512 VBMI and source rows of up to 128 bytes, each row
// is one or two 64-byte loads (masked: nothing past the row is read) and,
// per 64 bytes of output, one VPERMI2B byte shuffle and one store (masked
// for the row's last chunk): no per-element index read or bounds test.
// Against the kernels' loop (an index table read and a bounds-checked
// load per element), a take of 32 of 64 bytes along the last axis of
// [512,64,64] i8 took 0.085x the time with one worker (least of 5
// interleaved rounds: 0.056 against 0.659 ms) and 0.12x with two.
func Permute[T Elem](dst, src []T, p *Perm, rows, dstStride, srcStride int) {
	var z T
	if int(unsafe.Sizeof(z)) != p.es {
		panic("gatherrow: Permute with a Perm of another element size")
	}
	if rows <= 0 || len(p.tab) == 0 {
		return
	}
	if dstStride < 0 || srcStride < 0 {
		panic("gatherrow: Permute with a negative stride")
	}
	// Bounds of the last row (strides are not negative, so every row
	// before it is inside too).
	_ = dst[(rows-1)*dstStride : (rows-1)*dstStride+len(p.tab)]
	_ = src[(rows-1)*srcStride : (rows-1)*srcStride+p.width]
	if p.fast {
		permLoop(unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(p.ctrl)),
			rows, dstStride*p.es, srcStride*p.es, p.chunks, p.lo, p.hi, p.tail)
		return
	}
	if p.ids != nil {
		n := len(p.ids)
		for r := range rows {
			gather(dst[r*dstStride:r*dstStride+n], src[r*srcStride:r*srcStride+p.width], p.ids, p.width, 1, 0, false)
		}
		return
	}
	permuteGo(dst, src, p, 0, rows, dstStride, srcStride)
}

// gatherIDs reports whether Permute gathers each row of width elements
// of es bytes with Row's assembly loop (AVX2: eight ids per step, paired
// loads of 1- and 2-byte elements, byte shuffles of rows of up to 256
// bytes) instead of the Go loop: 1- and 2-byte elements, outputs of eight
// elements or more, from rows read at least once per DenseRow elements
// (as Row) and short enough for the loop's 32-bit offsets. Measured
// against the kernels' Go loop with tcp-run, interleaved rounds: a take
// of 2048 of 4096 f16 along the last axis of [4096,4096] took 3.78-3.81
// against 6.17-6.23 ms with one worker, 1.96-2.00 against 3.04-3.31 with
// two; 256 of 512 f16 of [8,512,512] 0.42 against 0.62 ms (one worker)
// in one session, the same 0.45-0.46 ms in a quieter one. Wider elements
// keep the loop: on the AMD EPYC the gathers were mixed for f32 (1024 of
// 4096 of [1024,4096] 0.97-1.24 against 1.00-1.44 ms, 512 of 2048 of
// [2048,2048] 0.88-1.03 against 0.81-0.88), slower for i64 (256 of 1024
// of [4096,1024] 1.31-1.41 against 1.17-1.22); f32 takes them on Intel
// CPUs (wideRowGathers).
func gatherIDs(es, n, width int) bool {
	return useAVX2 && (es <= 2 || es == 4 && wideRowGathers && n >= MinWideGatherIDs) && n >= 8 && n*DenseRow >= width && width < 1<<31
}

// MinWideGatherIDs is the fewest ids per row for which Permute gathers
// 4-byte elements with Row's loop (wideRowGathers): a shorter row's call
// costs more than its loop saves. One worker, interleaved tcp-run runs
// on the Intel Xeon: 100 of each 1000 f32 0.76-0.77 ms against
// 0.72-0.73 for the kernel's loop; 200 of 1024 0.374-0.375 against
// 0.38-0.39; 512 of 4096 0.73-0.75 against 0.80-0.81; 256 of 512 (i32
// ids) 0.59-0.60 against 0.68; 1024 of 4096 0.89-0.90 against 1.09-1.11.
const MinWideGatherIDs = 128

// IsIntel reports whether the CPU's vendor (CPUID) is Intel, for the
// choices the kernels make by the machine they were measured on.
func IsIntel() bool { return isIntel() }

// WideRowGathers reports whether Permute gathers long rows of 4-byte
// elements with Row's assembly loop on this CPU (Intel's, with AVX2),
// as it does rows of 1- and 2-byte elements everywhere; the kernels
// keep their own loop for them elsewhere.
func WideRowGathers() bool { return wideRowGathers }

// permuteGo is the Go loop of Permute over rows [r0, r1): the whole of it
// without the assembly, and what the tests compare the assembly with.
func permuteGo[T Elem](dst, src []T, p *Perm, r0, r1, dstStride, srcStride int) {
	for r := r0; r < r1; r++ {
		d := dst[r*dstStride : r*dstStride+len(p.tab)]
		s := src[r*srcStride : r*srcStride+p.width]
		for k, w := range p.tab {
			d[k] = s[w]
		}
	}
}
