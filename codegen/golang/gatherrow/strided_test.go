package gatherrow

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wantStrided is Strided's definition, element by element.
func wantStrided[T Elem](dst, src []T, first, g, p, n, rows, rowStride int) {
	for r := range rows {
		for q := range n {
			for b := range g {
				dst[(r*n+q)*g+b] = src[first+r*rowStride+q*p+b]
			}
		}
	}
}

type stridedShape struct{ g, p, n, rows, rowStride int }

// stridedShapes covers groups of one element to past StridedGroup bytes,
// steps up and down (one group apart too: a run or a reversal, and 0: a
// broadcast), rows of fewer groups than a step of the shuffles, of a
// whole step and of several with every remainder, rows that follow on
// (one row), rows apart, in reverse and repeated.
func stridedShapes(es int) []stridedShape {
	var s []stridedShape
	for _, gb := range []int{1, 2, 3, 4, 6, 8, 12, 16, 24, 32} {
		g := max(gb/es, 1)
		for _, m := range []int{2, 3, 4, -2, -3, 5, 7, 16, 1, -1, 0, 40} {
			p := m * g
			for _, n := range []int{1, 2, 3, 15, 16, 17, 63, 64, 65, 200} {
				span := max(p, -p) * n
				for _, rs := range []int{0, span + 5, -(span + 3), n * p} {
					s = append(s, stridedShape{g, p, n, 1 + (gb+n+max(m, -m))%4, rs})
				}
			}
		}
	}
	// Wide groups (StridedWide's 16- and 32-byte moves, the last one
	// overlapping): every size class around 16, 32 and 64 bytes, up to
	// past StridedWideGroup, steps of whole and partial groups (up,
	// down, overlapping reads of half a group), rows apart both ways.
	for _, gb := range []int{16, 17, 20, 24, 31, 33, 40, 48, 63, 64, 65, 100, 128, 200, 256, 500, 512, 520} {
		g := max(gb/es, 1)
		for _, p := range []int{2 * g, 3 * g, -2 * g, g + 1, -(g + 1), max(g/2, 1), g, -g, 0} {
			for _, n := range []int{1, 2, 3, 17} {
				span := max(p, -p) * n
				for _, rs := range []int{0, span + g + 5, -(span + g + 3), n * p} {
					s = append(s, stridedShape{g, p, n, 1 + (gb+n)%3, rs})
				}
			}
		}
	}
	// Many short rows (fewer groups than one step of the shuffles): several
	// whole rows per step where they fit, with every remainder of rows.
	for _, gb := range []int{1, 2, 4, 8, 12} {
		g := max(gb/es, 1)
		for _, n := range []int{1, 2, 3, 5} {
			for _, m := range []int{2, 3, -2} {
				p := m * g
				span := max(p, -p) * n
				for _, rows := range []int{2, 7, 33, 100} {
					for _, rs := range []int{span + 1, span + 7, 3 * span, -(span + 2), span + 130, -(span + 140)} {
						s = append(s, stridedShape{g, p, n, rows, rs})
					}
				}
			}
		}
	}
	return s
}

func testStrided[T Elem](t *testing.T, conv func(int) T) {
	var z T
	es := int(sizeOf(z))
	r := rand.New(rand.NewSource(int64(es)))
	fast, wide := 0, 0
	for _, sh := range stridedShapes(es) {
		// The source holds every group with a margin of 0 to 2
		// elements on each side, so reads past the groups would show
		// as a fault under the guard test and as wrong data here.
		lo, hi := 0, 0
		for _, d := range []int{(sh.rows - 1) * sh.rowStride, (sh.n - 1) * sh.p} {
			if d < 0 {
				lo += d
			} else {
				hi += d
			}
		}
		pad := r.Intn(3)
		first := pad - lo
		src := make([]T, first+hi+sh.g+r.Intn(3))
		for i := range src {
			src[i] = conv(r.Int())
		}
		want := make([]T, sh.rows*sh.n*sh.g)
		got, gotNT, gotGo := make([]T, len(want)), make([]T, len(want)), make([]T, len(want))
		wantStrided(want, src, first, sh.g, sh.p, sh.n, sh.rows, sh.rowStride)
		Strided(got, src, first, sh.g, sh.p, sh.n, sh.rows, sh.rowStride, false)
		Strided(gotNT, src, first, sh.g, sh.p, sh.n, sh.rows, sh.rowStride, true)
		stridedGo(gotGo, src, first, sh.g, sh.p, sh.n, sh.rows, sh.rowStride)
		asm := StridedFast(es, sh.g, sh.p)
		if asm {
			fast++
		}
		if !asm && useAVX2 && StridedWide(sh.g*es, sh.p*es) {
			asm = true
			wide++
		}
		name := fmt.Sprintf("%d-byte elements, %d rows of %d groups of %d, step %d, row stride %d (assembly %v)",
			es, sh.rows, sh.n, sh.g, sh.p, sh.rowStride, asm)
		G, P := sh.g*es, sh.p*es
		if wantFast := permLoop != nil && StridedGroups(G, P) || useAVX2 && StridedWide(G, P); asm != wantFast {
			t.Errorf("%s: assembly %v, want %v", name, asm, wantFast)
		}
		if slices.Equal(want, got) && slices.Equal(want, gotNT) && slices.Equal(want, gotGo) {
			continue // cmp.Diff is slow on the thousands of shapes
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Strided, %s (-want +got):\n%s", name, d)
		}
		if d := cmp.Diff(want, gotNT); d != "" {
			t.Errorf("Strided non-temporal, %s (-want +got):\n%s", name, d)
		}
		if d := cmp.Diff(want, gotGo); d != "" {
			t.Errorf("stridedGo, %s (-want +got):\n%s", name, d)
		}
	}
	if permLoop != nil && fast < 100 {
		t.Errorf("only %d shapes took the shuffles", fast)
	}
	if useAVX2 && wide < 300 {
		t.Errorf("only %d shapes took the wide groups' loop", wide)
	}
}

// TestStrided compares Strided (the byte shuffles where the CPU has
// AVX-512 VBMI) and its Go loop with the definition.
func TestStrided(t *testing.T) {
	if permLoop == nil {
		t.Log("no AVX-512 VBMI: Strided runs its Go loop only")
	}
	t.Run("u8", func(t *testing.T) { testStrided(t, func(v int) uint8 { return uint8(v) }) })
	t.Run("u16", func(t *testing.T) { testStrided(t, func(v int) uint16 { return uint16(v) }) })
	t.Run("f32", func(t *testing.T) { testStrided(t, func(v int) float32 { return float32(v % 100000) }) })
	t.Run("i64", func(t *testing.T) { testStrided(t, func(v int) int64 { return int64(v) }) })
}

func TestStridedGroups(t *testing.T) {
	for _, c := range []struct {
		G, P int
		want bool
	}{
		{1, 2, true}, {1, -2, true}, {3, 6, true}, {4, 8, true}, {2, 8, true}, {16, 32, true}, {16, 37, true},
		{4, 4, false}, {4, -4, false}, {4, 0, false}, {17, 34, false}, {16, 38, false}, {1, 43, false}, {1, 42, true},
	} {
		if got := StridedGroups(c.G, c.P); got != c.want {
			t.Errorf("StridedGroups(%d, %d) = %v, want %v", c.G, c.P, got, c.want)
		}
	}
}

func TestStridedWide(t *testing.T) {
	for _, c := range []struct {
		G, P int
		want bool
	}{
		{16, 32, true}, {16, 100, true}, {17, 34, true}, {64, 192, true}, {64, -64 * 3, true}, {64, 65, true}, {64, 32, true},
		{512, 1024, true}, {15, 60, false}, {513, 1026, false}, {64, 64, false}, {64, -64, false}, {64, 0, false},
	} {
		if got := StridedWide(c.G, c.P); got != c.want {
			t.Errorf("StridedWide(%d, %d) = %v, want %v", c.G, c.P, got, c.want)
		}
	}
}

// TestStridedEmpty: no rows or no groups move nothing and read nothing
// (the source may be empty).
func TestStridedEmpty(t *testing.T) {
	for _, c := range [][2]int{{0, 3}, {4, 0}, {0, 0}} {
		Strided(make([]float32, 0), nil, 5, 2, 3, c[0], c[1], 7, true)
	}
}

func TestStridedPanics(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"short dst", func() { Strided(make([]int8, 5), make([]int8, 32), 0, 1, 2, 3, 2, 6, false) }},
		{"long dst", func() { Strided(make([]int8, 7), make([]int8, 32), 0, 1, 2, 3, 2, 6, false) }},
		{"past the source", func() { Strided(make([]int8, 6), make([]int8, 10), 0, 1, 2, 3, 2, 6, false) }},
		{"before the source", func() { Strided(make([]int8, 3), make([]int8, 11), 3, 1, -2, 3, 1, 0, false) }},
		{"row before the source", func() { Strided(make([]int8, 6), make([]int8, 11), 4, 1, 1, 3, 2, -5, false) }},
		{"zero groups", func() { Strided(make([]int8, 6), make([]int8, 11), 0, 0, 1, 3, 2, 0, false) }},
		{"negative rows", func() { Strided(make([]int8, 0), make([]int8, 11), 0, 1, 1, 3, -1, 0, false) }},
		{"empty but dst not", func() { Strided(make([]int8, 2), make([]int8, 11), 0, 1, 1, 0, 2, 0, false) }},
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

// BenchmarkStrided compares Strided with its Go loop on the strided
// slices of the peer harness's sweep: a [1080,1920,3] u8 image halved in
// both axes, every fourth f16 of [8192,1024] rows, every other f32 of a
// 4M vector backwards, one of three channels of [1000000,3] f32.
func BenchmarkStrided(b *testing.B) {
	b.Run("u8_rgb_half", func(b *testing.B) { benchStrided[uint8](b, stridedSlice{3, 6, 960, 540, 11520, 1080 * 1920 * 3}) })
	b.Run("f16_every4", func(b *testing.B) { benchStrided[uint16](b, stridedSlice{1, 4, 256, 8192, 1024, 8192 * 1024}) })
	b.Run("f32_down2", func(b *testing.B) { benchStrided[float32](b, stridedSlice{1, -2, 2000000, 1, 0, 4000000}) })
	b.Run("f32_cols2_64MB", func(b *testing.B) { benchStrided[float32](b, stridedSlice{1, 2, 2048, 4096, 4096, 4096 * 4096}) })
	b.Run("f32_chan", func(b *testing.B) { benchStrided[float32](b, stridedSlice{1, 3, 1000000, 1, 0, 3000000}) })
	// Wide groups: every third of 2 MiB of groups of 16 bytes to 4 KiB
	// (x[::3] of [N, g] f32).
	for _, g := range []int{4, 6, 8, 16, 24, 32, 64, 128, 256, 1024} {
		n := (2 << 20) / (4 * g)
		b.Run(fmt.Sprintf("f32_every3_of_%dB", 4*g), func(b *testing.B) {
			benchStrided[float32](b, stridedSlice{g, 3 * g, n, 1, 0, 3 * g * n})
		})
	}
}

// stridedSlice is one benchmark's Strided arguments and source length.
type stridedSlice struct{ g, p, n, rows, rowStride, len int }

func benchStrided[T Elem](b *testing.B, s stridedSlice) {
	src := make([]T, s.len)
	dst := make([]T, s.rows*s.n*s.g)
	first := 0
	if s.p < 0 {
		first = s.len - s.g
	}
	var z T
	for _, impl := range []struct {
		name string
		f    func(dst, src []T, first, g, p, n, rows, rowStride int)
	}{
		{"strided", func(dst, src []T, first, g, p, n, rows, rowStride int) {
			Strided(dst, src, first, g, p, n, rows, rowStride, false)
		}},
		{"strided_nt", func(dst, src []T, first, g, p, n, rows, rowStride int) {
			Strided(dst, src, first, g, p, n, rows, rowStride, true)
		}},
		{"go", stridedGo[T]},
	} {
		b.Run(impl.name, func(b *testing.B) {
			b.SetBytes(int64(len(dst)) * int64(sizeOf(z)))
			for b.Loop() {
				impl.f(dst, src, first, s.g, s.p, s.n, s.rows, s.rowStride)
			}
		})
	}
}
