package ir

// MLIR prints float attributes with LLVM's APFloat::toString. This file ports
// that algorithm (llvm/llvm-project:llvm/lib/Support/APFloat.cpp, toString and
// its AdjustToPrecision helpers) so that our output matches mlir-opt byte for
// byte, including its quirks: the first precision cut truncates, the second
// rounds half up on the first dropped digit.

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// floatSem describes an IEEE format: precision includes the implicit bit.
type floatSem struct{ precision, expBits, width int }

func semOf(k FloatKind) floatSem {
	switch k {
	case F16:
		return floatSem{11, 5, 16}
	case BF16:
		return floatSem{8, 8, 16}
	case F32:
		return floatSem{24, 8, 32}
	}
	return floatSem{53, 11, 64}
}

// FloatBits returns the IEEE bit pattern of v rounded to kind k
// (round to nearest even, with subnormals, infinities and NaN).
func FloatBits(v float64, k FloatKind) uint64 {
	switch k {
	case F64:
		return math.Float64bits(v)
	case F32:
		return uint64(math.Float32bits(float32(v)))
	case F16:
		return uint64(roundToSmall(v, 5, 10))
	}
	return uint64(roundToSmall(v, 8, 7))
}

// FloatFromBits converts an IEEE bit pattern of kind k to float64 (exactly).
func FloatFromBits(bits uint64, k FloatKind) float64 {
	switch k {
	case F64:
		return math.Float64frombits(bits)
	case F32:
		return float64(math.Float32frombits(uint32(bits)))
	case F16:
		return smallToFloat(uint16(bits), 5, 10)
	}
	return smallToFloat(uint16(bits), 8, 7)
}

// RoundFloat rounds v to the precision and range of kind k.
func RoundFloat(v float64, k FloatKind) float64 { return FloatFromBits(FloatBits(v, k), k) }

func smallToFloat(h uint16, expBits, manBits uint) float64 {
	sign := h >> 15
	exp := int(h>>manBits) & (1<<expBits - 1)
	man := uint64(h) & (1<<manBits - 1)
	bias := 1<<(expBits-1) - 1
	var f float64
	switch {
	case exp == 0:
		f = math.Ldexp(float64(man), 1-bias-int(manBits))
	case exp == 1<<expBits-1:
		if man != 0 {
			f = math.NaN()
			if sign != 0 {
				return math.Float64frombits(math.Float64bits(f) | 1<<63)
			}
			return f
		}
		f = math.Inf(1)
	default:
		f = math.Ldexp(float64(man|1<<manBits), exp-bias-int(manBits))
	}
	if sign != 0 {
		f = -f
	}
	return f
}

func roundToSmall(v float64, expBits, manBits uint) uint16 {
	var sign uint16
	if math.Signbit(v) {
		sign = 1 << 15
		v = -v
	}
	maxExp := uint16(1<<expBits - 1)
	if math.IsNaN(v) {
		return sign | maxExp<<manBits | 1<<(manBits-1)
	}
	if math.IsInf(v, 0) {
		return sign | maxExp<<manBits
	}
	if v == 0 {
		return sign
	}
	bias := 1<<(expBits-1) - 1
	frac, e := math.Frexp(v) // v = frac * 2^e, frac in [0.5, 1)
	exp := e - 1 + bias      // biased exponent for 1.xxx form
	var mant float64
	if exp <= 0 { // subnormal: value / 2^(1-bias-manBits)
		mant = math.Ldexp(v, -(1 - bias - int(manBits)))
		m := uint64(math.RoundToEven(mant))
		if m >= 1<<manBits { // rounded up into the normal range
			return sign | 1<<manBits | uint16(m-(1<<manBits))
		}
		return sign | uint16(m)
	}
	mant = math.Ldexp(frac*2-1, int(manBits))
	m := uint64(math.RoundToEven(mant))
	if m == 1<<manBits {
		m = 0
		exp++
	}
	if exp >= int(maxExp) {
		return sign | maxExp<<manBits
	}
	return sign | uint16(exp)<<manBits | uint16(m)
}

// FormatFloat prints v, a value of float kind k, exactly as MLIR's AsmPrinter
// prints a float attribute or dense element: `%.6e`-style when that reads back
// bit-identically, otherwise APFloat's shortest natural form when it contains
// a '.', otherwise the bit pattern in hex (always for NaN and infinities).
func FormatFloat(v float64, k FloatKind) string {
	bits := FloatBits(v, k)
	v = FloatFromBits(bits, k)
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		s := apToString(v, k, 6, 0, false)
		if f, err := strconv.ParseFloat(s, 64); err == nil && FloatBits(parseRound(s, f, k), k) == bits {
			return s
		}
		s = apToString(v, k, 0, 3, true)
		if strings.Contains(s, ".") {
			return s
		}
	}
	return "0x" + strings.ToUpper(strconv.FormatUint(bits, 16))
}

// parseRound returns the decimal s rounded to kind k. f is s parsed as float64;
// for f32 the string is reparsed at 32 bits to avoid double rounding.
func parseRound(s string, f float64, k FloatKind) float64 {
	if k == F32 {
		if g, err := strconv.ParseFloat(s, 32); err == nil {
			return g
		}
	}
	return f
}

// apToString ports IEEEFloat::toString for finite values.
func apToString(v float64, k FloatKind, formatPrecision, formatMaxPadding int, truncateZero bool) string {
	var out strings.Builder
	if math.Signbit(v) {
		out.WriteByte('-')
		v = -v
	}
	if v == 0 {
		if formatMaxPadding == 0 {
			if truncateZero {
				out.WriteString("0.0E+0")
			} else {
				out.WriteString("0.0")
				if formatPrecision > 1 {
					out.WriteString(strings.Repeat("0", formatPrecision-1))
				}
				out.WriteString("e+00")
			}
		} else {
			out.WriteByte('0')
		}
		return out.String()
	}
	sem := semOf(k)
	// v = significand * 2^exp with an integer significand.
	frac, e := math.Frexp(v)
	sig := new(big.Int)
	mant := uint64(math.Ldexp(frac, 53)) // exact: v is a float64
	sig.SetUint64(mant)
	exp := e - 53
	if formatPrecision == 0 {
		formatPrecision = 2 + sem.precision*59/196
	}
	tz := sig.TrailingZeroBits()
	sig.Rsh(sig, tz)
	exp += int(tz)
	if exp > 0 {
		sig.Lsh(sig, uint(exp))
		exp = 0
	} else if exp < 0 {
		five := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil)
		sig.Mul(sig, five)
	}
	// AdjustToPrecision on the significand: truncating division by 10^n.
	bits := sig.BitLen()
	bitsRequired := (formatPrecision*196 + 58) / 59
	if bits > bitsRequired {
		if tens := (bits - bitsRequired) * 59 / 196; tens > 0 {
			exp += tens
			sig.Quo(sig, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	digits := sig.String() // most significant first
	// Drop trailing zeros into the exponent.
	n := len(digits)
	for n > 1 && digits[n-1] == '0' {
		n--
		exp++
	}
	digits = digits[:n]
	// AdjustToPrecision on the digits: round half up on the first dropped digit.
	if len(digits) > formatPrecision {
		drop := len(digits) - formatPrecision
		keep := []byte(digits[:formatPrecision])
		exp += drop
		if digits[formatPrecision] >= '5' {
			i := len(keep) - 1
			for i >= 0 && keep[i] == '9' {
				i--
			}
			if i < 0 {
				keep = []byte{'1'}
				exp += formatPrecision
			} else {
				keep[i]++
				exp += len(keep) - 1 - i
				keep = keep[:i+1]
			}
		} else {
			j := len(keep)
			for j > 1 && keep[j-1] == '0' {
				j--
				exp++
			}
			keep = keep[:j]
		}
		digits = string(keep)
	}
	out.WriteString(apFormat(digits, exp, formatPrecision, formatMaxPadding, truncateZero))
	return out.String()
}

// apFormat ports the layout half of toString: digits (most significant
// first) times 10^exp.
func apFormat(digits string, exp, formatPrecision, formatMaxPadding int, truncateZero bool) string {
	nd := len(digits)
	var sci bool
	if formatMaxPadding == 0 {
		sci = true
	} else if exp >= 0 {
		sci = exp > formatMaxPadding || nd+exp > formatPrecision
	} else {
		msd := exp + nd - 1
		if msd >= 0 {
			sci = false
		} else {
			sci = -msd > formatMaxPadding
		}
	}
	var b strings.Builder
	if sci {
		exp += nd - 1
		b.WriteByte(digits[0])
		b.WriteByte('.')
		if nd == 1 && truncateZero {
			b.WriteByte('0')
		} else {
			b.WriteString(digits[1:])
		}
		if !truncateZero && formatPrecision > nd-1 {
			b.WriteString(strings.Repeat("0", formatPrecision-nd+1))
		}
		if truncateZero {
			b.WriteByte('E')
		} else {
			b.WriteByte('e')
		}
		if exp >= 0 {
			b.WriteByte('+')
		} else {
			b.WriteByte('-')
			exp = -exp
		}
		es := strconv.Itoa(exp)
		if !truncateZero && len(es) < 2 {
			b.WriteByte('0')
		}
		b.WriteString(es)
		return b.String()
	}
	if exp >= 0 {
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", exp))
		return b.String()
	}
	whole := exp + nd
	if whole > 0 {
		b.WriteString(digits[:whole])
		b.WriteByte('.')
		b.WriteString(digits[whole:])
	} else {
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -whole))
		b.WriteString(digits)
	}
	return b.String()
}
