package tensor

import (
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// FormatOptions controls Format. The zero value prints what mlir-opt-16
// prints by default.
type FormatOptions struct {
	// HexIfLarger mirrors mlir-opt's --mlir-print-elementsattrs-with-hex-if-larger:
	// a non-splat tensor with more elements than this prints as a hex
	// string, dense<"0x…">. 0 means MLIR's default, 100; a negative value
	// never uses hex.
	HexIfLarger int64
}

// Format prints t as an MLIR dense elements literal with its type, the way
// mlir-opt-16 prints an arith.constant value:
//
//	dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
//	dense<0.000000e+00> : tensor<2x3xf32>     (splat: every element identical, or one element)
//	dense<5> : tensor<i64>                    (0-d)
//	dense<> : tensor<0x3xf32>                 (no elements)
//	dense<"0x0000803F…"> : tensor<101xf32>    (more than 100 elements, not a splat)
//
// Integers print in decimal (unsigned types as unsigned), i1 as true/false,
// and floats with FormatFloat. A tensor that fails Validate prints as
// <invalid tensor: …>.
func Format(t *Tensor) string { return FormatWith(t, FormatOptions{}) }

// FormatWith is Format with options.
func FormatWith(t *Tensor, opts FormatOptions) string {
	if err := t.Validate(); err != nil {
		return "<invalid tensor: " + err.Error() + ">"
	}
	var b strings.Builder
	b.WriteString("dense<")
	n := t.NumElements()
	limit := opts.HexIfLarger
	if limit == 0 {
		limit = 100
	}
	switch {
	case n == 0:
	case isSplat(t):
		b.WriteString(t.ElementString(0))
	case limit >= 0 && n > limit:
		b.WriteString(`"0x`)
		b.WriteString(strings.ToUpper(hex.EncodeToString(hexData(t))))
		b.WriteByte('"')
	default:
		var pos int
		formatNested(&b, t, 0, &pos)
	}
	b.WriteString("> : ")
	b.WriteString(t.Type())
	return b.String()
}

// hexData returns MLIR's raw storage of t: the little-endian element
// bytes, except i1, which MLIR packs eight to a byte, least significant
// bit first.
func hexData(t *Tensor) []byte {
	if t.DType != I1 {
		return t.Data
	}
	out := make([]byte, (len(t.Data)+7)/8)
	for i, v := range t.Data {
		if v != 0 {
			out[i/8] |= 1 << (i % 8)
		}
	}
	return out
}

func isSplat(t *Tensor) bool {
	s := t.DType.Size()
	first := t.Data[:s]
	for i := s; i < len(t.Data); i += s {
		if string(t.Data[i:i+s]) != string(first) {
			return false
		}
	}
	return true
}

func formatNested(b *strings.Builder, t *Tensor, dim int, pos *int) {
	if dim == len(t.Shape) {
		b.WriteString(t.ElementString(*pos))
		*pos++
		return
	}
	b.WriteByte('[')
	for i := int64(0); i < t.Shape[dim]; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		formatNested(b, t, dim+1, pos)
	}
	b.WriteByte(']')
}

// ElementString formats element i the way MLIR prints it inside a dense
// literal: decimal integers, true/false for i1, FormatFloat for floats.
func (t *Tensor) ElementString(i int) string {
	switch {
	case t.DType == I1:
		if t.Data[i] != 0 {
			return "true"
		}
		return "false"
	case t.DType.IsUnsigned():
		return strconv.FormatUint(t.Bits(i), 10)
	case t.DType.IsFloat():
		return formatFloatBits(t.Bits(i), t.DType)
	}
	return strconv.FormatInt(t.Int64At(i), 10)
}

// floatFormat describes an IEEE-style binary format: mant fraction bits
// (without the implicit bit) and exp exponent bits.
type floatFormat struct{ mant, exp uint }

func formatOf(dt DType) floatFormat {
	switch dt {
	case F16:
		return floatFormat{10, 5}
	case BF16:
		return floatFormat{7, 8}
	case F32:
		return floatFormat{23, 8}
	case F64:
		return floatFormat{52, 11}
	}
	panic(fmt.Sprintf("tensor: %v is not a float type", dt))
}

// FloatBits rounds v to the float type dt (round to nearest even) and
// returns its bit pattern. It panics if dt is not a float type.
func FloatBits(v float64, dt DType) uint64 {
	if dt == F64 {
		return math.Float64bits(v)
	}
	f := formatOf(dt)
	return roundFloat64(v, f.mant, f.exp)
}

// FormatFloat prints v, rounded to the float type dt, exactly as MLIR
// (LLVM 16 AsmPrinter printFloatValue) prints a float attribute:
//
//  1. Finite values are first printed by APFloat::toString with precision 6,
//     no padding and no zero truncation: "2.500000e+00", "1.000000e-01".
//     That is printf's %.6e shape, but APFloat's digits: it keeps 6
//     significant digits, sometimes truncating instead of rounding, and
//     pads the 7th with 0 (f16 0.1 is "9.997550e-02", not "9.997559e-02").
//     If the string parses back to the identical value of type dt, it is used.
//  2. Otherwise APFloat's default toString is used ("0.100000001",
//     "1.00000016E-5") if it contains a '.'.
//  3. Otherwise (Inf, NaN, and values such as f32 16777216, whose default
//     form has no '.') the bit pattern prints in hex with a 0x prefix and
//     uppercase digits: 0x7FC00000 (f32 NaN), 0xFF800000 (f32 -Inf),
//     0x7E00 (f16 NaN), 0x4B800000.
//
// It panics if dt is not a float type.
func FormatFloat(v float64, dt DType) string { return formatFloatBits(FloatBits(v, dt), dt) }

// formatFloatBits is FormatFloat for a value given by its bit pattern.
func formatFloatBits(b uint64, dt DType) string {
	f := formatOf(dt)
	expAll := uint64(1)<<f.exp - 1
	e := b >> f.mant & expAll
	if e != expAll { // finite
		s := apToString(b, f, 6, 0, false)
		if p, ok := parseFloatBits(s, dt); ok && p == b {
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
func parseFloatBits(s string, dt DType) (uint64, bool) {
	switch dt {
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
	f := formatOf(dt)
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
