package arith

import (
	"strconv"

	"github.com/tcp-project/tcp/ir"
)

// ConstantName is arith.constant.
const ConstantName = "arith.constant"

// valueKind is arith.constant's `value` constraint (ODS TypedAttrInterface).
// MLIR 16's StringAttr is a TypedAttr of type none, so strings pass here and
// fail later, as in mlir-opt-16. Coerce normalizes what the parser yields
// for the custom form: an i1 integer becomes true/false, and a signless iN
// value is sign-extended from N bits (MLIR prints `255 : i8` as `-1 : i8`).
type valueKind struct{}

func (valueKind) Match(a ir.Attribute) bool {
	switch a.(type) {
	case ir.IntegerAttr, ir.FloatAttr, ir.BoolAttr, *ir.DenseElementsAttr, ir.StringAttr:
		return true
	}
	return false
}
func (valueKind) Describe() string       { return "TypedAttr instance" }
func (valueKind) BuildableType() ir.Type { return nil }
func (k valueKind) Coerce(a ir.Attribute) (ir.Attribute, bool) {
	if i, ok := a.(ir.IntegerAttr); ok {
		if it, ok := i.Type.(ir.IntegerType); ok {
			if it.Width == 1 && it.Sign == ir.Signless {
				return ir.BoolAttr(i.Value&1 != 0), true
			}
			if it.Sign == ir.Signless {
				return ir.IntegerAttr{Type: i.Type, Value: sext(i.Value, it.Width)}, true
			}
		}
	}
	return a, k.Match(a)
}

// ConstantDef is arith.constant.
var ConstantDef *ir.OpDef

func registerConstant() {
	ConstantDef = ir.MustRegister(ir.OpDef{
		Name:    ConstantName,
		Summary: "integer or floating point constant",
		Description: `Produces an SSA value equal to the integer, floating-point or dense
elements attribute value; the result type is the attribute's type
(AllTypesMatch value, result). The generic form is
"arith.constant"() {value = 42 : i32} : () -> i32.

Verifier rules, with MLIR 16's messages:
  - value is a typed attribute: "attribute 'value' failed to satisfy
    constraint: TypedAttr instance";
  - its type is the result type: "failed to verify that all of {value,
    result} have same type";
  - a scalar integer result is signless: "integer return type must be
    signless" (tensors of ui/si elements are accepted, as in MLIR 16);
  - the value is an integer, float or elements attribute: "value must be an
    integer, float, or elements attribute" (a string of type none).

Name hints: %c4 (index), %c0_i64, %c-1_i8, %true/%false (i1), %cst.`,
		Examples: []string{
			"%c4 = arith.constant 4 : index",
			"%c-1_i64 = arith.constant -1 : i64",
			"%true = arith.constant true",
			"%cst = arith.constant 1.500000e+00 : f32",
			"%cst_0 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>",
		},
		Results: []ir.ResultDef{{Name: "result", Type: ir.AnyType}},
		Attrs:   []ir.AttrDef{{Name: "value", Kind: valueKind{}, Required: true}},
		Traits:  []ir.Trait{ir.ConstantLike, ir.Pure, ir.AllTypesMatch("value", "result")},
		Format:  "attr-dict $value",
		Verify:  verifyConstant,
		Fold: func(op *ir.Operation) []ir.OpFoldResult {
			return []ir.OpFoldResult{{Attr: op.Attr("value")}}
		},
		ResultName: constantName,
	})
}

func verifyConstant(op *ir.Operation) error {
	t := op.Result(0).Type()
	v := op.Attr("value")
	if _, ok := v.(ir.StringAttr); ok && t != ir.None {
		return op.EmitOpError("failed to verify that all of {value, result} have same type")
	}
	if it, ok := t.(ir.IntegerType); ok && it.Sign != ir.Signless {
		return op.EmitOpError("integer return type must be signless")
	}
	switch v.(type) {
	case ir.IntegerAttr, ir.BoolAttr, ir.FloatAttr, *ir.DenseElementsAttr:
		return nil
	}
	return op.EmitOpError("value must be an integer, float, or elements attribute")
}

// constantName is MLIR 16's ConstantOp::getAsmResultNames.
func constantName(op *ir.Operation) string {
	t := op.Result(0).Type()
	switch a := op.Attr("value").(type) {
	case ir.BoolAttr:
		if a {
			return "true"
		}
		return "false"
	case ir.IntegerAttr:
		it, isInt := t.(ir.IntegerType)
		if isInt && it.Width == 1 {
			if a.Value&1 != 0 {
				return "true"
			}
			return "false"
		}
		v := a.Value
		if ait, ok := a.Type.(ir.IntegerType); ok {
			v = sext(v, ait.Width)
		}
		name := "c" + strconv.FormatInt(v, 10)
		if isInt {
			name += "_" + t.String()
		}
		return name
	}
	return "cst"
}

// ConstantOp is a typed view of arith.constant.
type ConstantOp struct{ *ir.Operation }

// Value returns the constant attribute.
func (c ConstantOp) Value() ir.Attribute { return c.Attr("value") }

// ConstantValue returns the value attribute of v's defining arith.constant,
// or nil if v is not defined by one.
func ConstantValue(v ir.Value) ir.Attribute {
	if v == nil {
		return nil
	}
	d := v.DefiningOp()
	if d == nil || d.Name() != ConstantName {
		return nil
	}
	return d.Attr("value")
}

// ConstantIntValue returns the value of a scalar integer or index constant
// (sign-extended from its width), if v is one.
func ConstantIntValue(v ir.Value) (int64, bool) {
	switch a := ConstantValue(v).(type) {
	case ir.IntegerAttr:
		if it, ok := a.Type.(ir.IntegerType); ok {
			return sext(a.Value, it.Width), true
		}
		return a.Value, true
	case ir.BoolAttr:
		if a {
			return -1, true
		}
		return 0, true
	}
	return 0, false
}

// SplatIntValue returns the value of a scalar integer constant, or of
// every element of a constant integer tensor whose elements are all equal
// (arith.constant, tcp.const: any ConstantLike op), sign-extended from the
// element width (an i1 true is -1, all ones).
func SplatIntValue(v ir.Value) (int64, bool) {
	if x, ok := ConstantIntValue(v); ok {
		return x, true
	}
	d, ok := ir.ConstantAttr(v).(*ir.DenseElementsAttr)
	if !ok {
		return 0, false
	}
	x, ok := d.SplatInt()
	if !ok {
		return 0, false
	}
	return sext(x, bitWidth(d.Type.Elem())), true
}

// sext sign-extends the low w bits of v.
func sext(v int64, w int) int64 {
	if w <= 0 || w >= 64 {
		return v
	}
	s := uint(64 - w)
	return v << s >> s
}

// zext zero-extends the low w bits of v.
func zext(v int64, w int) uint64 {
	if w <= 0 || w >= 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<uint(w) - 1)
}

// IntAttr returns the canonical attribute for integer value v of type t:
// true/false for i1, the sign-extended value for iN, v for index.
func IntAttr(v int64, t ir.Type) ir.Attribute {
	if it, ok := t.(ir.IntegerType); ok {
		if it.Width == 1 && it.Sign == ir.Signless {
			return ir.BoolAttr(v&1 != 0)
		}
		if it.Sign == ir.Signless {
			v = sext(v, it.Width)
		}
	}
	return ir.IntegerAttr{Type: t, Value: v}
}

// intValue reads a scalar integer constant attribute: its bits and type.
func intValue(a ir.Attribute) (int64, ir.Type, bool) {
	switch a := a.(type) {
	case ir.IntegerAttr:
		if it, ok := a.Type.(ir.IntegerType); ok {
			return sext(a.Value, it.Width), a.Type, true
		}
		return a.Value, a.Type, true
	case ir.BoolAttr:
		if a {
			return -1, ir.I1, true
		}
		return 0, ir.I1, true
	}
	return 0, nil, false
}
