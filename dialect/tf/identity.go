package tf

import "github.com/tcp-project/tcp/ir"

// IdentityName is TensorFlow's Identity op.
const IdentityName = "tf.Identity"

// Identity is tf.Identity, which TensorFlow's converter puts in front of
// every function result.
var Identity = ir.MustRegister(ir.OpDef{
	Name:    IdentityName,
	Summary: "TensorFlow Identity: the input tensor, unchanged",
	Description: `Returns its operand. The result type may be less static than the
operand's (tensor<*xf32> for a tensor<3x4xf32> operand), as TensorFlow's
converter prints it; the value is the same.

Verifier rules: the operand and result element types are equal and their
shapes are compatible.`,
	Examples: []string{`%1 = "tf.Identity"(%0) {device = ""} : (tensor<2x3xf32>) -> tensor<2x3xf32>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		in, out := op.Operand(0).Type(), op.Result(0).Type()
		if !typesCompatible(in, out) {
			return op.EmitOpError("expects compatible operand and result types, got %s and %s", in, out)
		}
		return nil
	},
	Fold: func(op *ir.Operation) []ir.OpFoldResult {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.OpFoldResult{{Value: op.Operand(0)}}
		}
		return nil
	},
})

// typesCompatible: equal element types, and shapes that agree wherever
// both are known (an unranked side agrees with anything).
func typesCompatible(a, b ir.Type) bool {
	if ir.ElementType(a) != ir.ElementType(b) {
		return false
	}
	ra, okA := a.(*ir.RankedTensorType)
	rb, okB := b.(*ir.RankedTensorType)
	if !okA || !okB {
		return true
	}
	if ra.Rank() != rb.Rank() {
		return false
	}
	for i := 0; i < ra.Rank(); i++ {
		if x, y := ra.Dim(i), rb.Dim(i); x != ir.Dynamic && y != ir.Dynamic && x != y {
			return false
		}
	}
	return true
}
