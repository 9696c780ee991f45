package stablehlo

import "github.com/tcp-project/tcp/ir"

// DynamicUpdateSliceName is stablehlo.dynamic_update_slice.
const DynamicUpdateSliceName = "stablehlo.dynamic_update_slice"

// DynamicUpdateSlice is stablehlo.dynamic_update_slice (also
// mhlo.dynamic_update_slice): lax.dynamic_update_slice,
// lax.dynamic_update_index_in_dim, lax.dynamic_update_slice_in_dim.
var DynamicUpdateSlice = register(ir.OpDef{
	Name:    DynamicUpdateSliceName,
	Summary: "operand with a window at run-time start indices replaced by update",
	Description: `result = operand, except result[adjusted + ui] = update[ui] for every
index ui of update, where, per dim d,
adjusted[d] = clamp(start_indices[d], 0, operand.shape[d] - update.shape[d])
(StableHLO spec, "dynamic_update_slice"): the window always lies inside
the operand; out-of-range and negative starts are clamped, never an error
(so a start of -1 writes at 0, not at the last element). Each start index
is a 0-d integer tensor, read by value (unsigned types zero-extended).

Verifier rules (the spec's constraints):
  C1. type(operand) = type(result).
  C2. element_type(update) = element_type(operand).
  C3. rank(update) = rank(operand).
  C4. size(start_indices) = rank(operand).
  C5. all start indices have the same type, each 0-dimensional.
  C6. shape(update) <= shape(operand).`,
	Examples: []string{
		"%0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<5x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>",
	},
	Operands: []ir.OperandDef{
		{Name: "operand", Type: ir.RankedTensorOf()},
		{Name: "update", Type: ir.RankedTensorOf()},
		{Name: "start_indices", Type: integerTensor, Variadic: true},
	},
	Results: []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Traits:  []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "update", "result")},
	Format:  "$operand `,` $update (`,` $start_indices^)? attr-dict `:` functional-type(operands, results)",
	Verify:  verifyDynamicUpdateSlice,
})

func verifyDynamicUpdateSlice(op *ir.Operation) error {
	in := op.Operand(0).Type().(*ir.RankedTensorType)
	up := op.Operand(1).Type().(*ir.RankedTensorType)
	starts := op.Operands()[2:]
	if op.Result(0).Type() != ir.Type(in) {
		return op.EmitOpError("requires the result type to be the operand's %s, got %s", in, op.Result(0).Type())
	}
	if up.Rank() != in.Rank() {
		return op.EmitOpError("update rank (%d) does not match operand rank (%d)", up.Rank(), in.Rank())
	}
	if len(starts) != in.Rank() {
		return op.EmitOpError("has mismatched number of start indices (%d) and the rank of operand (%d)", len(starts), in.Rank())
	}
	for _, s := range starts {
		t := s.Type().(*ir.RankedTensorType)
		if t.Rank() != 0 {
			return op.EmitOpError("start indices must be 0-dimensional tensors, got %s", t)
		}
		if t.Elem() != starts[0].Type().(*ir.RankedTensorType).Elem() {
			return op.EmitOpError("start indices must have same element type")
		}
	}
	for d := 0; d < in.Rank(); d++ {
		if u, n := up.Dim(d), in.Dim(d); u != ir.Dynamic && n != ir.Dynamic && u > n {
			return op.EmitOpError("expects update size %d to be at most operand size %d in dimension %d", u, n, d)
		}
	}
	return nil
}
