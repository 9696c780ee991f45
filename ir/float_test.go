package ir

import (
	"math"
	"testing"
)

// Expected strings were printed by mlir-opt-16 (Debian LLVM 16.0.6) for the
// same constants.
func TestFormatFloatMatchesMLIR(t *testing.T) {
	tests := []struct {
		v    float64
		k    FloatKind
		want string
	}{
		{0.1, F32, "1.000000e-01"},
		{1.5, F32, "1.500000e+00"},
		{123456.789, F32, "123456.789"},
		{0.1, F64, "1.000000e-01"},
		{0.123456789, F64, "0.123456789"},
		{math.NaN(), F32, "0x7FC00000"},
		{0.1, F16, "9.997550e-02"},
		{0.1, BF16, "1.000980e-01"},
		{1e10, F32, "1.000000e+10"},
		{1e-10, F64, "1.000000e-10"},
		{math.Inf(1), F32, "0x7F800000"},
		{math.Copysign(0, -1), F32, "-0.000000e+00"},
		{3.14159265358979, F64, "3.14159265358979"},
		{100, F32, "1.000000e+02"},
		{1e20, F64, "1.000000e+20"},
		{123456789, F64, "0x419D6F3454000000"},
		{0.3, F64, "3.000000e-01"},
		{16777217, F64, "0x4170000010000000"},
		{2.5, F32, "2.500000e+00"},
		{0, F32, "0.000000e+00"},
	}
	for _, tt := range tests {
		if got := FormatFloat(tt.v, tt.k); got != tt.want {
			t.Errorf("FormatFloat(%v, %v) = %q, want %q", tt.v, FloatType{tt.k}, got, tt.want)
		}
	}
}

func TestSmallFloatRoundTrip(t *testing.T) {
	for _, k := range []FloatKind{F16, BF16} {
		for b := uint64(0); b < 1<<16; b++ {
			v := FloatFromBits(b, k)
			if math.IsNaN(v) {
				continue
			}
			if got := FloatBits(v, k); got != b {
				t.Fatalf("%v: bits %#x -> %v -> %#x", FloatType{k}, b, v, got)
			}
		}
	}
}
