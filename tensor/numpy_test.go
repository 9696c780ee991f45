package tensor

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The expected strings were printed by numpy 2.4 (np.array2string, with
// ml_dtypes for bfloat16); TestArrayStringNumpy compares many more arrays
// with numpy itself when it is installed.
func TestArrayString(t *testing.T) {
	f := func(dt DType, shape []int64, vs ...float64) *Tensor { return Must(FromFloat64s(dt, shape, vs)) }
	i := func(dt DType, shape []int64, vs ...int64) *Tensor { return Must(FromInt64s(dt, shape, vs)) }
	seq := func(dt DType, shape []int64, step int64) *Tensor {
		x := Must(New(dt, shape))
		for k := range x.NumElements() {
			x.SetInt64(int(k), k*step)
		}
		return x
	}
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		name string
		t    *Tensor
		want string
	}{
		{"readme", f(F32, []int64{2, 4}, 0, 1, 2, 3, 8, 9, 10, 11), "[[ 0.  1.  2.  3.]\n [ 8.  9. 10. 11.]]"},
		{"mixed", f(F64, []int64{5}, 1.5, 10.25, math.NaN(), math.Inf(-1), negZero), "[ 1.5  10.25   nan  -inf -0.  ]"},
		{"scientific", f(F32, []int64{3}, 1e-5, 1e-6, 0.1), "[1.e-05 1.e-06 1.e-01]"},
		{"f16 ratio", f(F16, []int64{3}, 0.1, 999, -2), "[ 1.00e-01  9.99e+02 -2.00e+00]"},
		{"f16 cutoff", f(F16, []int64{2}, 1000, 0.5), "[1.e+03 5.e-01]"},
		{"bool", i(I1, []int64{2, 2}, 1, 0, 0, 1), "[[ True False]\n [False  True]]"},
		{"bool 0-d", i(I1, nil, 1), "True"},
		{"float 0-d", f(F32, nil, 1), "1."},
		{"empty", Must(New(F64, []int64{2, 0, 3})), "[]"},
		{"u64", i(UI64, []int64{2}, 0, -1), "[                   0 18446744073709551615]"},
		{"i8", i(I8, []int64{3}, -128, 5, 127), "[-128    5  127]"},
		{"index", i(Index, []int64{2}, -1, 10), "[-1 10]"},
		{"wrap", seq(I64, []int64{30}, 1001), "[    0  1001  2002  3003  4004  5005  6006  7007  8008  9009 10010 11011\n 12012 13013 14014 15015 16016 17017 18018 19019 20020 21021 22022 23023\n 24024 25025 26026 27027 28028 29029]"},
		{"summarized", seq(I32, []int64{2, 1000}, 1), "[[   0    1    2 ...  997  998  999]\n [1000 1001 1002 ... 1997 1998 1999]]"},
		{"3-d", seq(I16, []int64{2, 2, 2}, 1), "[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]"},
		{"bf16", f(BF16, []int64{5}, 0.1, 2, math.NaN(), math.Inf(-1), 1e-7), "[0.100098 2 nan -inf 1.00117e-07]"},
		{"thirds", f(F64, []int64{2}, 1.0/3, 2.0/3), "[0.33333333 0.66666667]"},
		{"huge and tiny", f(F64, []int64{2}, 1e300, -1e-300), "[ 1.e+300 -1.e-300]"},
		{"invalid", &Tensor{DType: F32, Shape: []int64{2}}, "<invalid tensor: tensor: tensor<2xf32> holds 0 data bytes, want 8>"},
	} {
		if d := cmp.Diff(c.want, ArrayString(c.t)); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, d)
		}
	}
}

// TestArrayStringLarge checks that a big matrix stays a screenful: numpy's
// summarization keeps 3 items at each end of every dim, so a matrix of
// more than 1000 elements prints 7 rows (each wrapped to at most 3 lines
// at 75 characters), whatever its size.
func TestArrayStringLarge(t *testing.T) {
	for _, shape := range [][]int64{{500, 1000}, {1000000}, {100000, 3}, {3, 100000}} {
		x := Must(New(F64, shape))
		for k := range x.NumElements() {
			x.SetFloat64(int(k), float64(k)/7)
		}
		s := ArrayString(x)
		if lines := strings.Count(s, "\n") + 1; lines > 21 {
			t.Errorf("%v: %d lines, want at most 21:\n%s", shape, lines, s)
		}
		if !strings.Contains(s, "...") {
			t.Errorf("%v: not summarized:\n%s", shape, s)
		}
	}
}

func TestScalarString(t *testing.T) {
	for _, c := range []struct {
		dt   DType
		v    float64
		want string
	}{
		{F32, 3, "3.0"}, {F32, 0.1, "0.1"}, {F64, 0.1, "0.1"}, {F16, 0.1, "0.1"},
		{F32, 1e-5, "1e-05"}, {F32, 1.5e6, "1.5e+06"}, {F64, 1.5e6, "1500000.0"}, {F16, 1000, "1e+03"},
		{F64, math.NaN(), "nan"}, {F32, math.Inf(-1), "-inf"}, {F64, math.Copysign(0, -1), "-0.0"},
		{BF16, 0.1, "0.100098"}, {I1, 1, "True"}, {UI8, 255, "255"}, {I64, -7, "-7"},
	} {
		x := Must(FromFloat64s(c.dt, nil, []float64{c.v}))
		if got := ScalarString(x, 0); got != c.want {
			t.Errorf("ScalarString(%v %v) = %q, want %q", c.dt, c.v, got, c.want)
		}
	}
}

// FuzzArrayString checks that any tensor prints without panicking, with
// balanced brackets, and summarized past 1000 elements.
func FuzzArrayString(f *testing.F) {
	f.Add(uint8(F32), uint8(2), uint8(3), []byte("0123456789abcdefghijklmnopqrstuv"))
	f.Add(uint8(F16), uint8(1), uint8(0), []byte{0x00, 0x7c, 0x00, 0xfc, 0x01, 0x7e})
	f.Add(uint8(BF16), uint8(40), uint8(30), []byte{0x80, 0x3f})
	f.Add(uint8(I1), uint8(0), uint8(0), []byte{1})
	f.Fuzz(func(t *testing.T, dt uint8, d0, d1 uint8, data []byte) {
		x, err := New(DType(dt%uint8(len(DTypes)+1)), []int64{int64(d0), int64(d1)})
		if err != nil {
			return
		}
		for i := range x.Data {
			if len(data) > 0 {
				x.Data[i] = data[i%len(data)] + byte(i/len(data))
			}
		}
		if x.DType == I1 {
			for i := range x.Data {
				x.Data[i] &= 1
			}
		}
		s := ArrayString(x)
		if strings.Count(s, "[") != strings.Count(s, "]") {
			t.Fatalf("unbalanced brackets: %s", s)
		}
		if x.NumElements() > 1000 && !strings.Contains(s, "...") {
			t.Fatalf("%d elements not summarized", x.NumElements())
		}
		for i := 0; i < min(int(x.NumElements()), 4); i++ {
			if ScalarString(x, i) == "" {
				t.Fatalf("empty ScalarString")
			}
		}
	})
}
