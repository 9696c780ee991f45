package kernel

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// it builds an integer tensor; ft a float one.
func it(dt tensor.DType, shape []int64, vals ...int64) *tensor.Tensor {
	return tensor.Must(tensor.FromInt64s(dt, shape, vals))
}

func ft(dt tensor.DType, shape []int64, vals ...float64) *tensor.Tensor {
	return tensor.Must(tensor.FromFloat64s(dt, shape, vals))
}

func i64(shape []int64, vals ...int64) *tensor.Tensor { return it(tensor.I64, shape, vals...) }

// arange returns 0, 1, … in shape.
func arange(dt tensor.DType, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		t.SetInt64(i, int64(i))
	}
	return t
}

func sh(dims ...int64) []int64 { return dims }

// check compares a kernel result with want, or its error with wantErr.
func check(t *testing.T, name string, got *tensor.Tensor, err error, want *tensor.Tensor, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%s: error %v, want %q (result %v)", name, err, wantErr, got)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if d := tensor.Diff(want, got, tensor.NaNEqual); d != "" {
		t.Errorf("%s: %s\n got %s\nwant %s", name, d, tensor.Format(got), tensor.Format(want))
	}
}

func TestMode(t *testing.T) {
	for _, m := range AllModes {
		p, err := ParseMode(m.String())
		if err != nil || p != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), p, err)
		}
	}
	want := []string{"promise_in_bounds", "error", "wrap_negative", "clip", "wrap", "fill"}
	for i, m := range AllModes {
		if m.String() != want[i] {
			t.Errorf("mode %d prints %q, want %q", i, m, want[i])
		}
	}
	if Mode(0) != PromiseInBounds {
		t.Error("the zero Mode is not PromiseInBounds")
	}
	if m, err := ParseMode("drop"); err != nil || m != Drop {
		t.Errorf("ParseMode(drop) = %v, %v; want Drop (the scatter mode)", m, err)
	}
	if _, err := ParseMode("raise"); err == nil {
		t.Error("ParseMode(raise) succeeded")
	}
	// Gathers reject Drop.
	x := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2}, []int64{1, 2}))
	i := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{1}, []int64{0}))
	if _, err := Gather(x, i, 0, Drop, nil); err == nil || !strings.Contains(err.Error(), "mode drop is only defined for scatters") {
		t.Errorf("Gather with Drop: err = %v", err)
	}
}

func TestDefaultFillValue(t *testing.T) {
	for _, c := range []struct {
		dt   tensor.DType
		want string
	}{
		{tensor.F32, "dense<0x7FC00000> : tensor<f32>"},
		{tensor.F64, "dense<0x7FF8000000000000> : tensor<f64>"},
		{tensor.F16, "dense<0x7E00> : tensor<f16>"},
		{tensor.BF16, "dense<0x7FC0> : tensor<bf16>"},
		{tensor.I32, "dense<-2147483648> : tensor<i32>"},
		{tensor.I64, "dense<-9223372036854775808> : tensor<i64>"},
		{tensor.I8, "dense<-128> : tensor<i8>"},
		{tensor.I16, "dense<-32768> : tensor<i16>"},
		{tensor.Index, "dense<-9223372036854775808> : tensor<index>"},
		{tensor.UI8, "dense<255> : tensor<ui8>"},
		{tensor.UI32, "dense<4294967295> : tensor<ui32>"},
		{tensor.UI64, "dense<18446744073709551615> : tensor<ui64>"},
		{tensor.I1, "dense<true> : tensor<i1>"},
	} {
		if got := tensor.Format(DefaultFillValue(c.dt)); got != c.want {
			t.Errorf("DefaultFillValue(%v) = %s, want %s", c.dt, got, c.want)
		}
	}
}

// TestModesWorkedExample is docs/semantics.md §2's worked example.
func TestModesWorkedExample(t *testing.T) {
	a := i64(sh(5), 10, 20, 30, 40, 50)
	idx := i64(sh(6), -7, -1, 0, 4, 5, 7)
	for _, c := range []struct {
		mode    Mode
		idx     *tensor.Tensor
		fill    *tensor.Tensor
		want    *tensor.Tensor
		wantErr string
	}{
		{PromiseInBounds, idx, nil, nil, "index -7 is out of bounds for dimension 0 with size 5 (mode promise_in_bounds)"},
		{Error, idx, nil, nil, "index -7 is out of bounds for dimension 0 with size 5"},
		{WrapNegative, idx, nil, nil, "index -7 is out of bounds for dimension 0 with size 5"},
		{WrapNegative, i64(sh(4), -1, -5, 0, 4), nil, i64(sh(4), 50, 10, 10, 50), ""},
		{Clip, idx, nil, i64(sh(6), 10, 10, 10, 50, 50, 50), ""},
		{Wrap, idx, nil, i64(sh(6), 40, 50, 10, 50, 10, 30), ""},
		{Fill, idx, i64(nil, 0), i64(sh(6), 0, 0, 10, 50, 0, 0), ""},
		{Fill, idx, nil, i64(sh(6), math.MinInt64, math.MinInt64, 10, 50, math.MinInt64, math.MinInt64), ""},
		// Error reports the first offender in row-major order.
		{Error, i64(sh(3), 0, 5, -1), nil, nil, "index 5 is out of bounds"},
	} {
		got, err := Gather(a, c.idx, 0, c.mode, c.fill)
		check(t, "gather "+c.mode.String(), got, err, c.want, c.wantErr)
		// The same through Take (np.take with 1-D input).
		got, err = Take(a, c.idx, 0, 0, c.mode, c.fill)
		check(t, "take "+c.mode.String(), got, err, c.want, c.wantErr)
	}
	// The typed error carries the details.
	_, err := Gather(a, idx, 0, Error, nil)
	var ie *IndexError
	if !errors.As(err, &ie) || ie.Value != -7 || ie.Dim != 0 || ie.Size != 5 || len(ie.Position) != 1 || ie.Position[0] != 0 || ie.Mode != Error {
		t.Errorf("IndexError = %#v", err)
	}
	_, err = Gather(a, i64(sh(6), 0, 1, 2, 3, 4, 9), 0, WrapNegative, nil)
	if !errors.As(err, &ie) || ie.Value != 9 || ie.Position[0] != 5 {
		t.Errorf("IndexError = %#v", err)
	}
}

// TestNumpyTakeTable is NumPy's TestTake.test_simple table for an axis of size 2.
func TestNumpyTakeTable(t *testing.T) {
	a := i64(sh(2), 0, 1)
	for _, c := range []struct {
		mode    Mode
		v       int64
		want    int64
		wantErr bool
	}{
		{WrapNegative, -1, 1, false}, {WrapNegative, 4, 0, true},
		{Wrap, -1, 1, false}, {Wrap, 4, 0, false},
		{Clip, -1, 0, false}, {Clip, 4, 1, false},
	} {
		got, err := Gather(a, i64(sh(1), c.v), 0, c.mode, nil)
		if c.wantErr {
			if err == nil {
				t.Errorf("%v %d: no error", c.mode, c.v)
			}
			continue
		}
		if err != nil || got.Int64At(0) != c.want {
			t.Errorf("%v %d: got %v, %v; want %d", c.mode, c.v, got, err, c.want)
		}
	}
}

func TestGather(t *testing.T) {
	x22 := i64(sh(2, 2), 1, 2, 3, 4)
	x33 := i64(sh(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9)
	m := arange(tensor.I64, 3, 4)
	for _, c := range []struct {
		name    string
		in, idx *tensor.Tensor
		dim     int
		mode    Mode
		fill    *tensor.Tensor
		want    *tensor.Tensor
		wantErr string
	}{
		// docs/semantics.md §3.1 table.
		{"test_gather_elements_0", x22, i64(sh(2, 2), 0, 0, 1, 0), 1, Error, nil, i64(sh(2, 2), 1, 1, 4, 3), ""},
		{"dim 0", x22, i64(sh(2, 2), 0, 0, 1, 0), 0, Error, nil, i64(sh(2, 2), 1, 2, 3, 2), ""},
		{"test_gather_elements_1", x33, i64(sh(2, 3), 1, 2, 0, 2, 0, 0), 0, WrapNegative, nil, i64(sh(2, 3), 4, 8, 3, 7, 2, 3), ""},
		{"test_gather_elements_negative_indices", x33, i64(sh(2, 3), -1, -2, 0, -2, 0, 0), 0, WrapNegative, nil, i64(sh(2, 3), 7, 5, 3, 4, 2, 3), ""},
		{"indices smaller than input", m, i64(sh(2, 1), 3, 0), 1, Error, nil, i64(sh(2, 1), 3, 4), ""},
		// docs/conformance.md §3 (torch, numpy take_along_axis).
		{"torch index 2", x22, i64(sh(1, 2), 0, 2), 1, Error, nil, nil, "index 2 is out of bounds for dimension 1 with size 2"},
		{"torch index -1", x22, i64(sh(1, 2), 0, -1), 1, Error, nil, nil, "index -1 is out of bounds for dimension 1 with size 2"},
		{"torch index larger than self", m, i64(sh(4, 1), 0, 0, 0, 0), 1, Error, nil, nil, "indices dim 0 has size 4, larger than input size 3"},
		{"take_along_axis", m, i64(sh(3, 1), 3, 0, 1), 1, WrapNegative, nil, i64(sh(3, 1), 3, 4, 9), ""},
		{"take_along_axis negative", m, i64(sh(3, 1), -1, -4, 0), 1, WrapNegative, nil, i64(sh(3, 1), 3, 4, 8), ""},
		{"take_along_axis 4", m, i64(sh(3, 1), 4, 0, 0), 1, WrapNegative, nil, nil, "index 4 is out of bounds for dimension 1 with size 4"},
		{"take_along_axis -5", m, i64(sh(3, 1), 0, -5, 0), 1, WrapNegative, nil, nil, "index -5 is out of bounds for dimension 1 with size 4"},
		// DML_GATHER_ELEMENTS doc example.
		{"dml gather_elements", x33, i64(sh(2, 3), 1, 2, 0, 2, 0, 0), 0, PromiseInBounds, nil, i64(sh(2, 3), 4, 8, 3, 7, 2, 3), ""},
		// i32 indices and other element types.
		{"i32 indices", ft(tensor.F32, sh(2, 2), 1.5, 2.5, 3.5, 4.5), it(tensor.I32, sh(2, 2), 1, 0, 0, 1), 1, Error, nil, ft(tensor.F32, sh(2, 2), 2.5, 1.5, 3.5, 4.5), ""},
		{"f16 fill default NaN", ft(tensor.F16, sh(2), 1, 2), i64(sh(3), 1, 2, -1), 0, Fill, nil, ft(tensor.F16, sh(3), 2, math.NaN(), math.NaN()), ""},
		{"bool fill", it(tensor.I1, sh(2), 0, 0), i64(sh(2), 1, 9), 0, Fill, it(tensor.I1, nil, 0), it(tensor.I1, sh(2), 0, 0), ""},
		{"bool default fill", it(tensor.I1, sh(2), 0, 0), i64(sh(2), 1, 9), 0, Fill, nil, it(tensor.I1, sh(2), 0, 1), ""},
		{"ui16 default fill", it(tensor.UI16, sh(2), 5, 6), i64(sh(2), 1, -3), 0, Fill, nil, it(tensor.UI16, sh(2), 6, 65535), ""},
		{"rank 3 middle dim", arange(tensor.I32, 2, 3, 2), i64(sh(2, 2, 2), 2, 0, 1, 1, 0, 2, 2, 2), 1, Error, nil, it(tensor.I32, sh(2, 2, 2), 4, 1, 2, 3, 6, 11, 10, 11), ""},
		// Empty tensors.
		{"empty indices", m, i64(sh(0, 4)), 0, Error, nil, i64(sh(0, 4)), ""},
		{"empty input dim, empty indices", i64(sh(0, 3)), i64(sh(0, 3)), 0, Clip, nil, i64(sh(0, 3)), ""},
		{"clip on empty dim", i64(sh(2, 0)), i64(sh(2, 1), 0, 0), 1, Clip, nil, nil, "cannot do a non-empty take from an empty axes: index 0 for dimension 1 with size 0 (mode clip)"},
		{"wrap on empty dim", i64(sh(2, 0)), i64(sh(2, 1), 3, 0), 1, Wrap, nil, nil, "cannot do a non-empty take from an empty axes: index 3 for dimension 1 with size 0 (mode wrap)"},
		{"fill on empty dim", i64(sh(2, 0)), i64(sh(2, 1), 3, 0), 1, Fill, i64(nil, 7), i64(sh(2, 1), 7, 7), ""},
		{"error on empty dim", i64(sh(2, 0)), i64(sh(2, 1), 0, 0), 1, Error, nil, nil, "index 0 is out of bounds for dimension 1 with size 0"},
		// Extreme index values.
		{"min int64", i64(sh(3), 1, 2, 3), i64(sh(1), math.MinInt64), 0, Wrap, nil, i64(sh(1), 2), ""},
		{"min int64 clip", i64(sh(3), 1, 2, 3), i64(sh(2), math.MinInt64, math.MaxInt64), 0, Clip, nil, i64(sh(2), 1, 3), ""},
		{"min int64 wrap_negative", i64(sh(3), 1, 2, 3), i64(sh(1), math.MinInt64), 0, WrapNegative, nil, nil, "index -9223372036854775808 is out of bounds"},
		{"min int32 wrap", i64(sh(3), 1, 2, 3), it(tensor.I32, sh(1), math.MinInt32), 0, Wrap, nil, i64(sh(1), 2), ""},
		// Shape and attribute errors.
		{"rank mismatch", m, i64(sh(2), 0, 1), 0, Error, nil, nil, "indices rank 1 must equal input rank 2"},
		{"dim out of range", m, i64(sh(1, 1), 0), 2, Error, nil, nil, "dim 2 is out of range [0, 2)"},
		{"negative dim", m, i64(sh(1, 1), 0), -1, Error, nil, nil, "dim -1 is out of range"},
		{"0-d input", i64(nil, 1), i64(nil, 0), 0, Error, nil, nil, "input must have rank >= 1"},
		{"float indices", m, ft(tensor.F32, sh(1, 1), 0), 0, Error, nil, nil, "indices element type must be i32 or i64, got f32"},
		{"fill without fill mode", m, i64(sh(1, 1), 0), 0, Clip, i64(nil, 0), nil, "fill_value is only allowed with mode fill"},
		{"fill wrong type", m, i64(sh(1, 1), 0), 0, Fill, it(tensor.I32, nil, 0), nil, "fill_value has type i32, want the element type i64"},
		{"fill not scalar", m, i64(sh(1, 1), 0), 0, Fill, i64(sh(2), 0, 0), nil, "fill_value must have one element"},
		{"invalid mode", m, i64(sh(1, 1), 0), 0, Mode(42), nil, nil, "invalid index mode 42"},
		{"invalid tensor", &tensor.Tensor{DType: tensor.F32, Shape: sh(2)}, i64(sh(1), 0), 0, Error, nil, nil, "gather: input: tensor: tensor<2xf32> holds 0 data bytes, want 8"},
		{"nil indices", m, nil, 0, Error, nil, nil, "gather: indices is nil"},
	} {
		got, err := Gather(c.in, c.idx, c.dim, c.mode, c.fill)
		check(t, c.name, got, err, c.want, c.wantErr)
	}
}

func TestGatherND(t *testing.T) {
	cube := i64(sh(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 7)
	for _, c := range []struct {
		name    string
		in, idx *tensor.Tensor
		b       int
		mode    Mode
		fill    *tensor.Tensor
		want    *tensor.Tensor
		wantErr string
	}{
		// docs/semantics.md §3.2 table.
		{"test_gathernd_example_int32", it(tensor.I32, sh(2, 2), 0, 1, 2, 3), i64(sh(2, 2), 0, 0, 1, 1), 0, WrapNegative, nil, it(tensor.I32, sh(2), 0, 3), ""},
		{"test_gathernd_example_float32", ft(tensor.F32, sh(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 7), i64(sh(2, 1, 2), 0, 1, 1, 0), 0, WrapNegative, nil, ft(tensor.F32, sh(2, 1, 2), 2, 3, 4, 5), ""},
		{"comparison article example 1", i64(sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8), i64(sh(2, 1, 2), 0, 0, 1, 0), 0, Error, nil, i64(sh(2, 1, 2), 1, 2, 5, 6), ""},
		{"comparison article example 2", i64(sh(2, 2), 1, 2, 3, 4), i64(sh(2, 2), -2, 0, 1, 1), 0, WrapNegative, nil, i64(sh(2), 1, 4), ""},
		{"comparison article example 2, error mode", i64(sh(2, 2), 1, 2, 3, 4), i64(sh(2, 2), -2, 0, 1, 1), 0, Error, nil, nil, "index -2 is out of bounds for dimension 0 with size 2"},
		{"ONNX/TF tuples (0,0),(1,1)", i64(sh(2, 2), 1, 2, 3, 4), i64(sh(2, 2), 0, 0, 1, 1), 0, Error, nil, i64(sh(2), 1, 4), ""},
		{"test_gathernd_example_int32_batch_dim1", it(tensor.I32, sh(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 7), i64(sh(2, 1), 1, 0), 1, WrapNegative, nil, it(tensor.I32, sh(2, 2), 2, 3, 4, 5), ""},
		{"batch_dims 2", arange(tensor.I64, 2, 3, 4), i64(sh(2, 3, 1), 1, 0, 3, 2, 2, 0), 2, Error, nil, i64(sh(2, 3), 1, 4, 11, 14, 18, 20), ""},
		{"DML GATHER_ND1 example 2", arange(tensor.I64, 3, 2, 2), i64(sh(3, 2, 2), 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0), 1, Error, nil, i64(sh(3, 2), 0, 3, 7, 4, 9, 10), ""},
		// DML GATHER_ND examples (unpadded).
		{"DML ND example 1", i64(sh(2, 2), 0, 1, 2, 3), i64(sh(2, 1), 1, 0), 0, Error, nil, i64(sh(2, 2), 2, 3, 0, 1), ""},
		{"DML ND example 2", cube, i64(sh(1, 2, 2), 0, 1, 1, 0), 0, Error, nil, i64(sh(1, 2, 2), 2, 3, 4, 5), ""},
		// jax.lax.gather doc example as a 6x1 tuple tensor.
		{"jax example", i64(sh(3), 10, 11, 12), i64(sh(6, 1), 0, 1, 1, 2, 2, 2), 0, Fill, nil, i64(sh(6), 10, 11, 11, 12, 12, 12), ""},
		// StableHLO clamping (docs/semantics.md §6): tuples clip per component.
		{"stablehlo clamp", cube, i64(sh(3, 2), 0, 1, 1, 0, 1, 7), 0, Clip, nil, i64(sh(3, 2), 2, 3, 4, 5, 6, 7), ""},
		// Modes per component; fill fills the whole slice.
		{"fill slice", cube, i64(sh(3, 2), 0, 1, 1, 5, -1, 0), 0, Fill, i64(nil, -9), i64(sh(3, 2), 2, 3, -9, -9, -9, -9), ""},
		{"wrap components", cube, i64(sh(2, 2), -1, 3, 2, -2), 0, Wrap, nil, i64(sh(2, 2), 6, 7, 0, 1), ""},
		{"error second component", cube, i64(sh(2, 2), 0, 0, 1, 2), 0, Error, nil, nil, "index 2 is out of bounds for dimension 1 with size 2"},
		{"promise", cube, i64(sh(1, 2), 2, 0), 0, PromiseInBounds, nil, nil, "index 2 is out of bounds for dimension 0 with size 2 (mode promise_in_bounds)"},
		// m = 0: whole slices; full tuples: elements.
		{"empty tuples", i64(sh(2), 5, 6), i64(sh(3, 0)), 0, Error, nil, i64(sh(3, 2), 5, 6, 5, 6, 5, 6), ""},
		{"full tuples", cube, i64(sh(2, 3), 1, 1, 1, 0, 0, 1), 0, Error, nil, i64(sh(2), 7, 1), ""},
		{"i32 indices", cube, it(tensor.I32, sh(1), 1), 0, Error, nil, i64(sh(2, 2), 4, 5, 6, 7), ""},
		// Empty outputs.
		{"no tuples", cube, i64(sh(0, 1)), 0, Error, nil, i64(sh(0, 2, 2)), ""},
		{"empty slices still checked", i64(sh(3, 0)), i64(sh(1, 1), 5), 0, Error, nil, nil, "index 5 is out of bounds for dimension 0 with size 3"},
		{"empty slices, clip on empty dim", i64(sh(0, 0)), i64(sh(1, 1), 5), 0, Clip, nil, i64(sh(1, 0)), ""},
		{"clip on empty dim", i64(sh(0, 3)), i64(sh(1, 1), 5), 0, Clip, nil, nil, "cannot do a non-empty take from an empty axes"},
		// Shape errors.
		{"tuple too long", cube, i64(sh(1, 4), 0, 0, 0, 0), 0, Error, nil, nil, "index tuple length 4 plus batch_dims 0 exceeds input rank 3"},
		{"tuple too long with batch", cube, i64(sh(2, 3), 0, 0, 0, 0, 0, 0), 1, Error, nil, nil, "index tuple length 3 plus batch_dims 1 exceeds input rank 3"},
		{"batch mismatch", cube, i64(sh(3, 1), 0, 0, 0), 1, Error, nil, nil, "batch dim 0 has size 3 in indices but 2 in input"},
		{"batch_dims too large", cube, i64(sh(2, 1), 0, 0), 2, Error, nil, nil, "batch_dims 2 must be in [0, 2)"},
		{"0-d indices", cube, i64(nil, 0), 0, Error, nil, nil, "must have rank >= 1"},
	} {
		got, err := GatherND(c.in, c.idx, c.b, c.mode, c.fill)
		check(t, c.name, got, err, c.want, c.wantErr)
	}
	// DML GATHER_ND sizes-only example: input {3,4,5,6,7}, indices {1,2,3} give {1,2,6,7}.
	got, err := GatherND(tensor.Must(tensor.New(tensor.I8, sh(3, 4, 5, 6, 7))), i64(sh(1, 2, 3), 0, 0, 0, 2, 3, 4), 0, Error, nil)
	if err != nil || tensor.ShapeString(got.Shape) != "[1, 2, 6, 7]" {
		t.Errorf("DML sizes example: %v, %v", got.Shape, err)
	}
	var ie *IndexError
	_, err = GatherND(arange(tensor.I64, 2, 3, 4), i64(sh(2, 2, 2), 0, 0, 1, 1, 0, 2, 1, 4), 1, Error, nil)
	if !errors.As(err, &ie) || ie.Value != 4 || ie.Dim != 2 || ie.Size != 4 || tensor.ShapeString(ie.Position) != "[1, 1, 1]" {
		t.Errorf("IndexError = %#v", err)
	}
}

func TestBroadcastTo(t *testing.T) {
	for _, c := range []struct {
		name    string
		in      *tensor.Tensor
		axes    []int
		sizes   []int64
		want    *tensor.Tensor
		wantErr string
	}{
		{"semantics example", i64(sh(2, 1), 1, 2), []int{1}, sh(3), i64(sh(2, 3), 1, 1, 1, 2, 2, 2), ""},
		{"leading axis", i64(sh(1, 2), 1, 2), []int{0}, sh(3), i64(sh(3, 2), 1, 2, 1, 2, 1, 2), ""},
		{"two axes", i64(sh(1, 3, 1), 1, 2, 3), []int{0, 2}, sh(2, 2), i64(sh(2, 3, 2), 1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3), ""},
		{"no axes", i64(sh(2), 1, 2), nil, nil, i64(sh(2), 1, 2), ""},
		{"to zero", i64(sh(2, 1), 1, 2), []int{1}, sh(0), i64(sh(2, 0)), ""},
		{"keep 1", ft(tensor.F64, sh(1), 2.5), []int{0}, sh(1), ft(tensor.F64, sh(1), 2.5), ""},
		{"f16", ft(tensor.F16, sh(1), 2.5), []int{0}, sh(3), ft(tensor.F16, sh(3), 2.5, 2.5, 2.5), ""},
		{"not 1", i64(sh(2), 1, 2), []int{0}, sh(4), nil, "axis 0 has size 2, want 1"},
		{"unsorted", i64(sh(1, 1), 1), []int{1, 0}, sh(2, 2), nil, "must be strictly increasing"},
		{"duplicate", i64(sh(1, 1), 1), []int{0, 0}, sh(2, 2), nil, "must be strictly increasing"},
		{"out of range", i64(sh(1), 1), []int{1}, sh(2), nil, "axis 1 is out of range [0, 1)"},
		{"negative size", i64(sh(1), 1), []int{0}, sh(-1), nil, "size -1 for axis 0 is negative"},
		{"count mismatch", i64(sh(1), 1), []int{0}, nil, nil, "1 axes but 0 sizes"},
		{"overflow", i64(sh(1, 1), 1), []int{0, 1}, sh(math.MaxInt64, 2), nil, "overflows int64"},
	} {
		got, err := BroadcastTo(c.in, c.axes, c.sizes)
		check(t, c.name, got, err, c.want, c.wantErr)
	}
}

func TestSlice(t *testing.T) {
	x := i64(sh(4, 4), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
	x4 := i64(sh(1, 1, 4, 4), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
	v := arange(tensor.I64, 5)
	for _, c := range []struct {
		name                   string
		in                     *tensor.Tensor
		starts, sizes, strides []int64
		want                   *tensor.Tensor
		wantErr                string
	}{
		// docs/semantics.md §3.4 table and 1-D examples.
		{"DML SLICE1 example 1 (2-D)", x, sh(0, 1), sh(2, 2), sh(2, 2), i64(sh(2, 2), 2, 4, 10, 12), ""},
		{"DML SLICE1 example 2 (2-D)", x, sh(3, 1), sh(2, 2), sh(-2, 2), i64(sh(2, 2), 14, 16, 6, 8), ""},
		{"negative stride from 2", x, sh(2, 1), sh(2, 2), sh(-2, 2), i64(sh(2, 2), 10, 12, 2, 4), ""},
		{"negative stride out of range", x, sh(0, 1), sh(2, 2), sh(-2, 2), nil, "slice out of bounds for dimension 0 with size 4: start 0, size 2, stride -2 reads index -2"},
		{"reverse", v, sh(4), sh(5), sh(-1), i64(sh(5), 4, 3, 2, 1, 0), ""},
		{"reverse by 2", v, sh(3), sh(2), sh(-2), i64(sh(2), 3, 1), ""},
		// DML SLICE1 examples 1 and 2 as tcp.slice, on the 1x1x4x4 input.
		{"DML SLICE1 example 1", x4, sh(0, 0, 0, 1), sh(1, 1, 2, 2), sh(1, 1, 2, 2), i64(sh(1, 1, 2, 2), 2, 4, 10, 12), ""},
		{"DML SLICE1 example 2", x4, sh(0, 0, 3, 1), sh(1, 1, 2, 2), sh(1, 1, -2, 2), i64(sh(1, 1, 2, 2), 14, 16, 6, 8), ""},
		// Edges.
		{"empty result", x, sh(9, 0), sh(0, 4), sh(1, 1), i64(sh(0, 4)), ""},
		{"empty input dim", i64(sh(0, 3)), sh(0, 0), sh(0, 3), sh(1, 1), i64(sh(0, 3)), ""},
		{"huge stride, one element", v, sh(2), sh(1), sh(math.MaxInt64), i64(sh(1), 2), ""},
		{"0-d", i64(nil, 7), nil, nil, nil, i64(nil, 7), ""},
		{"f32 strided", ft(tensor.F32, sh(6), 0, 1, 2, 3, 4, 5), sh(5), sh(3), sh(-2), ft(tensor.F32, sh(3), 5, 3, 1), ""},
		{"start out of range", v, sh(5), sh(1), sh(1), nil, "start 5, size 1, stride 1 reads index 5"},
		{"negative start", v, sh(-1), sh(1), sh(1), nil, "reads index -1"},
		{"end out of range", v, sh(1), sh(3), sh(2), nil, "reads index 5"},
		{"overflow", v, sh(1), sh(3), sh(math.MaxInt64), nil, "reads past the int64 range"},
		{"overflow negative", v, sh(1), sh(3), sh(math.MinInt64), nil, "reads past the int64 range"},
		{"zero stride", v, sh(0), sh(1), sh(0), nil, "stride of dimension 0 is 0"},
		{"negative size", v, sh(0), sh(-1), sh(1), nil, "size of dimension 0 is negative"},
		{"rank mismatch", x, sh(0), sh(1), sh(1), nil, "want 2 starts, sizes and strides"},
	} {
		got, err := Slice(c.in, c.starts, c.sizes, c.strides)
		check(t, c.name, got, err, c.want, c.wantErr)
	}
	var se *SliceError
	_, err := Slice(x, sh(0, 1), sh(2, 2), sh(-2, 2))
	if !errors.As(err, &se) || se.Dim != 0 || se.Index != -2 || se.DimSize != 4 {
		t.Errorf("SliceError = %#v", err)
	}
}

func TestONNXSliceParams(t *testing.T) {
	dims := sh(20, 10, 5)
	for _, c := range []struct {
		name                              string
		starts, ends, axes, steps         []int64
		wantStarts, wantSizes, wantStride []int64
		wantErr                           string
	}{
		// The ONNX Slice node tests (onnx 1.12).
		{"test_slice", sh(0, 0), sh(3, 10), sh(0, 1), sh(1, 1), sh(0, 0, 0), sh(3, 10, 5), sh(1, 1, 1), ""},
		{"test_slice_default_axes", sh(0, 0, 3), sh(20, 10, 4), nil, nil, sh(0, 0, 3), sh(20, 10, 1), sh(1, 1, 1), ""},
		{"test_slice_default_steps", sh(0, 0, 3), sh(20, 10, 4), sh(0, 1, 2), nil, sh(0, 0, 3), sh(20, 10, 1), sh(1, 1, 1), ""},
		{"test_slice_end_out_of_bounds", sh(1), sh(1000), sh(1), sh(1), sh(0, 1, 0), sh(20, 9, 5), sh(1, 1, 1), ""},
		{"test_slice_neg", sh(0), sh(-1), sh(1), sh(1), sh(0, 0, 0), sh(20, 9, 5), sh(1, 1, 1), ""},
		{"test_slice_neg_steps", sh(20, 10, 4), sh(0, 0, 1), sh(0, 1, 2), sh(-1, -3, -2), sh(19, 9, 4), sh(19, 3, 2), sh(-1, -3, -2), ""},
		{"test_slice_negative_axes", sh(0, 0, 3), sh(20, 10, 4), sh(0, -2, -1), nil, sh(0, 0, 3), sh(20, 10, 1), sh(1, 1, 1), ""},
		{"test_slice_start_out_of_bounds", sh(1000), sh(1000), sh(1), sh(1), sh(0, 10, 0), sh(20, 0, 5), sh(1, 1, 1), ""},
		// Extremes used by exporters for "to the end".
		{"int64 max end", sh(2), sh(math.MaxInt64), sh(0), nil, sh(2, 0, 0), sh(18, 10, 5), sh(1, 1, 1), ""},
		{"reverse all", sh(-1), sh(math.MinInt64), sh(0), sh(-1), sh(19, 0, 0), sh(20, 10, 5), sh(-1, 1, 1), ""},
		{"huge step", sh(0), sh(20), sh(0), sh(math.MaxInt64), sh(0, 0, 0), sh(1, 10, 5), sh(math.MaxInt64, 1, 1), ""},
		{"huge negative step", sh(19), sh(math.MinInt64), sh(0), sh(math.MinInt64), sh(19, 0, 0), sh(1, 10, 5), sh(math.MinInt64, 1, 1), ""},
		{"wrong direction", sh(5), sh(2), sh(0), sh(1), sh(5, 0, 0), sh(0, 10, 5), sh(1, 1, 1), ""},
		{"zero step", sh(0), sh(1), sh(0), sh(0), nil, nil, nil, "step for axis 0 is 0"},
		{"axis out of range", sh(0), sh(1), sh(3), nil, nil, nil, nil, "axis 3 is out of range for rank 3"},
		{"repeated axis", sh(0, 0), sh(1, 1), sh(0, -3), nil, nil, nil, nil, "axis 0 is repeated"},
		{"length mismatch", sh(0, 0), sh(1), nil, nil, nil, nil, nil, "2 starts but 1 ends"},
	} {
		s, n, k, err := ONNXSliceParams(dims, c.starts, c.ends, c.axes, c.steps)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.wantErr)
			}
			continue
		}
		if err != nil || tensor.ShapeString(s) != tensor.ShapeString(c.wantStarts) || tensor.ShapeString(n) != tensor.ShapeString(c.wantSizes) || tensor.ShapeString(k) != tensor.ShapeString(c.wantStride) {
			t.Errorf("%s: got %v %v %v %v, want %v %v %v", c.name, s, n, k, err, c.wantStarts, c.wantSizes, c.wantStride)
			continue
		}
		// The parameters are always valid for Slice.
		if _, err := Slice(tensor.Must(tensor.New(tensor.I8, dims)), s, n, k); err != nil {
			t.Errorf("%s: Slice: %v", c.name, err)
		}
	}
	// Zero-size dim with a negative step.
	s, n, _, err := ONNXSliceParams(sh(0), sh(-1), sh(math.MinInt64), nil, sh(-1))
	if err != nil || s[0] != 0 || n[0] != 0 {
		t.Errorf("empty dim, negative step: %v %v %v", s, n, err)
	}
}

// TestSliceNegSteps runs test_slice_neg_steps on data: the result equals
// x[20:0:-1, 10:0:-3, 4:1:-2] element by element.
func TestSliceNegSteps(t *testing.T) {
	x := arange(tensor.I32, 20, 10, 5)
	s, n, k, err := ONNXSliceParams(x.Shape, sh(20, 10, 4), sh(0, 0, 1), sh(0, 1, 2), sh(-1, -3, -2))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Slice(x, s, n, k)
	if err != nil {
		t.Fatal(err)
	}
	var want []int64
	for i := int64(19); i > 0; i-- {
		for j := int64(9); j > 0; j -= 3 {
			for l := int64(4); l > 1; l -= 2 {
				want = append(want, i*50+j*5+l)
			}
		}
	}
	check(t, "neg steps", got, nil, it(tensor.I32, sh(19, 3, 2), want...), "")
}

// TestTake covers the docs/semantics.md §5 worked examples of the slice-gather
// recipe, and the DML_GATHER doc examples.
func TestTake(t *testing.T) {
	x := arange(tensor.I64, 3, 4)
	x32 := i64(sh(3, 2), 1, 2, 3, 4, 5, 6)
	x33 := i64(sh(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9)
	gd2 := make([]int64, 0, 45)
	for i := int64(0); i < 3; i++ {
		for _, j := range []int64{3, 0, 2} {
			for k := int64(0); k < 5; k++ {
				gd2 = append(gd2, i*20+j*5+k)
			}
		}
	}
	for _, c := range []struct {
		name    string
		x, idx  *tensor.Tensor
		axis, b int
		mode    Mode
		want    *tensor.Tensor
		wantErr string
	}{
		{"index_select (gather design example 1)", x, i64(sh(2), 0, 2), 0, 0, Error, i64(sh(2, 4), 0, 1, 2, 3, 8, 9, 10, 11), ""},
		{"mlir-tcp index_select dim -1", arange(tensor.F32, 4, 3), i64(sh(2), 2, 0), 1, 0, Error, ft(tensor.F32, sh(4, 2), 2, 0, 5, 3, 8, 6, 11, 9), ""},
		{"onnx 2-D indices", x32, i64(sh(2, 2), 0, 1, 1, 2), 0, 0, WrapNegative, i64(sh(2, 2, 2), 1, 2, 3, 4, 3, 4, 5, 6), ""},
		{"onnx scalar indices", x, i64(nil, 1), 0, 0, WrapNegative, i64(sh(4), 4, 5, 6, 7), ""},
		{"onnx scalar indices axis 1", x, i64(nil, -1), 1, 0, WrapNegative, i64(sh(3), 3, 7, 11), ""},
		{"gather design example 2 (tf.gather axis 1)", arange(tensor.I64, 3, 4, 5), i64(sh(3), 3, 0, 2), 1, 0, Error, i64(sh(3, 3, 5), gd2...), ""},
		{"tf batch_dims 1", arange(tensor.I64, 2, 3, 4), i64(sh(2, 2), 3, 0, 1, 1), 2, 1, Error, i64(sh(2, 3, 2), 3, 0, 7, 4, 11, 8, 13, 13, 17, 17, 21, 21), ""},
		{"tf batch_dims 1 take_along_axis", i64(sh(2, 3), 10, 11, 12, 20, 21, 22), i64(sh(2, 2), 2, 0, 1, 1), 1, 1, Error, i64(sh(2, 2), 12, 10, 21, 21), ""},
		{"test_gather_negative_indices", arange(tensor.F32, 10), i64(sh(3), 0, -9, -10), 0, 0, WrapNegative, ft(tensor.F32, sh(3), 0, 1, 0), ""},
		{"test_gather_2d_indices / DML example 4", x33, i64(sh(1, 2), 0, 2), 1, 0, WrapNegative, i64(sh(3, 1, 2), 1, 3, 4, 6, 7, 9), ""},
		{"np.take(m, [[0,2]], axis=1)", x, i64(sh(1, 2), 0, 2), 1, 0, WrapNegative, i64(sh(3, 1, 2), 0, 2, 4, 6, 8, 10), ""},
		{"torch index_select [1,0,1]", i64(sh(2, 2), 1, 2, 3, 4), i64(sh(3), 1, 0, 1), 0, 0, Error, i64(sh(3, 2), 3, 4, 1, 2, 3, 4), ""},
		{"torch index_select -1", i64(sh(2, 2), 1, 2, 3, 4), i64(sh(1), -1), 0, 0, Error, nil, "index -1 is out of bounds for dimension 0 with size 2"},
		{"stablehlo clamp take", x32, i64(sh(4), 2, 0, 5, -1), 0, 0, Clip, i64(sh(4, 2), 5, 6, 1, 2, 5, 6, 1, 2), ""},
		{"DML example 1", i64(sh(4), 11, 12, 13, 14), i64(sh(5), 3, 1, 3, 0, 2), 0, 0, Error, i64(sh(5), 14, 12, 14, 11, 13), ""},
		{"DML example 2", x32, i64(sh(4), 0, 1, 1, 2), 0, 0, Error, i64(sh(4, 2), 1, 2, 3, 4, 3, 4, 5, 6), ""},
		{"DML example 3 (consistent reading)", x32, i64(sh(2), 1, 0), 1, 0, Error, i64(sh(3, 2), 2, 1, 4, 3, 6, 5), ""},
		{"DML example 5", x32, i64(sh(2, 2), 0, 1, 1, 2), 0, 0, Error, i64(sh(2, 2, 2), 1, 2, 3, 4, 3, 4, 5, 6), ""},
		{"3-D indices middle axis", arange(tensor.I64, 2, 3, 2), i64(sh(2, 1, 2), 2, 0, 1, 1), 1, 0, Error,
			i64(sh(2, 2, 1, 2, 2), 4, 5, 0, 1, 2, 3, 2, 3, 10, 11, 6, 7, 8, 9, 8, 9), ""},
		{"axis out of range", x, i64(sh(1), 0), 2, 0, Error, nil, "axis 2 is out of range"},
		{"batch_dims > axis", x, i64(sh(3, 1), 0, 0, 0), 0, 1, Error, nil, "batch_dims 1 must be in"},
	} {
		got, err := Take(c.x, c.idx, c.axis, c.b, c.mode, nil)
		check(t, c.name, got, err, c.want, c.wantErr)
	}
}

func TestReshape(t *testing.T) {
	x := arange(tensor.I64, 2, 3)
	got, err := Reshape(x, sh(3, 1, 2))
	check(t, "reshape", got, err, arange(tensor.I64, 3, 1, 2), "")
	_, err = Reshape(x, sh(4))
	check(t, "bad reshape", nil, err, nil, "shape [4] has 4 elements, input [2, 3] has 6")
	_, err = Reshape(x, sh(-6))
	check(t, "negative reshape", nil, err, nil, "negative size")
}
