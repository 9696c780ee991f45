package tensor

import (
	"math"

	"github.com/tcp-project/tcp/ir"
)

// Conversions between float32/float64 and the 16-bit formats.
//
// Narrowing conversions round to nearest, ties to even, directly from the
// source value (no double rounding through float32). Overflow gives ±Inf,
// values below half the smallest subnormal give ±0, subnormals are produced
// and read exactly. A NaN keeps its sign and the top bits of its payload and
// is made quiet, the way hardware conversions do; a payload that would
// vanish still leaves a quiet NaN.

// F16ToFloat32 converts IEEE binary16 bits to a float32 (exact).
func F16ToFloat32(h uint16) float32 {
	return float32(ir.FloatFromBits(uint64(h), ir.F16))
}

// F16ToFloat64 converts IEEE binary16 bits to a float64 (exact).
func F16ToFloat64(h uint16) float64 {
	return ir.FloatFromBits(uint64(h), ir.F16)
}

// BF16ToFloat32 converts bfloat16 bits to a float32 (exact).
func BF16ToFloat32(b uint16) float32 { return math.Float32frombits(uint32(b) << 16) }

// BF16ToFloat64 converts bfloat16 bits to a float64 (exact).
func BF16ToFloat64(b uint16) float64 { return float64(BF16ToFloat32(b)) }

// Float32ToF16 rounds a float32 to IEEE binary16 bits.
func Float32ToF16(f float32) uint16 { return Float64ToF16(float64(f)) }

// Float64ToF16 rounds a float64 to IEEE binary16 bits.
func Float64ToF16(f float64) uint16 {
	return uint16(ir.FloatBits(f, ir.F16))
}

// Float32ToBF16 rounds a float32 to bfloat16 bits.
func Float32ToBF16(f float32) uint16 { return Float64ToBF16(float64(f)) }

// Float64ToBF16 rounds a float64 to bfloat16 bits.
func Float64ToBF16(f float64) uint16 {
	return uint16(ir.FloatBits(f, ir.BF16))
}
