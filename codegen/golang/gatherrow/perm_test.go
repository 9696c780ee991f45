package gatherrow

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wantPermute is Permute's definition, element by element.
func wantPermute[T Elem](dst, src []T, tab []int, rows, dstStride, srcStride int) {
	for r := 0; r < rows; r++ {
		for k, w := range tab {
			dst[r*dstStride+k] = src[r*srcStride+w]
		}
	}
}

type permShape struct{ width, out, rows, dpad, spad int }

// permShapes covers every source row the assembly takes (1 to 128 bytes:
// one table, both, a partial second one) and longer ones (the Go loop),
// outputs of 1 to 3 chunks with every tail, and rows with and without
// gaps between them in dst and src.
func permShapes(es int) []permShape {
	var s []permShape
	for _, wb := range []int{1, 3, 8, 16, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 200, 1024, 4100} {
		w := max(wb/es, 1)
		for _, ob := range []int{1, 7, 32, 63, 64, 65, 100, 128, 129, 191, 520} {
			o := max(ob/es, 1)
			for _, pad := range [][2]int{{0, 0}, {3, 0}, {0, 5}, {1, 1}} {
				s = append(s, permShape{w, o, 1 + (wb+ob)%7, pad[0], pad[1]})
			}
		}
	}
	return s
}

func testPermute[T Elem](t *testing.T, conv func(int) T) {
	var z T
	es := int(sizeOf(z))
	r := rand.New(rand.NewSource(int64(es)))
	gathered := 0
	for _, sh := range permShapes(es) {
		tab := make([]int, sh.out)
		for k := range tab {
			tab[k] = r.Intn(sh.width)
		}
		if sh.out > 2 {
			tab[0], tab[1] = 0, sh.width-1 // both ends of the row
		}
		ds, ss := sh.out+sh.dpad, sh.width+sh.spad
		src := make([]T, (sh.rows-1)*ss+sh.width)
		for i := range src {
			src[i] = conv(r.Int())
		}
		want := make([]T, (sh.rows-1)*ds+sh.out+3)
		for i := range want {
			want[i] = conv(-1 - i) // padding and the tail stay as they were
		}
		got, gotGo := append([]T(nil), want...), append([]T(nil), want...)
		wantPermute(want, src, tab, sh.rows, ds, ss)
		p := NewPerm[T](tab, sh.width)
		Permute(got, src, p, sh.rows, ds, ss)
		permuteGo(gotGo, src, p, 0, sh.rows, ds, ss)
		name := fmt.Sprintf("%d-byte elements, rows of %d, %d out, %d rows, strides %d %d (assembly %v)", es, sh.width, sh.out, sh.rows, ds, ss, p.fast)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Permute, %s (-want +got):\n%s", name, d)
		}
		if d := cmp.Diff(want, gotGo); d != "" {
			t.Errorf("permuteGo, %s (-want +got):\n%s", name, d)
		}
		if wantFast := permLoop != nil && sh.width*es <= PermRow; p.fast != wantFast {
			t.Errorf("%s: assembly %v, want %v", name, p.fast, wantFast)
		}
		// Rows past the shuffles' reach are gathered (Row's assembly)
		// when read densely enough; whatever their loop, the result is
		// the definition's.
		if wantIDs := !p.fast && useAVX2 && (es <= 2 || es == 4 && wideRowGathers && sh.out >= MinWideGatherIDs) && sh.out >= 8 && sh.out*DenseRow >= sh.width; (p.ids != nil) != wantIDs {
			t.Errorf("%s: gathers %v, want %v", name, p.ids != nil, wantIDs)
		}
		if p.Fast() != (p.fast || p.ids != nil) {
			t.Errorf("%s: Fast %v with assembly %v and gathers %v", name, p.Fast(), p.fast, p.ids != nil)
		}
		if p.ids != nil {
			gathered++
		}
	}
	if useAVX2 && es <= 2 && gathered < 20 {
		t.Errorf("only %d shapes took the gathers", gathered)
	}
}

// TestPermute compares Permute (the assembly where the CPU has AVX-512
// VBMI) and its Go loop with the definition.
func TestPermute(t *testing.T) {
	if permLoop == nil {
		t.Log("no AVX-512 VBMI: Permute runs its Go loop only")
	}
	t.Run("i8", func(t *testing.T) { testPermute(t, func(v int) int8 { return int8(v) }) })
	t.Run("u16", func(t *testing.T) { testPermute(t, func(v int) uint16 { return uint16(v) }) })
	t.Run("f32", func(t *testing.T) { testPermute(t, func(v int) float32 { return float32(v % 100000) }) })
	t.Run("i64", func(t *testing.T) { testPermute(t, func(v int) int64 { return int64(v) }) })
}

func TestPermutePanics(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"index past the row", func() { NewPerm[int8]([]int{0, 4}, 4) }},
		{"negative index", func() { NewPerm[int8]([]int{-1}, 4) }},
		{"element size", func() { Permute(make([]int16, 4), make([]int16, 4), NewPerm[int8]([]int{0}, 4), 1, 1, 4) }},
		{"short dst", func() { Permute(make([]int8, 5), make([]int8, 8), NewPerm[int8]([]int{0, 1, 2}, 4), 2, 3, 4) }},
		{"short src", func() { Permute(make([]int8, 6), make([]int8, 7), NewPerm[int8]([]int{0, 1, 2}, 4), 2, 3, 4) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			c.f()
		})
	}
}
