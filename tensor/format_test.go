package tensor

import (
	"math"
	"strings"
	"testing"
)

// The expected strings below were printed by mlir-opt-16 (LLVM 16.0.6) for
// `arith.constant <bits> : <type>`; TestFormatFloatMLIROpt re-checks many
// more values when mlir-opt-16 is installed.
var formatFloatCases = []struct {
	dt   DType
	bits uint64
	want string
}{
	{F32, 0x40200000, "2.500000e+00"},
	{F32, 0x3DCCCCCD, "1.000000e-01"},
	{F32, 0x3FC00000, "1.500000e+00"},
	{F32, 0x00000000, "0.000000e+00"},
	{F32, 0x80000000, "-0.000000e+00"},
	{F32, 0x3727C5AD, "1.00000007E-5"}, // %.6e loses precision: default form
	{F32, 0x4CEB79A3, "0x4CEB79A3"},    // 123456792: default form "123456792" has no '.'
	{F32, 0x4B800000, "0x4B800000"},    // 16777216
	{F32, 0x7FC00000, "0x7FC00000"},    // NaN
	{F32, 0xFFC00000, "0xFFC00000"},    // -NaN
	{F32, 0x7F800001, "0x7F800001"},    // signalling NaN
	{F32, 0x7F800000, "0x7F800000"},    // Inf
	{F32, 0xFF800000, "0xFF800000"},    // -Inf
	{F32, 0x00000001, "1.401300e-45"},  // smallest subnormal (APFloat truncates, not 1.401298e-45)
	{F32, 0x007FFFFF, "1.17549421E-38"},
	{F32, 0x7F7FFFFF, "3.40282347E+38"},
	{F32, 0x3EAAAAAB, "0.333333343"},
	{F32, 0xC2F6E979, "-1.234560e+02"},
	{F32, 0x3F7FFFFF, "0.99999994"},
	{F32, 0x4E6E6B28, "1.000000e+09"},
	{F64, 0x3FB999999999999A, "1.000000e-01"},
	{F64, 0x3FD5555555555555, "0.33333333333333331"},
	{F64, 0x7E37E43C8800759C, "1.000000e+300"},
	{F64, 0x0000000000000001, "4.940660e-324"},
	{F64, 0x7FEFFFFFFFFFFFFF, "1.7976931348623157E+308"},
	{F64, 0x7FF8000000000000, "0x7FF8000000000000"},
	{F64, 0xFFF0000000000000, "0xFFF0000000000000"},
	{F64, 0x4340000000000000, "0x4340000000000000"}, // 2^53
	{F64, 0x4004000000000000, "2.500000e+00"},
	{F64, 0xBFF0000000000000, "-1.000000e+00"},
	{F64, 0x400921FB54442D18, "3.1415926535897931"},
	{F16, 0x2E66, "9.997550e-02"}, // 0.0999755859375: not printf's 9.997559e-02
	{F16, 0x7BFF, "6.550400e+04"},
	{F16, 0x7E00, "0x7E00"},
	{F16, 0xFC00, "0xFC00"},
	{F16, 0x0001, "5.960460e-08"},
	{F16, 0x03FF, "6.097560e-05"},
	{F16, 0x3555, "3.332520e-01"},
	{F16, 0x6800, "2.048000e+03"},
	{F16, 0x3C00, "1.000000e+00"},
	{F16, 0x8000, "-0.000000e+00"},
	{F16, 0x5BFF, "2.558750e+02"},
	{BF16, 0x3DCD, "1.000980e-01"},
	{BF16, 0x4040, "3.000000e+00"},
	{BF16, 0x7FC0, "0x7FC0"},
	{BF16, 0x3A83, "9.994500e-04"},
	{BF16, 0x3EAB, "3.339840e-01"},
	{BF16, 0x7F7F, "3.389530e+38"},
	{BF16, 0x0001, "9.183550e-41"},
	{BF16, 0xFF80, "0xFF80"},
	{BF16, 0x4B80, "1.677720e+07"},
}

func TestFormatFloat(t *testing.T) {
	for _, c := range formatFloatCases {
		if got := formatFloatBits(c.bits, c.dt); got != c.want {
			t.Errorf("%v 0x%X: got %q, want %q", c.dt, c.bits, got, c.want)
		}
		// FormatFloat on the widened value gives the same text (NaN
		// payloads aside, which float64 cannot carry for every format).
		var v float64
		switch c.dt {
		case F16:
			v = F16ToFloat64(uint16(c.bits))
		case BF16:
			v = BF16ToFloat64(uint16(c.bits))
		case F32:
			v = float64(math.Float32frombits(uint32(c.bits)))
		case F64:
			v = math.Float64frombits(c.bits)
		}
		if math.IsNaN(v) {
			continue
		}
		if got := FormatFloat(v, c.dt); got != c.want {
			t.Errorf("FormatFloat(%v, %v) = %q, want %q", v, c.dt, got, c.want)
		}
	}
	// Values are rounded to the type first.
	if got := FormatFloat(0.1, F16); got != "9.997550e-02" {
		t.Errorf("FormatFloat(0.1, f16) = %q", got)
	}
	if got := FormatFloat(math.NaN(), F32); got != "0x7FC00000" {
		t.Errorf("FormatFloat(NaN, f32) = %q", got)
	}
	if got := FormatFloat(math.NaN(), F16); got != "0x7E00" {
		t.Errorf("FormatFloat(NaN, f16) = %q", got)
	}
}

func TestFormatFloatPanicsOnInt(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("FormatFloat(1, i32) did not panic")
		}
	}()
	FormatFloat(1, I32)
}

func TestFormat(t *testing.T) {
	seq := func(n int) []int64 {
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(i)
		}
		return v
	}
	bools := make([]int64, 101)
	for i := range bools {
		if i%3 == 0 {
			bools[i] = 1
		}
	}
	half := make([]float64, 101)
	for i := range half {
		half[i] = float64(i) * 0.5
	}
	// Expected strings as printed by mlir-opt-16 for arith.constant.
	for _, c := range []struct {
		name string
		t    *Tensor
		want string
	}{
		{"f32 vector", Must(FromFloat64s(F32, []int64{2}, []float64{1.5, 0.1})), "dense<[1.500000e+00, 1.000000e-01]> : tensor<2xf32>"},
		{"splat", Must(FromFloat64s(F32, []int64{2, 2}, []float64{1, 1, 1, 1})), "dense<1.000000e+00> : tensor<2x2xf32>"},
		{"zero splat", Must(New(F32, []int64{2, 3})), "dense<0.000000e+00> : tensor<2x3xf32>"},
		{"empty", Must(New(F32, []int64{0, 3})), "dense<> : tensor<0x3xf32>"},
		{"empty inner", Must(New(F32, []int64{2, 0})), "dense<> : tensor<2x0xf32>"},
		{"empty i1", Must(New(I1, []int64{0})), "dense<> : tensor<0xi1>"},
		{"0-d", Must(FromInt64s(I64, nil, []int64{5})), "dense<5> : tensor<i64>"},
		{"one element", Must(FromInt64s(I64, []int64{1}, []int64{5})), "dense<5> : tensor<1xi64>"},
		{"one element 2-d", Must(FromFloat64s(F32, []int64{1, 1}, []float64{5})), "dense<5.000000e+00> : tensor<1x1xf32>"},
		{"2x2 i64", Must(FromInt64s(I64, []int64{2, 2}, []int64{1, 2, 3, 4})), "dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>"},
		{"column", Must(FromFloat64s(F32, []int64{2, 1}, []float64{1, 2})), "dense<[[1.000000e+00], [2.000000e+00]]> : tensor<2x1xf32>"},
		{"signed zeros", Must(FromFloat64s(F32, []int64{2}, []float64{0, math.Copysign(0, -1)})), "dense<[0.000000e+00, -0.000000e+00]> : tensor<2xf32>"},
		{"nan splat", Must(FromFloat64s(F32, []int64{2}, []float64{math.NaN(), math.NaN()})), "dense<0x7FC00000> : tensor<2xf32>"},
		{"bools", Must(FromInt64s(I1, []int64{3}, []int64{1, 0, 1})), "dense<[true, false, true]> : tensor<3xi1>"},
		{"bool splat", Must(FromInt64s(I1, []int64{2}, []int64{1, 1})), "dense<true> : tensor<2xi1>"},
		{"f16", Must(FromFloat64s(F16, []int64{4}, []float64{0.1, 65504, math.NaN(), math.Inf(-1)})), "dense<[9.997550e-02, 6.550400e+04, 0x7E00, 0xFC00]> : tensor<4xf16>"},
		{"bf16", Must(FromFloat64s(BF16, []int64{4}, []float64{0.1, 3, math.NaN(), 1e-3})), "dense<[1.000980e-01, 3.000000e+00, 0x7FC0, 9.994500e-04]> : tensor<4xbf16>"},
		{"ui8", Must(FromInt64s(UI8, []int64{3}, []int64{255, 0, 7})), "dense<[255, 0, 7]> : tensor<3xui8>"},
		{"index", Must(FromInt64s(Index, []int64{2}, []int64{-1, 9})), "dense<[-1, 9]> : tensor<2xindex>"},
		{"i8", Must(FromInt64s(I8, []int64{2}, []int64{-128, 127})), "dense<[-128, 127]> : tensor<2xi8>"},
		{"ui64", Must(FromInt64s(UI64, []int64{2}, []int64{-1, 0})), "dense<[18446744073709551615, 0]> : tensor<2xui64>"},
		{"i64 extremes", Must(FromInt64s(I64, []int64{2}, []int64{math.MinInt64, math.MaxInt64})), "dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>"},
		{"f32 mixed", Must(FromFloat64s(F32, []int64{3}, []float64{float64(math.Float32frombits(0x3727C5AD)), 123456792, math.Inf(1)})), "dense<[1.00000007E-5, 0x4CEB79A3, 0x7F800000]> : tensor<3xf32>"},
		{"100 elements: list", Must(FromInt64s(I32, []int64{100}, seq(100))), "dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi32>"},
		{"101 i1: packed hex", Must(FromInt64s(I1, []int64{101}, bools)), `dense<"0x49922449922449922449922409"> : tensor<101xi1>`},
		{"101 splat: no hex", Must(New(I32, []int64{101})), "dense<0> : tensor<101xi32>"},
	} {
		if got := Format(c.t); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
	// Hex for >100 elements: raw little-endian bytes, uppercase.
	i32 := Format(Must(FromInt64s(I32, []int64{101}, seq(101))))
	if !strings.HasPrefix(i32, `dense<"0x000000000100000002000000030000000400000005000000060000000700000008000000090000000A0000000B000000`) ||
		!strings.HasSuffix(i32, `64000000"> : tensor<101xi32>`) {
		t.Errorf("101xi32 = %s", i32)
	}
	f32 := Format(Must(FromFloat64s(F32, []int64{101}, half)))
	if !strings.HasPrefix(f32, `dense<"0x000000000000003F0000803F0000C03F00000040000020400000404000006040`) {
		t.Errorf("101xf32 = %s", f32)
	}
	// Hex disabled.
	if got := FormatWith(Must(FromInt64s(I32, []int64{101}, seq(101))), FormatOptions{HexIfLarger: -1}); !strings.HasPrefix(got, "dense<[0, 1, 2,") {
		t.Errorf("HexIfLarger -1: %s", got[:40])
	}
	if got := FormatWith(Must(FromInt64s(I32, []int64{3}, seq(3))), FormatOptions{HexIfLarger: 2}); got != `dense<"0x000000000100000002000000"> : tensor<3xi32>` {
		t.Errorf("HexIfLarger 2: %s", got)
	}
	if got := Format(&Tensor{DType: F32, Shape: []int64{2}}); !strings.HasPrefix(got, "<invalid tensor:") {
		t.Errorf("invalid: %s", got)
	}
}
