package stablehlo

import (
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// ScatterName is stablehlo.scatter.
const ScatterName = "stablehlo.scatter"

var scatterDimsKind = ir.AttrPred("scatter dimension numbers", func(a ir.Attribute) bool {
	_, ok := a.(*ScatterDimsAttr)
	return ok
})

// Scatter is stablehlo.scatter (also mhlo.scatter).
var Scatter = register(ir.OpDef{
	Name:    ScatterName,
	Summary: "update slices of the inputs at scatter indices with a combiner region (the general XLA scatter)",
	Description: `results = inputs with the updates combined in (StableHLO spec,
"scatter"). For every update_index of updates:
  update_scatter_dims = updates dims not in update_window_dims;
  update_scatter_index = update_index[update_scatter_dims...];
  start_index = scatter_indices[update_scatter_index with ':' inserted at
    index_vector_dim], or [scatter_indices[update_scatter_index]] when
    index_vector_dim == rank(scatter_indices);
  full_start_index[scatter_dims_to_operand_dims[k]] = start_index[k], else 0
    (never clamped);
  full_batching_index[input_batching_dims[i]] = update_scatter_index[j],
    j the position of scatter_indices_batching_dims[i] among the
    scatter-indices dims other than index_vector_dim, else 0;
  full_window_index = update_index[update_window_dims...] with 0 inserted
    at inserted_window_dims and input_batching_dims;
  result_index = full_start_index + full_batching_index + full_window_index;
  if result_index is in bounds of the inputs:
    results...[result_index] = update_computation(results...[result_index],
    updates...[update_index]); otherwise the update is skipped.
Out-of-range updates: each element of an update window is checked on its
own, as the spec says (an element outside is skipped, the in-range
elements of the same window are applied). XLA's CPU and GPU backends (and
so jax) skip the whole window when any of its elements is out of range;
the two agree whenever every window lies either wholly inside or wholly
outside the inputs, which holds for every scatter jax's .at[], segment
ops and gradients emit (their windows are whole dims or single rows).
Order: the spec leaves the order of the updates implementation-defined;
here (as XLA's CPU backend does) the scatter indices are taken in
row-major order of update_scatter_index and, for each, its window in
row-major order of the window index. So with duplicates a region that
returns the update keeps the last one, and add sums in that order.
Scatter indices are read by value: signless as signed, unsigned types
zero-extended (a ui64 of 2^63 or more is out of range).
indices_are_sorted and unique_indices are promises that are not checked
and do not change the result.
The update_computation region has one block of 2N 0-d tensor arguments
(the N current values, then the N updates) and ends in stablehlo.return
of N 0-d tensors; any ops of 0-d tensors the interpreter runs may appear
in it. A region of one binary op (stablehlo.add, multiply, minimum,
maximum, and, or) of the two arguments, or one that returns the update
(replace), is a combiner that --convert-stablehlo-to-tcp turns into the
combine of tcp.scatter_nd; other regions are executed by the
interpreter and not converted.
dimension_numbers is #stablehlo.scatter<update_window_dims = [...],
inserted_window_dims = [...], input_batching_dims = [...],
scatter_indices_batching_dims = [...], scatter_dims_to_operand_dims =
[...], index_vector_dim = N>. StableHLO has no custom form for scatter:
the op is written generically, with the attribute dictionary or the
properties form <{...}>.

Verifier rules (the spec's constraints, StableHLO's messages):
  C1. the inputs have one shape.
  C2. rank(inputs[0]) = size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims).
  C3. the updates have one shape.
  C4. shape(updates) puts the scatter-indices dims other than index_vector_dim
      at the update_scatter_dims and window sizes no larger than the input
      dims neither inserted nor batching at update_window_dims.
  C5. 0 < size(inputs) = size(updates).
  C6. element_type(updates...) = element_type(inputs...).
  C7. update_window_dims is sorted and unique.
  C8. 0 <= update_window_dims < rank(updates).
  C9. inserted_window_dims ++ input_batching_dims is unique.
  C10. inserted_window_dims is sorted.
  C11. 0 <= inserted_window_dims < rank(inputs).
  C12. input_batching_dims is sorted.
  C13. 0 <= input_batching_dims < rank(inputs).
  C14. scatter_indices_batching_dims is unique.
  C15. 0 <= scatter_indices_batching_dims < rank(scatter_indices).
  C16. index_vector_dim is not in scatter_indices_batching_dims.
  C17. size(input_batching_dims) = size(scatter_indices_batching_dims).
  C18. dim(inputs, input_batching_dims...) = dim(scatter_indices, scatter_indices_batching_dims...).
  C19. size(scatter_dims_to_operand_dims) = dim(scatter_indices, index_vector_dim), or 1 when index_vector_dim = rank(scatter_indices).
  C20. scatter_dims_to_operand_dims ++ input_batching_dims is unique.
  C21. 0 <= scatter_dims_to_operand_dims < rank(inputs).
  C22. 0 <= index_vector_dim <= rank(scatter_indices).
  C23. update_computation has type (tensor<E0>, ..., tensor<EN-1>, tensor<E0>,
       ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>) with Ei the
       element type of inputs[i] (tcp does not promote).
  C24, C25. the results have the inputs' types.
  scatter_indices is a tensor of integer type.`,
	Examples: []string{
		`%0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
  %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
  stablehlo.return %1 : tensor<f32>
}) {indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false} : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>`,
	},
	Operands: []ir.OperandDef{
		{Name: "inputs", Type: ir.RankedTensorOf(), Variadic: true},
		{Name: "scatter_indices", Type: integerTensor},
		{Name: "updates", Type: ir.RankedTensorOf(), Variadic: true},
	},
	Results: []ir.ResultDef{{Name: "results", Type: ir.RankedTensorOf(), Variadic: true}},
	Attrs: []ir.AttrDef{
		{Name: "scatter_dimension_numbers", Kind: scatterDimsKind, Required: true},
		{Name: "indices_are_sorted", Kind: boolKind, Default: ir.BoolAttr(false)},
		{Name: "unique_indices", Kind: boolKind, Default: ir.BoolAttr(false)},
	},
	Regions: []ir.RegionDef{{Name: "update_computation"}},
	Traits:  []ir.Trait{ir.Pure, ir.SameVariadicOperandSize},
	Verify:  verifyScatter,
})

// ScatterParts splits the operands of a stablehlo.scatter into its inputs,
// scatter indices and updates.
func ScatterParts(op *ir.Operation) (inputs []ir.Value, indices ir.Value, updates []ir.Value) {
	ops := op.Operands()
	n := (len(ops) - 1) / 2
	return ops[:n], ops[n], ops[n+1:]
}

func verifyScatter(op *ir.Operation) error {
	if op.NumOperands()%2 != 1 || op.NumOperands() < 3 {
		return op.EmitOpError("expects N inputs, the scatter indices and N updates (N > 0), got %d operands", op.NumOperands())
	}
	inputs, indices, updates := ScatterParts(op)
	n := len(inputs)
	if op.NumResults() != n {
		return op.EmitOpError("expects %d results (one per input), got %d", n, op.NumResults())
	}
	for i := range inputs {
		if !sameShape(shapeOf(inputs[i]), shapeOf(inputs[0])) {
			return op.EmitOpError("expects all inputs to have compatible shapes, got %s and %s", inputs[0].Type(), inputs[i].Type())
		}
		if !sameShape(shapeOf(updates[i]), shapeOf(updates[0])) {
			return op.EmitOpError("expects all updates to have compatible shapes, got %s and %s", updates[0].Type(), updates[i].Type())
		}
		if rankedOf(updates[i]).Elem() != rankedOf(inputs[i]).Elem() {
			return op.EmitOpError("expects updates #%d to have the element type of inputs #%d, got %s and %s", i, i, rankedOf(updates[i]).Elem(), rankedOf(inputs[i]).Elem())
		}
		if !sameShape(shapeOf(op.Result(i)), shapeOf(inputs[i])) || rankedOf(op.Result(i)).Elem() != rankedOf(inputs[i]).Elem() {
			return op.EmitOpError("expects result #%d to have the type of inputs #%d, got %s and %s", i, i, op.Result(i).Type(), inputs[i].Type())
		}
	}
	d, err := ScatterDimsOf(op)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	if err := VerifyScatter(shapeOf(inputs[0]), shapeOf(indices), shapeOf(updates[0]), d); err != nil {
		return op.EmitOpError("%v", err)
	}
	return verifyUpdateComputation(op, inputs)
}

func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != ir.Dynamic && b[i] != ir.Dynamic {
			return false
		}
	}
	return true
}

func verifyUpdateComputation(op *ir.Operation, inputs []ir.Value) error {
	n := len(inputs)
	if len(op.Region(0).Blocks) != 1 {
		return op.EmitOpError("expects update_computation to have one block, got %d", len(op.Region(0).Blocks))
	}
	b := op.Region(0).Blocks[0]
	if b.NumArguments() != 2*n {
		return op.EmitOpError("Reduction-region must take %d parameters, but takes %d parameter(s)", 2*n, b.NumArguments())
	}
	for i := 0; i < 2*n; i++ {
		want := ir.RankedTensor(nil, rankedOf(inputs[i%n]).Elem())
		if got := b.Argument(i).Type(); got != ir.Type(want) {
			return op.EmitOpError("update_computation argument #%d must be %s, got %s", i, want, got)
		}
	}
	last := b.Last()
	if last == nil || !Is(last, ReturnName) {
		return op.EmitOpError("expects update_computation to end in stablehlo.return")
	}
	if last.NumOperands() != n {
		return op.EmitOpError("Reduction-region here must produce %d tensors, but produces %d instead", n, last.NumOperands())
	}
	for i := 0; i < n; i++ {
		want := ir.RankedTensor(nil, rankedOf(inputs[i]).Elem())
		if got := last.Operand(i).Type(); got != ir.Type(want) {
			return op.EmitOpError("update_computation must return %s as result #%d, got %s", want, i, got)
		}
	}
	return nil
}

// Combiners of a scatter region (the names of tcp's combine attribute).
const (
	CombineReplace = "replace"
	CombineAdd     = "add"
	CombineMul     = "mul"
	CombineMin     = "min"
	CombineMax     = "max"
	CombineAnd     = "and"
	CombineOr      = "or"
)

var combinerOps = map[string]string{
	AddName: CombineAdd, MultiplyName: CombineMul, MinimumName: CombineMin,
	MaximumName: CombineMax, AndName: CombineAnd, OrName: CombineOr,
}

// ScatterCombiner classifies the update_computation of a one-input
// stablehlo.scatter: "replace" for a region returning its update argument,
// the combine name for one binary op of the two arguments (in either order:
// each is commutative) returned, and "" for any other region.
func ScatterCombiner(op *ir.Operation) string {
	if op.NumOperands() != 3 || len(op.Regions()) != 1 || len(op.Region(0).Blocks) != 1 {
		return ""
	}
	b := op.Region(0).Blocks[0]
	ops := b.Ops()
	if b.NumArguments() != 2 {
		return ""
	}
	cur, upd := ir.Value(b.Argument(0)), ir.Value(b.Argument(1))
	if len(ops) == 1 && Is(ops[0], ReturnName) && ops[0].NumOperands() == 1 && ops[0].Operand(0) == upd {
		return CombineReplace
	}
	if len(ops) != 2 || !Is(ops[1], ReturnName) || ops[1].NumOperands() != 1 || ops[1].Operand(0) != ops[0].Result(0) {
		return ""
	}
	body := ops[0]
	name := "stablehlo." + strings.TrimPrefix(strings.TrimPrefix(body.Name(), "stablehlo."), "mhlo.")
	c, ok := combinerOps[name]
	if !ok || body.NumOperands() != 2 {
		return ""
	}
	a0, a1 := body.Operand(0), body.Operand(1)
	if (a0 == cur && a1 == upd) || (a0 == upd && a1 == cur) {
		return c
	}
	return ""
}
