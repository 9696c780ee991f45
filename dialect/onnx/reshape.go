package onnx

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// The reshapes torch.onnx.export (dynamo=False) puts around gathers:
// x.gather(-1, i.unsqueeze(-1)).squeeze(-1) is Unsqueeze + GatherElements +
// Squeeze; advanced indexing with two index tensors (x[i, j]) is Flatten
// + Mul + Add of the indices and one Gather on the flattened data.

// Op names.
const (
	UnsqueezeName = "onnx.Unsqueeze"
	SqueezeName   = "onnx.Squeeze"
	FlattenName   = "onnx.Flatten"
	MulName       = "onnx.Mul"
)

var i64OrNone = ir.TypePred("tensor of 64-bit signless integer values or none type", func(t ir.Type) bool {
	return t == ir.None || isTensor(t) && ir.ElementType(t) == ir.I64
})

// constAxes returns the values of operand i when it is a constant (nil,
// true when it is absent).
func constAxes(op *ir.Operation, i int) ([]int64, bool) {
	if i >= op.NumOperands() || op.Operand(i).Type() == ir.None {
		return nil, true
	}
	d, ok := ir.ConstantAttr(op.Operand(i)).(*ir.DenseElementsAttr)
	if !ok {
		return nil, false
	}
	return d.Ints(), true
}

// Unsqueeze is onnx.Unsqueeze (opset 13: axes an input).
var Unsqueeze = ir.MustRegister(ir.OpDef{
	Name:    UnsqueezeName,
	Summary: "ONNX Unsqueeze: unit dims inserted",
	Description: `The data with a dim of size 1 inserted at each of axes, which index the
output's dims (rank r + len(axes); negative: counted from that rank). The
elements keep their row-major order.

Verifier rules: axes is a 1-D i64 tensor; when it is a constant, its
values are distinct and in [-(r+n), r+n) and a ranked result has the
data's dims with 1s at axes.`,
	Examples: []string{`%0 = "onnx.Unsqueeze"(%x, %axes) : (tensor<4xi64>, tensor<1xi64>) -> tensor<4x1xi64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "axes", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "expanded", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		axes, known := constAxes(op, 1)
		if !ok || !known {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		want, err := UnsqueezeShape(x.Shape(), axes)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		return CheckResult(op, x.Elem(), want, "the data's dims with 1s at axes")
	},
})

// UnsqueezeShape is the shape of Unsqueeze's result.
func UnsqueezeShape(in, axes []int64) ([]int64, error) {
	r := len(in) + len(axes)
	unit := make([]bool, r)
	for _, a := range axes {
		n, ok := normAxisR(a, r)
		if !ok {
			return nil, fmt.Errorf("axis %d is out of range for an output of rank %d", a, r)
		}
		if unit[n] {
			return nil, fmt.Errorf("axis %d is repeated", a)
		}
		unit[n] = true
	}
	out := make([]int64, 0, r)
	k := 0
	for d := range r {
		if unit[d] {
			out = append(out, 1)
		} else {
			out = append(out, in[k])
			k++
		}
	}
	return out, nil
}

// Squeeze is onnx.Squeeze (opset 13: axes an optional input).
var Squeeze = ir.MustRegister(ir.OpDef{
	Name:    SqueezeName,
	Summary: "ONNX Squeeze: unit dims removed",
	Description: `The data without the dims listed in axes (negative: counted from the
rank), each of which must have size 1; without axes ("onnx.NoValue"),
without every dim of size 1. The elements keep their row-major order.

Verifier rules: axes, when given, is a 1-D i64 tensor; when it is a
constant, its values are distinct and in [-r, r), and each names a dim
that is 1 (or dynamic); a ranked result has the remaining dims.`,
	Examples: []string{`%0 = "onnx.Squeeze"(%x, %axes) : (tensor<4x1xf32>, tensor<1xi64>) -> tensor<4xf32>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "axes", Type: i64OrNone}},
	Results:  []ir.ResultDef{{Name: "squeezed", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		axes, known := constAxes(op, 1)
		if !ok || !known {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		want, err := SqueezeShape(x.Shape(), axes, op.NumOperands() > 1 && op.Operand(1).Type() != ir.None)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		return CheckResult(op, x.Elem(), want, "the data's dims without the squeezed ones")
	},
})

// SqueezeShape is the shape of Squeeze's result; hasAxes false squeezes
// every dim of size 1 (an error when a dim is dynamic: whether it is 1 is
// unknown).
func SqueezeShape(in, axes []int64, hasAxes bool) ([]int64, error) {
	drop := make([]bool, len(in))
	if !hasAxes {
		for d, n := range in {
			if n == ir.Dynamic {
				return nil, fmt.Errorf("without axes, dim %d (dynamic) may or may not be squeezed", d)
			}
			drop[d] = n == 1
		}
	}
	for _, a := range axes {
		n, ok := normAxisR(a, len(in))
		if !ok {
			return nil, fmt.Errorf("axis %d is out of range for data of rank %d", a, len(in))
		}
		if drop[n] {
			return nil, fmt.Errorf("axis %d is repeated", a)
		}
		if in[n] != 1 && in[n] != ir.Dynamic {
			return nil, fmt.Errorf("cannot squeeze dim %d of size %d (only a dim of size 1)", n, in[n])
		}
		drop[n] = true
	}
	out := []int64{}
	for d, n := range in {
		if !drop[d] {
			out = append(out, n)
		}
	}
	return out, nil
}

// Flatten is onnx.Flatten.
var Flatten = ir.MustRegister(ir.OpDef{
	Name:    FlattenName,
	Summary: "ONNX Flatten: a 2-D view of a tensor",
	Description: `The data as a matrix of shape [d_0 * ... * d_(axis-1), d_axis * ... *
d_(r-1)] (an empty product is 1), elements in row-major order. axis
(default 1) is in [-r, r] (negative: counted from the rank).

Verifier rules: axis in [-r, r]; a ranked result has that 2-D shape
(dynamic when a factor is).`,
	Examples: []string{`%0 = "onnx.Flatten"(%x) {axis = 2 : si64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "axis", Kind: ir.SI64AttrKind, Default: ir.Int(1, si64)}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		if !ok {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		want, err := FlattenShape(x.Shape(), FlattenAxis(op))
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		return CheckResult(op, x.Elem(), want, "the data as a matrix split at axis")
	},
})

// FlattenAxis is Flatten's axis attribute (default 1).
func FlattenAxis(op *ir.Operation) int64 {
	if a, ok := op.Attr("axis").(ir.IntegerAttr); ok {
		return a.Value
	}
	return 1
}

// FlattenShape is the shape of Flatten's result.
func FlattenShape(in []int64, axis int64) ([]int64, error) {
	r := int64(len(in))
	if axis < -r || axis > r {
		return nil, fmt.Errorf("axis %d is out of range [-%d, %d] for data of rank %d", axis, r, r, r)
	}
	if axis < 0 {
		axis += r
	}
	prod := func(s []int64) int64 {
		p := int64(1)
		for _, d := range s {
			if d == ir.Dynamic {
				return ir.Dynamic
			}
			p *= d
		}
		return p
	}
	return []int64{prod(in[:axis]), prod(in[axis:])}, nil
}

// Mul is onnx.Mul.
var Mul = binary(MulName, "ONNX Mul: elementwise product", `C = A * B (integers wrap, two's complement).`,
	`%0 = "onnx.Mul"(%arg0, %arg1) : (tensor<2x1xi64>, tensor<1xi64>) -> tensor<2x1xi64>`, false)

func normAxisR(a int64, r int) (int, bool) {
	if a < -int64(r) || a >= int64(r) {
		return 0, false
	}
	if a < 0 {
		a += int64(r)
	}
	return int(a), true
}

// More of torch.onnx.export's plumbing: x.gather(1, i.view(-1, 1).expand(-1,
// 3)) is ConstantOfShape + Mul + Equal + Where computing the Expand's
// shape; x.chunk(k) divides a dim size (Div).
const (
	ConstantOfShapeName = "onnx.ConstantOfShape"
	ExpandName          = "onnx.Expand"
	EqualName           = "onnx.Equal"
	DivName             = "onnx.Div"
)

var (
	// Equal is onnx.Equal.
	Equal = binary(EqualName, "ONNX Equal: elementwise A == B", `C = A == B as i1 (a NaN equals nothing).`,
		`%0 = "onnx.Equal"(%arg0, %arg1) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>`, true)
	// Div is onnx.Div.
	Div = binary(DivName, "ONNX Div: elementwise quotient", `C = A / B: integers truncate toward zero (ONNX Runtime's rule; a zero
divisor is a runtime error), floats are IEEE division.`,
		`%0 = "onnx.Div"(%arg0, %arg1) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>`, false)
)

// ConstantOfShape is onnx.ConstantOfShape.
var ConstantOfShape = ir.MustRegister(ir.OpDef{
	Name:    ConstantOfShapeName,
	Summary: "ONNX ConstantOfShape: a tensor of the given shape filled with one value",
	Description: `The output has the shape input's values as its dims, every element the
one element of the value attribute (default: a float 0).

Verifier rules: input is a 1-D i64 tensor; value, when given, is a
one-element tensor of the result's element type; when input is a constant
its values are non-negative and a ranked result has them as dims.`,
	Examples: []string{`%0 = "onnx.ConstantOfShape"(%shape) {value = dense<1> : tensor<1xi64>} : (tensor<1xi64>) -> tensor<2xi64>`},
	Operands: []ir.OperandDef{{Name: "input", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.AnyAttrKind}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		elem := ir.Type(ir.F32T)
		if a := op.Attr("value"); a != nil {
			d, ok := a.(*ir.DenseElementsAttr)
			if !ok || d.Type.NumElements() != 1 {
				return op.EmitOpError("expects a one-element tensor value")
			}
			elem = d.Type.Elem()
		}
		shape, known := constAxes(op, 0)
		if !known || shape == nil {
			return CheckResult(op, elem, nil, "")
		}
		for _, d := range shape {
			if d < 0 {
				return op.EmitOpError("expects non-negative dims, got %v", shape)
			}
		}
		return CheckResult(op, elem, shape, "the input's values")
	},
})

// Expand is onnx.Expand.
var Expand = ir.MustRegister(ir.OpDef{
	Name:    ExpandName,
	Summary: "ONNX Expand: a tensor broadcast to a shape",
	Description: `The input broadcast with shape (numpy's rule, both ways: a dim of 1 in
shape keeps the input's dim; the result has the longer rank).

Verifier rules: shape is a 1-D i64 tensor; when it is a constant, it and
the input's shape broadcast together and a ranked result has the
broadcast shape.`,
	Examples: []string{`%0 = "onnx.Expand"(%x, %shape) : (tensor<4x1xi64>, tensor<2xi64>) -> tensor<4x3xi64>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}, {Name: "shape", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		shape, known := constAxes(op, 1)
		if !ok || !known || shape == nil {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		want, ok := BroadcastShapes(x.Shape(), shape)
		if !ok {
			return op.EmitOpError("the input shape %s does not broadcast with %v", ShapeString(x.Shape()), shape)
		}
		return CheckResult(op, x.Elem(), want, "the input broadcast with shape")
	},
})

// SplitName is onnx.Split.
const SplitName = "onnx.Split"

// Split is onnx.Split (opset 13: split an optional input).
var Split = ir.MustRegister(ir.OpDef{
	Name:    SplitName,
	Summary: "ONNX Split: consecutive pieces of a tensor along axis",
	Description: `Output k is the piece of input along axis (negative: counted from the
rank) of split[k] positions starting at split[0] + ... + split[k-1]; the
split sizes add up to the dim. Without split ("onnx.NoValue"), the dim is
cut into as many pieces as there are outputs, of size ceil(n / outputs),
the last one smaller when n does not divide (ONNX's num_outputs rule; an
even split before opset 18). torch.split, x.chunk and x.unbind export to
it.

Verifier rules: split, when given, is a 1-D i64 tensor; axis is in range;
when the sizes are known (a constant split, or a static dim), there is
one output per size, each with the input's dims but that size at axis.`,
	Examples: []string{`%0:3 = "onnx.Split"(%x, %s) {axis = 1 : si64} : (tensor<3x6xf32>, tensor<3xi64>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>)`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}, {Name: "split", Type: i64OrNone}},
	Results:  []ir.ResultDef{{Name: "outputs", Type: anyTensor, Variadic: true}},
	Attrs:    []ir.AttrDef{{Name: "axis", Kind: ir.SI64AttrKind}, {Name: "num_outputs", Kind: ir.SI64AttrKind}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		if !ok {
			return nil
		}
		split, known := constAxes(op, 1)
		if !known {
			return nil
		}
		shapes, err := SplitShapes(x.Shape(), intAttr(op, "axis"), split, op.NumOperands() > 1 && op.Operand(1).Type() != ir.None, op.NumResults())
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		for k, s := range shapes {
			r, ok := ranked(op.Result(k))
			if ok && !compatible(s, r.Shape()) {
				return op.EmitOpError("expects output #%d of shape %s, got %s", k, ShapeString(s), ShapeString(r.Shape()))
			}
			if ir.ElementType(op.Result(k).Type()) != x.Elem() {
				return op.EmitOpError("expects output #%d of element type %s, got %s", k, x.Elem(), ir.ElementType(op.Result(k).Type()))
			}
		}
		return nil
	},
})

// SplitSizes returns the sizes of Split's pieces along a dim of size n
// (split nil and hasSplit false: outputs pieces of ceil(n / outputs)).
func SplitSizes(n int64, split []int64, hasSplit bool, outputs int) ([]int64, error) {
	if hasSplit {
		if len(split) != outputs {
			return nil, fmt.Errorf("split has %d sizes for %d outputs", len(split), outputs)
		}
		sum := int64(0)
		for _, s := range split {
			if s < 0 {
				return nil, fmt.Errorf("split sizes must be non-negative, got %v", split)
			}
			sum += s
		}
		if n != ir.Dynamic && sum != n {
			return nil, fmt.Errorf("split sizes %v add up to %d, the dim has %d", split, sum, n)
		}
		return split, nil
	}
	if outputs < 1 {
		return nil, fmt.Errorf("expects at least one output")
	}
	if n == ir.Dynamic {
		return nil, nil
	}
	c := (n + int64(outputs) - 1) / int64(outputs)
	out := make([]int64, outputs)
	left := n
	for k := range out {
		out[k] = min(c, left)
		left -= out[k]
	}
	if left != 0 || out[outputs-1] <= 0 && n > 0 {
		return nil, fmt.Errorf("a dim of %d cannot be split into %d pieces", n, outputs)
	}
	return out, nil
}

// SplitShapes returns the shapes of Split's outputs (nil when the sizes
// are not known).
func SplitShapes(in []int64, axis int64, split []int64, hasSplit bool, outputs int) ([][]int64, error) {
	a, ok := normAxisR(axis, len(in))
	if !ok {
		return nil, fmt.Errorf("axis %d is out of range for data of rank %d", axis, len(in))
	}
	sizes, err := SplitSizes(in[a], split, hasSplit, outputs)
	if err != nil || sizes == nil {
		return nil, err
	}
	out := make([][]int64, len(sizes))
	for k, s := range sizes {
		out[k] = append([]int64(nil), in...)
		out[k][a] = s
	}
	return out, nil
}
