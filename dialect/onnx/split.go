package onnx

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// torch.split, x.chunk and x.unbind export to onnx.Split (the other
// reshapes torch.onnx.export writes around gathers, Unsqueeze, Squeeze,
// Flatten, Expand, are in shapeops.go).

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

func normAxisR(a int64, r int) (int, bool) {
	if a < -int64(r) || a >= int64(r) {
		return 0, false
	}
	if a < 0 {
		a += int64(r)
	}
	return int(a), true
}

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
