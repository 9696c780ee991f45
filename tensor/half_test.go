package tensor

import "testing"

// TestHalfRoundTrip: every finite 16-bit value widens exactly and narrows
// back to itself through the exported conversions (the rounding itself is
// tested against exact arithmetic in package ir, which implements it).
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
