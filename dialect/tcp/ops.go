package tcp

import (
	"fmt"
	"math"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	GatherName      = "tcp.gather"
	GatherNDName    = "tcp.gather_nd"
	BroadcastToName = "tcp.broadcast_to"
	BroadcastName   = "tcp.broadcast"
	SliceName       = "tcp.slice"
	ConstName       = "tcp.const"
)

// Index modes (the `mode` attribute of tcp.gather and tcp.gather_nd).
const (
	ModePromiseInBounds = "promise_in_bounds"
	ModeError           = "error"
	ModeWrapNegative    = "wrap_negative"
	ModeClip            = "clip"
	ModeWrap            = "wrap"
	ModeFill            = "fill"
)

// Modes lists every index mode.
var Modes = []string{ModePromiseInBounds, ModeError, ModeWrapNegative, ModeClip, ModeWrap, ModeFill}

var indexElem = []ir.TypeConstraint{ir.IntOfWidth(32), ir.IntOfWidth(64)}

const modeDoc = `
Index modes (attribute mode; for one index value v on a dim of size s):
  - "promise_in_bounds" (default, elided): 0 <= v < s is promised; out of
    range is undefined (kernels never read outside the input; the
    interpreter reports it).
  - "error": 0 <= v < s, else a runtime error "index v is out of bounds for
    dimension d with size s". Negatives are errors.
  - "wrap_negative": -s <= v < 0 reads v + s (ONNX, NumPy raise); anything
    else is a runtime error.
  - "clip": clamp(v, 0, s-1); negatives become 0. Error only if s == 0.
  - "wrap": floor modulo into [0, s). Error only if s == 0.
  - "fill": out-of-range reads yield fill_value (default: NaN for floats,
    the most negative value for signed/signless integers, the largest
    unsigned value, true for i1).`

func gatherAttrs(extra ...ir.AttrDef) []ir.AttrDef {
	return append(extra,
		ir.AttrDef{Name: "mode", Kind: ir.StringEnumKind(Modes...), Default: ir.Str(ModePromiseInBounds)},
		ir.AttrDef{Name: "fill_value", Kind: scalarAttrKind, IsDefault: isDefaultFill},
	)
}

var scalarAttrKind = ir.AttrPred("typed scalar attribute", func(a ir.Attribute) bool {
	switch a.(type) {
	case ir.IntegerAttr, ir.FloatAttr, ir.BoolAttr:
		return true
	}
	return false
})

// Gather is tcp.gather.
var Gather = ir.MustRegister(ir.OpDef{
	Name:    GatherName,
	Summary: "gather elements of input along dim using same-rank indices",
	Description: `For every position p of out, with p' = p except
p'[dim] = N(indices[p], input.shape[dim]) (N applies the index mode):
out[p] = input[p']. For rank 2: out[i][j] = input[idx[i][j]][j] (dim 0),
out[i][j] = input[i][idx[i][j]] (dim 1). Same as torch.gather,
onnx.GatherElements, np.take_along_axis and DML_GATHER_ELEMENTS.

Verifier rules:
  1. rank(input) == rank(indices) >= 1.
  2. 0 <= dim < rank.
  3. shape(out) == shape(indices) and elem(out) == elem(input).
  4. For d != dim, indices.shape[d] <= input.shape[d] when both are static
     (indices may be smaller than the input, as torch allows).
  5. elem(indices) is i32 or i64 (read as signed).
  6. fill_value only with mode = "fill", typed with elem(out).

Canonicalization: an input or indices that is a tensor.cast from a more
static type is read from the cast's source (the result type refined, then
cast back). Indices that are a constant arithmetic progression along
dim (an iota, or any start and non-zero stride), constant along the other
dims, make the gather a tcp.slice of the same elements, when that keeps
the mode's behaviour: always if the indices are provably in range (static
input dim); otherwise only under "error", "promise_in_bounds", and
"wrap_negative" with non-negative indices. With constant operands the op
folds through the interpreter unless it raises an error.
` + modeDoc,
	Examples: []string{
		"%0 = tcp.gather %arg0, %arg1 {dim = 0 : index} : tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>",
		`%1 = tcp.gather %a, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<3x3xf32>, tensor<3x2xi64> -> tensor<3x2xf32>`,
	},
	Operands: []ir.OperandDef{
		{Name: "input", Type: ir.RankedTensorOf()},
		{Name: "indices", Type: ir.RankedTensorOf(indexElem...)},
	},
	Results:                         []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Attrs:                           gatherAttrs(ir.AttrDef{Name: "dim", Kind: ir.IndexAttrKind, Required: true}),
	Traits:                          []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format:                          "$input `,` $indices attr-dict `:` type($input) `,` type($indices) `->` type($out)",
	AcceptParenthesizedOperandTypes: true,
	Verify:                          verifyGather,
	Canonicalize:                    []ir.Pattern{gatherToSlice, gatherOfStaticCast},
})

// GatherND is tcp.gather_nd.
var GatherND = ir.MustRegister(ir.OpDef{
	Name:    GatherNDName,
	Summary: "gather slices of input indexed along its leading dims",
	Description: `With r = rank(input), q = rank(indices), m = indices.shape[q-1] (the
index tuple length) and b = batch_dims: for an output position (B, I, J)
with B the b batch coordinates, I the q-1-b index-grid coordinates and J
the r-b-m trailing coordinates,
  t = indices[B, I, 0:m]          (mode applied per component t[k] against input.shape[b+k])
  out[B, I, J] = input[B, t[0], ..., t[m-1], J]
Under mode "fill" a tuple with any component out of range fills the whole
gathered slice. Same as onnx.GatherND, tf.gather_nd(batch_dims) and
DML_GATHER_ND1.

Verifier rules:
  1. m is static.
  2. 0 <= b < q, b < r and b + m <= r.
  3. indices.shape[0:b] == input.shape[0:b] (batch dims agree).
  4. shape(out) == indices.shape[0:q-1] ++ input.shape[b+m:r]; elem(out) == elem(input).
  5. elem(indices) is i32 or i64; fill_value as for tcp.gather.
` + modeDoc,
	Examples: []string{
		"%0 = tcp.gather_nd %arg0, %arg1 : tensor<7x11x13x17xf32>, tensor<3x2xi64> -> tensor<3x13x17xf32>",
		`%1 = tcp.gather_nd %d, %i {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>`,
	},
	Operands: []ir.OperandDef{
		{Name: "input", Type: ir.RankedTensorOf()},
		{Name: "indices", Type: ir.RankedTensorOf(indexElem...)},
	},
	Results:                         []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Attrs:                           gatherAttrs(ir.AttrDef{Name: "batch_dims", Kind: ir.IndexAttrKind, Default: ir.IndexAttr(0)}),
	Traits:                          []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format:                          "$input `,` $indices attr-dict `:` type($input) `,` type($indices) `->` type($out)",
	AcceptParenthesizedOperandTypes: true,
	Verify:                          verifyGatherND,
})

// BroadcastTo is tcp.broadcast_to, also registered as tcp.broadcast.
var BroadcastTo = ir.MustRegister(ir.OpDef{
	Name:    BroadcastToName,
	Aliases: []string{BroadcastName},
	Summary: "broadcast size-1 dims of in to new sizes",
	Description: `out[p] = in[p with p[axes[k]] := 0 for every k]: each listed dim, of static
size 1 in the input, takes the size new_dim_sizes[k] in the result. Also
registered as tcp.broadcast (mlir-tcp's name): one definition, two names,
each printed as written.

Verifier rules:
  1. rank(out) == rank(in), elem(out) == elem(in).
  2. Every axis is in [0, rank) ("attribute axes are in bounds").
  3. in.shape[axis] is static 1 for every listed axis.
  4. axes is strictly increasing (sorted, no duplicates).
  5. len(new_dim_sizes) == len(axes).
  6. out.shape[d] == in.shape[d] for unlisted d when both are static, and
     out.shape[axes[k]] == new_dim_sizes[k] when the former is static and the
     latter is a constant; constant sizes are non-negative. At run time a
     size of 0 gives an empty tensor.

Folds to its input when it broadcasts nothing (no axes, or every size the
constant 1, with equal types). Canonicalization: a broadcast of a
broadcast becomes one broadcast of the inner input.`,
	Examples: []string{
		"%b = tcp.broadcast_to %indices_2d, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>",
		"%0 = tcp.broadcast %arg0, %arg1 {axes = [0]} : tensor<1x?xf32>, index -> tensor<?x?xf32>",
	},
	Operands: []ir.OperandDef{
		{Name: "in", Type: ir.RankedTensorOf()},
		{Name: "new_dim_sizes", Type: ir.IndexT, Variadic: true},
	},
	Results:                         []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Attrs:                           []ir.AttrDef{{Name: "axes", Kind: ir.I64ArrayAttrKind, Required: true}},
	Traits:                          []ir.Trait{ir.Pure, ir.AllRanksMatch("in", "out"), ir.AllElementTypesMatch("in", "out")},
	Format:                          "$in `,` $new_dim_sizes attr-dict `:` type($in) `,` type($new_dim_sizes) `->` type($out)",
	AcceptParenthesizedOperandTypes: true,
	Verify:                          verifyBroadcast,
	Fold:                            foldBroadcast,
	Canonicalize:                    []ir.Pattern{mergeBroadcasts},
})

// Slice is tcp.slice.
var Slice = ir.MustRegister(ir.OpDef{
	Name:    SliceName,
	Summary: "strided window of a tensor",
	Description: `For each dim d with start s, result size n and stride t (all index values,
one per input dim): out[..., i, ...] = in[..., s + t*i, ...] for 0 <= i < n.
s is the first element read; a negative stride walks downward from s (DML
SLICE1 with s as CopyStart). sizes are result sizes, as in
tensor.extract_slice. The read is valid iff n == 0, or 0 <= s < in.shape[d]
and 0 <= s + t*(n-1) < in.shape[d]; otherwise it is a runtime error.

Verifier rules:
  1. len(starts) == len(sizes) == len(strides) == rank(in).
  2. rank(out) == rank(in), elem(out) == elem(in).
  3. Constant strides are non-zero.
  4. out.shape[d] equals a constant size; constant sizes are non-negative.
  5. With constant start, size and stride and a static input dim, the
     window is in bounds.

Folds to its input when it is the identity: equal types, starts 0, strides
1 and every size the input dim (a constant or tensor.dim of the input).
Canonicalization: a slice of a tensor.concat whose window along the concat
dim (constant start, size >= 1 and stride >= 1) lies inside one operand
slices that operand instead (jax reads one size out of a concatenated
shape vector this way).`,
	Examples: []string{
		"%1 = tcp.slice %arg0 starts(%c0, %c0, %c0, %c0) sizes(%c1, %c28, %dim, %dim_0) strides(%c1, %c2, %c1, %c1) : tensor<1x56x?x?xf32> -> tensor<1x28x?x?xf32>",
	},
	Operands: []ir.OperandDef{
		{Name: "in", Type: ir.RankedTensorOf()},
		{Name: "starts", Type: ir.IndexT, Variadic: true},
		{Name: "sizes", Type: ir.IndexT, Variadic: true},
		{Name: "strides", Type: ir.IndexT, Variadic: true},
	},
	Results:      []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Traits:       []ir.Trait{ir.Pure, ir.SameVariadicOperandSize, ir.AllRanksMatch("in", "out"), ir.AllElementTypesMatch("in", "out")},
	Format:       "$in `starts` `(` $starts `)` `sizes` `(` $sizes `)` `strides` `(` $strides `)` attr-dict `:` type($in) `->` type($out)",
	Verify:       verifySlice,
	Fold:         foldSlice,
	Canonicalize: []ir.Pattern{sliceOfConcat},
})

// Const is tcp.const.
var Const = ir.MustRegister(ir.OpDef{
	Name:    ConstName,
	Summary: "a constant tensor",
	Description: `Produces the tensor given by its value attribute (dense elements,
splats allowed). It folds to that value.

Verifier rules: the type of value equals the result type exactly (tcp.const
cannot be used to cast types).`,
	Examples: []string{
		"%0 = tcp.const {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : tensor<2x2xi64>",
		"%1 = tcp.const {value = dense<2.500000e+00> : tensor<f32>} : tensor<f32>",
	},
	Results: []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Attrs:   []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:  []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:  "attr-dict `:` type($out)",
	Verify: func(op *ir.Operation) error {
		v := op.Attr("value").(*ir.DenseElementsAttr)
		if ir.Type(v.Type) != op.Result(0).Type() {
			return op.EmitOpError("expects the type of value (%s) to equal the result type (%s); tcp.const cannot be used to cast types", v.Type, op.Result(0).Type())
		}
		return nil
	},
	Fold: func(op *ir.Operation) []ir.OpFoldResult {
		return []ir.OpFoldResult{{Attr: op.Attr("value")}}
	},
})

// ---------------------------------------------------------------- verifiers

func tensorOf(v ir.Value) *ir.RankedTensorType { return v.Type().(*ir.RankedTensorType) }

func dimStr(d int64) string {
	if d == ir.Dynamic {
		return "?"
	}
	return fmt.Sprint(d)
}

func shapeStr(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = dimStr(d)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// compatible reports whether two dims can be equal (either is dynamic).
func compatible(a, b int64) bool { return a == ir.Dynamic || b == ir.Dynamic || a == b }

func verifyMode(op *ir.Operation, out *ir.RankedTensorType) error {
	fv := op.Attr("fill_value")
	if fv == nil {
		return nil
	}
	if m := op.StrAttr("mode"); m != ModeFill {
		if m == "" {
			m = ModePromiseInBounds
		}
		return op.EmitOpError("fill_value is only allowed with mode = \"fill\", got mode = %q", m)
	}
	if t := fv.(ir.TypedAttr).AttrType(); t != out.Elem() {
		return op.EmitOpError("expects fill_value of type %s (the result element type), got %s", out.Elem(), t)
	}
	return nil
}

func verifyGather(op *ir.Operation) error {
	in, idx, out := tensorOf(op.Operand(0)), tensorOf(op.Operand(1)), tensorOf(op.Result(0))
	r := in.Rank()
	if r != idx.Rank() {
		return op.EmitOpError("requires that the input tensor and indices are the same rank, got %d and %d", r, idx.Rank())
	}
	if r == 0 {
		return op.EmitOpError("requires input and indices of rank at least 1")
	}
	dim := op.IntAttr("dim")
	if dim < 0 || dim >= int64(r) {
		return op.EmitOpError("expects dim in [0, %d), got %d", r, dim)
	}
	for d := 0; d < r; d++ {
		if int64(d) == dim {
			continue
		}
		if a, b := idx.Dim(d), in.Dim(d); a != ir.Dynamic && b != ir.Dynamic && a > b {
			return op.EmitOpError("expects indices dim %d (size %d) to be at most the input dim (size %d)", d, a, b)
		}
	}
	if out.Rank() != r {
		return op.EmitOpError("expects the result shape %s to equal the indices shape %s", shapeStr(out.Shape()), shapeStr(idx.Shape()))
	}
	for d := 0; d < r; d++ {
		if !compatible(out.Dim(d), idx.Dim(d)) {
			return op.EmitOpError("expects the result shape %s to equal the indices shape %s", shapeStr(out.Shape()), shapeStr(idx.Shape()))
		}
	}
	return verifyMode(op, out)
}

func verifyGatherND(op *ir.Operation) error {
	in, idx, out := tensorOf(op.Operand(0)), tensorOf(op.Operand(1)), tensorOf(op.Result(0))
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
	if out.Rank() != len(want) {
		return op.EmitOpError("expects result rank %d (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got %d", len(want), out.Rank())
	}
	for d, w := range want {
		if !compatible(out.Dim(d), w) {
			return op.EmitOpError("expects result shape %s (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got %s", shapeStr(want), shapeStr(out.Shape()))
		}
	}
	return verifyMode(op, out)
}

func verifyBroadcast(op *ir.Operation) error {
	in, out := tensorOf(op.Operand(0)), tensorOf(op.Result(0))
	axesAttr := op.Attr("axes").(ir.ArrayAttr)
	axes := make([]int64, len(axesAttr))
	for i, a := range axesAttr {
		axes[i] = a.(ir.IntegerAttr).Value
	}
	r := int64(in.Rank())
	for _, a := range axes {
		if a < 0 || a >= r {
			return op.EmitOpError("failed to verify that attribute `axes` are in bounds")
		}
	}
	for _, a := range axes {
		if in.Dim(int(a)) != 1 {
			return op.EmitOpError("failed to verify that dimensions listed in attribute `axes` have a static size of `1`")
		}
	}
	for i := 1; i < len(axes); i++ {
		if axes[i] < axes[i-1] {
			return op.EmitOpError("failed to verify that attribute `axes` must be in increasing order")
		}
	}
	for i := 1; i < len(axes); i++ {
		if axes[i] == axes[i-1] {
			return op.EmitOpError("failed to verify that attribute `axes` must not have any duplicates")
		}
	}
	sizes := op.Operands()[1:]
	if len(sizes) != len(axes) {
		return op.EmitOpError("failed to verify that argument `new_dim_sizes` has the same size as the attribute `axes`")
	}
	listed := map[int64]int{}
	for k, a := range axes {
		listed[a] = k
	}
	for d := 0; d < int(r); d++ {
		k, isAxis := listed[int64(d)]
		if !isAxis {
			if !compatible(out.Dim(d), in.Dim(d)) {
				return op.EmitOpError("expects result dim %d (size %d) to equal the input dim (size %d), as it is not in `axes`", d, out.Dim(d), in.Dim(d))
			}
			continue
		}
		if c, ok := ir.ConstantInt(sizes[k]); ok {
			if c < 0 {
				return op.EmitOpError("expects non-negative new_dim_sizes, got %d for axis %d", c, d)
			}
			if out.Dim(d) != ir.Dynamic && out.Dim(d) != c {
				return op.EmitOpError("expects result dim %d to be %d (new_dim_sizes[%d]), got %d", d, c, k, out.Dim(d))
			}
		}
	}
	return nil
}

func verifySlice(op *ir.Operation) error {
	in, out := tensorOf(op.Operand(0)), tensorOf(op.Result(0))
	r := in.Rank()
	ops := op.Operands()[1:]
	n := len(ops) / 3
	if n != r {
		return op.EmitOpError("expects %d starts, sizes and strides (the input rank), got %d", r, n)
	}
	starts, sizes, strides := ops[:n], ops[n:2*n], ops[2*n:]
	for d := 0; d < r; d++ {
		t, tok := ir.ConstantInt(strides[d])
		if tok && t == 0 {
			return op.EmitOpError("expects non-zero strides, got stride 0 in dim %d", d)
		}
		sz, szok := ir.ConstantInt(sizes[d])
		if szok {
			if sz < 0 {
				return op.EmitOpError("expects non-negative sizes, got %d in dim %d", sz, d)
			}
			if out.Dim(d) != ir.Dynamic && out.Dim(d) != sz {
				return op.EmitOpError("expects result dim %d to be %d (the size operand), got %d", d, sz, out.Dim(d))
			}
		}
		s, sok := ir.ConstantInt(starts[d])
		if sok && szok && tok && in.Dim(d) != ir.Dynamic && sz > 0 {
			dim := in.Dim(d)
			last, ok := mulAdd(s, t, sz-1)
			if s < 0 || s >= dim || !ok || last < 0 || last >= dim {
				return op.EmitOpError("expects the slice of dim %d to stay in bounds: start %d, size %d, stride %d on a dim of size %d", d, s, sz, t, dim)
			}
		}
	}
	return nil
}

// mulAdd returns s + t*k with overflow detection.
func mulAdd(s, t, k int64) (int64, bool) {
	if k != 0 && (t > math.MaxInt64/k || t < math.MinInt64/k) {
		return 0, false
	}
	p := t * k
	if p > 0 && s > math.MaxInt64-p || p < 0 && s < math.MinInt64-p {
		return 0, false
	}
	return s + p, true
}

// DefaultFillValue is jax's default fill value for elem: NaN for floats, the
// most negative value for signless/signed integers, the largest unsigned
// value, true for i1.
func DefaultFillValue(elem ir.Type) ir.Attribute {
	switch t := elem.(type) {
	case ir.FloatType:
		return ir.FloatAttr{Type: t, Value: math.NaN()}
	case ir.IntegerType:
		if t.Width == 1 {
			return ir.BoolAttr(true)
		}
		if t.Sign == ir.Unsigned {
			if t.Width >= 64 {
				return ir.IntegerAttr{Type: t, Value: -1} // all 64 bits set
			}
			return ir.IntegerAttr{Type: t, Value: 1<<uint(t.Width) - 1}
		}
		return ir.IntegerAttr{Type: t, Value: math.MinInt64 >> uint(64-min(t.Width, 64))}
	case ir.IndexType:
		return ir.IntegerAttr{Type: t, Value: math.MinInt64}
	}
	return nil
}

func isDefaultFill(op *ir.Operation, a ir.Attribute) bool {
	out, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	d := DefaultFillValue(out.Elem())
	return d != nil && ir.AttrEqual(d, a)
}
