package gatherrow

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
)

// testShortRows compares ShortRows with Row's definition row by row
// (want): rows of 1 to 70 indices, 1 to 9 rows, source rows from one
// element to far sparser than Rows' dense limit, both index modes, no
// bad index or one or two (the first returned as row*n + k, every row
// before it written), and prefetches of none, the next row, some rows
// on, and as many rows as there are or more (none).
func testShortRows[T Elem, I Index](t *testing.T, conv func(uint64) T) {
	r := rand.New(rand.NewSource(5))
	for _, n := range []int{1, 2, 3, 5, 7, 8, 13, 40, 70} {
		for _, rows := range []int{1, 2, 9} {
			for _, s := range []int{1, 2, n, n*16 + 3, 1000} {
				for _, wrap := range []bool{false, true} {
					for trial := 0; trial < 4; trial++ {
						ahead := []int{0, 1, 3, rows, rows + 2}[trial]
						name := fmt.Sprintf("n=%d rows=%d s=%d wrap=%v ahead=%d", n, rows, s, wrap, ahead)
						rowsCase(t, r, conv, n, rows, s, wrap, trial, name, func(dst, src []T, idx []I) int { return ShortRows(dst, src, idx, n, wrap, ahead) })
					}
				}
			}
		}
	}
}

// TestShortRows runs testShortRows for every element size and both
// index types, with the assembly (where the CPU has AVX2) and with the
// Go loop alone.
func TestShortRows(t *testing.T) {
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			t.Run("u8/i32", func(t *testing.T) { testShortRows[uint8, int32](t, func(u uint64) uint8 { return uint8(u) }) })
			t.Run("b/i64", func(t *testing.T) { testShortRows[bool, int64](t, func(u uint64) bool { return u&1 == 1 }) })
			t.Run("u16/i64", func(t *testing.T) { testShortRows[uint16, int64](t, func(u uint64) uint16 { return uint16(u) }) })
			t.Run("i16/i32", func(t *testing.T) { testShortRows[int16, int32](t, func(u uint64) int16 { return int16(u) }) })
			t.Run("f32/i64", func(t *testing.T) {
				testShortRows[float32, int64](t, func(u uint64) float32 { return math.Float32frombits(uint32(u)) })
			})
			t.Run("i32/i32", func(t *testing.T) { testShortRows[int32, int32](t, func(u uint64) int32 { return int32(u) }) })
			t.Run("f64/i32", func(t *testing.T) { testShortRows[float64, int32](t, math.Float64frombits) })
			t.Run("u64/i64", func(t *testing.T) { testShortRows[uint64, int64](t, func(u uint64) uint64 { return u }) })
		})
	}
}

// TestShortRowsEmpty: no rows is no error; rows of an empty source make
// the first index bad, as Row's definition does.
func TestShortRowsEmpty(t *testing.T) {
	if got := ShortRows([]float32{}, []float32{}, []int64{}, 3, false, 0); got != -1 {
		t.Errorf("no rows: returned %d, want -1", got)
	}
	if got := ShortRows(make([]float32, 6), []float32{}, []int64{0, 0, 0, 0, 0, 0}, 3, true, 0); got != 0 {
		t.Errorf("empty source rows: returned %d, want 0", got)
	}
}

// TestShortRowsPanics: ShortRows refuses shapes that are not whole rows.
func TestShortRowsPanics(t *testing.T) {
	for _, c := range []struct {
		name          string
		dst, src, idx int
		n             int
	}{{"n 0", 8, 8, 8, 0}, {"n -1", 8, 8, 8, -1}, {"dst not rows", 9, 8, 9, 2}, {"src not rows", 16, 9, 16, 8}, {"idx short", 16, 16, 15, 8}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			ShortRows(make([]float32, c.dst), make([]float32, c.src), make([]int32, c.idx), c.n, false, 1)
		}()
	}
}
