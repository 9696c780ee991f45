package tensor

import (
	"math"
	"strings"
	"testing"
)

func TestDType(t *testing.T) {
	for _, c := range []struct {
		dt                         DType
		name                       string
		size                       int
		isFloat, isInt, isUnsigned bool
	}{
		{I1, "i1", 1, false, true, false},
		{I8, "i8", 1, false, true, false},
		{I16, "i16", 2, false, true, false},
		{I32, "i32", 4, false, true, false},
		{I64, "i64", 8, false, true, false},
		{UI8, "ui8", 1, false, true, true},
		{UI16, "ui16", 2, false, true, true},
		{UI32, "ui32", 4, false, true, true},
		{UI64, "ui64", 8, false, true, true},
		{F16, "f16", 2, true, false, false},
		{BF16, "bf16", 2, true, false, false},
		{F32, "f32", 4, true, false, false},
		{F64, "f64", 8, true, false, false},
		{Index, "index", 8, false, true, false},
	} {
		if c.dt.String() != c.name || c.dt.Size() != c.size || c.dt.IsFloat() != c.isFloat ||
			c.dt.IsInt() != c.isInt || c.dt.IsUnsigned() != c.isUnsigned {
			t.Errorf("%v: got name %q size %d float %v int %v unsigned %v", c.name, c.dt.String(), c.dt.Size(), c.dt.IsFloat(), c.dt.IsInt(), c.dt.IsUnsigned())
		}
		if got, err := ParseDType(c.name); err != nil || got != c.dt {
			t.Errorf("ParseDType(%q) = %v, %v", c.name, got, err)
		}
	}
	if Invalid.Valid() || Invalid.IsInt() || Invalid.Size() != 0 {
		t.Error("Invalid is valid")
	}
	if got, _ := ParseDType("si64"); got != I64 {
		t.Errorf("ParseDType(si64) = %v", got)
	}
	if _, err := ParseDType("f8"); err == nil {
		t.Error("ParseDType(f8) succeeded")
	}
	if len(DTypes) != 14 {
		t.Errorf("len(DTypes) = %d", len(DTypes))
	}
}

func TestNewErrors(t *testing.T) {
	for _, c := range []struct {
		dt    DType
		shape []int64
		want  string
	}{
		{Invalid, []int64{2}, "invalid element type"},
		{F32, []int64{-3, 4}, "negative size -3"},
		{F32, []int64{math.MaxInt64, math.MaxInt64}, "overflows int64"},
		{F64, []int64{math.MaxInt64 / 4}, "do not fit"},
	} {
		_, err := New(c.dt, c.shape)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%v, %v) error = %v, want %q", c.dt, c.shape, err, c.want)
		}
	}
	// An empty shape with a huge dim is fine: it has no elements.
	x, err := New(F32, []int64{math.MaxInt64, 0})
	if err != nil || x.NumElements() != 0 || len(x.Data) != 0 {
		t.Errorf("New(huge x 0) = %v, %v", x, err)
	}
	if _, err := FromInt64s(I32, []int64{2}, []int64{1}); err == nil {
		t.Error("FromInt64s with too few values succeeded")
	}
}

func TestAccessors(t *testing.T) {
	x := Must(FromInt64s(I8, []int64{4}, []int64{-1, 127, 128, 255}))
	if got := x.Int64s(); got[0] != -1 || got[1] != 127 || got[2] != -128 || got[3] != -1 {
		t.Errorf("i8 values = %v", got)
	}
	u := Must(FromInt64s(UI8, []int64{2}, []int64{-1, 7}))
	if got := u.Int64s(); got[0] != 255 || got[1] != 7 {
		t.Errorf("ui8 values = %v", got)
	}
	u64 := Must(FromInt64s(UI64, []int64{1}, []int64{-1}))
	if u64.Bits(0) != math.MaxUint64 || u64.Float64At(0) != 1.8446744073709552e19 || u64.Int64At(0) != -1 {
		t.Errorf("ui64 max: bits %x float %v int %v", u64.Bits(0), u64.Float64At(0), u64.Int64At(0))
	}
	b := Must(FromInt64s(I1, []int64{3}, []int64{0, 1, 5}))
	if string(b.Data) != "\x00\x01\x01" {
		t.Errorf("i1 data = %q", b.Data)
	}
	idx := Must(FromInt64s(Index, []int64{2}, []int64{math.MinInt64, 3}))
	if idx.Int64At(0) != math.MinInt64 || len(idx.Data) != 16 {
		t.Errorf("index: %v", idx.Int64s())
	}
	f := Must(FromFloat64s(F16, []int64{3}, []float64{0.1, 65520, -2.5}))
	if f.Bits(0) != 0x2E66 || f.Bits(1) != 0x7C00 || f.Float64At(2) != -2.5 {
		t.Errorf("f16 bits = %x %x %v", f.Bits(0), f.Bits(1), f.Float64At(2))
	}
	g := Must(FromFloat64s(I32, []int64{4}, []float64{2.9, -2.9, math.NaN(), 1e30}))
	if got := g.Int64s(); got[0] != 2 || got[1] != -2 || got[2] != 0 || got[3] != -1 {
		t.Errorf("float->i32 = %v", got)
	}
	h := Must(FromInt64s(F32, []int64{2}, []int64{16777217, -3}))
	if got := h.Float64s(); got[0] != 16777216 || got[1] != -3 {
		t.Errorf("int->f32 = %v", got)
	}
	s := Must(Scalar(BF16, 1))
	if s.Rank() != 0 || s.NumElements() != 1 || s.Bits(0) != 0x3F80 {
		t.Errorf("Scalar bf16 = %v", s)
	}
}

func TestStridesUnravel(t *testing.T) {
	x := Must(New(F32, []int64{2, 3, 4}))
	if got := x.Strides(); got[0] != 12 || got[1] != 4 || got[2] != 1 {
		t.Errorf("Strides = %v", got)
	}
	if got := Unravel(23, x.Shape); got[0] != 1 || got[1] != 2 || got[2] != 3 {
		t.Errorf("Unravel(23) = %v", got)
	}
	if got := Strides(nil); len(got) != 0 {
		t.Errorf("Strides(nil) = %v", got)
	}
}

func TestValidate(t *testing.T) {
	good := Must(New(F32, []int64{2, 2}))
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := &Tensor{DType: F32, Shape: []int64{2, 2}, Data: make([]byte, 15)}
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "holds 15 data bytes, want 16") {
		t.Errorf("Validate = %v", err)
	}
	var nilT *Tensor
	if nilT.Validate() == nil {
		t.Error("nil tensor validates")
	}
	if (&Tensor{Shape: []int64{1}, Data: []byte{0}}).Validate() == nil {
		t.Error("invalid dtype validates")
	}
}

func TestEqual(t *testing.T) {
	nan1 := Must(FromFloat64s(F32, []int64{2}, []float64{1, math.NaN()}))
	nan2 := nan1.Clone()
	nan2.SetBits(1, 0xFFC00001) // another NaN
	if Equal(nan1, nan2) {
		t.Error("different NaN bits compare equal bitwise")
	}
	if !Equal(nan1, nan2, NaNEqual) {
		t.Errorf("NaNEqual: %s", Diff(nan1, nan2, NaNEqual))
	}
	if !Equal(nan1, nan1.Clone()) {
		t.Error("identical NaN bits differ")
	}
	z := Must(FromFloat64s(F32, []int64{1}, []float64{0}))
	nz := Must(FromFloat64s(F32, []int64{1}, []float64{math.Copysign(0, -1)}))
	if Equal(z, nz, NaNEqual) {
		t.Error("+0 equals -0")
	}
	a := Must(FromInt64s(I32, []int64{2, 2}, []int64{1, 2, 3, 4}))
	b := Must(FromInt64s(I32, []int64{2, 2}, []int64{1, 2, 3, 5}))
	if d := Diff(a, b); d != "element 3 (at [1 1]): 4 vs 5" {
		t.Errorf("Diff = %q", d)
	}
	if d := Diff(a, Must(FromInt64s(I64, []int64{2, 2}, []int64{1, 2, 3, 4}))); d != "element type i32 vs i64" {
		t.Errorf("Diff = %q", d)
	}
	if d := Diff(a, Must(FromInt64s(I32, []int64{4}, []int64{1, 2, 3, 4}))); d != "shape [2, 2] vs [4]" {
		t.Errorf("Diff = %q", d)
	}
	if Equal(a, nil) || !Equal(nil, nil) {
		t.Error("nil handling")
	}
}
