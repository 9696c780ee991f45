package stablehlo

import (
	"github.com/tcp-project/tcp/ir"
)

// The ops jax.export prints for a program with symbolic dims
// (jax.export.symbolic_shape): the run-time size of a dim, a broadcast
// and a gather whose sizes are run-time operands, and the shape
// assertions jax checks its dimension variables with:
//
//	%0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
//	stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "...", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
//	%1 = stablehlo.dynamic_broadcast_in_dim %c, %0, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
//	%3 = "stablehlo.dynamic_gather"(%arg1, %0, %2) <{dimension_numbers = #stablehlo.gather<...>}> : (tensor<?x4xf32>, tensor<7x1xi32>, tensor<2xi32>) -> tensor<?x7xf32>

// Op names.
const (
	GetDimensionSizeName      = "stablehlo.get_dimension_size"
	DynamicBroadcastInDimName = "stablehlo.dynamic_broadcast_in_dim"
	DynamicGatherName         = "stablehlo.dynamic_gather"
	CustomCallName            = "stablehlo.custom_call"
)

// ShapeAssertionTarget is the call_target_name of jax's shape assertions.
const ShapeAssertionTarget = "shape_assertion"

var callTargetRegistered = func() bool {
	// custom<HLOCallTarget>($call_target_name): `@name`, stored as a string.
	ir.RegisterCustomDirective("HLOCallTarget", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			name, ok, err := p.ParseOptionalSymbolName()
			if err != nil {
				return err
			}
			if !ok {
				return p.Errorf("expected a call target name (@name)")
			}
			st.AddAttr(args[0].Attr, ir.StringAttr(name))
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			s, _ := op.Attr(args[0].Attr).(ir.StringAttr)
			p.WriteString(ir.SymbolRefAttr{Root: string(s)}.String())
		},
	})
	return true
}()

// GetDimensionSize is stablehlo.get_dimension_size (also mhlo).
var GetDimensionSize = register(ir.OpDef{
	Name:    GetDimensionSizeName,
	Summary: "the run-time size of one dim of a tensor",
	Description: `result = dim(operand, dimension) as a 0-d i32 tensor (StableHLO spec,
"get_dimension_size").

Verifier rules:
  C1. 0 <= dimension < rank(operand) ("requires dimension attribute in
      range [0, R); found (D)").
  The result is tensor<i32> (the spec's si32 is MLIR's signless i32).`,
	Examples: []string{"%0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: ir.RankedTensorOf()}},
	Results: []ir.ResultDef{{Name: "result", Type: ir.TypePred("tensor<i32>", func(t ir.Type) bool {
		rt, ok := t.(*ir.RankedTensorType)
		return ok && rt.Rank() == 0 && rt.Elem() == ir.I32
	})}},
	Attrs:  []ir.AttrDef{{Name: "dimension", Kind: ir.I64AttrKind, Required: true}},
	Traits: []ir.Trait{ir.Pure},
	Format: "$operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		r := rankedOf(op.Operand(0)).Rank()
		if d := op.IntAttr("dimension"); d < 0 || d >= int64(r) {
			return op.EmitOpError("requires dimension attribute in range [0, %d); found (%d)", r, d)
		}
		return nil
	},
})

// DynamicBroadcastInDim is stablehlo.dynamic_broadcast_in_dim (also mhlo).
var DynamicBroadcastInDim = register(ir.OpDef{
	Name:    DynamicBroadcastInDimName,
	Summary: "broadcast_in_dim into a run-time shape",
	Description: `As stablehlo.broadcast_in_dim, into the shape given by the value of
output_dimensions (StableHLO spec, "dynamic_broadcast_in_dim"):
result[ri] = operand[oi] with oi[d] = 0 if operand dim d is 1 and
result dim broadcast_dimensions[d] is not, else ri[broadcast_dimensions[d]].
At run time output_dimensions must hold non-negative sizes that agree
with the static dims of the result type, and each operand dim must be 1
or the size of the result dim it maps to (an error otherwise).
known_expanding_dimensions and known_nonexpanding_dimensions are hints
that do not change the result.

Verifier rules:
  C1. element types of operand and result are equal.
  C2. size(broadcast_dimensions) = rank(operand).
  C3. 0 <= broadcast_dimensions < rank(result), unique.
  C4. each static operand dim d is 1 or equals the static result dim
      broadcast_dimensions[d].
  C5. size(output_dimensions) = rank(result) when static.`,
	Examples: []string{"%0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: ir.RankedTensorOf()}, {Name: "output_dimensions", Type: shapeTensor}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs: []ir.AttrDef{
		{Name: "broadcast_dimensions", Kind: i64ListKind, Required: true},
		{Name: "known_expanding_dimensions", Kind: i64ListKind},
		{Name: "known_nonexpanding_dimensions", Kind: i64ListKind},
	},
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format: "$operand `,` $output_dimensions `,` `dims` `=` custom<I64List>($broadcast_dimensions) attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		in, out := rankedOf(op.Operand(0)), rankedOf(op.Result(0))
		dims := list(op, "broadcast_dimensions")
		if len(dims) != in.Rank() {
			return op.EmitOpError("broadcast_dimensions size (%d) does not match operand rank (%d)", len(dims), in.Rank())
		}
		seen := map[int64]bool{}
		for i, d := range dims {
			if d < 0 || d >= int64(out.Rank()) {
				return op.EmitOpError("broadcast_dimensions contains invalid value %d for result with rank %d", d, out.Rank())
			}
			if seen[d] {
				return op.EmitOpError("broadcast_dimensions should not have duplicates, got %d twice", d)
			}
			seen[d] = true
			if s := in.Dim(i); s != 1 && s != ir.Dynamic && out.Dim(int(d)) != ir.Dynamic && s != out.Dim(int(d)) {
				return op.EmitOpError("size of operand dimension %d (%d) is not equal to 1 or size of result dimension %d (%d)", i, s, d, out.Dim(int(d)))
			}
		}
		return checkShapeOperand(op, op.Operand(1))
	},
})

// DynamicGather is stablehlo.dynamic_gather (also mhlo).
var DynamicGather = register(ir.OpDef{
	Name:    DynamicGatherName,
	Summary: "stablehlo.gather with run-time slice sizes",
	Description: `As stablehlo.gather, with slice_sizes the value of the 1-D operand
slice_sizes instead of an attribute (StableHLO spec, "dynamic_gather").
At run time the sizes must satisfy the gather's rules for the run-time
shapes (0 <= slice_sizes[d] <= dim(operand, d), 1 at collapsed and
batching dims), an error otherwise.

Verifier rules: the dimension numbers parse and satisfy the gather's
rules that do not involve slice sizes (checked with the operand's and the
indices' ranks); size(slice_sizes) = rank(operand) when static.`,
	Examples: []string{
		`%0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) {dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>} : (tensor<?x4xf32>, tensor<7x1xi32>, tensor<2xi32>) -> tensor<?x7xf32>`,
	},
	Operands: []ir.OperandDef{
		{Name: "operand", Type: ir.RankedTensorOf()},
		{Name: "start_indices", Type: integerTensor},
		{Name: "slice_sizes", Type: shapeTensor},
	},
	Results: []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs: []ir.AttrDef{
		{Name: "dimension_numbers", Kind: gatherDimsKind, Required: true},
		{Name: "indices_are_sorted", Kind: boolKind, Default: ir.BoolAttr(false)},
	},
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Verify: func(op *ir.Operation) error {
		d, err := DimsOf(op)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		in := rankedOf(op.Operand(0))
		n := rankedOf(op.Operand(2)).Dim(0)
		if n != ir.Dynamic && n != int64(in.Rank()) {
			return op.EmitOpError("slice_sizes size (%d) not equal to (implied) operand rank (%d)", n, in.Rank())
		}
		// The rules without sizes: check with unit slices at the
		// collapsed and batching dims and size 0 elsewhere (any size
		// 0..dim passes the size rules there).
		sizes := make([]int64, in.Rank())
		for _, c := range append(append([]int64{}, d.CollapsedSliceDims...), d.OperandBatchingDims...) {
			if c >= 0 && c < int64(len(sizes)) {
				sizes[c] = 1
			}
		}
		shape := append([]int64{}, in.Shape()...)
		for i := range shape {
			if shape[i] == ir.Dynamic {
				shape[i] = 1
			}
		}
		idx := append([]int64{}, shapeOf(op.Operand(1))...)
		for i := range idx {
			if idx[i] == ir.Dynamic {
				idx[i] = 1
			}
		}
		if _, err := VerifyGather(shape, idx, d, sizes); err != nil {
			return op.EmitOpError("%v", err)
		}
		return nil
	},
})

// CustomCall is stablehlo.custom_call (also mhlo). Only jax's shape
// assertions have a meaning here.
var CustomCall = register(ir.OpDef{
	Name:    CustomCallName,
	Summary: "a call to an implementation-defined target (jax's shape assertions)",
	Description: `Calls call_target_name on inputs (StableHLO spec, "custom_call"); the
meaning is the target's. The one target tcp gives a meaning is jax's
@shape_assertion (jax.export with symbolic shapes): inputs are a 0-d i1
assertion followed by at most 32 0-d integer values; when the assertion
is false the op raises the error error_message with each "{k}" replaced
by the value of input k+1 (jax documents it so: "Input shapes do not
match the polymorphic shapes specification ..."), and it has no results.
Other targets are kept, printed and verified, but have no meaning: the
interpreter and the conversion to tcp report them. The op has side
effects (it is never removed as dead code).

Verifier rules: call_target_name is a string; for @shape_assertion, no
results, a first input of type tensor<i1> and 0-d integer inputs after
it ("expects a tensor<i1> assertion and 0-d integer values").`,
	Examples: []string{
		`stablehlo.custom_call @shape_assertion(%arg0, %arg1) {api_version = 2 : i32, error_message = "expected {0} >= 1", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()`,
	},
	Operands: []ir.OperandDef{{Name: "inputs", Type: ir.AnyType, Variadic: true}},
	Results:  []ir.ResultDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Attrs: []ir.AttrDef{
		{Name: "call_target_name", Kind: ir.StrAttrKind, Required: true},
		{Name: "has_side_effect", Kind: boolKind},
		{Name: "api_version", Kind: ir.AnyAttrKind},
		{Name: "backend_config", Kind: ir.AnyAttrKind},
	},
	Format: "custom<HLOCallTarget>($call_target_name) `(` $inputs `)` attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		_ = callTargetRegistered
		if s, _ := op.Attr("call_target_name").(ir.StringAttr); string(s) != ShapeAssertionTarget {
			return nil
		}
		ok := len(op.Results()) == 0 && len(op.Operands()) >= 1 && op.Operand(0).Type() == ir.Type(ir.RankedTensor(nil, ir.I1))
		for i := 1; ok && i < len(op.Operands()); i++ {
			t, isT := op.Operand(i).Type().(*ir.RankedTensorType)
			ok = isT && t.Rank() == 0 && ir.IsInteger(t.Elem())
		}
		if !ok {
			return op.EmitOpError("@shape_assertion expects a tensor<i1> assertion and 0-d integer values, and no results")
		}
		return nil
	},
})

// RealDynamicSliceName is stablehlo.real_dynamic_slice.
const RealDynamicSliceName = "stablehlo.real_dynamic_slice"

// RealDynamicSlice is stablehlo.real_dynamic_slice (also mhlo): a slice
// whose bounds and strides are run-time operands (jax's dynamic_slice of a
// symbolic dim).
var RealDynamicSlice = register(ir.OpDef{
	Name:    RealDynamicSliceName,
	Summary: "slice with run-time start, limit and stride tensors",
	Description: `result[ri] = operand[start_indices + ri * strides] with result dim d of
size ceil((limit_indices[d] - start_indices[d]) / strides[d]) (StableHLO
spec, "real_dynamic_slice"). At run time 0 <= start <= limit <= dim and
stride > 0 must hold in every dim, and the sizes must agree with the
static dims of the result type (an error otherwise).

Verifier rules:
  C1. element_type(operand) = element_type(result).
  C2. size(start_indices) = size(limit_indices) = size(strides) =
      rank(operand) when static.
  start_indices, limit_indices and strides are 1-D integer tensors of one
  type.`,
	Examples: []string{"%0 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg2, %arg3 : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>"},
	Operands: []ir.OperandDef{
		{Name: "operand", Type: ir.RankedTensorOf()},
		{Name: "start_indices", Type: shapeTensor},
		{Name: "limit_indices", Type: shapeTensor},
		{Name: "strides", Type: shapeTensor},
	},
	Results: []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Traits:  []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format:  "$operand `,` $start_indices `,` $limit_indices `,` $strides attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		r := rankedOf(op.Operand(0)).Rank()
		if rankedOf(op.Result(0)).Rank() != r {
			return op.EmitOpError("expects a result of the operand's rank %d, got %s", r, op.Result(0).Type())
		}
		t := op.Operand(1).Type()
		for i, n := range []string{"start_indices", "limit_indices", "strides"} {
			v := op.Operand(1 + i)
			if v.Type() != t {
				return op.EmitOpError("requires start_indices, limit_indices and strides of one type, got %s and %s", t, v.Type())
			}
			if s := rankedOf(v).Dim(0); s != ir.Dynamic && s != int64(r) {
				return op.EmitOpError("%s has %d elements, expected the operand rank %d", n, s, r)
			}
		}
		return nil
	},
})
