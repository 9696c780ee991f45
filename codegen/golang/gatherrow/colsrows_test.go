package gatherrow

import (
	"fmt"
	"math/rand"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// wantColsRows is ColsRows' definition: gatherGo, row by row.
func wantColsRows[T Elem, I Index](dst, src []T, idx []I, n, step, size, stride int, wrap bool) int {
	for r := 0; r < len(dst)/n; r++ {
		if k := gatherGo(dst[r*n:(r+1)*n], src[r*step:], idx[r*n:(r+1)*n], 0, wrapMask(wrap, size), size, stride, 1); k >= 0 {
			return r*n + k
		}
	}
	return -1
}

func testColsRows[T Elem, I Index](t *testing.T, conv func(int) T) {
	r := rand.New(rand.NewSource(7))
	for _, sh := range []struct{ n, rows, step, size, stride int }{
		{8, 1, 0, 5, 8}, {16, 7, 0, 33, 16}, {64, 9, 0, 100, 64}, {40, 6, 0, 50, 57}, {32, 5, 32, 17, 96}, {24, 3, 3, 9, 30}, {12, 4, 0, 6, 12}, {8, 6, 1, 1, 8}, {48, 5, 7, 20, 50},
	} {
		for _, wrap := range []bool{false, true} {
			for _, bad := range []int{-1, 0, sh.n*sh.rows - 1, sh.n*(sh.rows/2) + 3} {
				for _, share := range []int{0, 16, 1000} {
					// src starts 0-3 elements into its allocation, so
					// that 1-byte rows start at every misalignment.
					m := (sh.rows-1)*sh.step + (sh.size-1)*sh.stride + sh.n + r.Intn(3)
					off := r.Intn(4)
					src := make([]T, m+3)[off : off+m]
					for i := range src {
						src[i] = conv(r.Int())
					}
					idx := make([]I, sh.n*sh.rows)
					for k := range idx {
						w := r.Intn(sh.size)
						if wrap && k%3 == 0 {
							w -= sh.size
						}
						idx[k] = I(w)
					}
					if bad >= 0 {
						idx[bad] = I(sh.size + bad%2)
						if unsafe.Sizeof(idx[0]) == 8 && bad%4 == 3 {
							// Past 32 bits, in [0, size) once truncated.
							big := int64(1)<<32 + 1
							idx[bad] = I(big)
						}
					}
					want := make([]T, len(idx))
					got := make([]T, len(idx))
					wk := wantColsRows(want, src, idx, sh.n, sh.step, sh.size, sh.stride, wrap)
					gk := ColsRows(got, src, idx, sh.n, sh.step, sh.size, sh.stride, wrap, len(src)/2, share)
					name := fmt.Sprintf("%+v wrap %v bad %d share %d", sh, wrap, bad, share)
					if gk != wk {
						t.Errorf("%s: returned %d, want %d", name, gk, wk)
						continue
					}
					if wk >= 0 {
						// Rows before the bad index's row are done.
						row := wk / sh.n * sh.n
						want, got = want[:row], got[:row]
					}
					if d := cmp.Diff(want, got); d != "" {
						t.Errorf("%s (-want +got):\n%s", name, d)
					}
				}
			}
		}
	}
}

// TestColsRows compares ColsRows (its assembly with AVX2, the Go loop
// without) with Cols' definition row by row, for every element size and
// both index types: rows sharing one source block (step 0) and moving
// on, a bad index in the first, a middle and the last row, negative ones
// wrapped, and prefetch shares of none, some and more than the source.
func TestColsRows(t *testing.T) {
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			t.Run("i8/i32", func(t *testing.T) { testColsRows[int8, int32](t, func(v int) int8 { return int8(v) }) })
			t.Run("u8/i64", func(t *testing.T) { testColsRows[uint8, int64](t, func(v int) uint8 { return uint8(v) }) })
			t.Run("u16/i32", func(t *testing.T) { testColsRows[uint16, int32](t, func(v int) uint16 { return uint16(v) }) })
			t.Run("u16/i64", func(t *testing.T) { testColsRows[uint16, int64](t, func(v int) uint16 { return uint16(v) }) })
			t.Run("f32/i32", func(t *testing.T) { testColsRows[float32, int32](t, func(v int) float32 { return float32(v % 99991) }) })
			t.Run("f32/i64", func(t *testing.T) { testColsRows[float32, int64](t, func(v int) float32 { return float32(v % 99991) }) })
			t.Run("u64/i64", func(t *testing.T) { testColsRows[uint64, int64](t, func(v int) uint64 { return uint64(v) }) })
			t.Run("i16/i32", func(t *testing.T) { testColsRows[int16, int32](t, func(v int) int16 { return int16(v) }) })
		})
	}
}
