package tf

import (
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
)

// More of what TensorFlow's converter prints around gathers: index
// arithmetic (tf.Sub for n - 1 - i, tf.Mul for i * n + j, tf.Abs), tf.stack
// of index columns for gather_nd (tf.Pack), and the calls of the private
// functions tf.cond branches become (tf.PartitionedCall,
// tf.StatefulPartitionedCall; tf.experimental.numpy.take_along_axis with a
// negative axis prints them), which --inline inlines.
const (
	SubName                     = "tf.Sub"
	FloorDivName                = "tf.FloorDiv"
	NegName                     = "tf.Neg"
	MulName                     = "tf.Mul"
	AbsName                     = "tf.Abs"
	PackName                    = "tf.Pack"
	PartitionedCallName         = "tf.PartitionedCall"
	StatefulPartitionedCallName = "tf.StatefulPartitionedCall"
)

// The elementwise index arithmetic.
var (
	Sub      = ir.MustRegister(binaryDef(SubName, "TensorFlow Sub: elementwise x - y (tf.subtract, -)", "z = x - y (integers wrap at their width).", anyTensor))
	Mul      = ir.MustRegister(binaryDef(MulName, "TensorFlow Mul: elementwise x * y (tf.multiply, *)", "z = x * y (integers wrap at their width).", anyTensor))
	FloorDiv = ir.MustRegister(binaryDef(FloorDivName, "TensorFlow FloorDiv: elementwise floor(x / y) (tf.math.floordiv, //)",
		"z = floor(x / y): for integers the quotient rounded toward negative infinity (-7 // 2 = -4); a zero integer divisor is an error.", anyTensor))
)

// Abs is tf.Abs.
var Abs = ir.MustRegister(ir.OpDef{
	Name:    AbsName,
	Summary: "TensorFlow Abs: elementwise |x| (tf.abs)",
	Description: `y = |x| elementwise; for integers the minimum value stays itself (two's
complement wrap).

Verifier rules: x and y have one type.`,
	Examples: []string{`%0 = "tf.Abs"(%arg1) {device = ""} : (tensor<4xi32>) -> tensor<4xi32>`},
	Operands: []ir.OperandDef{{Name: "x", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "y", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("x", "y")},
	Verify:   sameStaticShape,
})

// Neg is tf.Neg.
var Neg = ir.MustRegister(ir.OpDef{
	Name:    NegName,
	Summary: "TensorFlow Neg: elementwise -x (tf.negative, unary -)",
	Description: `y = -x elementwise; for integers the minimum value stays itself (two's
complement wrap).

Verifier rules: x and y have one type.`,
	Examples: []string{`%0 = "tf.Neg"(%arg1) {device = ""} : (tensor<4xi32>) -> tensor<4xi32>`},
	Operands: []ir.OperandDef{{Name: "x", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "y", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("x", "y")},
	Verify:   sameStaticShape,
})

// Pack is tf.Pack.
var Pack = ir.MustRegister(ir.OpDef{
	Name:    PackName,
	Summary: "TensorFlow Pack: the values stacked along a new dim (tf.stack)",
	Description: `output has a new dim of size N (the number of values) at position axis
(negative counts from the output's rank): output[..., k, ...] = values[k].

Verifier rules: at least one value; the values have one type; axis is in
[-r-1, r] for values of rank r; a ranked output has the values' shape
with N inserted at axis.`,
	Examples: []string{`%0 = "tf.Pack"(%arg1, %arg2) {axis = -1 : i64, device = ""} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5x2xi32>`},
	Operands: []ir.OperandDef{{Name: "values", Type: anyTensor, Variadic: true}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "axis", Kind: ir.I64AttrKind}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return op.EmitOpError("requires at least one value")
		}
		for _, v := range op.Operands() {
			if v.Type() != op.Operand(0).Type() {
				return op.EmitOpError("requires values of one type, got %s and %s", op.Operand(0).Type(), v.Type())
			}
		}
		x, ok := ranked(op.Operand(0))
		if !ok {
			return nil
		}
		want, ok := PackShape(x.Shape(), op.NumOperands(), intAttr(op, "axis"))
		if !ok {
			return op.EmitOpError("axis %d is out of range [%d, %d] for values of rank %d", intAttr(op, "axis"), -x.Rank()-1, x.Rank(), x.Rank())
		}
		if ir.ElementType(op.Result(0).Type()) != x.Elem() {
			return op.EmitOpError("requires the output element type %s (the values'), got %s", x.Elem(), ir.ElementType(op.Result(0).Type()))
		}
		if out, ok := ranked(op.Result(0)); ok && !compatibleShapes(out.Shape(), want) {
			return op.EmitOpError("requires the output shape %v (the values stacked at axis), got %s", want, out)
		}
		return nil
	},
})

// PackShape is tf.Pack's output shape for n values of shape in; ok is
// false when axis is out of range.
func PackShape(in []int64, n int, axis int64) ([]int64, bool) {
	r := int64(len(in))
	if axis < -r-1 || axis > r {
		return nil, false
	}
	if axis < 0 {
		axis += r + 1
	}
	out := append(append(append([]int64{}, in[:axis]...), int64(n)), in[axis:]...)
	return out, true
}

func callDef(name, summary string) ir.OpDef {
	return ir.OpDef{
		Name:    name,
		Summary: summary,
		Description: `Calls the function f names with args and returns its results, like
func.call (config, config_proto and executor_type are kept and ignored).
--inline inlines it; the interpreter runs it as a call.

Verifier rules: f is a flat symbol reference.`,
		Examples: []string{`%0 = "` + name + `"(%arg0) {config = "", config_proto = "", executor_type = "", f = @branch} : (tensor<2xi64>) -> tensor<2xi64>`},
		Operands: []ir.OperandDef{{Name: "args", Type: ir.AnyType, Variadic: true}},
		Results:  []ir.ResultDef{{Name: "output", Type: ir.AnyType, Variadic: true}},
		Attrs:    []ir.AttrDef{{Name: "f", Kind: ir.FlatSymbolRefAttrKind, Required: true}},
	}
}

// The calls.
var (
	PartitionedCall         = ir.MustRegister(callDef(PartitionedCallName, "TensorFlow PartitionedCall: a call of a function (tf.cond branches, tf.function calls)"))
	StatefulPartitionedCall = ir.MustRegister(callDef(StatefulPartitionedCallName, "TensorFlow StatefulPartitionedCall: a call of a function"))
)

func init() {
	function.RegisterCallLike(PartitionedCallName, "f")
	function.RegisterCallLike(StatefulPartitionedCallName, "f")
}
