package gatherrow

import (
	"fmt"
	"math/rand"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// convU8 to convU64 make test elements of random bits (an f32 from an
// int32, so that the values differ and are not NaN).
func convU8(v uint64) uint8    { return uint8(v) }
func convU16(v uint64) uint16  { return uint16(v) }
func convF32(v uint64) float32 { return float32(int32(v)) / 7 }
func convU64(v uint64) uint64  { return v }

// wantTake is Take's definition, row by row.
func wantTake[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride, size int, wrap bool) int {
	for k, i := range idx {
		w := int64(i)
		if w < 0 && wrap {
			w += int64(size)
		}
		if w < 0 || w >= int64(size) {
			return k
		}
		for j := 0; j < row; j++ {
			dst[k*row+j] = src[int(w)*stride+j]
		}
	}
	return -1
}

type takeShape struct {
	n, row, stride, size, extra, ahead int
}

func takeShapes[T Elem]() []takeShape {
	var z T
	es := int(sizeOf(z))
	var s []takeShape
	// Every row of 1 to 72 bytes (each size class of the short rows' two
	// moves, at both its ends), then longer rows, multiples of 32 and not.
	var sizes []int
	for b := 1; b <= 72; b++ {
		sizes = append(sizes, b)
	}
	sizes = append(sizes, 96, 100, 127, 128, 129, 160, 200, 256, 288, 320, 384, 1000, 1024, 3072)
	for _, bytes := range sizes {
		row := bytes / es
		if row == 0 || row*es != bytes {
			continue
		}
		for _, n := range []int{0, 1, 2, 7, 8, 9, 33} {
			ahead := []int{0, 1, 16, n + 3}[n%4] // none, each distance, past the end
			s = append(s,
				takeShape{n: n, row: row, stride: row, size: 1 + n%5*3, ahead: ahead},         // a take along axis 0
				takeShape{n: n, row: row, stride: 3*row + 1, size: 4, extra: 2, ahead: ahead}, // along a middle axis, rows apart
				takeShape{n: n, row: row, stride: row, size: 1, ahead: 2},
			)
		}
	}
	return s
}

func testTake[T Elem, I TakeIndex](t *testing.T, conv func(uint64) T) {
	r := rand.New(rand.NewSource(1))
	for _, sh := range takeShapes[T]() {
		for _, wrap := range []bool{false, true} {
			src := make([]T, (sh.size-1)*sh.stride+sh.row+sh.extra)
			for i := range src {
				src[i] = conv(r.Uint64())
			}
			// None bad, then the first, second, a middle and the last
			// position bad; with wrap, negative ids from the start, or
			// only from the middle on (the loops that leave the wrap out
			// until the first negative id then go on with it).
			for c := range 10 {
				bad, negFrom := []int{-1, 0, 1, sh.n / 2, sh.n - 1}[c%5], c/5*(sh.n/2)
				if bad >= sh.n || negFrom > 0 && !wrap {
					continue
				}
				idx := takeIDs[I](r, sh, wrap, bad, negFrom)
				name := fmt.Sprintf("n%d/row%d/stride%d/size%d/ahead%d/wrap=%v/bad%d/neg%d", sh.n, sh.row, sh.stride, sh.size, sh.ahead, wrap, bad, negFrom)
				want := make([]T, sh.n*sh.row+3)
				got := make([]T, sh.n*sh.row+3)
				wk := wantTake(want, src, idx, sh.row, sh.stride, sh.size, wrap)
				gk := Take(got, src, idx, sh.row, sh.stride, sh.size, wrap, sh.ahead)
				if wk != gk {
					t.Fatalf("%s: Take returned %d, want %d", name, gk, wk)
				}
				if wk >= 0 {
					// The bad index's row may hold bytes of the row before.
					copy(want[wk*sh.row:(wk+1)*sh.row], got[wk*sh.row:])
				}
				if !sameBits(want, got) {
					t.Fatalf("%s: dst (-want +got):\n%s", name, cmp.Diff(bits(want), bits(got)))
				}
				// TakeNT: the same rows, into a dst on a line (its
				// non-temporal stores where the row is whole lines).
				nt := lineAligned[T](len(got))
				if nk := TakeNT(nt, src, idx, sh.row, sh.stride, sh.size, wrap, sh.ahead, true); nk != wk {
					t.Fatalf("%s: TakeNT returned %d, want %d", name, nk, wk)
				}
				if wk >= 0 {
					copy(want[wk*sh.row:(wk+1)*sh.row], nt[wk*sh.row:])
				}
				if !sameBits(want, nt) {
					t.Fatalf("%s: TakeNT's dst (-want +got):\n%s", name, cmp.Diff(bits(want), bits(nt)))
				}
			}
		}
	}
}

// lineAligned returns n zero elements starting on a 64-byte boundary.
func lineAligned[T Elem](n int) []T {
	var z T
	es := int(sizeOf(z))
	b := make([]T, n+64/es)
	k := 0
	for uintptr(unsafe.Pointer(&b[k]))%64 != 0 {
		k++
	}
	return b[k : k+n : k+n]
}

// takeIDs draws the sh.n ids of a Take or Put test: in [0, sh.size)
// (repeating), with wrap negative half the time from position negFrom
// on, and at position bad (if any) one out of range for the mode.
func takeIDs[I TakeIndex](r *rand.Rand, sh takeShape, wrap bool, bad, negFrom int) []I {
	idx := make([]I, sh.n)
	for k := range idx {
		v := int64(r.Intn(sh.size))
		if wrap && k >= negFrom && r.Intn(2) == 0 {
			v -= int64(sh.size)
		}
		if k == bad {
			v = []int64{int64(sh.size), int64(sh.size) + 7, -int64(sh.size) - 1, -1, 1 << 40, -1 << 40}[r.Intn(6)]
			if !wrap && v == -1 {
				v = -3
			}
			if _, is32 := any(idx[0]).(int32); is32 && (v > 1<<31 || v < -1<<31) {
				v = int64(sh.size) + 1
			}
		}
		idx[k] = I(v)
	}
	return idx
}

// sameBits reports whether a and b hold the same bits (NaNs too).
func sameBits[T Elem](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && (a[i] == a[i] || b[i] == b[i]) {
			return false
		}
	}
	return true
}

func sizeOf[T any](z T) uintptr {
	switch any(z).(type) {
	case bool, uint8, int8:
		return 1
	case uint16, int16:
		return 2
	case float32, int32, uint32:
		return 4
	}
	return 8
}

// TestTake compares Take, on every path (the assembly and the Go loop),
// with its definition: rows of 1- to 8-byte elements, of every size from
// 1 to 72 bytes and longer ones, 32-byte multiples and others, takes
// along axis 0 and rows apart (a middle axis), int32, int64 and int
// indices, prefetches none, near and past the end, none, the first,
// second, a middle or the last index bad; nothing past the rows is
// written.
func TestTake(t *testing.T) {
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			t.Run("u8/i32", func(t *testing.T) { testTake[uint8, int32](t, convU8) })
			t.Run("u16/i64", func(t *testing.T) { testTake[uint16, int64](t, convU16) })
			t.Run("f32/i32", func(t *testing.T) { testTake[float32, int32](t, convF32) })
			t.Run("f32/int", func(t *testing.T) { testTake[float32, int](t, convF32) })
			t.Run("u64/i64", func(t *testing.T) { testTake[uint64, int64](t, convU64) })
			t.Run("u64/int", func(t *testing.T) { testTake[uint64, int](t, convU64) })
		})
	}
}

// TestTakePanics: a dst too short for the rows, or a source row that
// would fall outside src, panics before anything is read.
func TestTakePanics(t *testing.T) {
	for _, c := range []struct {
		name                  string
		dst, src, row, stride int
		size                  int
	}{
		{"short dst", 7, 64, 4, 4, 16},
		{"short src", 8, 63, 4, 4, 16},
		{"src shorter than a row", 8, 3, 4, 0, 1},
		{"negative stride", 8, 64, 4, -4, 16},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Take(dst %d, src %d, row %d, stride %d, size %d) did not panic", c.dst, c.src, c.row, c.stride, c.size)
				}
			}()
			Take(make([]float32, c.dst), make([]float32, c.src), []int32{0, 0}, c.row, c.stride, c.size, false, 1)
		})
	}
}

// BenchmarkTake is Take of 200000 random rows of a 50000-row table by
// int32 ids with wrap (ONNX Gather's negative ids), for each short row
// size and a few longer ones: the table of the row sizes' loops.
func BenchmarkTake(b *testing.B) {
	const rows, n = 50000, 200000
	r := rand.New(rand.NewSource(1))
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(r.Intn(rows))
	}
	for _, rb := range []int{1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 256} {
		src, dst := make([]uint8, rows*rb), make([]uint8, n*rb)
		b.Run(fmt.Sprintf("%dB", rb), func(b *testing.B) {
			b.SetBytes(int64(n * rb))
			for range b.N {
				Take(dst, src, idx, rb, rb, rows, true, 0)
			}
		})
	}
}

// TestMove compares Move, on every path, with copy: rows of 0 to 300
// bytes and a few longer ones (around the 2 KiB from which it copies
// with REP MOVSB), of 1-, 2-, 4- and 8-byte elements, at
// every offset of a 32-byte block in the source and destination;
// nothing outside the destination row is written.
func TestMove(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			var sizes []int
			for b := 0; b <= 300; b++ {
				sizes = append(sizes, b)
			}
			sizes = append(sizes, 383, 384, 1000, 1024, 2047, 2048, 2049, 4096, 4099, 8192)
			for _, b := range sizes {
				off := r.Intn(32)
				src := make([]uint8, b+64)
				for i := range src {
					src[i] = uint8(r.Intn(256))
				}
				want := make([]uint8, b+64)
				got := make([]uint8, b+64)
				doff := r.Intn(32)
				copy(want[doff:doff+b], src[off:off+b])
				Move(got[doff:doff+b], src[off:off+b])
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%d bytes, source offset %d, destination %d (-want +got):\n%s", b, off, doff, diff)
				}
				if b%8 == 0 {
					w64, g64 := make([]uint64, b/8+2), make([]uint64, b/8+2)
					s64 := make([]uint64, b/8)
					for i := range s64 {
						s64[i] = r.Uint64()
					}
					copy(w64[1:], s64)
					Move(g64[1:1+b/8], s64)
					if diff := cmp.Diff(w64, g64); diff != "" {
						t.Fatalf("%d bytes of uint64 (-want +got):\n%s", b, diff)
					}
				}
			}
		})
	}
}

// TestMovePanics: rows of two lengths panic before anything is moved.
func TestMovePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Move of 64 and 63 elements did not panic")
		}
	}()
	Move(make([]float32, 64), make([]float32, 63))
}

// wantPut is Put's definition, row by row.
func wantPut[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride, size int, wrap bool) int {
	for k, i := range idx {
		w := int64(i)
		if w < 0 && wrap {
			w += int64(size)
		}
		if w < 0 || w >= int64(size) {
			return k
		}
		for j := 0; j < row; j++ {
			dst[int(w)*stride+j] = src[k*row+j]
		}
	}
	return -1
}

func testPut[T Elem, I TakeIndex](t *testing.T, conv func(uint64) T) {
	r := rand.New(rand.NewSource(3))
	for _, sh := range takeShapes[T]() {
		for _, wrap := range []bool{false, true} {
			src := make([]T, sh.n*sh.row+sh.extra)
			for i := range src {
				src[i] = conv(r.Uint64())
			}
			for c := range 10 {
				bad, negFrom := []int{-1, 0, 1, sh.n / 2, sh.n - 1}[c%5], c/5*(sh.n/2)
				if bad >= sh.n || negFrom > 0 && !wrap {
					continue
				}
				idx := takeIDs[I](r, sh, wrap, bad, negFrom) // repeats: the last update stays
				name := fmt.Sprintf("n%d/row%d/stride%d/size%d/ahead%d/wrap=%v/bad%d/neg%d", sh.n, sh.row, sh.stride, sh.size, sh.ahead, wrap, bad, negFrom)
				want := make([]T, (sh.size-1)*sh.stride+sh.row+sh.extra)
				for i := range want {
					want[i] = conv(r.Uint64())
				}
				got := append([]T(nil), want...)
				wk := wantPut(want, src, idx, sh.row, sh.stride, sh.size, wrap)
				gk := Put(got, src, idx, sh.row, sh.stride, sh.size, wrap, sh.ahead)
				if wk != gk {
					t.Fatalf("%s: Put returned %d, want %d", name, gk, wk)
				}
				if !sameBits(want, got) {
					t.Fatalf("%s: dst (-want +got):\n%s", name, cmp.Diff(bits(want), bits(got)))
				}
			}
		}
	}
}

// TestPut compares Put, on every path, with its definition, on Take's
// shapes (rows of 1 to 72 bytes and longer ones, rows apart in dst),
// ids that repeat (the last update stays), negative ones from the start
// or from the middle on, and a bad id anywhere; nothing but the rows
// before the bad id is written.
func TestPut(t *testing.T) {
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			t.Run("u8/i32", func(t *testing.T) { testPut[uint8, int32](t, convU8) })
			t.Run("u16/i64", func(t *testing.T) { testPut[uint16, int64](t, convU16) })
			t.Run("f32/i32", func(t *testing.T) { testPut[float32, int32](t, convF32) })
			t.Run("u64/i64", func(t *testing.T) { testPut[uint64, int64](t, convU64) })
		})
	}
}

// TestPutPanics: a src too short for the rows, or a destination row
// that would fall outside dst, panics before anything is written.
func TestPutPanics(t *testing.T) {
	for _, c := range []struct {
		name                  string
		dst, src, row, stride int
		size                  int
	}{
		{"short src", 64, 7, 4, 4, 16},
		{"short dst", 63, 8, 4, 4, 16},
		{"negative stride", 64, 8, 4, -4, 16},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Put(dst %d, src %d, row %d, stride %d, size %d) did not panic", c.dst, c.src, c.row, c.stride, c.size)
				}
			}()
			Put(make([]float32, c.dst), make([]float32, c.src), []int32{0, 0}, c.row, c.stride, c.size, false, 1)
		})
	}
}

// TestAhead pins Take's prefetch distances by row size, with and without
// the Intel CPUs' distances for rows of 256 to 512 bytes.
func TestAhead(t *testing.T) {
	defer func(v bool) { intelAhead = v }(intelAhead)
	for _, intel := range []bool{false, true} {
		intelAhead = intel
		mid := 16
		if intel {
			mid = 64
		}
		for _, c := range []struct{ b, want int }{{1, 64}, {31, 64}, {32, 16}, {255, 16}, {256, mid}, {384, mid}, {512, mid}, {513, 8}, {4096, 8}} {
			if got := Ahead(c.b); got != c.want {
				t.Errorf("intel %v: Ahead(%d) = %d, want %d", intel, c.b, got, c.want)
			}
		}
	}
}
