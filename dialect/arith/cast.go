package arith

import (
	"github.com/tcp-project/tcp/ir"
)

// Op names of the casts.
const (
	IndexCastName   = "arith.index_cast"
	IndexCastUIName = "arith.index_castui"
	ExtSIName       = "arith.extsi"
	ExtUIName       = "arith.extui"
	TruncIName      = "arith.trunci"
	SIToFPName      = "arith.sitofp"
	FPToSIName      = "arith.fptosi"
	ExtFName        = "arith.extf"
	TruncFName      = "arith.truncf"
	BitcastName     = "arith.bitcast"
)

type castDef struct {
	name, summary, semantics string
	in, out                  ir.TypeConstraint
	// compatible is the op's CastOpInterface::areCastCompatible on element
	// types.
	compatible func(src, dst ir.Type) bool
	// fold converts a scalar constant (sign-extended bits of type src).
	fold func(v int64, src, dst ir.Type) (int64, bool)
}

func intOrIndex(t ir.Type) bool { return t == ir.Index || isSignless(t) }

var castDefs = []castDef{
	{IndexCastName, "index cast operation",
		"Casts between index and a signless integer: sign-extends when the target is wider, truncates when narrower.",
		IndexCastType, IndexCastType,
		func(s, d ir.Type) bool { return s == ir.Index && isSignless(d) || isSignless(s) && d == ir.Index },
		func(v int64, s, d ir.Type) (int64, bool) { return v, true }},
	{IndexCastUIName, "unsigned index cast operation",
		"Casts between index and a signless integer: zero-extends when the target is wider, truncates when narrower.",
		IndexCastType, IndexCastType,
		func(s, d ir.Type) bool { return s == ir.Index && isSignless(d) || isSignless(s) && d == ir.Index },
		func(v int64, s, d ir.Type) (int64, bool) { return int64(zext(v, bitWidth(s))), true }},
	{ExtSIName, "integer sign extension operation",
		"Sign-extends a signless integer to a strictly wider one.",
		SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike,
		func(s, d ir.Type) bool { return isSignless(s) && isSignless(d) && bitWidth(d) > bitWidth(s) },
		func(v int64, s, d ir.Type) (int64, bool) { return v, true }},
	{ExtUIName, "integer zero extension operation",
		"Zero-extends a signless integer to a strictly wider one.",
		SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike,
		func(s, d ir.Type) bool { return isSignless(s) && isSignless(d) && bitWidth(d) > bitWidth(s) },
		func(v int64, s, d ir.Type) (int64, bool) { return int64(zext(v, bitWidth(s))), true }},
	{TruncIName, "integer truncation operation",
		"Keeps the low bits of a signless integer in a strictly narrower one.",
		SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike,
		func(s, d ir.Type) bool { return isSignless(s) && isSignless(d) && bitWidth(d) < bitWidth(s) },
		func(v int64, s, d ir.Type) (int64, bool) { return v, true }},
	{SIToFPName, "cast from integer type to floating-point",
		"Converts a signed integer to the nearest float (round to nearest even).",
		SignlessFixedWidthIntegerLike, FloatLike,
		func(s, d ir.Type) bool { return isSignless(s) && ir.IsFloat(d) }, nil},
	{FPToSIName, "cast from floating-point type to integer",
		"Converts a float to a signed integer, rounding towards zero; out-of-range values are poison.",
		FloatLike, SignlessFixedWidthIntegerLike,
		func(s, d ir.Type) bool { return ir.IsFloat(s) && isSignless(d) }, nil},
	{ExtFName, "cast from floating-point to wider floating-point",
		"Widens a float to a strictly wider float type (exact).",
		FloatLike, FloatLike,
		func(s, d ir.Type) bool { return ir.IsFloat(s) && ir.IsFloat(d) && bitWidth(d) > bitWidth(s) }, nil},
	{TruncFName, "cast from floating-point to narrower floating-point",
		"Rounds a float to a strictly narrower float type: to nearest, ties to even; values beyond the largest finite one become infinities.",
		FloatLike, FloatLike,
		func(s, d ir.Type) bool { return ir.IsFloat(s) && ir.IsFloat(d) && bitWidth(d) < bitWidth(s) }, nil},
	{BitcastName, "bitcast between values of equal bit width",
		"Reinterprets the bits of an integer or float as another integer or float type of the same width.",
		BitcastType, BitcastType,
		func(s, d ir.Type) bool {
			if s == ir.Index || d == ir.Index {
				return false
			}
			return bitWidth(s) != 0 && bitWidth(s) == bitWidth(d)
		}, nil},
}

// The registered cast definitions.
var IndexCastDef, IndexCastUIDef, ExtSIDef, ExtUIDef, TruncIDef, SIToFPDef, FPToSIDef, ExtFDef, TruncFDef, BitcastDef *ir.OpDef

func registerCasts() {
	defs := map[string]**ir.OpDef{
		IndexCastName: &IndexCastDef, IndexCastUIName: &IndexCastUIDef, ExtSIName: &ExtSIDef, ExtUIName: &ExtUIDef,
		TruncIName: &TruncIDef, SIToFPName: &SIToFPDef, FPToSIName: &FPToSIDef, ExtFName: &ExtFDef, TruncFName: &TruncFDef,
		BitcastName: &BitcastDef,
	}
	for _, c := range castDefs {
		c := c
		*defs[c.name] = ir.MustRegister(ir.OpDef{
			Name:    c.name,
			Summary: c.summary,
			Description: c.semantics + ` Applies elementwise to tensors.

Verifier rules, in MLIR 16's order and wording:
  - the operand is ` + c.in.Describe() + ` and the result is ` + c.out.Describe() + `
    ("operand #0 must be …, but got 'f32'");
  - operand and result have compatible shapes ("requires the same shape for
    all operands and results": both scalars, or tensors of one shape where
    a dynamic dim matches any size);
  - tensors are both ranked or both unranked ("all non-scalar
    operands/results must have the same shape and base type");
  - the element types are cast compatible ("operand type 'i64' and result
    type 'i32' are cast incompatible").`,
			Examples: []string{"%0 = " + c.name + " %arg0 : " + castExample(c.name)},
			Operands: []ir.OperandDef{{Name: "in", Type: c.in}},
			Results:  []ir.ResultDef{{Name: "out", Type: c.out}},
			Traits:   []ir.Trait{ir.Pure},
			Format:   "$in attr-dict `:` type($in) `to` type($out)",
			Verify: func(op *ir.Operation) error {
				src, dst := op.Operand(0).Type(), op.Result(0).Type()
				if !compatibleShapes([]ir.Type{src, dst}) {
					return op.EmitOpError("requires the same shape for all operands and results")
				}
				if err := verifyElementwise(op); err != nil {
					return err
				}
				if !c.compatible(elemOrSelf(src), elemOrSelf(dst)) {
					return op.EmitOpError("operand type '%s' and result type '%s' are cast incompatible", src, dst)
				}
				return nil
			},
			Fold: func(op *ir.Operation) []ir.OpFoldResult {
				if c.fold == nil {
					return nil
				}
				src, dst := op.Operand(0).Type(), op.Result(0).Type()
				v, ok := ConstantIntValue(op.Operand(0))
				if !ok || isTensor(dst) {
					return nil
				}
				r, ok := c.fold(v, src, dst)
				if !ok {
					return nil
				}
				return []ir.OpFoldResult{{Attr: IntAttr(r, dst)}}
			},
		})
	}
}

func castExample(name string) string {
	switch name {
	case IndexCastName, IndexCastUIName:
		return "i64 to index"
	case ExtSIName, ExtUIName:
		return "i32 to i64"
	case TruncIName:
		return "i64 to i32"
	case SIToFPName:
		return "i64 to f32"
	case FPToSIName:
		return "f32 to i64"
	case ExtFName:
		return "f16 to f32"
	case TruncFName:
		return "f32 to f16"
	}
	return "i32 to f32"
}
