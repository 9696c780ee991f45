package rowadd

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// value returns a float32's bits drawn to exercise the NaN rule: quiet
// and signalling NaNs with random payloads and either sign, ±0, ±Inf,
// and ordinary numbers.
func value(r *rand.Rand) uint32 {
	switch r.Intn(8) {
	case 0: // quiet NaN, random payload and sign
		return 0x7fc00000 | r.Uint32()&0x803fffff
	case 1: // signalling NaN: quiet bit clear, payload nonzero
		return 0x7f800000 | r.Uint32()&0x80000000 | (1 + r.Uint32()%0x3fffff)
	case 2:
		return []uint32{0, 0x80000000, 0x7f800000, 0xff800000}[r.Intn(4)]
	default:
		return math.Float32bits(float32(r.NormFloat64() * 1e3))
	}
}

// TestAddF32 compares AddF32 (the assembly on amd64), the Go loop and
// the interpreter's add combiner, bit for bit, on rows of length 0 to 67
// at unaligned offsets, and checks AddF32 writes nothing outside dst.
func TestAddF32(t *testing.T) {
	combine, err := kernel.CombineFunc(tensor.F32, kernel.Add)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(1))
	nans := 0
	for round := 0; round < 40; round++ {
		for n := 0; n <= 67; n++ {
			doff, soff := r.Intn(4), r.Intn(4)
			dst := make([]float32, n+doff+4)
			src := make([]float32, n+soff+4)
			for i := range dst {
				dst[i] = math.Float32frombits(value(r))
			}
			for i := range src {
				src[i] = math.Float32frombits(value(r))
			}
			d, s := dst[doff:doff+n], src[soff:soff+n]
			want := make([]uint32, n)
			for i := range d {
				want[i] = uint32(combine(uint64(math.Float32bits(d[i])), uint64(math.Float32bits(s[i]))))
				if d[i] != d[i] && s[i] != s[i] {
					nans++
				}
			}
			before := append([]float32{}, dst...)
			viaGo := append([]float32{}, d...)
			if n > 0 {
				addGo(&viaGo[0], &s[0], n)
			}
			AddF32(d, s)
			for i := range d {
				if got := math.Float32bits(d[i]); got != want[i] {
					t.Errorf("n %d offsets %d,%d: [%d] %#08x + %#08x = %#08x, interpreter %#08x", n, doff, soff, i,
						math.Float32bits(before[doff+i]), math.Float32bits(s[i]), got, want[i])
				}
				if got := math.Float32bits(viaGo[i]); got != want[i] {
					t.Errorf("n %d: Go loop [%d] = %#08x, interpreter %#08x", n, i, got, want[i])
				}
			}
			for i := range dst {
				if (i < doff || i >= doff+n) && math.Float32bits(dst[i]) != math.Float32bits(before[i]) {
					t.Errorf("n %d offset %d: element %d outside dst written", n, doff, i)
				}
			}
		}
	}
	if nans < 100 {
		t.Errorf("only %d NaN + NaN cases", nans)
	}
}

type path struct {
	name string
	add  func(dst, src *float32, n int)
}

// specials are the values whose sums the NaN rule and IEEE decide:
// quiet and signalling NaNs with payloads and either sign, signed zeros,
// infinities, the largest finite value (overflow) and a subnormal.
var specials = []uint32{
	0x7fc00000, 0xffc00001, 0x7fc12345, 0x7f800001, 0xff8abcde, 0x7fbfffff,
	0, 0x80000000, 0x7f800000, 0xff800000, 0x7f7fffff, 0xff7fffff, 1, 0x3f800000, 0xbf800000,
}

// TestPaths compares every loop of this build (AddF32's dispatch, and
// on amd64 the SSE and, where the CPU has it, the AVX assembly) with the
// Go loop, bit for bit: every pair of special values at every position
// of rows of length 0 to 70 at starts misaligned by 0 to 7 floats in
// either operand, so each pair passes through every stage of each loop
// (32-, 8-, 4-wide and single), and nothing outside dst is written.
func TestPaths(t *testing.T) {
	ps := append([]path{{"AddF32", func(d, s *float32, n int) { AddF32(unsafe.Slice(d, n), unsafe.Slice(s, n)) }}}, paths()...)
	r := rand.New(rand.NewSource(2))
	for _, p := range ps {
		bad := 0
		for n := 0; n <= 70; n++ {
			for k := 0; k < len(specials)*len(specials); k++ {
				doff, soff := r.Intn(8), r.Intn(8)
				dst := make([]float32, n+doff+8)
				src := make([]float32, n+soff+8)
				for i := range dst {
					dst[i] = math.Float32frombits(value(r))
				}
				for i := range src {
					src[i] = math.Float32frombits(value(r))
				}
				d, s := dst[doff:doff+n], src[soff:soff+n]
				if n > 0 {
					at := k % n
					d[at] = math.Float32frombits(specials[k/len(specials)])
					s[at] = math.Float32frombits(specials[k%len(specials)])
				}
				before := append([]float32{}, dst...)
				want := append([]float32{}, d...)
				if n > 0 {
					addGo(&want[0], &s[0], n)
					p.add(&d[0], &s[0], n)
				} else {
					p.add(nil, nil, 0)
				}
				for i := range dst {
					got, w := math.Float32bits(dst[i]), math.Float32bits(before[i])
					if i >= doff && i < doff+n {
						w = math.Float32bits(want[i-doff])
					}
					if got != w && bad < 10 {
						bad++
						t.Errorf("%s: n %d offsets %d,%d: element %d: %#08x + %#08x = %#08x, want %#08x", p.name, n, doff, soff,
							i-doff, math.Float32bits(before[i]), math.Float32bits(src[soff+i-doff]), got, w)
					}
				}
			}
		}
	}
}

// TestAddF32Same: dst and src the same slice (x += x).
func TestAddF32Same(t *testing.T) {
	x := []float32{1, float32(math.Inf(-1)), -0.0, 2.5, 3, 4, 5, 6, 7, 8, 9}
	want := make([]float32, len(x))
	for i, v := range x {
		want[i] = v + v
	}
	AddF32(x, x)
	if fmt.Sprint(x) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", x, want)
	}
}

func TestAddF32Short(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic with src shorter than dst")
		}
	}()
	AddF32(make([]float32, 3), make([]float32, 2))
}

// BenchmarkAddF32 adds 256-float rows (an embedding gradient's row)
// within the cache, the assembly against the Go loop.
func BenchmarkAddF32(b *testing.B) {
	for _, n := range []int{16, 256} {
		dst := make([]float32, n)
		src := make([]float32, n)
		for i := range src {
			src[i] = float32(i)
		}
		b.Run(fmt.Sprintf("asm/n=%d", n), func(b *testing.B) {
			b.SetBytes(int64(8 * n))
			for i := 0; i < b.N; i++ {
				AddF32(dst, src)
			}
		})
		for _, p := range paths() {
			b.Run(fmt.Sprintf("%s/n=%d", p.name, n), func(b *testing.B) {
				b.SetBytes(int64(8 * n))
				for i := 0; i < b.N; i++ {
					p.add(&dst[0], &src[0], n)
				}
			})
		}
		b.Run(fmt.Sprintf("go/n=%d", n), func(b *testing.B) {
			b.SetBytes(int64(8 * n))
			for i := 0; i < b.N; i++ {
				addGo(&dst[0], &src[0], n)
			}
		})
	}
}

// TestScatterAdd compares ScatterAddF32I64 and ScatterAddF32I32 (and on
// amd64 their assembly loops called directly) with the Go loop and with
// the interpreter's add combiner applied in index order, bit for bit:
// destinations of 1 to 40 elements, 0 to 70 indices with many
// duplicates, negative indices with and without wrap, an out-of-range
// index now and then (the returned position and the updates applied
// before it must agree), NaN payloads in either operand and both, signed
// zeros and infinities.
func TestScatterAdd(t *testing.T) {
	combine, err := kernel.CombineFunc(tensor.F32, kernel.Add)
	if err != nil {
		t.Fatal(err)
	}
	asm64, asm32 := scatterPaths()
	r := rand.New(rand.NewSource(3))
	stops, wraps := 0, 0
	for round := 0; round < 300; round++ {
		size := 1 + r.Intn(40)
		n := r.Intn(71)
		wrap := r.Intn(2) == 0
		idx := make([]int64, n)
		for k := range idx {
			idx[k] = int64(r.Intn(2*size) - size) // [-size, size)
			if r.Intn(60) == 0 {
				idx[k] = []int64{int64(size), int64(-size - 1), 1 << 40, -1 << 62}[r.Intn(4)]
			}
		}
		dst0 := make([]float32, size)
		for i := range dst0 {
			dst0[i] = math.Float32frombits(value(r))
			if r.Intn(4) == 0 {
				dst0[i] = math.Float32frombits(specials[r.Intn(len(specials))])
			}
		}
		upd := make([]float32, n+r.Intn(3))
		for i := range upd {
			upd[i] = math.Float32frombits(value(r))
			if r.Intn(4) == 0 {
				upd[i] = math.Float32frombits(specials[r.Intn(len(specials))])
			}
		}
		// The interpreter's order: each index wrapped and tested, the
		// scatter stopping at the first bad one.
		want := append([]float32{}, dst0...)
		wantK := n
		for k, v := range idx {
			w := v
			if wrap && w < 0 {
				w += int64(size)
				wraps++
			}
			if w < 0 || w >= int64(size) {
				wantK = k
				stops++
				break
			}
			want[w] = math.Float32frombits(uint32(combine(uint64(math.Float32bits(want[w])), uint64(math.Float32bits(upd[k])))))
		}
		idx32 := make([]int32, n)
		for k, v := range idx {
			idx32[k] = int32(max(min(v, math.MaxInt32), math.MinInt32))
		}
		type run struct {
			name string
			fn   func(dst []float32) int
		}
		runs := []run{
			{"ScatterAddF32I64", func(d []float32) int { return ScatterAddF32I64(d, idx, upd, wrap) }},
			{"ScatterAddF32I32", func(d []float32) int { return ScatterAddF32I32(d, idx32, upd, wrap) }},
		}
		mask := wrapMask(wrap, size)
		if n > 0 {
			runs = append(runs, run{"go/i64", func(d []float32) int { return scatterAddGo(&d[0], size, &idx[0], &upd[0], n, mask) }},
				run{"go/i32", func(d []float32) int { return scatterAddGo(&d[0], size, &idx32[0], &upd[0], n, mask) }})
			for _, p := range asm64 {
				runs = append(runs, run{"asm/i64", func(d []float32) int { return p(&d[0], size, &idx[0], &upd[0], n, mask) }})
			}
			for _, p := range asm32 {
				runs = append(runs, run{"asm/i32", func(d []float32) int { return p(&d[0], size, &idx32[0], &upd[0], n, mask) }})
			}
		}
		for _, rn := range runs {
			d := append([]float32{}, dst0...)
			if k := rn.fn(d); k != wantK {
				t.Errorf("round %d %s: stopped at %d, want %d (idx %v, wrap %v, size %d)", round, rn.name, k, wantK, idx, wrap, size)
			}
			if diff := cmp.Diff(bitsOf(want), bitsOf(d)); diff != "" {
				t.Errorf("round %d %s: destination bits (-want +got):\n%s", round, rn.name, diff)
			}
		}
	}
	if stops < 10 || wraps < 100 {
		t.Errorf("only %d stops at a bad index and %d wrapped indices", stops, wraps)
	}
}

func bitsOf(x []float32) []uint32 {
	b := make([]uint32, len(x))
	for i, v := range x {
		b[i] = math.Float32bits(v)
	}
	return b
}

func TestScatterAddShort(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic with upd shorter than idx")
		}
	}()
	ScatterAddF32I64(make([]float32, 3), []int64{0, 1}, make([]float32, 1), false)
}

// BenchmarkScatterAdd adds a 4096-element row of updates into a cached
// 4096-float destination row by random indices (a ScatterElements add
// along the last dim), the assembly against the Go loop.
func BenchmarkScatterAdd(b *testing.B) {
	const n = 4096
	r := rand.New(rand.NewSource(1))
	dst, upd, idx := make([]float32, n), make([]float32, n), make([]int64, n)
	for i := range idx {
		idx[i] = int64(r.Intn(n))
		upd[i] = float32(r.NormFloat64())
	}
	b.Run("ScatterAddF32I64", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ScatterAddF32I64(dst, idx, upd, true)
		}
	})
	b.Run("go", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			scatterAddGo(&dst[0], n, &idx[0], &upd[0], n, n)
		}
	})
}

// BenchmarkScatterAddRows is BenchmarkScatterAdd over 1024 rows (64 MiB
// of indices, updates and destinations, beyond the caches), a
// ScatterElements add along the last dim of [1024,4096] f32.
func BenchmarkScatterAddRows(b *testing.B) {
	const n, rows = 4096, 1024
	r := rand.New(rand.NewSource(1))
	dst, upd, idx := make([]float32, n*rows), make([]float32, n*rows), make([]int64, n*rows)
	for i := range idx {
		idx[i] = int64(r.Intn(n))
		upd[i] = float32(r.NormFloat64())
	}
	b.Run("ScatterAddF32I64", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for k := 0; k < rows; k++ {
				ScatterAddF32I64(dst[k*n:(k+1)*n], idx[k*n:(k+1)*n], upd[k*n:(k+1)*n], true)
			}
		}
	})
	b.Run("go", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for k := 0; k < rows; k++ {
				scatterAddGo(&dst[k*n], n, &idx[k*n], &upd[k*n], n, n)
			}
		}
	})
}

// TestScatterAddCols compares ScatterAddColsF32I64 and I32 (and on amd64
// their assembly loops) with the interpreter's add combiner applied in
// index order, bit for bit, as TestScatterAdd does, with 1 to 6
// destination rows of stride n to n+5 elements, and checks nothing past
// the last element it may write is written.
func TestScatterAddCols(t *testing.T) {
	combine, err := kernel.CombineFunc(tensor.F32, kernel.Add)
	if err != nil {
		t.Fatal(err)
	}
	asm64, asm32 := colsPaths()
	r := rand.New(rand.NewSource(4))
	stops := 0
	for round := 0; round < 300; round++ {
		rows := 1 + r.Intn(6)
		n := r.Intn(71)
		stride := n + r.Intn(6)
		wrap := r.Intn(2) == 0
		idx := make([]int64, n)
		for k := range idx {
			idx[k] = int64(r.Intn(2*rows) - rows)
			if r.Intn(60) == 0 {
				idx[k] = []int64{int64(rows), int64(-rows - 1), 1 << 40, -1 << 62}[r.Intn(4)]
			}
		}
		size := max((rows-1)*stride+n, 1) + 3
		dst0 := make([]float32, size)
		for i := range dst0 {
			dst0[i] = math.Float32frombits(value(r))
			if r.Intn(4) == 0 {
				dst0[i] = math.Float32frombits(specials[r.Intn(len(specials))])
			}
		}
		upd := make([]float32, n)
		for i := range upd {
			upd[i] = math.Float32frombits(value(r))
		}
		want := append([]float32{}, dst0...)
		wantK := n
		for k, v := range idx {
			w := v
			if wrap && w < 0 {
				w += int64(rows)
			}
			if w < 0 || w >= int64(rows) {
				wantK = k
				stops++
				break
			}
			p := int(w)*stride + k
			want[p] = math.Float32frombits(uint32(combine(uint64(math.Float32bits(want[p])), uint64(math.Float32bits(upd[k])))))
		}
		idx32 := make([]int32, n)
		for k, v := range idx {
			idx32[k] = int32(max(min(v, math.MaxInt32), math.MinInt32))
		}
		mask := wrapMask(wrap, rows)
		type run struct {
			name string
			fn   func(dst []float32) int
		}
		runs := []run{
			{"ScatterAddColsF32I64", func(d []float32) int { return ScatterAddColsF32I64(d, stride, rows, idx, upd, wrap) }},
			{"ScatterAddColsF32I32", func(d []float32) int { return ScatterAddColsF32I32(d, stride, rows, idx32, upd, wrap) }},
		}
		if n > 0 {
			for _, p := range asm64 {
				runs = append(runs, run{"asm/i64", func(d []float32) int { return p(&d[0], stride, rows, &idx[0], &upd[0], n, mask) }})
			}
			for _, p := range asm32 {
				runs = append(runs, run{"asm/i32", func(d []float32) int { return p(&d[0], stride, rows, &idx32[0], &upd[0], n, mask) }})
			}
		}
		for _, rn := range runs {
			d := append([]float32{}, dst0...)
			if k := rn.fn(d); k != wantK {
				t.Errorf("round %d %s: stopped at %d, want %d", round, rn.name, k, wantK)
			}
			if diff := cmp.Diff(bitsOf(want), bitsOf(d)); diff != "" {
				t.Errorf("round %d %s: destination bits (-want +got):\n%s", round, rn.name, diff)
			}
		}
	}
	if stops < 10 {
		t.Errorf("only %d stops at a bad index", stops)
	}
}

// TestScatterRows compares ScatterRowsF32I64 and I32 (and on amd64 their
// assembly loops, SSE and AVX, with and without the prefetch) with the
// interpreter's add combiner applied row by row in index order, bit for
// bit: widths 1 to 37 (every tail of the four- and eight-float steps and
// the widths added with no loop: 3, 8, 16, 32), 1 to 9 destination rows so
// that ids repeat, wrapped and unwrapped negative ids, bad ids at random
// positions (the stop and the rows added before it, or with drop every
// bad one skipped), NaN payloads; a
// guard float after the destination must stay untouched.
func TestScatterRows(t *testing.T) {
	combine, err := kernel.CombineFunc(tensor.F32, kernel.Add)
	if err != nil {
		t.Fatal(err)
	}
	asm64, asm32 := rowsPaths()
	r := rand.New(rand.NewSource(5))
	stops, drops := 0, 0
	for round := 0; round < 400; round++ {
		width := 1 + r.Intn(37)
		if round%4 == 0 {
			// The rows of 129 to 512 bytes the kernels add in one call.
			width = 33 + r.Intn(96)
		}
		rows := 1 + r.Intn(9)
		n := r.Intn(40)
		wrap, drop := r.Intn(2) == 0, r.Intn(3) == 0
		idx, idx32, dst0, upd := randRows(r, rows, width, n, 80)
		want := append([]float32{}, dst0...)
		wantK := n
		for k, v := range idx {
			w := v
			if wrap && w < 0 {
				w += int64(rows)
			}
			if w < 0 || w >= int64(rows) {
				if drop {
					drops++
					continue
				}
				wantK = k
				stops++
				break
			}
			for i := 0; i < width; i++ {
				p := int(w)*width + i
				want[p] = math.Float32frombits(uint32(combine(uint64(math.Float32bits(want[p])), uint64(math.Float32bits(upd[k*width+i])))))
			}
		}
		mask := wrapMask(wrap, rows)
		type run struct {
			name string
			fn   func(dst []float32) int
		}
		runs := []run{
			{"ScatterRowsF32I64", func(d []float32) int { return ScatterRowsF32I64(d[:rows*width], width, idx, upd, wrap, drop, false) }},
			{"ScatterRowsF32I32", func(d []float32) int { return ScatterRowsF32I32(d[:rows*width], width, idx32, upd, wrap, drop, true) }},
			{"go/i64", func(d []float32) int {
				if n == 0 {
					return 0
				}
				return scatterRowsGo(&d[0], rows, width, &idx[0], &upd[0], n, mask, drop)
			}},
		}
		if n > 0 {
			for _, p := range asm64 {
				for _, ahead := range []bool{false, true} {
					runs = append(runs, run{fmt.Sprintf("asm/i64/ahead=%v", ahead), func(d []float32) int { return p(&d[0], rows, width, &idx[0], &upd[0], n, mask, drop, ahead) }})
				}
			}
			for _, p := range asm32 {
				for _, ahead := range []bool{false, true} {
					runs = append(runs, run{fmt.Sprintf("asm/i32/ahead=%v", ahead), func(d []float32) int { return p(&d[0], rows, width, &idx32[0], &upd[0], n, mask, drop, ahead) }})
				}
			}
		}
		for _, rn := range runs {
			d := append([]float32{}, dst0...)
			if k := rn.fn(d); k != wantK {
				t.Errorf("round %d %s (width %d, %d rows): stopped at %d, want %d", round, rn.name, width, rows, k, wantK)
			}
			if diff := cmp.Diff(bitsOf(want), bitsOf(d)); diff != "" {
				t.Errorf("round %d %s (width %d, %d rows): destination bits (-want +got):\n%s", round, rn.name, width, rows, diff)
			}
		}
	}
	if stops < 10 || drops < 10 {
		t.Errorf("only %d stops at a bad index and %d drops", stops, drops)
	}
}

// randRows draws the inputs of a scatter of n update rows of width
// floats into rows rows: ids mostly in [-rows, rows), about one in
// oneIn a bad one (rows, -rows-1, far out, MaxInt64), the same ids as
// int32 (saturated), a destination with one guard float past its rows,
// and the updates, all floats of value's kinds.
func randRows(r *rand.Rand, rows, width, n, oneIn int) (idx []int64, idx32 []int32, dst0, upd []float32) {
	idx = make([]int64, n)
	for k := range idx {
		idx[k] = int64(r.Intn(2*rows) - rows)
		if r.Intn(oneIn) == 0 {
			idx[k] = []int64{int64(rows), int64(-rows - 1), 1 << 40, -1 << 62, math.MaxInt64}[r.Intn(5)]
		}
	}
	idx32 = make([]int32, n)
	for k, v := range idx {
		idx32[k] = int32(max(min(v, math.MaxInt32), math.MinInt32))
	}
	dst0 = make([]float32, rows*width+1) // the last one a guard
	for i := range dst0 {
		dst0[i] = math.Float32frombits(value(r))
	}
	upd = make([]float32, n*width)
	for i := range upd {
		upd[i] = math.Float32frombits(value(r))
	}
	return idx, idx32, dst0, upd
}

// TestScatterRowsPanics checks the shape errors ScatterRowsF32I64 panics
// on, before any write.
func TestScatterRowsPanics(t *testing.T) {
	for _, c := range []struct {
		name       string
		dst, width int
		n, upd     int
	}{
		{"zero width", 6, 0, 1, 6},
		{"partial row", 7, 3, 1, 3},
		{"short updates", 6, 3, 2, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			ScatterRowsF32I64(make([]float32, c.dst), c.width, make([]int64, c.n), make([]float32, c.upd), true, false, false)
		})
	}
}

// BenchmarkScatterRows times ScatterND adds of 3-float rows (12 bytes:
// points) into a cached table, one call for all the updates against
// AddF32 per row, and of 16-float rows (64-byte gradients) into a 6.4 MB
// table by each assembly loop.
func BenchmarkScatterRows(b *testing.B) {
	for _, c := range []struct{ rows, width, n int }{{10000, 3, 100000}, {100000, 16, 200000}, {50000, 32, 100000}} {
		r := rand.New(rand.NewSource(1))
		rows, width, n := c.rows, c.width, c.n
		dst, upd, idx := make([]float32, rows*width), make([]float32, n*width), make([]int64, n)
		for k := range idx {
			idx[k] = int64(r.Intn(rows))
		}
		for i := range upd {
			upd[i] = float32(r.NormFloat64())
		}
		name := fmt.Sprintf("w%d", width)
		b.Run(name+"/ScatterRowsF32I64", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ScatterRowsF32I64(dst, width, idx, upd, true, false, false)
			}
		})
		p64, _ := rowsPaths()
		for k, p := range p64 {
			b.Run(fmt.Sprintf("%s/path%d", name, k), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					p(&dst[0], rows, width, &idx[0], &upd[0], n, rows, false, width > 8)
				}
			})
		}
		b.Run(name+"/AddF32", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for k, w := range idx {
					AddF32(dst[int(w)*width:int(w)*width+width], upd[k*width:k*width+width])
				}
			}
		})
	}
}

// BenchmarkScatterRowsWidth1 times rows of one float (a histogram):
// ScatterRowsF32I64 (the element loop) against its rows loop.
func BenchmarkScatterRowsWidth1(b *testing.B) {
	const rows, n = 100000, 200000
	r := rand.New(rand.NewSource(1))
	dst, upd, idx := make([]float32, rows), make([]float32, n), make([]int64, n)
	for k := range idx {
		idx[k] = int64(r.Intn(rows))
		upd[k] = float32(r.NormFloat64())
	}
	b.Run("ScatterRowsF32I64", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ScatterRowsF32I64(dst, 1, idx, upd, true, false, false)
		}
	})
	b.Run("rows", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			rowsI64(&dst[0], rows, 1, &idx[0], &upd[0], n, rows, false, false)
		}
	})
}
