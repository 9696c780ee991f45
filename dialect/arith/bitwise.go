package arith

import "github.com/tcp-project/tcp/ir"

// Bitwise and/or, the logical ops of i1 masks (jax's fill-mode masks, the
// StableHLO conversion's stablehlo.and / stablehlo.or).
const (
	AndIName = "arith.andi"
	OrIName  = "arith.ori"
)

// The registered definitions.
var (
	AndIDef = registerBitwise(AndIName, "integer binary and", "the bitwise and")
	OrIDef  = registerBitwise(OrIName, "integer binary or", "the bitwise or")
)

func registerBitwise(name, summary, semantics string) *ir.OpDef {
	return ir.MustRegister(ir.OpDef{
		Name:    name,
		Summary: summary,
		Description: "Computes " + semantics + ` of two signless integers (or index values,
or tensors of them, elementwise) of one type; on i1 it is the logical
operation.

Verifier rules: operands and result are signless-integer-like ("operand #0
must be signless-integer-like, but got 'f32'") and have one type ("requires
the same type for all operands and results").`,
		Examples: []string{"%0 = " + name + " %arg0, %arg1 : i1", "%1 = " + name + " %arg2, %arg3 : tensor<4xi32>"},
		Operands: []ir.OperandDef{{Name: "lhs", Type: SignlessIntegerOrIndexLike}, {Name: "rhs", Type: SignlessIntegerOrIndexLike}},
		Results:  []ir.ResultDef{{Name: "result", Type: SignlessIntegerOrIndexLike}},
		Traits:   []ir.Trait{ir.Pure, ir.SameOperandsAndResultType, ir.Commutative},
		Format:   "$lhs `,` $rhs attr-dict `:` type($result)",
		Fold:     foldBitwise(name),
	})
}

// foldBitwise folds the identities andi(x, all ones), ori(x, 0) and
// andi/ori(x, x) to x, with scalar or splat constants (jax's fill-mode
// masks are anded with a splat true). Constant operands are folded by the
// interpreter (ir.EvaluateConstantOp).
func foldBitwise(name string) func(op *ir.Operation) []ir.OpFoldResult {
	identity := int64(0) // ori
	if name == AndIName {
		identity = -1
	}
	return func(op *ir.Operation) []ir.OpFoldResult {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return nil
		}
		lhs, rhs := op.Operand(0), op.Operand(1)
		if lhs == rhs {
			return []ir.OpFoldResult{{Value: lhs}}
		}
		if y, ok := SplatIntValue(rhs); ok && y == identity {
			return []ir.OpFoldResult{{Value: lhs}}
		}
		if x, ok := SplatIntValue(lhs); ok && x == identity {
			return []ir.OpFoldResult{{Value: rhs}}
		}
		return nil
	}
}
