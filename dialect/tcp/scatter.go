package tcp

import (
	"slices"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Scatter op names.
const (
	ScatterName   = "tcp.scatter"
	ScatterNDName = "tcp.scatter_nd"
)

// ModeDrop is the scatter-only index mode that skips an update whose index
// is out of range (jax's default FILL_OR_DROP for scatters).
const ModeDrop = "drop"

// ScatterModes lists the index modes of tcp.scatter and tcp.scatter_nd:
// the gather modes without fill, plus drop.
var ScatterModes = []string{ModePromiseInBounds, ModeError, ModeWrapNegative, ModeClip, ModeWrap, ModeDrop}

// Combiners (the `combine` attribute of the scatters).
const (
	CombineReplace = "replace"
	CombineAdd     = "add"
	CombineMul     = "mul"
	CombineMin     = "min"
	CombineMax     = "max"
	CombineAnd     = "and"
	CombineOr      = "or"
)

// Combines lists every combiner; replace is the default.
var Combines = []string{CombineReplace, CombineAdd, CombineMul, CombineMin, CombineMax, CombineAnd, CombineOr, CombineRegion}

const scatterDoc = `
Duplicates: updates are applied one at a time in row-major order of their
index positions, so with "replace" the last update of a position wins and
"add" / "mul" accumulate in that order (float rounding included). This is
the order of the CPU implementations of XLA, ONNX Runtime, TensorFlow and
PyTorch. Where a framework leaves duplicates undefined (ONNX
reduction = "none", torch.scatter_ / index_put without accumulate, MXNet,
DirectML, every GPU backend) tcp's answer is one of the answers that
framework allows.

Combiners (attribute combine; "replace" is the default and is elided):
  - "replace": out[q] = u.
  - "add", "mul": out[q] + u, out[q] * u; integers wrap at their width,
    floats round to nearest even in the element type.
  - "min", "max": the smaller / larger value. On floats NaN propagates (as
    jax/XLA and torch do): if out[q] is NaN it stays (its bits kept),
    otherwise a NaN update is stored; -0 orders below +0. Unsigned
    integers compare unsigned, signless and index ones signed; on i1 min
    is and, max is or.
  - "and", "or": bitwise, on integers and i1 only.
  - "region": the op's combiner region (below).

Index modes (attribute mode; "promise_in_bounds" is the default, as for the
gathers, and is elided; index value v on an output dim of size s):
  - "promise_in_bounds": 0 <= v < s is promised. A broken promise gives an
    undefined result (kernels never write outside the output; the
    interpreter reports it).
  - "error": 0 <= v < s, else the runtime error "index v is out of bounds
    for dimension d with size s" (negatives too), for the first offending
    index in row-major order; no output is produced.
  - "wrap_negative": -s <= v < 0 writes v + s (ONNX); else an error.
  - "clip": clamp(v, 0, s-1). Error only if s == 0 and an update must be
    written.
  - "wrap": floor modulo into [0, s). Error only as for clip.
  - "drop": an update whose index (any tuple component, for scatter_nd)
    is outside [0, s) is skipped (jax's default for scatters; TensorFlow
    on GPU). Negatives are out of range.
"fill" has no meaning for a scatter (a verifier error).

unique_indices (unit attribute): a promise that no two updates write the
same output element. It does not change the result (the row-major order
already defines it); backends without an order among writes (DirectML)
rely on it. The interpreter reports a broken promise as an error.
` + regionDoc

// scatterModeKind accepts the scatter modes and also "fill", which the
// verifier rejects with a message of its own.
var scatterModeKind = ir.AttrPred("string attribute whose value is "+strings.Join(ScatterModes, ", or "), func(a ir.Attribute) bool {
	s, ok := a.(ir.StringAttr)
	return ok && (slices.Contains(ScatterModes, string(s)) || string(s) == ModeFill)
})

func scatterAttrs(extra ir.AttrDef) []ir.AttrDef {
	return []ir.AttrDef{
		extra,
		{Name: "combine", Kind: ir.StringEnumKind(Combines...), Default: ir.Str(CombineReplace)},
		{Name: "mode", Kind: scatterModeKind, Default: ir.Str(ModePromiseInBounds)},
		{Name: "unique_indices", Kind: ir.UnitAttrKind},
	}
}

const scatterFormat = "$input `,` $indices `,` $updates attr-dict `:` type($input) `,` type($indices) `,` type($updates) `->` type($out) regions"

// scatterRegions: the optional combiner region (combine = "region").
var scatterRegions = []ir.RegionDef{{Name: "combiner", Variadic: true}}

// Scatter is tcp.scatter.
var Scatter = ir.MustRegister(ir.OpDef{
	Name:    ScatterName,
	Summary: "scatter updates into a copy of input along dim at same-rank indices",
	Description: `The inverse of tcp.gather. out = copy(input); then for every position p of
indices, in row-major order, with q = p except q[dim] = N(indices[p],
input.shape[dim]) (N applies the index mode):
  out[q] = combine(out[q], updates[p])
For rank 2 and dim 0: out[idx[i][j]][j] ⊕= upd[i][j]. Same as
onnx.ScatterElements, torch.scatter / scatter_add / scatter_reduce (with
include_self), tf.tensor_scatter_nd_* on one dim, and
DML_SCATTER_ELEMENTS (unique indices).

Verifier rules:
  1. rank(input) == rank(indices) == rank(updates) >= 1.
  2. 0 <= dim < rank.
  3. shape(updates) == shape(indices).
  4. For d != dim, indices.shape[d] <= input.shape[d] when both are static
     (indices may cover only part of the input, as torch allows).
  5. type(out) has the shape of input; elem(updates) == elem(out) ==
     elem(input).
  6. elem(indices) is i32 or i64 (read as signed).
  7. mode is not "fill".
  8. combine "and" / "or" need integer or i1 elements; "add" / "mul" need
     a numeric element type other than i1 (use "or" / "and").
  9. combine = "region" iff the op has a (combiner) region, which has one
     block of arguments (tensor<T>, tensor<T>) with T = elem(input), only
     ops of the list below on 0-d tensors, each operand defined in the
     region, and ends in tcp.yield of one tensor<T>.

Canonicalization: a combiner region that is one of the named combiners
on integers (tcp.yield of the update; addi, muli, andi, ori, maxsi or
minsi of the two arguments) becomes that combine.

Folds: with indices of no elements (a static 0 dim) the op is its input;
with constant indices that equal the iota along dim (indices[p] = p[dim])
and cover the whole input (equal static shapes), combine "replace", the
op is updates (every element written once, in range in every mode). With
constant operands the op folds through the interpreter unless it raises an
error.
` + scatterDoc,
	Examples: []string{
		"%0 = tcp.scatter %arg0, %arg1, %arg2 {dim = 0 : index} : tensor<?x?xf32>, tensor<2x?xi64>, tensor<2x?xf32> -> tensor<?x?xf32>",
		`%1 = tcp.scatter %a, %i, %u {combine = "add", dim = 1 : index, mode = "wrap_negative"} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<1x5xf32>`,
		`%2 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
^bb0(%cur: tensor<f32>, %upd: tensor<f32>):
  %two = arith.constant dense<2.000000e+00> : tensor<f32>
  %0 = arith.mulf %cur, %two : tensor<f32>
  %1 = arith.addf %0, %upd : tensor<f32>
  tcp.yield %1 : tensor<f32>
}`,
	},
	Operands: []ir.OperandDef{
		{Name: "input", Type: ir.RankedTensorOf()},
		{Name: "indices", Type: ir.RankedTensorOf(indexElem...)},
		{Name: "updates", Type: ir.RankedTensorOf()},
	},
	Results:                         []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Attrs:                           scatterAttrs(ir.AttrDef{Name: "dim", Kind: ir.IndexAttrKind, Required: true}),
	Traits:                          []ir.Trait{ir.Pure, ir.IsolatedFromAbove, ir.AllElementTypesMatch("input", "updates", "out")},
	Format:                          scatterFormat,
	Regions:                         scatterRegions,
	AcceptParenthesizedOperandTypes: true,
	Verify:                          verifyScatter,
	Fold:                            foldScatter,
	Canonicalize:                    []ir.Pattern{regionToCombine},
})

// ScatterND is tcp.scatter_nd.
var ScatterND = ir.MustRegister(ir.OpDef{
	Name:    ScatterNDName,
	Summary: "scatter slices of updates into a copy of input at index tuples",
	Description: `The inverse of tcp.gather_nd. With r = rank(input), q = rank(indices),
m = indices.shape[q-1] (the index tuple length) and b = batch_dims:
out = copy(input); then for every tuple position (B, I) of
indices.shape[0:q-1] in row-major order (B the b batch coordinates, I the
q-1-b grid coordinates), with t = indices[B, I, 0:m] (mode applied per
component t[k] against input.shape[b+k]), and for every trailing
coordinate J of input.shape[b+m:r]:
  out[B, t[0], ..., t[m-1], J] = combine(out[B, t..., J], updates[B, I, J])
Under "drop" a tuple with any component out of range skips its whole
slice. Same as onnx.ScatterND (reduction), tf.tensor_scatter_nd_* and
tf.scatter_nd (on zeros, with "add"), jax's .at[] with full-slice
windows, and DML_SCATTER_ND (unique indices).

Verifier rules:
  1. rank(input) >= 1, rank(indices) >= 1, and m is static.
  2. 0 <= b < q, b < r and b + m <= r.
  3. indices.shape[0:b] == input.shape[0:b] (batch dims agree).
  4. shape(updates) == indices.shape[0:q-1] ++ input.shape[b+m:r].
  5. type(out) has the shape of input; elem(updates) == elem(out) ==
     elem(input).
  6. elem(indices) is i32 or i64 (read as signed).
  7. mode is not "fill".
  8. combine "and" / "or" need integer or i1 elements; "add" / "mul" need
     a numeric element type other than i1.
  9. combine = "region" iff the op has a combiner region (rule 9 of
     tcp.scatter).

Canonicalization: as for tcp.scatter (a combiner region that is a named
combiner on integers becomes that combine).

Folds: with no index tuples (a static 0 in indices.shape[0:q-1]) the op is
its input; so it is with updates of no elements under modes clip, wrap
and drop (the other modes still check every tuple).
` + scatterDoc,
	Examples: []string{
		"%0 = tcp.scatter_nd %arg0, %arg1, %arg2 : tensor<4x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32> -> tensor<4x4x4xf32>",
		`%1 = tcp.scatter_nd %d, %i, %u {batch_dims = 1 : index, combine = "max", mode = "drop"} : tensor<2x5xi32>, tensor<2x3x1xi64>, tensor<2x3xi32> -> tensor<2x5xi32>`,
		`%2 = tcp.scatter_nd %d, %i, %u {combine = "region", mode = "drop"} : tensor<5xi32>, tensor<3x1xi64>, tensor<3xi32> -> tensor<5xi32> {
^bb0(%cur: tensor<i32>, %upd: tensor<i32>):
  %0 = arith.muli %cur, %upd : tensor<i32>
  %1 = arith.addi %0, %upd : tensor<i32>
  tcp.yield %1 : tensor<i32>
}`,
	},
	Operands: []ir.OperandDef{
		{Name: "input", Type: ir.RankedTensorOf()},
		{Name: "indices", Type: ir.RankedTensorOf(indexElem...)},
		{Name: "updates", Type: ir.RankedTensorOf()},
	},
	Results:                         []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Attrs:                           scatterAttrs(ir.AttrDef{Name: "batch_dims", Kind: ir.IndexAttrKind, Default: ir.IndexAttr(0)}),
	Traits:                          []ir.Trait{ir.Pure, ir.IsolatedFromAbove, ir.AllElementTypesMatch("input", "updates", "out")},
	Format:                          scatterFormat,
	Regions:                         scatterRegions,
	AcceptParenthesizedOperandTypes: true,
	Verify:                          verifyScatterND,
	Fold:                            foldScatterND,
	Canonicalize:                    []ir.Pattern{regionToCombine},
})

// ScatterOp is a typed view of tcp.scatter and tcp.scatter_nd.
type ScatterOp struct{ *ir.Operation }

func (o ScatterOp) Input() ir.Value   { return o.Operand(0) }
func (o ScatterOp) Indices() ir.Value { return o.Operand(1) }
func (o ScatterOp) Updates() ir.Value { return o.Operand(2) }

// Dim is the dim of tcp.scatter.
func (o ScatterOp) Dim() int64 { return o.IntAttr("dim") }

// BatchDims is batch_dims of tcp.scatter_nd.
func (o ScatterOp) BatchDims() int64 { return o.IntAttr("batch_dims") }

// Mode returns the index mode (default promise_in_bounds).
func (o ScatterOp) Mode() string { return modeOf(o.Operation) }

// Combine returns the combiner (default replace).
func (o ScatterOp) Combine() string { return CombineOf(o.Operation) }

// UniqueIndices reports the unique_indices promise.
func (o ScatterOp) UniqueIndices() bool { return o.Attr("unique_indices") != nil }

// IsScatter reports whether op is tcp.scatter or tcp.scatter_nd.
func IsScatter(op *ir.Operation) bool {
	return op != nil && (op.Name() == ScatterName || op.Name() == ScatterNDName)
}

// CombineOf returns the combine attribute of a scatter (default replace).
func CombineOf(op *ir.Operation) string {
	if s, ok := op.Attr("combine").(ir.StringAttr); ok {
		return string(s)
	}
	return CombineReplace
}

// CombineAllowed reports whether combine applies to elements of type elem
// (verifier rule 8 of the scatters).
func CombineAllowed(combine string, elem ir.Type) bool {
	it, isInt := elem.(ir.IntegerType)
	_, isIndex := elem.(ir.IndexType)
	switch combine {
	case CombineAnd, CombineOr:
		return isInt || isIndex
	case CombineAdd, CombineMul:
		return !(isInt && it.Width == 1)
	}
	return true
}

func verifyScatterCommon(op *ir.Operation, in, upd, out *ir.RankedTensorType) error {
	if out.Rank() != in.Rank() {
		return op.EmitOpError("expects the result shape %s to equal the input shape %s", shapeStr(out.Shape()), shapeStr(in.Shape()))
	}
	for d := 0; d < in.Rank(); d++ {
		if !compatible(out.Dim(d), in.Dim(d)) {
			return op.EmitOpError("expects the result shape %s to equal the input shape %s", shapeStr(out.Shape()), shapeStr(in.Shape()))
		}
	}
	if op.StrAttr("mode") == ModeFill {
		return op.EmitOpError("does not take mode = \"fill\": a scatter has no value to fill (mode = \"drop\" skips out-of-range updates)")
	}
	if err := verifyCombiner(op, in.Elem()); err != nil {
		return err
	}
	c := CombineOf(op)
	if !CombineAllowed(c, in.Elem()) {
		if c == CombineAnd || c == CombineOr {
			return op.EmitOpError("combine = %q needs integer or i1 elements, got %s", c, in.Elem())
		}
		return op.EmitOpError("combine = %q is not defined on i1 (use \"or\" for add, \"and\" for mul)", c)
	}
	return nil
}

func verifyScatter(op *ir.Operation) error {
	in, idx, upd, out := tensorOf(op.Operand(0)), tensorOf(op.Operand(1)), tensorOf(op.Operand(2)), tensorOf(op.Result(0))
	r := in.Rank()
	if r != idx.Rank() || r != upd.Rank() {
		return op.EmitOpError("requires input, indices and updates of the same rank, got %d, %d and %d", r, idx.Rank(), upd.Rank())
	}
	if r == 0 {
		return op.EmitOpError("requires input, indices and updates of rank at least 1")
	}
	dim := op.IntAttr("dim")
	if dim < 0 || dim >= int64(r) {
		return op.EmitOpError("expects dim in [0, %d), got %d", r, dim)
	}
	for d := 0; d < r; d++ {
		if !compatible(upd.Dim(d), idx.Dim(d)) {
			return op.EmitOpError("expects the updates shape %s to equal the indices shape %s", shapeStr(upd.Shape()), shapeStr(idx.Shape()))
		}
	}
	for d := 0; d < r; d++ {
		if int64(d) == dim {
			continue
		}
		if a, b := idx.Dim(d), in.Dim(d); a != ir.Dynamic && b != ir.Dynamic && a > b {
			return op.EmitOpError("expects indices dim %d (size %d) to be at most the input dim (size %d)", d, a, b)
		}
	}
	return verifyScatterCommon(op, in, upd, out)
}

func verifyScatterND(op *ir.Operation) error {
	in, idx, upd, out := tensorOf(op.Operand(0)), tensorOf(op.Operand(1)), tensorOf(op.Operand(2)), tensorOf(op.Result(0))
	r, q := in.Rank(), idx.Rank()
	if r < 1 || q < 1 {
		return op.EmitOpError("requires input and indices of rank at least 1, got %d and %d", r, q)
	}
	m := idx.Dim(q - 1)
	if m == ir.Dynamic {
		return op.EmitOpError("expects the last dim of indices (the index tuple length) to be static")
	}
	b := op.IntAttr("batch_dims")
	if b < 0 || b >= int64(q) || b >= int64(r) {
		return op.EmitOpError("expects batch_dims in [0, %d), got %d", min(q, r), b)
	}
	if b+m > int64(r) {
		return op.EmitOpError("expects batch_dims + index tuple length <= input rank, got %d + %d > %d", b, m, r)
	}
	for d := 0; d < int(b); d++ {
		if !compatible(idx.Dim(d), in.Dim(d)) {
			return op.EmitOpError("expects batch dim %d of indices (size %s) to equal that of input (size %s)", d, dimStr(idx.Dim(d)), dimStr(in.Dim(d)))
		}
	}
	want := append(append([]int64{}, idx.Shape()[:q-1]...), in.Shape()[b+m:]...)
	ok := upd.Rank() == len(want)
	for d := 0; ok && d < len(want); d++ {
		ok = compatible(upd.Dim(d), want[d])
	}
	if !ok {
		return op.EmitOpError("expects updates shape %s (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got %s", shapeStr(want), shapeStr(upd.Shape()))
	}
	return verifyScatterCommon(op, in, upd, out)
}

// ---------------------------------------------------------------- folds

func hasStaticZero(dims []int64) bool { return slices.Contains(dims, 0) }

// foldScatter: no indices → input; a whole-dim iota with replace → updates.
func foldScatter(op *ir.Operation) []ir.OpFoldResult {
	s := ScatterOp{op}
	outT := op.Result(0).Type()
	idx := tensorOf(s.Indices())
	if hasStaticZero(idx.Shape()) && s.Input().Type() == outT {
		return []ir.OpFoldResult{{Value: s.Input()}}
	}
	if s.Combine() != CombineReplace || s.Updates().Type() != outT {
		return nil
	}
	in := tensorOf(s.Input())
	if !in.HasStaticShape() || !slices.Equal(in.Shape(), idx.Shape()) {
		return nil
	}
	c, ok := ir.ConstantAttr(s.Indices()).(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	dim := int(s.Dim())
	shape := in.Shape()
	n := in.NumElements()
	coord := make([]int64, len(shape))
	for i := int64(0); i < n; i++ {
		if c.IntAt(int(i)) != coord[dim] {
			return nil
		}
		for d := len(shape) - 1; d >= 0; d-- {
			coord[d]++
			if coord[d] < shape[d] {
				break
			}
			coord[d] = 0
		}
	}
	return []ir.OpFoldResult{{Value: s.Updates()}}
}

// foldScatterND: no tuples (or no update elements under a mode that
// checks nothing then) → input.
func foldScatterND(op *ir.Operation) []ir.OpFoldResult {
	s := ScatterOp{op}
	if s.Input().Type() != op.Result(0).Type() {
		return nil
	}
	idx, upd := tensorOf(s.Indices()), tensorOf(s.Updates())
	if hasStaticZero(idx.Shape()[:idx.Rank()-1]) {
		return []ir.OpFoldResult{{Value: s.Input()}}
	}
	switch s.Mode() {
	case ModeClip, ModeWrap, ModeDrop:
		if hasStaticZero(upd.Shape()) {
			return []ir.OpFoldResult{{Value: s.Input()}}
		}
	}
	return nil
}

// ScatterAttrs are the optional attributes of the scatter builders: ""
// and false give the defaults (replace, promise_in_bounds), which are
// left out.
type ScatterAttrs struct {
	Combine       string
	Mode          string
	UniqueIndices bool
}

func (a ScatterAttrs) named() []ir.NamedAttr {
	var out []ir.NamedAttr
	if a.Combine != "" && a.Combine != CombineReplace {
		out = append(out, ir.NamedAttr{Name: "combine", Value: ir.Str(a.Combine)})
	}
	if a.Mode != "" && a.Mode != ModePromiseInBounds {
		out = append(out, ir.NamedAttr{Name: "mode", Value: ir.Str(a.Mode)})
	}
	if a.UniqueIndices {
		out = append(out, ir.NamedAttr{Name: "unique_indices", Value: ir.UnitAttr{}})
	}
	return out
}

// BuildScatter inserts tcp.scatter; its result has the input's type.
func BuildScatter(rw *ir.Rewriter, loc ir.Location, input, indices, updates ir.Value, dim int64, a ScatterAttrs) *ir.Operation {
	attrs := append([]ir.NamedAttr{{Name: "dim", Value: ir.IndexAttr(dim)}}, a.named()...)
	return create(rw, ScatterName, loc, []ir.Value{input, indices, updates}, input.Type(), attrs...)
}

// BuildScatterND inserts tcp.scatter_nd; its result has the input's type.
func BuildScatterND(rw *ir.Rewriter, loc ir.Location, input, indices, updates ir.Value, batchDims int64, a ScatterAttrs) *ir.Operation {
	var attrs []ir.NamedAttr
	if batchDims != 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "batch_dims", Value: ir.IndexAttr(batchDims)})
	}
	return create(rw, ScatterNDName, loc, []ir.Value{input, indices, updates}, input.Type(), append(attrs, a.named()...)...)
}
