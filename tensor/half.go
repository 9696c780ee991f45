package tensor

import "math"

// Conversions between float32/float64 and the 16-bit formats.
//
// Narrowing conversions round to nearest, ties to even, directly from the
// source value (no double rounding through float32). Overflow gives ±Inf,
// values below half the smallest subnormal give ±0, subnormals are produced
// and read exactly. A NaN keeps its sign and the top bits of its payload and
// is made quiet, the way hardware conversions do; a payload that would
// vanish still leaves a quiet NaN.

const (
	f16MantBits  = 10
	f16ExpBits   = 5
	bf16MantBits = 7
	bf16ExpBits  = 8
)

// F16ToFloat32 converts IEEE binary16 bits to a float32 (exact).
func F16ToFloat32(h uint16) float32 {
	return float32(halfToFloat64(uint64(h), f16MantBits, f16ExpBits))
}

// F16ToFloat64 converts IEEE binary16 bits to a float64 (exact).
func F16ToFloat64(h uint16) float64 {
	return halfToFloat64(uint64(h), f16MantBits, f16ExpBits)
}

// BF16ToFloat32 converts bfloat16 bits to a float32 (exact).
func BF16ToFloat32(b uint16) float32 { return math.Float32frombits(uint32(b) << 16) }

// BF16ToFloat64 converts bfloat16 bits to a float64 (exact).
func BF16ToFloat64(b uint16) float64 { return float64(BF16ToFloat32(b)) }

// Float32ToF16 rounds a float32 to IEEE binary16 bits.
func Float32ToF16(f float32) uint16 { return Float64ToF16(float64(f)) }

// Float64ToF16 rounds a float64 to IEEE binary16 bits.
func Float64ToF16(f float64) uint16 {
	return uint16(roundFloat64(f, f16MantBits, f16ExpBits))
}

// Float32ToBF16 rounds a float32 to bfloat16 bits.
func Float32ToBF16(f float32) uint16 { return Float64ToBF16(float64(f)) }

// Float64ToBF16 rounds a float64 to bfloat16 bits.
func Float64ToBF16(f float64) uint16 {
	return uint16(roundFloat64(f, bf16MantBits, bf16ExpBits))
}

// halfToFloat64 decodes an IEEE-style binary format with mant fraction bits
// and exp exponent bits (at most 11 and 52) into a float64, exactly.
func halfToFloat64(bits uint64, mant, exp uint) float64 {
	sign := bits >> (mant + exp) & 1
	e := int(bits>>mant) & (1<<exp - 1)
	m := bits & (1<<mant - 1)
	var out uint64
	switch {
	case e == 1<<exp-1: // Inf or NaN
		out = 0x7FF<<52 | m<<(52-mant)
	case e == 0 && m == 0:
		out = 0
	case e == 0: // subnormal: m * 2^(1-bias-mant)
		bias := 1<<(exp-1) - 1
		v := math.Ldexp(float64(m), 1-bias-int(mant))
		out = math.Float64bits(v)
	default:
		bias := 1<<(exp-1) - 1
		out = uint64(e-bias+1023)<<52 | m<<(52-mant)
	}
	return math.Float64frombits(sign<<63 | out)
}

// roundFloat64 rounds f to a binary format with mant fraction bits and exp
// exponent bits (mant < 52, exp < 11), round to nearest even, and returns
// its bit pattern.
func roundFloat64(f float64, mant, exp uint) uint64 {
	b := math.Float64bits(f)
	sign := b >> 63 << (mant + exp)
	e := int(b>>52) & 0x7FF
	m := b & (1<<52 - 1)
	expMask := uint64(1<<exp-1) << mant
	if e == 0x7FF {
		if m == 0 {
			return sign | expMask // Inf
		}
		quiet := uint64(1) << (mant - 1)
		return sign | expMask | quiet | m>>(52-mant)
	}
	if e == 0 {
		// Zero, or a float64 subnormal: far below the smallest subnormal
		// of any narrower format, so it rounds to zero.
		return sign
	}
	bias := 1<<(exp-1) - 1
	te := e - 1023 + bias // biased target exponent
	sig := m | 1<<52      // value = sig * 2^(e-1075)
	shift := 52 - mant
	if te < 1 { // subnormal result: fewer significant bits
		shift += uint(1 - te)
		te = 0
	}
	if shift >= 54 { // below half the smallest subnormal
		return sign
	}
	r := sig >> shift
	rem := sig & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || (rem == half && r&1 == 1) {
		r++
	}
	if te == 0 {
		// r may have carried into the implicit bit: then it encodes the
		// smallest normal (exponent field 1), which is exactly right.
		return sign | r
	}
	if r == 1<<(mant+1) {
		r >>= 1
		te++
	}
	if te >= 1<<exp-1 {
		return sign | expMask // overflow to Inf
	}
	return sign | uint64(te)<<mant | r&(1<<mant-1)
}
