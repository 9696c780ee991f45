package tf

import (
	"github.com/tcp-project/tcp/ir"
)

// The shape ops TensorFlow's converter puts around gather_nd with
// batch_dims: the batch coordinates are concatenated in front of the
// user's indices (ConcatV2) and the batch dims flattened and restored
// (Reshape).
const (
	ConcatV2Name = "tf.ConcatV2"
	ReshapeName  = "tf.Reshape"
)

// ConcatV2 is tf.ConcatV2.
var ConcatV2 = ir.MustRegister(ir.OpDef{
	Name:    ConcatV2Name,
	Summary: "TensorFlow ConcatV2: join tensors along an axis",
	Description: `The values (all operands but the last) joined along axis (the last
operand, a 0-d i32 or i64; negative counts from the rank). The other dims
of the values are equal.

Verifier rules: at least two values; the axis operand is a 0-d integer
tensor; the values and the result have one element type.`,
	Examples: []string{`%0 = "tf.ConcatV2"(%arg0, %arg1, %arg2) {device = ""} : (tensor<2x1xi64>, tensor<2x2xi64>, tensor<i32>) -> tensor<2x3xi64>`},
	Operands: []ir.OperandDef{{Name: "values", Type: anyTensor, Variadic: true}, {Name: "axis", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		n := op.NumOperands()
		if n < 3 {
			return op.EmitOpError("requires at least 2 values, got %d", n-1)
		}
		if r, ok := op.Operand(n - 1).Type().(*ir.RankedTensorType); !ok || r.Rank() != 0 {
			return op.EmitOpError("requires a 0-d axis, got %s", op.Operand(n-1).Type())
		}
		e := ir.ElementType(op.Result(0).Type())
		for i := 0; i < n-1; i++ {
			if ir.ElementType(op.Operand(i).Type()) != e {
				return op.EmitOpError("requires the values' element type to be the result's %s, got %s", e, op.Operand(i).Type())
			}
		}
		return nil
	},
})

// Reshape is tf.Reshape.
var Reshape = ir.MustRegister(ir.OpDef{
	Name:    ReshapeName,
	Summary: "TensorFlow Reshape: the same elements under another shape",
	Description: `The tensor's elements in row-major order under the shape given by the
second operand (a 1-D i32 or i64 tensor; one -1 entry is inferred from the
element count).

Verifier rules: shape is a 1-D integer tensor; tensor and result have one
element type.`,
	Examples: []string{`%0 = "tf.Reshape"(%arg0, %arg1) {device = ""} : (tensor<2x3x2x1xi64>, tensor<3xi32>) -> tensor<6x2x1xi64>`},
	Operands: []ir.OperandDef{{Name: "tensor", Type: anyTensor}, {Name: "shape", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if r, ok := op.Operand(1).Type().(*ir.RankedTensorType); !ok || r.Rank() != 1 {
			return op.EmitOpError("requires a 1-D shape, got %s", op.Operand(1).Type())
		}
		if ir.ElementType(op.Operand(0).Type()) != ir.ElementType(op.Result(0).Type()) {
			return op.EmitOpError("requires the result element type to be the tensor's %s, got %s", ir.ElementType(op.Operand(0).Type()), op.Result(0).Type())
		}
		return nil
	},
})
