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
	})
}
