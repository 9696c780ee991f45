package ir

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// The 16-bit conversions under the names package tensor exports them
// (tensor's wrappers call these), and the formats' field widths.
const (
	f16MantBits, f16ExpBits   = 10, 5
	bf16MantBits, bf16ExpBits = 7, 8
)

func Float64ToF16(f float64) uint16  { return uint16(FloatBits(f, F16)) }
func Float32ToF16(f float32) uint16  { return Float64ToF16(float64(f)) }
func Float64ToBF16(f float64) uint16 { return uint16(FloatBits(f, BF16)) }
func Float32ToBF16(f float32) uint16 { return Float64ToBF16(float64(f)) }
func F16ToFloat64(h uint16) float64  { return FloatFromBits(uint64(h), F16) }
func F16ToFloat32(h uint16) float32  { return float32(F16ToFloat64(h)) }
func BF16ToFloat64(h uint16) float64 { return FloatFromBits(uint64(h), BF16) }
func BF16ToFloat32(h uint16) float32 { return float32(BF16ToFloat64(h)) }

// refRound rounds f to (mant, exp) through exact rational arithmetic; the
// reference for roundFloat64.
func refRound(f float64, mant, exp uint) uint64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return roundFloat64(f, mant, exp) // specials are checked separately
	}
	r := new(big.Rat)
	r.SetFloat64(f)
	return roundRat(r, math.Signbit(f), mant, exp)
}

func TestF16Known(t *testing.T) {
	for _, c := range []struct {
		f    float64
		bits uint16
	}{
		{0, 0x0000},
		{math.Copysign(0, -1), 0x8000},
		{1, 0x3C00},
		{-2, 0xC000},
		{0.5, 0x3800},
		{65504, 0x7BFF},                  // largest finite
		{65519.99, 0x7BFF},               // just below the rounding boundary
		{65520, 0x7C00},                  // tie between 65504 and 65536: even is Inf
		{1e6, 0x7C00},                    // overflow
		{-1e6, 0xFC00},                   // overflow
		{math.Inf(1), 0x7C00},            // Inf
		{math.Inf(-1), 0xFC00},           // -Inf
		{math.Ldexp(1, -14), 0x0400},     // smallest normal
		{math.Ldexp(1, -24), 0x0001},     // smallest subnormal
		{math.Ldexp(1, -25), 0x0000},     // tie to even: 0
		{math.Ldexp(3, -26), 0x0001},     // above the tie
		{math.Ldexp(3, -25), 0x0002},     // 1.5 ulps: tie to even 2
		{math.Ldexp(1023, -24), 0x03FF},  // largest subnormal
		{math.Ldexp(2047, -25), 0x0400},  // rounds up into the normals
		{0.1, 0x2E66},                    // 0.0999755859375
		{1.0 / 3, 0x3555},                // 0.333251953125
		{1 + math.Ldexp(1, -11), 0x3C00}, // tie: even (down)
		{1 + math.Ldexp(3, -11), 0x3C02}, // tie: even (up)
		{2049, 0x6800},                   // tie between 2048 and 2050: 2048
		{2051, 0x6802},                   // tie between 2050 and 2052: 2052
		{1e-10, 0x0000},                  // underflow
		{5e-324, 0x0000},                 // float64 subnormal
	} {
		if got := Float64ToF16(c.f); got != c.bits {
			t.Errorf("Float64ToF16(%v) = %#04x, want %#04x", c.f, got, c.bits)
		}
	}
	if got := F16ToFloat32(0x0001); got != float32(math.Ldexp(1, -24)) {
		t.Errorf("F16ToFloat32(0x0001) = %v", got)
	}
	if got := F16ToFloat64(0x7BFF); got != 65504 {
		t.Errorf("F16ToFloat64(0x7BFF) = %v", got)
	}
	if got := F16ToFloat64(0xFC00); !math.IsInf(got, -1) {
		t.Errorf("F16ToFloat64(0xFC00) = %v", got)
	}
}

func TestF16NaN(t *testing.T) {
	// Quiet NaN, signalling NaN with payload, negative NaN.
	for _, c := range []struct {
		in   uint32
		want uint16
	}{
		{0x7FC00000, 0x7E00},
		{0xFFC00000, 0xFE00},
		{0x7FA00000, 0x7F00}, // signalling with top payload bit: quieted, payload kept
		{0x7F800001, 0x7E00}, // payload lost: still a quiet NaN, never Inf
	} {
		if got := Float32ToF16(math.Float32frombits(c.in)); got != c.want {
			t.Errorf("Float32ToF16(%#08x) = %#04x, want %#04x", c.in, got, c.want)
		}
	}
	for h := 0x7C01; h <= 0x7FFF; h++ {
		f := F16ToFloat32(uint16(h))
		if !math.IsNaN(float64(f)) {
			t.Fatalf("F16ToFloat32(%#04x) = %v, want NaN", h, f)
		}
		if h&0x200 != 0 && Float32ToF16(f) != uint16(h) {
			t.Fatalf("quiet NaN %#04x does not round-trip: %#04x", h, Float32ToF16(f))
		}
	}
	if got := Float64ToBF16(math.NaN()); got&0x7F80 != 0x7F80 || got&0x7F == 0 {
		t.Errorf("Float64ToBF16(NaN) = %#04x, not a NaN", got)
	}
}

// TestHalfRoundTrip: every finite 16-bit value widens exactly and narrows
// back to itself.
func TestHalfRoundTrip(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		if h&0x7C00 != 0x7C00 {
			if got := Float32ToF16(F16ToFloat32(uint16(h))); got != uint16(h) {
				t.Fatalf("f16 %#04x round-trips to %#04x", h, got)
			}
			if got := Float64ToF16(F16ToFloat64(uint16(h))); got != uint16(h) {
				t.Fatalf("f16 %#04x round-trips through float64 to %#04x", h, got)
			}
		}
		if h&0x7F80 != 0x7F80 {
			if got := Float32ToBF16(BF16ToFloat32(uint16(h))); got != uint16(h) {
				t.Fatalf("bf16 %#04x round-trips to %#04x", h, got)
			}
		}
	}
}

// TestHalfMidpoints checks every midpoint between adjacent finite 16-bit
// values, and one float32 ulp either side, against exact arithmetic.
func TestHalfMidpoints(t *testing.T) {
	for _, f := range []struct {
		name      string
		mant, exp uint
		wide      func(uint16) float64
	}{
		{"f16", f16MantBits, f16ExpBits, F16ToFloat64},
		{"bf16", bf16MantBits, bf16ExpBits, BF16ToFloat64},
	} {
		maxFinite := uint16((1<<f.exp-1)<<f.mant - 1)
		for h := uint16(0); h < maxFinite; h++ {
			lo, hi := f.wide(h), f.wide(h+1)
			mid := (lo + hi) / 2 // exact in float64
			m32 := float32(mid)
			for _, v := range []float64{mid, -mid, float64(m32), float64(math.Nextafter32(m32, 0)), float64(math.Nextafter32(m32, 1e30))} {
				want := refRound(v, f.mant, f.exp)
				got := roundFloat64(v, f.mant, f.exp)
				if got != want {
					t.Fatalf("%s: round(%v) = %#04x, want %#04x", f.name, v, got, want)
				}
			}
		}
	}
}

func TestRoundFloat64Random(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 200000; i++ {
		var v float64
		switch i % 3 {
		case 0:
			v = math.Float64frombits(rng.Uint64())
		case 1:
			v = float64(math.Float32frombits(rng.Uint32()))
		default:
			v = math.Ldexp(rng.Float64(), rng.Intn(60)-40)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		for _, f := range []floatFormat{{10, 5}, {7, 8}, {23, 8}} {
			if got, want := roundFloat64(v, f.mant, f.exp), refRound(v, f.mant, f.exp); got != want {
				t.Fatalf("round(%v) to %v = %#x, want %#x", v, f, got, want)
			}
		}
		// float32 via the generic path agrees with Go's conversion.
		if got, want := roundFloat64(v, 23, 8), uint64(math.Float32bits(float32(v))); got != want {
			t.Fatalf("round(%v) to f32 = %#x, Go says %#x", v, got, want)
		}
	}
}

func TestBF16Known(t *testing.T) {
	for _, c := range []struct {
		f    float32
		bits uint16
	}{
		{1, 0x3F80},
		{3, 0x4040},
		{0.1, 0x3DCD},
		{1e-3, 0x3A83},
		{math.Float32frombits(0x3F808000), 0x3F80}, // tie: even (down)
		{math.Float32frombits(0x3F818000), 0x3F82}, // tie: even (up)
		{math.Float32frombits(0x7F7FFFFF), 0x7F80}, // rounds to Inf
		{math.Float32frombits(0x00000001), 0x0000}, // tiny subnormal
		{math.Float32frombits(0x00010000), 0x0001}, // smallest bf16 subnormal
	} {
		if got := Float32ToBF16(c.f); got != c.bits {
			t.Errorf("Float32ToBF16(%v) = %#04x, want %#04x", c.f, got, c.bits)
		}
	}
}
