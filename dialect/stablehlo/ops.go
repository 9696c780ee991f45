package stablehlo

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Op names. Each op is also registered under its mhlo. spelling.
const (
	GatherName           = "stablehlo.gather"
	DynamicSliceName     = "stablehlo.dynamic_slice"
	SliceName            = "stablehlo.slice"
	TorchIndexSelectName = "stablehlo.torch_index_select"
	IotaName             = "stablehlo.iota"
	ConcatenateName      = "stablehlo.concatenate"
	ReshapeName          = "stablehlo.reshape"
	ConstantName         = "stablehlo.constant"
)

// MHLO returns the mhlo. spelling of a stablehlo. op name.
func MHLO(name string) string { return "mhlo." + strings.TrimPrefix(name, "stablehlo.") }

// Is reports whether op is the stablehlo op name or its mhlo spelling.
func Is(op *ir.Operation, name string) bool {
	return op.Name() == name || op.Name() == MHLO(name)
}

// Attribute kinds.
var (
	// gatherDimsKind admits #stablehlo.gather<…> (or #mhlo.gather<…>).
	gatherDimsKind = ir.AttrPred("gather dimension numbers", func(a ir.Attribute) bool {
		_, ok := a.(*GatherDimsAttr)
		return ok
	})
	// i64ListKind admits array<i64: …> (StableHLO) and a 1-D i64 dense
	// elements attribute dense<[…]> : tensor<Nxi64> (older mhlo).
	i64ListKind = ir.AttrPred("i64 dense array attribute", func(a ir.Attribute) bool {
		_, ok := I64List(a)
		return ok
	})
	boolKind = ir.AttrPred("bool attribute", func(a ir.Attribute) bool { _, ok := a.(ir.BoolAttr); return ok })
)

// I64List reads an array<i64: …> or a 1-D dense i64 elements attribute.
func I64List(a ir.Attribute) ([]int64, bool) {
	switch a := a.(type) {
	case *ir.DenseArrayAttr:
		if a.Elem == ir.I64 {
			return a.Ints, true
		}
	case *ir.DenseElementsAttr:
		if a.Type.Elem() == ir.I64 && a.Type.Rank() == 1 && a.Type.HasStaticShape() {
			n := int(a.Type.Dim(0))
			out := make([]int64, n)
			for i := range out {
				j := i
				if a.Splat {
					j = 0
				}
				out[i] = int64(leUint64(a.Raw[8*j : 8*j+8]))
			}
			return out, true
		}
	}
	return nil, false
}

func leUint64(b []byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func list(op *ir.Operation, name string) []int64 {
	v, _ := I64List(op.Attr(name))
	return v
}

// SliceSizes returns the slice_sizes attribute of a gather or dynamic_slice.
func SliceSizes(op *ir.Operation) []int64 { return list(op, "slice_sizes") }

// SliceParams returns start_indices, limit_indices and strides of a slice.
func SliceParams(op *ir.Operation) (start, limit, strides []int64) {
	return list(op, "start_indices"), list(op, "limit_indices"), list(op, "strides")
}

var integerTensor = ir.RankedTensorOf(ir.AnyInteger)

func register(def ir.OpDef) *ir.OpDef {
	_ = directivesRegistered
	def.Aliases = append(def.Aliases, MHLO(def.Name))
	return ir.MustRegister(def)
}

// Gather is stablehlo.gather (also mhlo.gather).
var Gather = register(ir.OpDef{
	Name:    GatherName,
	Summary: "gather slices of operand at start indices (the general XLA gather)",
	Description: `result[ri] = operand[oi] (StableHLO spec, "gather"), where
  batch_dims = result dims not in offset_dims, bi = ri[batch_dims];
  start_index = start_indices[bi with ':' inserted at index_vector_dim], or
    [start_indices[bi]] when index_vector_dim == rank(start_indices);
  full_start[d] = clamp(start_index[k], 0, operand.shape[d] - slice_sizes[d])
    for d = start_index_map[k], else 0 (always clamped: never an error,
    negatives become 0);
  full_batching[operand_batching_dims[i]] = bi[j] where j is the position of
    start_indices_batching_dims[i] among the start_indices dims other than
    index_vector_dim, else 0;
  full_offset = ri[offset_dims] with 0 inserted at collapsed_slice_dims and
    operand_batching_dims;
  oi = full_start + full_batching + full_offset.
Start indices are read by value: signless as signed, unsigned types
zero-extended (a ui64 of 2^63 or more is a large positive value, clamped
to the top of the range, never a negative one).
Out-of-bounds reads: the clamp keeps every read in bounds except on a
collapsed dim whose slice size is 0 (allowed by C9 and C21), where
[0, dim - 0] would start a read at dim; the spec leaves an out-of-bounds
operand index implementation-defined. tcp defines it: a collapsed dim is
clamped to [0, dim - 1], as with slice size 1, and a collapsed dim of size
0 with a non-empty result is a run-time error (there is no element to
read; the interpreter and the tcp program after
--convert-stablehlo-to-tcp both raise it). Such a gather verifies.
indices_are_sorted is a promise that is not checked and does not change
the result. dimension_numbers is #stablehlo.gather<offset_dims = [...],
collapsed_slice_dims = [...], operand_batching_dims = [...],
start_indices_batching_dims = [...], start_index_map = [...],
index_vector_dim = N> (fields in any order; empty lists and a zero
index_vector_dim may be omitted, as StableHLO prints them; the older form
without batching dims is the same attribute with those lists empty).
StableHLO has no custom form for gather: the op is written generically,
with the attribute dictionary or the properties form <{...}>.

Verifier rules (the spec's constraints, StableHLO's messages):
  C1. rank(operand) = size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims).
  C2. 0 <= index_vector_dim <= rank(start_indices).
  C3. size(start_index_map) = dim(start_indices, index_vector_dim), or 1 when index_vector_dim = rank(start_indices).
  C4. offset_dims is sorted and unique.
  C5. 0 <= offset_dims < rank(result).
  C6. collapsed_slice_dims ++ operand_batching_dims is unique.
  C7. collapsed_slice_dims is sorted.
  C8. 0 <= collapsed_slice_dims < rank(operand).
  C9. slice_sizes[collapsed_slice_dims...] <= 1.
  C10. operand_batching_dims is sorted.
  C11. 0 <= operand_batching_dims < rank(operand).
  C12. slice_sizes[operand_batching_dims...] <= 1.
  C13. start_indices_batching_dims is unique.
  C14. 0 <= start_indices_batching_dims < rank(start_indices).
  C15. index_vector_dim is not in start_indices_batching_dims.
  C16. size(operand_batching_dims) = size(start_indices_batching_dims).
  C17. dim(operand, operand_batching_dims...) = dim(start_indices, start_indices_batching_dims...).
  C18. start_index_map ++ operand_batching_dims is unique.
  C19. 0 <= start_index_map < rank(operand).
  C20. size(slice_sizes) = rank(operand).
  C21. 0 <= slice_sizes <= shape(operand).
  C22. shape(result) puts the start_indices dims other than index_vector_dim
       at the result dims not in offset_dims, and the slice sizes of the
       operand dims neither collapsed nor batching at offset_dims.
  C23. element_type(operand) = element_type(result).
  (I2) start_indices is a tensor of integer type; (I3–I9) the dimension
  numbers parse and slice_sizes is an i64 array.`,
	Examples: []string{
		`%0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>`,
	},
	Operands: []ir.OperandDef{
		{Name: "operand", Type: ir.RankedTensorOf()},
		{Name: "start_indices", Type: integerTensor},
	},
	Results: []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs: []ir.AttrDef{
		{Name: "dimension_numbers", Kind: gatherDimsKind, Required: true},
		{Name: "slice_sizes", Kind: i64ListKind, Required: true},
		{Name: "indices_are_sorted", Kind: boolKind, Default: ir.BoolAttr(false)},
	},
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Verify: verifyGather,
})

func shapeOf(v ir.Value) []int64 { return v.Type().(*ir.RankedTensorType).Shape() }

func verifyGather(op *ir.Operation) error {
	d, err := DimsOf(op)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	want, err := VerifyGather(shapeOf(op.Operand(0)), shapeOf(op.Operand(1)), d, SliceSizes(op))
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	return checkInferred(op, want)
}

// checkInferred compares the result shape with the inferred one, with
// MLIR's InferTypeOpInterface message.
func checkInferred(op *ir.Operation, want []int64) error {
	out := op.Result(0).Type().(*ir.RankedTensorType)
	ok := out.Rank() == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = want[i] == ir.Dynamic || out.Dim(i) == ir.Dynamic || want[i] == out.Dim(i)
	}
	if !ok {
		inferred := ir.RankedTensor(want, out.Elem())
		return op.EmitOpError("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", inferred, out)
	}
	return nil
}

// DynamicSlice is stablehlo.dynamic_slice (also mhlo.dynamic_slice).
var DynamicSlice = register(ir.OpDef{
	Name:    DynamicSliceName,
	Summary: "slice of static sizes at run-time start indices, clamped into bounds",
	Description: `result[ri] = operand[adjusted + ri] where, per dim d,
adjusted[d] = clamp(start_indices[d], 0, operand.shape[d] - slice_sizes[d])
(StableHLO spec, "dynamic_slice"): the window always lies inside the
operand; out-of-range and negative starts are clamped, never an error.
Each start index is a 0-d integer tensor, read by value (unsigned types
zero-extended: a ui64 of 2^63 or more clamps to the top).

Verifier rules (the spec's constraints, StableHLO's messages):
  C1. element_type(operand) = element_type(result).
  C2. size(start_indices) = size(slice_sizes) = rank(operand).
  C3. all start indices have the same type.
  C4. 0 <= slice_sizes <= shape(operand).
  C5. shape(result) = slice_sizes.`,
	Examples: []string{
		"%0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>",
	},
	Operands: []ir.OperandDef{
		{Name: "operand", Type: ir.RankedTensorOf()},
		{Name: "start_indices", Type: integerTensor, Variadic: true},
	},
	Results: []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs:   []ir.AttrDef{{Name: "slice_sizes", Kind: i64ListKind, Required: true}},
	Traits:  []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format:  "$operand `,` custom<VariadicOperandWithAttribute>($start_indices) `sizes` `=` custom<I64List>($slice_sizes) attr-dict `:` functional-type(operands, results)",
	Verify:  verifyDynamicSlice,
})

func verifyDynamicSlice(op *ir.Operation) error {
	sizes := SliceSizes(op)
	in := op.Operand(0).Type().(*ir.RankedTensorType)
	starts := op.Operands()[1:]
	if len(starts) != len(sizes) {
		return op.EmitOpError("has mismatched number of slice sizes (%d) and number of start indices (%d)", len(sizes), len(starts))
	}
	if in.Rank() != len(starts) {
		return op.EmitOpError("has mismatched number of start indices (%d) and the rank of operand (%d)", len(starts), in.Rank())
	}
	for _, s := range starts {
		if t := s.Type().(*ir.RankedTensorType); t.Rank() != 0 {
			return op.EmitOpError("start indices must be 0-dimensional tensors, got %s", t)
		}
		if s.Type().(*ir.RankedTensorType).Elem() != starts[0].Type().(*ir.RankedTensorType).Elem() {
			return op.EmitOpError("start indices must have same element type")
		}
	}
	for i, s := range sizes {
		if s < 0 {
			return op.EmitOpError("has negative size index to dynamic slice: %d", s)
		}
		if d := in.Dim(i); d != ir.Dynamic && s > d {
			return op.EmitOpError("has slice size %d greater than dimension size %d in dimension %d of operand", s, d, i)
		}
	}
	return checkInferred(op, sizes)
}

// Slice is stablehlo.slice (also mhlo.slice).
var Slice = register(ir.OpDef{
	Name:    SliceName,
	Summary: "static strided slice",
	Description: `result[ri] = operand[start_indices + ri * strides] (StableHLO spec,
"slice"); result dim d has ceil((limit_indices[d] - start_indices[d]) /
strides[d]) elements.

Verifier rules (the spec's constraints, StableHLO's messages):
  C1. element_type(operand) = element_type(result).
  C2. size(start_indices) = size(limit_indices) = size(strides) = rank(operand).
  C3. 0 <= start_indices <= limit_indices <= shape(operand).
  C4. 0 < strides.
  C5. shape(result) = ceil((limit_indices - start_indices) / strides).`,
	Examples: []string{
		"%0 = stablehlo.slice %arg0 [0:3:2, 2:6:3] : (tensor<3x6xi64>) -> tensor<2x2xi64>",
		"%1 = stablehlo.slice %arg0 [1:3, 4:8] : (tensor<3x8xf32>) -> tensor<2x4xf32>",
	},
	Operands: []ir.OperandDef{{Name: "operand", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs: []ir.AttrDef{
		{Name: "start_indices", Kind: i64ListKind, Required: true},
		{Name: "limit_indices", Kind: i64ListKind, Required: true},
		{Name: "strides", Kind: i64ListKind, Required: true},
	},
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format: "$operand custom<SliceRanges>($start_indices, $limit_indices, $strides) attr-dict `:` functional-type(operands, results)",
	Verify: verifySlice,
})

func verifySlice(op *ir.Operation) error {
	start, limit, strides := SliceParams(op)
	if len(start) != len(limit) || len(start) != len(strides) {
		return op.EmitOpError("failed to verify that all of {start_indices, limit_indices, strides} have same size")
	}
	in := op.Operand(0).Type().(*ir.RankedTensorType)
	if len(start) != in.Rank() {
		return op.EmitOpError("the number of elements in start_indices (%d) does not match the rank of the operand (%d)", len(start), in.Rank())
	}
	shape := make([]int64, len(start))
	for i := range start {
		if start[i] < 0 {
			return op.EmitOpError("negative start index %d in dimension %d", start[i], i)
		}
		if d := in.Dim(i); d != ir.Dynamic && limit[i] > d {
			return op.EmitOpError("limit index %d is larger than dimension size %d in dimension %d", limit[i], d, i)
		}
		if start[i] > limit[i] {
			return op.EmitOpError("start index %d is larger than limit index %d in dimension %d", start[i], limit[i], i)
		}
		if strides[i] <= 0 {
			return op.EmitOpError("stride must be positive but got %d in dimension %d", strides[i], i)
		}
		shape[i] = (limit[i] - start[i] + strides[i] - 1) / strides[i]
	}
	return checkInferred(op, shape)
}

// TorchIndexSelect is stablehlo.torch_index_select (also
// mhlo.torch_index_select).
var TorchIndexSelect = register(ir.OpDef{
	Name:    TorchIndexSelectName,
	Summary: "torch.index_select with leading batch dims",
	Description: `With b = batch_dims, a = dim, x = operand (rank r) and idx = index
(rank q):
  result.shape = x.shape[:a] ++ idx.shape[b:] ++ x.shape[a+1:]
  result[B, P, I, S] = x[B, P, clamp(idx[B, I], 0, x.shape[a] - 1), S]
where B are the b leading batch coords shared by both, P the a - b coords
before the axis, I the q - b index coords and S the trailing coords.
The op is outside the StableHLO spec; its meaning is that of its
legalization to stablehlo.gather (mhlo-legalize-torch-index-select-to-gather),
so out-of-range indices clamp as gather's do (a slice size of 1 at dim).

Verifier rules:
  1. 0 <= batch_dims <= dim < rank(operand) and batch_dims <= rank(index).
  2. index.shape[:batch_dims] = operand.shape[:batch_dims].
  3. shape(result) = operand.shape[:dim] ++ index.shape[batch_dims:] ++ operand.shape[dim+1:];
     element_type(result) = element_type(operand).`,
	Examples: []string{
		`%0 = "stablehlo.torch_index_select"(%arg0, %arg1) {batch_dims = 1 : i64, dim = 2 : i64} : (tensor<8x128x3072x64xf32>, tensor<8x16x1024xi32>) -> tensor<8x128x16x1024x64xf32>`,
	},
	Operands: []ir.OperandDef{
		{Name: "operand", Type: ir.RankedTensorOf()},
		{Name: "index", Type: integerTensor},
	},
	Results: []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs: []ir.AttrDef{
		{Name: "dim", Kind: ir.I64AttrKind, Required: true},
		{Name: "batch_dims", Kind: ir.I64AttrKind, Required: true},
	},
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Verify: verifyTorchIndexSelect,
})

func verifyTorchIndexSelect(op *ir.Operation) error {
	x, idx := shapeOf(op.Operand(0)), shapeOf(op.Operand(1))
	a, b := op.IntAttr("dim"), op.IntAttr("batch_dims")
	r, q := int64(len(x)), int64(len(idx))
	if b < 0 || b > a || a >= r || b > q {
		return op.EmitOpError("expects 0 <= batch_dims <= dim < rank(operand) and batch_dims <= rank(index), got batch_dims = %d, dim = %d, operand rank %d, index rank %d", b, a, r, q)
	}
	for i := int64(0); i < b; i++ {
		if x[i] != ir.Dynamic && idx[i] != ir.Dynamic && x[i] != idx[i] {
			return op.EmitOpError("expects batch dim %d of index (size %s) to equal that of operand (size %s)", i, dimStr(idx[i]), dimStr(x[i]))
		}
	}
	want := append(append(append([]int64{}, x[:a]...), idx[b:]...), x[a+1:]...)
	return checkInferred(op, want)
}

// Iota is stablehlo.iota (also mhlo.iota).
var Iota = register(ir.OpDef{
	Name:    IotaName,
	Summary: "a tensor counting up from 0 along one dim",
	Description: `output[oi] = oi[iota_dimension], converted to the element type (StableHLO
spec, "iota"; integers wrap to their width, as the spec's constant()
conversion does).

Verifier rules (StableHLO's messages):
  C1. 0 <= iota_dimension < rank(output); a 0-d output is rejected ("does
      not support scalars.").
  The output element type is an integer or floating-point type.`,
	Examples: []string{
		"%0 = stablehlo.iota dim = 0 : tensor<3x4xi64>",
		"%1 = stablehlo.iota dim = 1 : tensor<2x3xf32>",
	},
	Results: []ir.ResultDef{{Name: "output", Type: ir.RankedTensorOf(ir.AnyInteger, ir.AnyFloat)}},
	Attrs:   []ir.AttrDef{{Name: "iota_dimension", Kind: ir.I64AttrKind, Required: true}},
	Traits:  []ir.Trait{ir.Pure},
	Format:  "`dim` `=` $iota_dimension attr-dict `:` type($output)",
	Verify: func(op *ir.Operation) error {
		return verifyIotaDimension(op)
	},
})

// verifyIotaDimension checks the result and iota_dimension of iota and
// dynamic_iota (the spec's C1 and the output rank).
func verifyIotaDimension(op *ir.Operation) error {
	out := op.Result(0).Type().(*ir.RankedTensorType)
	if out.Rank() == 0 {
		return op.EmitOpError("does not support scalars.")
	}
	if d := op.IntAttr("iota_dimension"); d < 0 || d >= int64(out.Rank()) {
		return op.EmitOpError("iota dimension cannot go beyond the output rank.")
	}
	return nil
}

// Constant is stablehlo.constant (also mhlo.constant).
var Constant = register(ir.OpDef{
	Name:    ConstantName,
	Summary: "a constant tensor",
	Description: `Produces the dense elements attribute value; the result type is the
value's type. Printed stablehlo.constant dense<...> : tensor<...>.

Verifier rules: value is a dense elements attribute whose type is the
result type ("failed to verify that all of {value, output} have same
type").`,
	Examples: []string{
		"%0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>",
		"%1 = stablehlo.constant dense<3> : tensor<i64>",
	},
	Results: []ir.ResultDef{{Name: "output", Type: ir.RankedTensorOf()}},
	Attrs:   []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:  []ir.Trait{ir.Pure, ir.ConstantLike, ir.AllTypesMatch("value", "output")},
	Format:  "attr-dict $value",
	Fold: func(op *ir.Operation) []ir.OpFoldResult {
		return []ir.OpFoldResult{{Attr: op.Attr("value")}}
	},
	ResultName: func(*ir.Operation) string { return "cst" },
})

// Concatenate is stablehlo.concatenate (also mhlo.concatenate).
var Concatenate = register(ir.OpDef{
	Name:    ConcatenateName,
	Summary: "join tensors along one dim",
	Description: `The inputs, in order, joined along dimension (StableHLO spec,
"concatenate"): result dim dimension is the sum of the inputs' dims there.

Verifier rules (the spec's constraints, StableHLO's messages):
  C1, C3, C5. the inputs and the result have the same element type.
  C2. the inputs have the same rank and the same dims except at dimension.
  C4. 0 <= dimension < rank(inputs[0]); rank-0 values cannot be concatenated.
  C6. shape(result) is the inputs' shape with the sum of their dims at dimension.
  At least one input.`,
	Examples: []string{
		"%0 = stablehlo.concatenate %arg0, %arg1, dim = 2 : (tensor<2x2x1xi64>, tensor<2x2x1xi64>) -> tensor<2x2x2xi64>",
	},
	Operands: []ir.OperandDef{{Name: "inputs", Type: ir.RankedTensorOf(), Variadic: true}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs:    []ir.AttrDef{{Name: "dimension", Kind: ir.I64AttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension attr-dict `:` functional-type(operands, results)",
	Verify:   verifyConcatenate,
})

func verifyConcatenate(op *ir.Operation) error {
	ins := op.Operands()
	if len(ins) == 0 {
		return op.EmitOpError("expects at least one input")
	}
	out := op.Result(0).Type().(*ir.RankedTensorType)
	for _, v := range ins {
		if v.Type().(*ir.RankedTensorType).Elem() != out.Elem() {
			return op.EmitOpError("requires the same element type for all operands and results")
		}
	}
	w := shapeOf(ins[0])
	r := int64(len(w))
	dim := op.IntAttr("dimension")
	if r == 0 {
		return op.EmitOpError("rank-0 values cannot be concatenated")
	}
	if dim < 0 || dim >= r {
		return op.EmitOpError("dimension %d is out-of-bounds for input rank %d", dim, r)
	}
	want := append([]int64{}, w...)
	want[dim] = 0
	for i, v := range ins {
		sh := shapeOf(v)
		if int64(len(sh)) != r {
			return op.EmitOpError("operands (0) and (%d) do not match rank", i)
		}
		for d := int64(0); d < r; d++ {
			if d != dim && sh[d] != ir.Dynamic && w[d] != ir.Dynamic && sh[d] != w[d] {
				return op.EmitOpError("shapes of operand (0) and (%d) are not compatible at non-concat index %d: (%s) != (%s)", i, d, joinDims(w), joinDims(sh))
			}
		}
		if want[dim] != ir.Dynamic {
			if sh[dim] == ir.Dynamic {
				want[dim] = ir.Dynamic
			} else {
				want[dim] += sh[dim]
			}
		}
	}
	return checkInferred(op, want)
}

func joinDims(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, ", ")
}

// Reshape is stablehlo.reshape (also mhlo.reshape).
var Reshape = register(ir.OpDef{
	Name:    ReshapeName,
	Summary: "the same elements in row-major order, in a new static shape",
	Description: `result is operand's elements in row-major order with the result's shape
(StableHLO spec, "reshape").

Verifier rules (StableHLO's messages):
  C1. element_type(result) = element_type(operand).
  C2. size(operand) = size(result) ("number of output elements (N) doesn't
      match expected number of elements (M)").
  The result shape is static.`,
	Examples: []string{
		"%0 = stablehlo.reshape %arg0 : (tensor<2x2xi64>) -> tensor<2x2x1xi64>",
	},
	Operands: []ir.OperandDef{{Name: "operand", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format:   "$operand attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		in, out := op.Operand(0).Type().(*ir.RankedTensorType), op.Result(0).Type().(*ir.RankedTensorType)
		if !out.HasStaticShape() {
			return op.EmitOpError("expects a statically shaped result, got %s", out)
		}
		if in.HasStaticShape() && in.NumElements() != out.NumElements() {
			return op.EmitOpError("number of output elements (%d) doesn't match expected number of elements (%d)", out.NumElements(), in.NumElements())
		}
		return nil
	},
})
