package stablehlo

import "github.com/tcp-project/tcp/ir"

// ReverseName is stablehlo.reverse.
const ReverseName = "stablehlo.reverse"

// Reverse is stablehlo.reverse (also mhlo.reverse): jnp.flip, x[::-1],
// lax.rev.
var Reverse = registerEW(ir.OpDef{
	Name:    ReverseName,
	Summary: "reverse the order of elements along the given dimensions",
	Description: `result[ri] = operand[oi] with oi[d] = operand.shape[d] - 1 - ri[d] for d
in dimensions and oi[d] = ri[d] otherwise (StableHLO spec, "reverse").

Verifier rules (the spec's C1-C3): result has the operand's type;
dimensions are unique and in [0, rank(operand)).`,
	Examples: []string{
		"%0 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<3x4xf32>",
	},
	Operands: []ir.OperandDef{{Name: "operand", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs:    []ir.AttrDef{{Name: "dimensions", Kind: i64ListKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$operand `,` `dims` `=` custom<I64List>($dimensions) attr-dict `:` custom<HLOSameType>(type($operand), type($result))",
	Verify: func(op *ir.Operation) error {
		in := rankedOf(op.Operand(0))
		if op.Result(0).Type() != ir.Type(in) {
			return op.EmitOpError("requires the result type to be the operand's %s, got %s", in, op.Result(0).Type())
		}
		seen := map[int64]bool{}
		for _, d := range list(op, "dimensions") {
			if d < 0 || d >= int64(in.Rank()) {
				return op.EmitOpError("dimension %d is out of range [0, %d)", d, in.Rank())
			}
			if seen[d] {
				return op.EmitOpError("dimension %d appears more than once in dimensions", d)
			}
			seen[d] = true
		}
		return nil
	},
})
