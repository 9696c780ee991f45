//go:build amd64 && !purego

package rowadd

import (
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// paths are the assembly loops of this build, each compared with the Go
// loop by TestPaths; the AVX loop only where the CPU and OS support it.
func paths() []path {
	ps := []path{{"sse", addF32SSE}}
	if useAVX {
		ps = append(ps, path{"avx", addF32AVX})
	}
	return ps
}

// scatterPaths are the assembly loops of ScatterAddF32I64/I32, each
// compared with scatterAddGo by TestScatterAdd.
func scatterPaths() ([]func(*float32, int, *int64, *float32, int, int) int, []func(*float32, int, *int32, *float32, int, int) int) {
	return []func(*float32, int, *int64, *float32, int, int) int{scatterAddI64},
		[]func(*float32, int, *int32, *float32, int, int) int{scatterAddI32}
}

// colsPaths are the assembly loops of ScatterAddColsF32I64/I32.
func colsPaths() ([]func(*float32, int, int, *int64, *float32, int, int) int, []func(*float32, int, int, *int32, *float32, int, int) int) {
	return []func(*float32, int, int, *int64, *float32, int, int) int{scatterAddColsI64},
		[]func(*float32, int, int, *int32, *float32, int, int) int{scatterAddColsI32}
}

// rowsPaths are the assembly loops of ScatterRowsF32I64/I32, the AVX
// ones where the CPU and OS support them.
func rowsPaths() ([]func(*float32, int, int, *int64, *float32, int, int, bool, bool) int, []func(*float32, int, int, *int32, *float32, int, int, bool, bool) int) {
	p64 := []func(*float32, int, int, *int64, *float32, int, int, bool, bool) int{scatterRowsI64}
	p32 := []func(*float32, int, int, *int32, *float32, int, int, bool, bool) int{scatterRowsI32}
	if useAVX {
		p64, p32 = append(p64, scatterRowsAVXI64), append(p32, scatterRowsAVXI32)
	}
	return p64, p32
}

// TestScatterRowsNarrow compares the NARROW loops (rows of 2, 3 and 4
// floats, with and without prefetch) with the Go loop, bit for bit: the
// position they stop at and the whole destination, a guard past its end
// included. Runs are long enough to reach the prefetching step (36
// updates or more left), have few rows so indices repeat within a step,
// and put bad indices (out of range, or negative without wrap) anywhere
// in a step, at its end and in the tail.
func TestScatterRowsNarrow(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	stops, drops := 0, 0
	for round := 0; round < 600; round++ {
		width := 2 + r.Intn(3)
		rows := 1 + r.Intn(12)
		n := r.Intn(120)
		wrap, drop, ahead := r.Intn(2) == 0, r.Intn(3) == 0, r.Intn(2) == 0
		idx, idx32, dst0, upd := randRows(r, rows, width, n, 60)
		mask := wrapMask(wrap, rows)
		want := append([]float32{}, dst0...)
		wantK := n
		if n > 0 {
			wantK = scatterRowsGo(&want[0], rows, width, &idx[0], &upd[0], n, mask, drop)
		}
		if wantK < n {
			stops++
		} else if drop {
			drops++
		}
		for _, rn := range []struct {
			name string
			fn   func(d []float32) int
		}{
			{"i64", func(d []float32) int { return narrowI64(width)(&d[0], rows, &idx[0], &upd[0], n, mask, drop, ahead) }},
			{"i32", func(d []float32) int { return narrowI32(width)(&d[0], rows, &idx32[0], &upd[0], n, mask, drop, ahead) }},
		} {
			if n == 0 {
				continue
			}
			d := append([]float32{}, dst0...)
			if k := rn.fn(d); k != wantK {
				t.Errorf("round %d %s (width %d, %d rows, %d updates, ahead %v): stopped at %d, want %d", round, rn.name, width, rows, n, ahead, k, wantK)
			}
			if diff := cmp.Diff(bitsOf(want), bitsOf(d)); diff != "" {
				t.Errorf("round %d %s (width %d, %d rows, %d updates, ahead %v): destination bits (-want +got):\n%s", round, rn.name, width, rows, n, ahead, diff)
			}
		}
	}
	if stops < 20 || drops < 20 {
		t.Errorf("only %d stops at a bad index and %d runs with drops", stops, drops)
	}
	for _, w := range []int{1, 5, 8} {
		if narrowI64(w) != nil || narrowI32(w) != nil {
			t.Errorf("width %d has a NARROW loop", w)
		}
	}
}
