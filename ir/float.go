package ir

// Float values of the builtin float types, and their textual form.
//
// MLIR prints float attributes with LLVM's APFloat::toString. apToString
// ports that algorithm (llvm/llvm-project:llvm/lib/Support/APFloat.cpp,
// toString and its AdjustToPrecision helpers) so that our output matches
// mlir-opt byte for byte, quirks included: the first precision cut
// truncates, the second rounds half up on the first dropped digit. Parsing
// a decimal back at the target precision (parseFloatBits) rounds exactly,
// as APFloat's convertFromString does, without double rounding through
// float64. Narrowing conversions (roundFloat64) round to nearest even,
// produce subnormals, overflow to infinity and keep NaN payloads quiet.
// Package tensor prints its float elements through the same functions.

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// floatFormat describes an IEEE-style binary format: mant fraction bits
// (without the implicit bit) and exp exponent bits.
type floatFormat struct{ mant, exp uint }

func formatOf(k FloatKind) floatFormat {
	switch k {
	case F16:
		return floatFormat{10, 5}
	case BF16:
		return floatFormat{7, 8}
	case F32:
		return floatFormat{23, 8}
	case F64:
		return floatFormat{52, 11}
	}
	panic(fmt.Sprintf("ir: unknown float kind %d", k))
}

// FloatBits returns the IEEE bit pattern of v rounded to kind k (round to
// nearest even, with subnormals, infinities and quiet NaNs).
func FloatBits(v float64, k FloatKind) uint64 {
	if k == F64 {
		return math.Float64bits(v)
	}
	f := formatOf(k)
	return roundFloat64(v, f.mant, f.exp)
}

// FloatFromBits converts an IEEE bit pattern of kind k to float64 (exactly).
func FloatFromBits(b uint64, k FloatKind) float64 {
	switch k {
	case F64:
		return math.Float64frombits(b)
	case F32:
		return float64(math.Float32frombits(uint32(b)))
	}
	f := formatOf(k)
	return halfToFloat64(b, f.mant, f.exp)
}

// RoundFloat rounds v to the precision and range of kind k.
func RoundFloat(v float64, k FloatKind) float64 { return FloatFromBits(FloatBits(v, k), k) }

// FormatFloat prints v, a value of float kind k, exactly as MLIR's
// AsmPrinter prints a float attribute or dense element: APFloat's
// 6-significant-digit exponent form ("2.500000e+00") when that reads back
// bit-identically, otherwise APFloat's natural form ("0.123456789") when it
// contains a '.', otherwise the bit pattern in hex with uppercase digits
// ("0x7FC00000"; always for NaN and infinities).
func FormatFloat(v float64, k FloatKind) string { return FormatFloatBits(FloatBits(v, k), k) }

// FormatFloatBits is FormatFloat for a value given by its bit pattern.
func FormatFloatBits(b uint64, k FloatKind) string {
	f := formatOf(k)
	expAll := uint64(1)<<f.exp - 1
	e := b >> f.mant & expAll
	if e != expAll { // finite
		s := apToString(b, f, 6, 0, false)
		if p, ok := parseFloatBits(s, k); ok && p == b {
			return s
		}
		s = apToString(b, f, 0, 3, true)
		if strings.Contains(s, ".") {
			return s
		}
	}
	return "0x" + strings.ToUpper(strconv.FormatUint(b, 16))
}

// apToString ports llvm::detail::IEEEFloat::toString (LLVM 16) for finite
// values: the value is significand*2^exp, converted to decimal exactly,
// then cut to formatPrecision digits (0: enough to round-trip).
func apToString(b uint64, f floatFormat, formatPrecision, formatMaxPadding int, truncateZero bool) string {
	var str []byte
	neg := b>>(f.mant+f.exp)&1 == 1
	e := int(b >> f.mant & (1<<f.exp - 1))
	m := b & (1<<f.mant - 1)
	if neg {
		str = append(str, '-')
	}
	if e == 0 && m == 0 {
		if formatMaxPadding == 0 {
			if truncateZero {
				str = append(str, "0.0E+0"...)
			} else {
				str = append(str, "0.0"...)
				for i := 1; i < formatPrecision; i++ {
					str = append(str, '0')
				}
				str = append(str, "e+00"...)
			}
		} else {
			str = append(str, '0')
		}
		return string(str)
	}
	precision := int(f.mant) + 1 // semantics->precision
	bias := 1<<(f.exp-1) - 1
	var exp int
	sig := m
	if e == 0 {
		exp = 1 - bias - int(f.mant)
	} else {
		sig |= 1 << f.mant
		exp = e - bias - int(f.mant)
	}
	if formatPrecision == 0 {
		formatPrecision = 2 + precision*59/196
	}
	tz := bits.TrailingZeros64(sig)
	exp += tz
	sig >>= uint(tz)

	significand := new(big.Int).SetUint64(sig)
	if exp > 0 {
		significand.Lsh(significand, uint(exp))
		exp = 0
	} else if exp < 0 {
		five := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil)
		significand.Mul(significand, five)
	}

	// AdjustToPrecision(APInt&): drop whole decimal digits by truncating
	// division while more bits remain than the precision needs.
	bitsHave := significand.BitLen()
	bitsRequired := (formatPrecision*196 + 58) / 59
	if bitsHave > bitsRequired {
		if tens := (bitsHave - bitsRequired) * 59 / 196; tens > 0 {
			exp += tens
			div := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil)
			significand.Quo(significand, div)
		}
	}

	// Digits, least significant first, dropping trailing zeros.
	digits := []byte(significand.String())
	var buf []byte
	inTrail := true
	for i := len(digits) - 1; i >= 0; i-- {
		if inTrail && digits[i] == '0' {
			exp++
			continue
		}
		inTrail = false
		buf = append(buf, digits[i])
	}

	// AdjustToPrecision(SmallVector&): round half up to formatPrecision digits.
	if n := len(buf); n > formatPrecision {
		first := n - formatPrecision
		if buf[first-1] < '5' {
			for first < n && buf[first] == '0' {
				first++
			}
			exp += first
			buf = buf[first:]
		} else {
			for i := first; i != n; i++ {
				if buf[i] != '9' {
					buf[i]++
					break
				}
				first++
			}
			if first == n {
				exp += first
				buf = []byte{'1'}
			} else {
				exp += first
				buf = buf[first:]
			}
		}
	}
	nd := len(buf)

	scientific := true
	if formatMaxPadding != 0 {
		if exp >= 0 {
			scientific = exp > formatMaxPadding || nd+exp > formatPrecision
		} else if msd := exp + nd - 1; msd >= 0 {
			scientific = false
		} else {
			scientific = -msd > formatMaxPadding
		}
	}

	if scientific {
		exp += nd - 1
		str = append(str, buf[nd-1], '.')
		if nd == 1 && truncateZero {
			str = append(str, '0')
		} else {
			for i := 1; i != nd; i++ {
				str = append(str, buf[nd-1-i])
			}
		}
		if !truncateZero && formatPrecision > nd-1 {
			for i := 0; i < formatPrecision-nd+1; i++ {
				str = append(str, '0')
			}
		}
		if truncateZero {
			str = append(str, 'E')
		} else {
			str = append(str, 'e')
		}
		if exp >= 0 {
			str = append(str, '+')
		} else {
			str = append(str, '-')
			exp = -exp
		}
		es := strconv.Itoa(exp)
		if !truncateZero && len(es) < 2 {
			str = append(str, '0')
		}
		return string(append(str, es...))
	}

	if exp >= 0 {
		for i := 0; i != nd; i++ {
			str = append(str, buf[nd-1-i])
		}
		for i := 0; i != exp; i++ {
			str = append(str, '0')
		}
		return string(str)
	}

	whole := exp + nd
	i := 0
	if whole > 0 {
		for ; i != whole; i++ {
			str = append(str, buf[nd-1-i])
		}
		str = append(str, '.')
	} else {
		str = append(str, '0', '.')
		for z := 0; z != -whole; z++ {
			str = append(str, '0')
		}
	}
	for ; i != nd; i++ {
		str = append(str, buf[nd-1-i])
	}
	return string(str)
}

// parseFloatBits parses a decimal float literal and rounds it correctly
// (nearest, ties to even) to the float type dt, as APFloat's string
// constructor does.
func parseFloatBits(s string, k FloatKind) (uint64, bool) {
	switch k {
	case F32:
		v, err := strconv.ParseFloat(s, 32)
		if err != nil {
			return 0, false
		}
		return uint64(math.Float32bits(float32(v))), true
	case F64:
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, false
		}
		return math.Float64bits(v), true
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	f := formatOf(k)
	return roundRat(r, strings.HasPrefix(s, "-"), f.mant, f.exp), true
}

// roundRat rounds the exact rational r to the binary format (mant, exp),
// round to nearest even, and returns its bits. neg gives the sign of a zero
// result.
func roundRat(r *big.Rat, neg bool, mant, exp uint) uint64 {
	var sign uint64
	if r.Sign() < 0 || (r.Sign() == 0 && neg) {
		sign = 1 << (mant + exp)
	}
	if r.Sign() == 0 {
		return sign
	}
	p := new(big.Int).Abs(r.Num())
	q := new(big.Int).Set(r.Denom())
	// e = floor(log2(p/q))
	e := p.BitLen() - q.BitLen()
	if cmpScaled(p, q, e) < 0 {
		e--
	}
	bias := 1<<(exp-1) - 1
	te := e + bias
	var k int // n = round(p/q * 2^k)
	if te < 1 {
		k = bias - 1 + int(mant)
		te = 0
	} else {
		k = int(mant) - e
	}
	num := new(big.Int).Set(p)
	den := new(big.Int).Set(q)
	if k >= 0 {
		num.Lsh(num, uint(k))
	} else {
		den.Lsh(den, uint(-k))
	}
	n, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	rem.Lsh(rem, 1)
	if c := rem.Cmp(den); c > 0 || (c == 0 && n.Bit(0) == 1) {
		n.Add(n, big.NewInt(1))
	}
	expAll := uint64(1)<<exp - 1
	if te == 0 {
		return sign | n.Uint64() // a carry into bit mant encodes the smallest normal
	}
	if n.BitLen() > int(mant)+1 {
		n.Rsh(n, 1)
		te++
	}
	if uint64(te) >= expAll {
		return sign | expAll<<mant
	}
	return sign | uint64(te)<<mant | n.Uint64()&(1<<mant-1)
}

// cmpScaled compares p with q*2^e.
func cmpScaled(p, q *big.Int, e int) int {
	if e >= 0 {
		return p.Cmp(new(big.Int).Lsh(q, uint(e)))
	}
	return new(big.Int).Lsh(p, uint(-e)).Cmp(q)
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
