package gatherrow

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// want is the definition: dst[k] = src[k*col + stride*w(idx[k])] until
// the first bad index, whose position it returns (-1 if none); dst is
// left as the loop leaves it.
func want[T Elem, I Index](dst, src []T, idx []I, size, stride, col int, wrap bool) int {
	for k := range dst {
		w := int64(idx[k])
		if w < 0 && wrap {
			w += int64(size)
		}
		if w < 0 || w >= int64(size) {
			return k
		}
		dst[k] = src[k*col+stride*int(w)]
	}
	return -1
}

// indices draws n indices of [-size, size) (negative ones only with
// wrap), with bad ones (at and past both ends, and far out) at the
// positions in bad.
func indices[I Index](r *rand.Rand, n, size int, wrap bool, bad map[int]bool) []I {
	idx := make([]I, n)
	for k := range idx {
		v := int64(r.Intn(size))
		if wrap && r.Intn(2) == 0 {
			v -= int64(size)
		}
		if bad[k] {
			var z I
			far := int64(math.MaxInt32)
			if _, is64 := any(z).(int64); is64 {
				far = math.MaxInt64
			}
			v = []int64{int64(size), int64(size) + 1, -int64(size) - 1, -1, far, -far - 1}[r.Intn(6)]
			if !wrap && v == -1 {
				v = -2
			}
		}
		idx[k] = I(v)
	}
	return idx
}

type shape struct {
	name               string
	n, size, stride    int
	col                int // 0: Row, 1: Cols
	srcExtra, misalign int
}

func shapes() []shape {
	var s []shape
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 67} {
		s = append(s,
			shape{name: fmt.Sprintf("row/n%d", n), n: n, size: 1 + n*3, stride: 1},
			shape{name: fmt.Sprintf("row1/n%d", n), n: n, size: 1, stride: 1},
			shape{name: fmt.Sprintf("row-sparse/n%d", n), n: n, size: 16*n + 5, stride: 1},
			shape{name: fmt.Sprintf("cols/n%d", n), n: n, size: 13, stride: n + 5, col: 1},
			shape{name: fmt.Sprintf("cols-misaligned/n%d", n), n: n, size: 9, stride: n + 1, col: 1, misalign: 3, srcExtra: 2},
		)
	}
	return s
}

func testKind[T Elem, I Index](t *testing.T, conv func(uint64) T) {
	r := rand.New(rand.NewSource(1))
	for _, sh := range shapes() {
		for _, wrap := range []bool{false, true} {
			// Every position bad in turn, and none bad.
			for bad := -1; bad < sh.n; bad++ {
				name := fmt.Sprintf("%s/wrap=%v/bad=%d", sh.name, wrap, bad)
				srcLen := (sh.size-1)*sh.stride + sh.n*sh.col + 1 + sh.srcExtra
				if sh.col == 0 {
					srcLen = sh.size
				}
				buf := make([]T, srcLen+sh.misalign)
				for i := range buf {
					buf[i] = conv(r.Uint64())
				}
				src := buf[sh.misalign:]
				badAt := map[int]bool{bad: true}
				if bad >= 0 && r.Intn(2) == 0 && bad+3 < sh.n {
					badAt[bad+3] = true // a second bad one later
				}
				idx := indices[I](r, sh.n, sh.size, wrap, badAt)
				wantDst := make([]T, sh.n)
				gotDst := make([]T, sh.n)
				wk := want(wantDst, src, idx, sh.size, sh.stride, sh.col, wrap)
				var gk int
				if sh.col == 0 {
					gk = Row(gotDst, src, idx, wrap)
				} else {
					gk = Cols(gotDst, src, idx, sh.size, sh.stride, wrap)
				}
				if wk != gk {
					t.Fatalf("%s: returned %d, want %d", name, gk, wk)
				}
				if diff := cmp.Diff(bits(wantDst), bits(gotDst)); diff != "" {
					t.Fatalf("%s: dst mismatch (-want +got):\n%s", name, diff)
				}
			}
		}
	}
}

// bits compares elements by their bits (NaN payloads included).
func bits[T Elem](s []T) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = fmt.Sprint(v)
		switch x := any(v).(type) {
		case float32:
			out[i] = fmt.Sprintf("%08x", math.Float32bits(x))
		case float64:
			out[i] = fmt.Sprintf("%016x", math.Float64bits(x))
		}
	}
	return out
}

// TestRowCols compares Row and Cols with the definition for every element
// size and index type, both index modes, row lengths around the step of
// eight, a bad index at every position (and a second one after it), and
// misaligned sources; on amd64 once with the assembly (if the CPU has
// AVX2) and once with the Go loop alone.
func TestRowCols(t *testing.T) {
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			t.Run("u8/i32", func(t *testing.T) { testKind[uint8, int32](t, func(u uint64) uint8 { return uint8(u) }) })
			t.Run("i8/i64", func(t *testing.T) { testKind[int8, int64](t, func(u uint64) int8 { return int8(u) }) })
			t.Run("bool/i32", func(t *testing.T) { testKind[bool, int32](t, func(u uint64) bool { return u&1 == 1 }) })
			t.Run("u16/i32", func(t *testing.T) { testKind[uint16, int32](t, func(u uint64) uint16 { return uint16(u) }) })
			t.Run("i16/i64", func(t *testing.T) { testKind[int16, int64](t, func(u uint64) int16 { return int16(u) }) })
			t.Run("f32/i32", func(t *testing.T) {
				testKind[float32, int32](t, func(u uint64) float32 { return math.Float32frombits(uint32(u)) })
			})
			t.Run("f32/i64", func(t *testing.T) {
				testKind[float32, int64](t, func(u uint64) float32 { return math.Float32frombits(uint32(u)) })
			})
			t.Run("i32/i64", func(t *testing.T) { testKind[int32, int64](t, func(u uint64) int32 { return int32(u) }) })
			t.Run("u32/i32", func(t *testing.T) { testKind[uint32, int32](t, func(u uint64) uint32 { return uint32(u) }) })
			t.Run("f64/i32", func(t *testing.T) { testKind[float64, int32](t, math.Float64frombits) })
			t.Run("f64/i64", func(t *testing.T) { testKind[float64, int64](t, math.Float64frombits) })
			t.Run("i64/i32", func(t *testing.T) { testKind[int64, int32](t, func(u uint64) int64 { return int64(u) }) })
			t.Run("u64/i64", func(t *testing.T) { testKind[uint64, int64](t, func(u uint64) uint64 { return u }) })
		})
	}
}

// TestLimits checks the cases the assembly must leave to the Go loop:
// a source too short for the offsets a Cols row can form (which must
// panic as a Go index does, not read past it) and sizes past 2^31.
func TestLimits(t *testing.T) {
	if fast(1<<31, 1, 0, 8, 1<<31) || fast(3, 1<<31, 1, 8, 1<<40) || fast(4, 10, 1, 8, 37) {
		t.Errorf("fast accepted a size, stride or source it cannot address")
	}
	if useAVX2 && !fast(4, 10, 1, 8, 38) {
		t.Errorf("fast refused a source just long enough")
	}
	defer func() {
		if recover() == nil {
			t.Errorf("Cols read past a short source without a panic")
		}
	}()
	src := make([]float32, 20)
	idx := []int32{3, 3, 3, 3, 3, 3, 3, 3, 3}
	Cols(make([]float32, 9), src, idx, 4, 10, false)
}

// BenchmarkRow times Row on a cached 4096-element row, 1024 indices,
// each path, float32 and float64 data by int32 and int64 indices.
func BenchmarkRow(b *testing.B) {
	b.Run("u8/i64", benchRow[uint8, int64])
	b.Run("f16/i32", benchRow[uint16, int32])
	b.Run("f32/i32", benchRow[float32, int32])
	b.Run("f32/i64", benchRow[float32, int64])
	b.Run("f64/i32", benchRow[float64, int32])
	b.Run("f64/i64", benchRow[float64, int64])
}

func benchRow[T Elem, I Index](b *testing.B) {
	r := rand.New(rand.NewSource(1))
	src := make([]T, 4096)
	idx := make([]I, 1024)
	for i := range idx {
		idx[i] = I(r.Intn(len(src)))
	}
	dst := make([]T, len(idx))
	for _, p := range paths() {
		b.Run(p.name, func(b *testing.B) {
			defer p.use()()
			for range b.N {
				Row(dst, src, idx, true)
			}
		})
	}
}

// testRows compares Rows with Row's definition row by row (want): rows
// of n indices (multiples of eight, which take the one-call assembly,
// and others), 1 to 7 rows, source rows from one element up to past the
// dense limit, both index modes, no bad index or one or two (the first
// returned as row*n + k, every row before it written).
func testRows[T Elem, I Index](t *testing.T, conv func(uint64) T) {
	r := rand.New(rand.NewSource(3))
	for _, n := range []int{1, 5, 8, 16, 64, 72} {
		for _, rows := range []int{1, 2, 7} {
			for _, s := range []int{1, 9, n * 3, n * 5, n*16 + 1} {
				for _, wrap := range []bool{false, true} {
					for trial := 0; trial < 4; trial++ {
						name := fmt.Sprintf("n=%d rows=%d s=%d wrap=%v", n, rows, s, wrap)
						rowsCase(t, r, conv, n, rows, s, wrap, trial, name, func(dst, src []T, idx []I) int { return Rows(dst, src, idx, n, wrap) })
					}
				}
			}
		}
	}
}

// rowsCase draws rows of n ids over source rows of s elements (a bad id
// at a random position from trial 1 on, a second from trial 2 on), runs
// call on them and compares its result with Row's definition row by row
// (want): the first bad id's position, row*n + k, and every element
// before it.
func rowsCase[T Elem, I Index](t *testing.T, r *rand.Rand, conv func(uint64) T, n, rows, s int, wrap bool, trial int, name string, call func(dst, src []T, idx []I) int) {
	t.Helper()
	bad := map[int]bool{}
	if trial > 0 {
		bad[r.Intn(rows*n)] = true
	}
	if trial > 1 {
		bad[r.Intn(rows*n)] = true
	}
	src := make([]T, rows*s)
	for i := range src {
		src[i] = conv(r.Uint64())
	}
	idx := indices[I](r, rows*n, s, wrap, bad)
	wantDst, gotDst := make([]T, rows*n), make([]T, rows*n)
	wk := -1
	for q := 0; q < rows; q++ {
		if k := want(wantDst[q*n:(q+1)*n], src[q*s:(q+1)*s], idx[q*n:(q+1)*n], s, 1, 0, wrap); k >= 0 {
			wk = q*n + k
			break
		}
	}
	gk := call(gotDst, src, idx)
	name = fmt.Sprintf("%s bad=%v", name, bad)
	if gk != wk {
		t.Fatalf("%s: returned %d, want %d", name, gk, wk)
	}
	if wk >= 0 {
		// Only the elements before the bad one are defined.
		wantDst, gotDst = wantDst[:wk], gotDst[:wk]
	}
	if diff := cmp.Diff(bits(wantDst), bits(gotDst)); diff != "" {
		t.Fatalf("%s: dst mismatch (-want +got):\n%s", name, diff)
	}
}

// TestRows runs testRows for every element size and both index types,
// with the assembly (where the CPU has AVX2) and with the Go loop alone.
func TestRows(t *testing.T) {
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			t.Run("u8/i32", func(t *testing.T) { testRows[uint8, int32](t, func(u uint64) uint8 { return uint8(u) }) })
			t.Run("i8/i64", func(t *testing.T) { testRows[int8, int64](t, func(u uint64) int8 { return int8(u) }) })
			t.Run("u16/i64", func(t *testing.T) { testRows[uint16, int64](t, func(u uint64) uint16 { return uint16(u) }) })
			t.Run("i16/i32", func(t *testing.T) { testRows[int16, int32](t, func(u uint64) int16 { return int16(u) }) })
			t.Run("f32/i64", func(t *testing.T) {
				testRows[float32, int64](t, func(u uint64) float32 { return math.Float32frombits(uint32(u)) })
			})
			t.Run("f32/i32", func(t *testing.T) {
				testRows[float32, int32](t, func(u uint64) float32 { return math.Float32frombits(uint32(u)) })
			})
			t.Run("f64/i32", func(t *testing.T) { testRows[float64, int32](t, math.Float64frombits) })
			t.Run("u64/i64", func(t *testing.T) { testRows[uint64, int64](t, func(u uint64) uint64 { return u }) })
		})
	}
}

// TestRowsPanics: Rows refuses shapes that are not whole rows.
func TestRowsPanics(t *testing.T) {
	for _, c := range []struct {
		name          string
		dst, src, idx int
		n             int
	}{{"n 0", 8, 8, 8, 0}, {"dst not rows", 9, 8, 9, 8}, {"src not rows", 16, 9, 16, 8}, {"idx short", 16, 16, 15, 8}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			Rows(make([]float32, c.dst), make([]float32, c.src), make([]int32, c.idx), c.n, false)
		}()
	}
}
