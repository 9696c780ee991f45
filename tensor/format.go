package tensor

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
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
	return ir.PackBits(t.Data) // i1 elements are stored 8 to a byte
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

// FloatBits rounds v to the float type dt (round to nearest even) and
// returns its bit pattern. It panics if dt is not a float type.
func FloatBits(v float64, dt DType) uint64 { return ir.FloatBits(v, floatKind(dt)) }

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
func formatFloatBits(b uint64, dt DType) string { return ir.FormatFloatBits(b, floatKind(dt)) }

// floatKind maps a float DType to the IR's float kind; it panics on other
// types.
func floatKind(dt DType) ir.FloatKind {
	switch dt {
	case F16:
		return ir.F16
	case BF16:
		return ir.BF16
	case F32:
		return ir.F32
	case F64:
		return ir.F64
	}
	panic(fmt.Sprintf("tensor: %v is not a float type", dt))
}
