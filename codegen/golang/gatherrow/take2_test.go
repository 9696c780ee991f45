package gatherrow

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wantTake2 is Take2's definition, row by row, with the component of
// the first bad pair's bad id (-1: none).
func wantTake2[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride0, size0, stride1, size1 int, wrap bool) (int, int) {
	sizes := [2]int{size0, size1}
	for k := 0; k < len(idx)/2; k++ {
		var w [2]int64
		for c := range w {
			w[c] = int64(idx[2*k+c])
			if w[c] < 0 && wrap {
				w[c] += int64(sizes[c])
			}
			if w[c] < 0 || w[c] >= int64(sizes[c]) {
				return k, c
			}
		}
		for j := 0; j < row; j++ {
			dst[k*row+j] = src[int(w[0])*stride0+int(w[1])*stride1+j]
		}
	}
	return -1, -1
}

type take2Shape struct {
	n, row, stride0, size0, stride1, size1, extra, ahead int
}

// take2Shapes: every row of 1 to 72 bytes and a few longer ones, pixels
// of an image (the second id the faster) and of its transpose, the last
// row at the very end of src (the one-move loops' safe offset) or not.
func take2Shapes[T Elem]() []take2Shape {
	var z T
	es := int(sizeOf(z))
	var sizes []int
	for b := 1; b <= 72; b++ {
		sizes = append(sizes, b)
	}
	sizes = append(sizes, 96, 127, 128, 129, 200, 256, 300, 320, 1024)
	var s []take2Shape
	for _, bytes := range sizes {
		row := bytes / es
		if row == 0 || row*es != bytes {
			continue
		}
		for _, n := range []int{0, 1, 2, 7, 8, 9, 33} {
			ahead := []int{0, 1, 16, n + 3}[n%4]
			s = append(s,
				take2Shape{n: n, row: row, size0: 3, size1: 5, stride1: row, stride0: 5 * row, ahead: ahead},
				take2Shape{n: n, row: row, size0: 4, size1: 2, stride1: 4*row + 1, stride0: row, extra: 2, ahead: ahead},
				take2Shape{n: n, row: row, size0: 1, size1: 1, stride0: row, stride1: row, ahead: 2},
			)
		}
	}
	return s
}

func testTake2[T Elem, I TakeIndex](t *testing.T, conv func(uint64) T) {
	r := rand.New(rand.NewSource(1))
	for _, sh := range take2Shapes[T]() {
		for _, wrap := range []bool{false, true} {
			src := make([]T, (sh.size0-1)*sh.stride0+(sh.size1-1)*sh.stride1+sh.row+sh.extra)
			for i := range src {
				src[i] = conv(r.Uint64())
			}
			// None bad, then the first, second, a middle and the last
			// pair bad (either id); with wrap, negative ids from the
			// start, or only from the middle on.
			for c := range 20 {
				bad, negFrom, comp := []int{-1, 0, 1, sh.n / 2, sh.n - 1}[c%5], c/5%2*(sh.n/2), c/10
				if bad >= sh.n || negFrom > 0 && !wrap {
					continue
				}
				idx := make([]I, 2*sh.n)
				for k := range sh.n {
					for j, size := range []int{sh.size0, sh.size1} {
						ids := takeIDs[I](r, takeShape{n: 1, size: size}, wrap && k >= negFrom, map[bool]int{true: 0, false: -1}[k == bad && j == comp], 0)
						idx[2*k+j] = ids[0]
					}
				}
				name := fmt.Sprintf("n%d/row%d/strides%d,%d/sizes%d,%d/ahead%d/wrap=%v/bad%d.%d/neg%d", sh.n, sh.row, sh.stride0, sh.stride1, sh.size0, sh.size1, sh.ahead, wrap, bad, comp, negFrom)
				want := make([]T, sh.n*sh.row+3)
				got := make([]T, sh.n*sh.row+3)
				wk, wc := wantTake2(want, src, idx, sh.row, sh.stride0, sh.size0, sh.stride1, sh.size1, wrap)
				gk := Take2(got, src, idx, sh.row, sh.stride0, sh.size0, sh.stride1, sh.size1, wrap, sh.ahead)
				if wk != gk {
					t.Fatalf("%s: Take2 returned %d, want %d", name, gk, wk)
				}
				if wk >= 0 {
					if gc := Bad2(idx, wk, sh.size0, wrap); gc != wc {
						t.Fatalf("%s: Bad2 says id %d of pair %d, want %d", name, gc, wk, wc)
					}
					// The bad pair's row may hold bytes of the row before.
					copy(want[wk*sh.row:(wk+1)*sh.row], got[wk*sh.row:])
				}
				if !sameBits(want, got) {
					t.Fatalf("%s: dst (-want +got):\n%s", name, cmp.Diff(bits(want), bits(got)))
				}
				// Take2NT: the same rows, into a dst on a line (its
				// non-temporal stores where the row is whole lines),
				// then with plain stores into one that is not.
				for _, ntc := range []bool{true, false} {
					nt := lineAligned[T](len(got) + 1)
					if !ntc {
						nt = nt[1:]
					} else {
						nt = nt[:len(got)]
					}
					if nk := Take2NT(nt, src, idx, sh.row, sh.stride0, sh.size0, sh.stride1, sh.size1, wrap, sh.ahead, ntc); nk != wk {
						t.Fatalf("%s: Take2NT (nt %v) returned %d, want %d", name, ntc, nk, wk)
					}
					if wk >= 0 {
						copy(want[wk*sh.row:(wk+1)*sh.row], nt[wk*sh.row:])
					}
					if !sameBits(want, nt) {
						t.Fatalf("%s: Take2NT's dst, nt %v (-want +got):\n%s", name, ntc, cmp.Diff(bits(want), bits(nt)))
					}
				}
			}
		}
	}
}

// TestTake2 compares Take2 (the assembly loops, for single elements the
// element loops and the loops of rows, and the Go loop) with its
// definition: every short row size, 1- to 8-byte elements, int32,
// int64 and int ids, image and transposed layouts, the last row at the
// end of src, each prefetch distance, a bad first or second id at the
// first, second, a middle or the last pair, negative ids from the start
// or the middle; nothing past the rows is written. Take2NT the same, its
// rows of 256 bytes or more through its loop: of whole lines (256, 320
// and 1024 bytes) non-temporal into a dst on a line, plain into one
// that is not; 300-byte rows plain.
func TestTake2(t *testing.T) {
	for _, p := range take2Paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			t.Run("u8/i64", func(t *testing.T) { testTake2[uint8, int64](t, convU8) })
			t.Run("u8/i32", func(t *testing.T) { testTake2[uint8, int32](t, convU8) })
			t.Run("u16/i32", func(t *testing.T) { testTake2[uint16, int32](t, convU16) })
			t.Run("f32/i64", func(t *testing.T) { testTake2[float32, int64](t, convF32) })
			t.Run("f32/int", func(t *testing.T) { testTake2[float32, int](t, convF32) })
			t.Run("u64/i32", func(t *testing.T) { testTake2[uint64, int32](t, convU64) })
		})
	}
}

// TestTake2Panics: odd ids, a dst too short for the rows, or a source
// row that would fall outside src, panics before anything is read.
func TestTake2Panics(t *testing.T) {
	for _, c := range []struct {
		name                               string
		ids, dst, src, row, s0, n0, s1, n1 int
	}{
		{"odd ids", 3, 8, 64, 4, 16, 4, 4, 4},
		{"short dst", 4, 7, 64, 4, 16, 4, 4, 4},
		{"short src", 4, 8, 63, 4, 16, 4, 4, 4},
		{"src shorter than a row", 4, 8, 3, 4, 0, 1, 0, 1},
		{"negative stride", 4, 8, 64, 4, 16, 4, -4, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Take2(%+v) did not panic", c)
				}
			}()
			Take2(make([]float32, c.dst), make([]float32, c.src), make([]int32, c.ids), c.row, c.s0, c.n0, c.s1, c.n1, false, 1)
		})
	}
}
