package kernel

import (
	"errors"
	"math"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

func f32s(shape []int64, vals ...float64) *tensor.Tensor { return ft(tensor.F32, shape, vals...) }

func TestScatter(t *testing.T) {
	zeros33 := f32s(sh(3, 3), 0, 0, 0, 0, 0, 0, 0, 0, 0)
	row := f32s(sh(1, 5), 1, 2, 3, 4, 5)
	a5 := i64(sh(5), 10, 20, 30, 40, 50)
	rep := ScatterSpec{}
	spec := func(m Mode, c Combine) ScatterSpec { return ScatterSpec{Mode: m, Combine: c} }
	for _, tt := range []struct {
		name         string
		in, idx, upd *tensor.Tensor
		dim          int
		spec         ScatterSpec
		want         *tensor.Tensor
		wantErr      string
	}{
		// ONNX ScatterElements test data.
		{"test_scatter_elements_without_axis", zeros33, i64(sh(2, 3), 1, 0, 2, 0, 2, 1), f32s(sh(2, 3), 1, 1.1, 1.2, 2, 2.1, 2.2), 0, spec(WrapNegative, Replace),
			f32s(sh(3, 3), 2, 1.1, 0, 1, 0, 2.2, 0, 2.1, 1.2), ""},
		{"test_scatter_elements_with_duplicate_indices", row, i64(sh(1, 2), 1, 1), f32s(sh(1, 2), 1.1, 2.1), 1, spec(WrapNegative, Add),
			f32s(sh(1, 5), 1, float64(float32(float32(2)+float32(1.1))+float32(2.1)), 3, 4, 5), ""},
		{"test_scatter_elements_with_negative_indices", row, i64(sh(1, 2), 1, -3), f32s(sh(1, 2), 1.1, 2.1), 1, spec(WrapNegative, Replace),
			f32s(sh(1, 5), 1, 1.1, 2.1, 4, 5), ""},
		// Duplicates: row-major order, last wins; add sums in order.
		{"replace keeps the last", a5, i64(sh(4), 2, 0, 2, 2), i64(sh(4), 1, 2, 3, 4), 0, rep, i64(sh(5), 2, 20, 4, 40, 50), ""},
		{"duplicates along dim 0 of rank 2", arange(tensor.I64, 2, 2), i64(sh(2, 2), 1, 1, 1, 1), i64(sh(2, 2), 7, 8, 9, 10), 0, rep, i64(sh(2, 2), 0, 1, 9, 10), ""},
		{"add", a5, i64(sh(4), 2, 0, 2, 2), i64(sh(4), 1, 2, 3, 4), 0, spec(Error, Add), i64(sh(5), 12, 20, 38, 40, 50), ""},
		{"mul", a5, i64(sh(3), 1, 1, 4), i64(sh(3), 2, 3, -1), 0, spec(Error, Mul), i64(sh(5), 10, 120, 30, 40, -50), ""},
		{"min", a5, i64(sh(3), 1, 1, 4), i64(sh(3), 25, 15, 60), 0, spec(Error, Min), i64(sh(5), 10, 15, 30, 40, 50), ""},
		{"max", a5, i64(sh(3), 1, 1, 4), i64(sh(3), 25, 15, 60), 0, spec(Error, Max), i64(sh(5), 10, 25, 30, 40, 60), ""},
		{"and", it(tensor.I8, sh(2), 0x0f, 0x7f), i64(sh(2), 1, 1), it(tensor.I8, sh(2), 0x3c, 0x71), 0, spec(Error, And), it(tensor.I8, sh(2), 0x0f, 0x30), ""},
		{"or", it(tensor.I8, sh(2), 0x0f, 0x01), i64(sh(2), 1, 1), it(tensor.I8, sh(2), 0x10, 0x20), 0, spec(Error, Or), it(tensor.I8, sh(2), 0x0f, 0x31), ""},
		{"i1 and/or/min/max", it(tensor.I1, sh(4), 1, 1, 0, 0), i64(sh(4), 0, 1, 2, 3), it(tensor.I1, sh(4), 0, 1, 1, 0), 0, spec(Error, Min), it(tensor.I1, sh(4), 0, 1, 0, 0), ""},
		{"i1 max", it(tensor.I1, sh(4), 1, 1, 0, 0), i64(sh(4), 0, 1, 2, 3), it(tensor.I1, sh(4), 0, 1, 1, 0), 0, spec(Error, Max), it(tensor.I1, sh(4), 1, 1, 1, 0), ""},
		{"add wraps i8", it(tensor.I8, sh(1), 120), i64(sh(2), 0, 0), it(tensor.I8, sh(2), 5, 10), 0, spec(Error, Add), it(tensor.I8, sh(1), -121), ""},
		{"ui8 max unsigned", it(tensor.UI8, sh(1), 1), i64(sh(1), 0), it(tensor.UI8, sh(1), 200), 0, spec(Error, Max), it(tensor.UI8, sh(1), 200), ""},
		{"i8 max signed", it(tensor.I8, sh(1), 1), i64(sh(1), 0), it(tensor.I8, sh(1), -56), 0, spec(Error, Max), it(tensor.I8, sh(1), 1), ""},
		// Float min/max: NaN propagates, -0 < +0.
		{"max NaN update", f32s(sh(2), 1, 2), i64(sh(2), 0, 0), f32s(sh(2), math.NaN(), 5), 0, spec(Error, Max), f32s(sh(2), math.NaN(), 2), ""},
		{"min NaN input", f32s(sh(1), math.NaN()), i64(sh(1), 0), f32s(sh(1), -5), 0, spec(Error, Min), f32s(sh(1), math.NaN()), ""},
		{"max -0 +0", f32s(sh(2), math.Copysign(0, -1), 0), i64(sh(2), 0, 1), f32s(sh(2), 0, math.Copysign(0, -1)), 0, spec(Error, Max), f32s(sh(2), 0, 0), ""},
		{"add NaN", f32s(sh(1), 1), i64(sh(2), 0, 0), f32s(sh(2), math.NaN(), 3), 0, spec(Error, Add), f32s(sh(1), math.NaN()), ""},
		{"f16 add", ft(tensor.F16, sh(1), 1), i64(sh(2), 0, 0), ft(tensor.F16, sh(2), 0.0004, 0.0004), 0, spec(Error, Add), ft(tensor.F16, sh(1), 1), ""},
		{"f64 mul", ft(tensor.F64, sh(1), 3), i64(sh(1), 0), ft(tensor.F64, sh(1), 0.1), 0, spec(Error, Mul), ft(tensor.F64, sh(1), f64mul(3, 0.1)), ""},
		// Every mode (SEMANTICS worked example indices on s = 5).
		{"error", a5, i64(sh(2), 4, 5), i64(sh(2), 1, 2), 0, spec(Error, Replace), nil, "index 5 is out of bounds for dimension 0 with size 5"},
		{"error negative", a5, i64(sh(1), -1), i64(sh(1), 1), 0, spec(Error, Replace), nil, "index -1 is out of bounds for dimension 0 with size 5"},
		{"promise broken", a5, i64(sh(1), 7), i64(sh(1), 1), 0, rep, nil, "index 7 is out of bounds for dimension 0 with size 5 (mode promise_in_bounds)"},
		{"wrap_negative", a5, i64(sh(4), -1, -5, 0, 4), i64(sh(4), 1, 2, 3, 4), 0, spec(WrapNegative, Replace), i64(sh(5), 3, 20, 30, 40, 4), ""},
		{"wrap_negative -6", a5, i64(sh(2), 0, -6), i64(sh(2), 1, 2), 0, spec(WrapNegative, Replace), nil, "index -6 is out of bounds for dimension 0 with size 5"},
		{"clip", a5, i64(sh(6), -7, -1, 0, 4, 5, 7), i64(sh(6), 1, 2, 3, 4, 5, 6), 0, spec(Clip, Add), i64(sh(5), 16, 20, 30, 40, 65), ""},
		{"wrap", a5, i64(sh(6), -7, -1, 0, 4, 5, 7), i64(sh(6), 1, 2, 3, 4, 5, 6), 0, spec(Wrap, Replace), i64(sh(5), 5, 20, 6, 1, 4), ""},
		{"drop", a5, i64(sh(6), -7, -1, 0, 4, 5, 7), i64(sh(6), 1, 2, 3, 4, 5, 6), 0, spec(Drop, Replace), i64(sh(5), 3, 20, 30, 40, 4), ""},
		{"drop extremes", a5, i64(sh(3), math.MinInt64, math.MaxInt64, 1), i64(sh(3), 1, 2, 3), 0, spec(Drop, Add), i64(sh(5), 10, 23, 30, 40, 50), ""},
		{"wrap min int64", a5, i64(sh(1), math.MinInt64), i64(sh(1), 1), 0, spec(Wrap, Replace), i64(sh(5), 10, 20, 1, 40, 50), ""},
		{"clip on empty dim", i64(sh(2, 0)), i64(sh(2, 1), 0, 0), i64(sh(2, 1), 1, 1), 1, spec(Clip, Replace), nil, "cannot scatter into an empty dimension: index 0 for dimension 1 with size 0 (mode clip)"},
		{"drop on empty dim", i64(sh(2, 0)), i64(sh(2, 1), 0, 0), i64(sh(2, 1), 1, 1), 1, spec(Drop, Replace), i64(sh(2, 0)), ""},
		{"empty indices", a5, i64(sh(0)), i64(sh(0)), 0, spec(Error, Replace), a5, ""},
		// Indices smaller than input; rank 3 along the middle dim.
		{"indices smaller", arange(tensor.I64, 3, 4), i64(sh(2, 1), 3, 0), i64(sh(2, 1), -1, -2), 1, spec(Error, Replace), i64(sh(3, 4), 0, 1, 2, -1, -2, 5, 6, 7, 8, 9, 10, 11), ""},
		{"rank 3 dim 1", arange(tensor.I32, 2, 3, 2), i64(sh(2, 1, 2), 2, 0, 1, 1), it(tensor.I32, sh(2, 1, 2), 100, 101, 102, 103), 1, spec(Error, Add),
			it(tensor.I32, sh(2, 3, 2), 0, 102, 2, 3, 104, 5, 6, 7, 110, 112, 10, 11), ""},
		{"i32 indices", a5, it(tensor.I32, sh(2), -1, math.MinInt32), i64(sh(2), 1, 2), 0, spec(Wrap, Replace), i64(sh(5), 10, 20, 2, 40, 1), ""},
		// unique_indices.
		{"unique kept", a5, i64(sh(2), 3, 1), i64(sh(2), 1, 2), 0, ScatterSpec{UniqueIndices: true}, i64(sh(5), 10, 2, 30, 1, 50), ""},
		{"unique broken", a5, i64(sh(3), 3, 1, 3), i64(sh(3), 1, 2, 3), 0, ScatterSpec{UniqueIndices: true}, nil, "unique_indices promise broken: updates at [0] and [2] both write output element [3]"},
		{"unique with drop", a5, i64(sh(2), 9, 9), i64(sh(2), 1, 2), 0, ScatterSpec{Mode: Drop, UniqueIndices: true}, a5, ""},
		// Shape and attribute errors.
		{"updates shape", a5, i64(sh(2), 0, 1), i64(sh(3), 0, 1, 2), 0, rep, nil, "updates shape [3] must equal the indices shape [2]"},
		{"updates type", a5, i64(sh(1), 0), it(tensor.I32, sh(1), 0), 0, rep, nil, "updates element type i32 must equal the input's i64"},
		{"fill mode", a5, i64(sh(1), 0), i64(sh(1), 0), 0, spec(Fill, Replace), nil, "mode fill is not a scatter mode"},
		{"and on floats", row, i64(sh(1, 1), 0), f32s(sh(1, 1), 0), 1, spec(Error, And), nil, "combine and is not defined on f32"},
		{"add on i1", it(tensor.I1, sh(1), 0), i64(sh(1), 0), it(tensor.I1, sh(1), 1), 0, spec(Error, Add), nil, "combine add is not defined on i1"},
		{"dim out of range", a5, i64(sh(1), 0), i64(sh(1), 0), 1, rep, nil, "dim 1 is out of range [0, 1)"},
		{"indices larger", arange(tensor.I64, 2, 2), i64(sh(3, 1), 0, 0, 0), i64(sh(3, 1), 0, 0, 0), 1, rep, nil, "indices dim 0 has size 3, larger than input size 2"},
	} {
		before := tensor.Format(tt.in)
		got, err := Scatter(tt.in, tt.idx, tt.upd, tt.dim, tt.spec)
		check(t, tt.name, got, err, tt.want, tt.wantErr)
		if tensor.Format(tt.in) != before {
			t.Errorf("%s: the input was modified", tt.name)
		}
	}
}

func TestScatterErrorTypes(t *testing.T) {
	a5 := i64(sh(5), 10, 20, 30, 40, 50)
	_, err := Scatter(a5, i64(sh(2), 1, 9), i64(sh(2), 1, 2), 0, ScatterSpec{Mode: Error})
	var ie *IndexError
	if !errors.As(err, &ie) || ie.Value != 9 || ie.Dim != 0 || len(ie.Position) != 1 || ie.Position[0] != 1 {
		t.Errorf("got %#v, want an *IndexError for 9 at [1]", err)
	}
	_, err = ScatterND(a5, i64(sh(2, 1), 1, 1), i64(sh(2), 1, 2), 0, ScatterSpec{UniqueIndices: true})
	var ue *UniqueError
	if !errors.As(err, &ue) {
		t.Errorf("got %v, want a *UniqueError", err)
	}
}

func TestScatterND(t *testing.T) {
	spec := func(m Mode, c Combine) ScatterSpec { return ScatterSpec{Mode: m, Combine: c} }
	cube := func() *tensor.Tensor { // 4x4x4 as in ONNX test_scatternd
		return arange(tensor.F32, 4, 4, 4)
	}
	for _, tt := range []struct {
		name         string
		in, idx, upd *tensor.Tensor
		b            int
		spec         ScatterSpec
		want         *tensor.Tensor
		wantErr      string
	}{
		// ONNX ScatterND examples.
		{"example 1", ft(tensor.F32, sh(8), 1, 2, 3, 4, 5, 6, 7, 8), i64(sh(4, 1), 4, 3, 1, 7), ft(tensor.F32, sh(4), 9, 10, 11, 12), 0, spec(WrapNegative, Replace),
			ft(tensor.F32, sh(8), 1, 11, 3, 10, 9, 6, 7, 12), ""},
		{"duplicate add (reduction add example)", ft(tensor.F32, sh(8), 1, 2, 3, 4, 5, 6, 7, 8), i64(sh(4, 1), 4, 3, 1, 7), ft(tensor.F32, sh(4), 9, 10, 11, 12), 0, spec(WrapNegative, Add),
			ft(tensor.F32, sh(8), 1, 13, 3, 14, 14, 6, 7, 20), ""},
		{"slices and duplicates", cube(), i64(sh(3, 1), 0, 2, 0), func() *tensor.Tensor {
			u := tensor.Must(tensor.New(tensor.F32, sh(3, 4, 4)))
			for i := 0; i < 48; i++ {
				u.SetFloat64(i, float64(100*(i/16+1)))
			}
			return u
		}(), 0, spec(Error, Replace), func() *tensor.Tensor {
			w := cube()
			for i := 0; i < 16; i++ {
				w.SetFloat64(i, 300)
				w.SetFloat64(32+i, 200)
			}
			return w
		}(), ""},
		{"full tuples", arange(tensor.I64, 2, 3), i64(sh(3, 2), 1, 2, 0, 0, 1, 2), i64(sh(3), 7, 8, 9), 0, spec(Error, Add), i64(sh(2, 3), 8, 1, 2, 3, 4, 21), ""},
		{"batch dims", arange(tensor.I32, 2, 5), i64(sh(2, 3, 1), 0, 4, 0, 1, 1, -1), it(tensor.I32, sh(2, 3), 9, 9, 1, 7, 3, 20), 1, spec(WrapNegative, Max),
			it(tensor.I32, sh(2, 5), 9, 1, 2, 3, 9, 5, 7, 7, 8, 20), ""},
		{"drop tuple", arange(tensor.I64, 2, 3), i64(sh(2, 2), 1, 3, 0, 1), i64(sh(2), 7, 8), 0, spec(Drop, Replace), i64(sh(2, 3), 0, 8, 2, 3, 4, 5), ""},
		{"drop negative", arange(tensor.I64, 2, 3), i64(sh(1, 2), -1, 0), i64(sh(1), 7), 0, spec(Drop, Replace), arange(tensor.I64, 2, 3), ""},
		{"clip tuple", arange(tensor.I64, 2, 3), i64(sh(1, 2), -1, 9), i64(sh(1), 7), 0, spec(Clip, Replace), i64(sh(2, 3), 0, 1, 7, 3, 4, 5), ""},
		{"wrap tuple", arange(tensor.I64, 2, 3), i64(sh(1, 2), -1, 4), i64(sh(1), 7), 0, spec(Wrap, Replace), i64(sh(2, 3), 0, 1, 2, 3, 7, 5), ""},
		{"error component", arange(tensor.I64, 2, 3), i64(sh(2, 2), 0, 0, 1, 3), i64(sh(2), 7, 8), 0, spec(Error, Replace), nil, "index 3 is out of bounds for dimension 1 with size 3"},
		{"promise broken", arange(tensor.I64, 2, 3), i64(sh(1, 2), 2, 0), i64(sh(1), 7), 0, ScatterSpec{}, nil, "index 2 is out of bounds for dimension 0 with size 2 (mode promise_in_bounds)"},
		{"empty slices still checked", i64(sh(2, 0)), i64(sh(1, 1), 5), i64(sh(1, 0)), 0, spec(Error, Replace), nil, "index 5 is out of bounds for dimension 0 with size 2"},
		{"empty slices under clip", i64(sh(0, 0)), i64(sh(1, 1), 5), i64(sh(1, 0)), 0, spec(Clip, Replace), i64(sh(0, 0)), ""},
		{"clip on empty dim", i64(sh(0, 2)), i64(sh(1, 1), 0), i64(sh(1, 2), 1, 1), 0, spec(Clip, Replace), nil, "cannot scatter into an empty dimension: index 0 for dimension 0 with size 0 (mode clip)"},
		{"no tuples", arange(tensor.I64, 2, 3), i64(sh(0, 1)), i64(sh(0, 3)), 0, spec(Error, Replace), arange(tensor.I64, 2, 3), ""},
		{"m = 0 replaces everything in order", arange(tensor.I64, 2), i64(sh(2, 0)), i64(sh(2, 2), 1, 2, 3, 4), 0, spec(Error, Add), i64(sh(2), 4, 7), ""},
		{"unique broken", arange(tensor.I64, 2, 3), i64(sh(2, 1), 1, 1), i64(sh(2, 3), 1, 1, 1, 1, 1, 1), 0, ScatterSpec{UniqueIndices: true}, nil, "unique_indices promise broken: updates at [0] and [1] both write output element [1, 0]"},
		{"updates shape", arange(tensor.I64, 2, 3), i64(sh(2, 1), 1, 1), arange(tensor.I64, 2, 2), 0, ScatterSpec{}, nil, "updates shape [2, 2] must be indices.shape[:-1] ++ input.shape[batch_dims+m:] = [2, 3]"},
		{"batch mismatch", arange(tensor.I64, 2, 3), i64(sh(3, 1), 1, 1, 1), arange(tensor.I64, 3), 1, ScatterSpec{}, nil, "batch dim 0 has size 3 in indices but 2 in input"},
		{"tuple too long", arange(tensor.I64, 2, 3), i64(sh(1, 3), 0, 0, 0), i64(sh(1), 0), 0, ScatterSpec{}, nil, "index tuple length 3 plus batch_dims 0 exceeds input rank 2"},
	} {
		before := tensor.Format(tt.in)
		got, err := ScatterND(tt.in, tt.idx, tt.upd, tt.b, tt.spec)
		check(t, tt.name, got, err, tt.want, tt.wantErr)
		if tensor.Format(tt.in) != before {
			t.Errorf("%s: the input was modified", tt.name)
		}
	}
}

// TestScatterIsInverseOfGather: scattering a gather's result back with
// unique in-range indices (a permutation) restores the input, and
// gathering a scatter's output at the same indices gives the updates.
func TestScatterIsInverseOfGather(t *testing.T) {
	in := arange(tensor.F32, 3, 4)
	idx := i64(sh(3, 4), 2, 0, 1, 1, 0, 1, 2, 0, 1, 2, 0, 2)
	g, err := Gather(in, idx, 0, Error, nil)
	if err != nil {
		t.Fatal(err)
	}
	zero := tensor.Must(tensor.New(tensor.F32, sh(3, 4)))
	s, err := Scatter(zero, idx, g, 0, ScatterSpec{Mode: Error, UniqueIndices: true})
	if err != nil {
		t.Fatal(err)
	}
	check(t, "scatter(gather)", s, nil, in, "")
	g2, _ := Gather(s, idx, 0, Error, nil)
	check(t, "gather(scatter)", g2, nil, g, "")
}

func f64mul(a, b float64) float64 { return a * b }
