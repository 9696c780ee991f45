package tcpbuild

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// ConstantIndex inserts `arith.constant v : index` and returns its result.
func ConstantIndex(rw *ir.Rewriter, loc ir.Location, v int64) ir.Value {
	return arith.ConstantIndex(rw, loc, v).Result(0)
}

// DimSize returns dim d of the ranked tensor v as an index value: an
// arith.constant for a static dim, tensor.dim (with its own index
// constant) for a dynamic one.
func DimSize(rw *ir.Rewriter, loc ir.Location, v ir.Value, d int) ir.Value {
	t := v.Type().(*ir.RankedTensorType)
	if n := t.Dim(d); n != ir.Dynamic {
		return ConstantIndex(rw, loc, n)
	}
	return tensor.DimConst(rw, loc, v, int64(d)).Result(0)
}

// NormalizeAxis maps axis in [-rank, rank) to [0, rank) (a < 0 → a + rank).
// It reports false for an axis outside that range.
func NormalizeAxis(axis int64, rank int) (int, bool) {
	if axis < -int64(rank) || axis >= int64(rank) {
		return 0, false
	}
	if axis < 0 {
		axis += int64(rank)
	}
	return int(axis), true
}

// IsIndexElement reports whether t may be the element type of tcp.gather
// indices: signless i32 or i64.
func IsIndexElement(t ir.Type) bool { return t == ir.I32 || t == ir.I64 }

// ExpandTo inserts `tensor.expand_shape v` to shape (same element type),
// with the reassociation of docs/semantics.md §4, and returns its result; v
// itself when the shape is unchanged. It fails if no reassociation turns
// v's shape into shape.
func ExpandTo(rw *ir.Rewriter, loc ir.Location, v ir.Value, shape []int64) (ir.Value, error) {
	t := v.Type().(*ir.RankedTensorType)
	if slices.Equal(t.Shape(), shape) {
		return v, nil
	}
	rt := ir.RankedTensor(shape, t.Elem())
	groups, err := tensor.Reassociation(t.Shape(), shape)
	if err != nil {
		return nil, err
	}
	return tensor.ExpandShapeWith(rw, loc, v, rt, groups).Result(0), nil
}

// CollapseTo inserts `tensor.collapse_shape v` to shape and returns its
// result (v when the shape is unchanged).
func CollapseTo(rw *ir.Rewriter, loc ir.Location, v ir.Value, shape []int64) (ir.Value, error) {
	t := v.Type().(*ir.RankedTensorType)
	if slices.Equal(t.Shape(), shape) {
		return v, nil
	}
	rt := ir.RankedTensor(shape, t.Elem())
	groups, err := tensor.Reassociation(shape, t.Shape())
	if err != nil {
		return nil, err
	}
	return tensor.CollapseShapeWith(rw, loc, v, rt, groups).Result(0), nil
}

// BroadcastTo inserts `tcp.broadcast_to v, sizes {axes}` whose result has
// the shape of v with dims axes[k] replaced by static[k] (ir.Dynamic if the
// size is not a constant), and returns its result; v when axes is empty.
func BroadcastTo(rw *ir.Rewriter, loc ir.Location, v ir.Value, axes []int64, sizes []ir.Value, static []int64) ir.Value {
	if len(axes) == 0 {
		return v
	}
	t := v.Type().(*ir.RankedTensorType)
	shape := slices.Clone(t.Shape())
	for k, a := range axes {
		shape[a] = static[k]
	}
	return tcp.BuildBroadcastTo(rw, loc, v, sizes, axes, ir.RankedTensor(shape, t.Elem())).Result(0)
}

// CastTo returns v if it has type t, else the result of a new
// `tensor.cast v : T to t` (the types must be cast compatible: equal
// element types and compatible shapes).
func CastTo(rw *ir.Rewriter, loc ir.Location, v ir.Value, t ir.Type) (ir.Value, error) {
	if v.Type() == t {
		return v, nil
	}
	if !CastCompatible(v.Type(), t) {
		return nil, fmt.Errorf("type %s is not compatible with %s", v.Type(), t)
	}
	return tensor.Cast(rw, loc, v, t).Result(0), nil
}

// CastCompatible reports whether a and b are tensors with equal element
// types and compatible shapes (an unranked tensor is compatible with any).
func CastCompatible(a, b ir.Type) bool {
	if ir.ElementType(a) != ir.ElementType(b) {
		return false
	}
	ra, aok := a.(*ir.RankedTensorType)
	rb, bok := b.(*ir.RankedTensorType)
	if !aok || !bok {
		_, ua := a.(*ir.UnrankedTensorType)
		_, ub := b.(*ir.UnrankedTensorType)
		return (aok || ua) && (bok || ub)
	}
	return ShapesCompatible(ra.Shape(), rb.Shape())
}

// ShapesCompatible reports whether two shapes have equal ranks and equal
// dims where both are static.
func ShapesCompatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

// SliceGatherShape returns the shape of SliceGather's result:
// Q[0:b] ++ X[b:a] ++ Q[b:q] ++ X[a+1:r] (the batch dims are taken from the
// indices); with q == b and !collapseScalar the unit dim a is kept.
func SliceGatherShape(X, Q []int64, axis, batchDims int, collapseScalar bool) []int64 {
	a, b := axis, batchDims
	out := slices.Concat(Q[:b], X[b:a], Q[b:])
	if len(Q) == b && !collapseScalar {
		out = append(out, 1)
	}
	return append(out, X[a+1:]...)
}

// SliceGather emits the slice-gather recipe of docs/semantics.md §5.1 (see the
// package doc) at rw's insertion point and returns the gathered value, of
// shape SliceGatherShape(X, Q, axis, batchDims, collapseScalar) and x's
// element type. axis and batchDims must already be normalized (0 <=
// batchDims <= axis < rank(x), batchDims <= rank(idx)); mode is the index
// mode of the tcp.gather ("" for the default). With q == batchDims and
// collapseScalar the gathered unit dim is removed (onnx.Gather,
// tf.GatherV2); without it, it is kept (torch.index_select of a 0-d
// index). Inputs are checked first: on error no op has been created.
func SliceGather(rw *ir.Rewriter, loc ir.Location, x, idx ir.Value, axis, batchDims int, mode string, collapseScalar bool) (ir.Value, error) {
	xt, ok := x.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expects a ranked tensor input, got %s", x.Type())
	}
	it, ok := idx.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expects ranked tensor indices, got %s", idx.Type())
	}
	if !IsIndexElement(it.Elem()) {
		return nil, fmt.Errorf("expects indices of element type i32 or i64, got %s", it.Elem())
	}
	X, Q := xt.Shape(), it.Shape()
	r, q, a, b := len(X), len(Q), axis, batchDims
	if a < 0 || a >= r {
		return nil, fmt.Errorf("expects axis in [0, %d), got %d", r, a)
	}
	if b < 0 || b > a || b > q {
		return nil, fmt.Errorf("expects batch_dims in [0, min(axis, indices rank)] = [0, %d], got %d", min(a, q), b)
	}
	for d := 0; d < b; d++ {
		if Q[d] != ir.Dynamic && X[d] != ir.Dynamic && Q[d] != X[d] {
			return nil, fmt.Errorf("expects batch dim %d of indices (size %d) to equal that of the input (size %d)", d, Q[d], X[d])
		}
	}
	if mode != "" && !slices.Contains(tcp.Modes, mode) {
		return nil, fmt.Errorf("expects an index mode (%s), got %q", strings.Join(tcp.Modes, ", "), mode)
	}
	elem := xt.Elem()
	if q == b {
		// Step 5: expand to Q[0:b] ++ [1]*(r-b), broadcast every dim in
		// [b, r) but a, gather, then (optionally) collapse dim a.
		ieShape := append(slices.Clone(Q), Ones(r-b)...)
		ie, err := ExpandTo(rw, loc, idx, ieShape)
		if err != nil {
			return nil, err
		}
		var axes []int64
		var sizes []ir.Value
		var static []int64
		for d := b; d < r; d++ {
			if d != a {
				axes = append(axes, int64(d))
				sizes = append(sizes, DimSize(rw, loc, x, d))
				static = append(static, X[d])
			}
		}
		ib := BroadcastTo(rw, loc, ie, axes, sizes, static)
		gShape := ib.Type().(*ir.RankedTensorType).Shape()
		g := tcp.BuildGather(rw, loc, x, ib, int64(a), mode, ir.RankedTensor(gShape, elem)).Result(0)
		if !collapseScalar {
			return g, nil
		}
		out := append(slices.Clone(gShape[:a]), gShape[a+1:]...)
		return CollapseTo(rw, loc, g, out)
	}
	R := r + q - b - 1
	// Step 1: expand the indices.
	ieShape := slices.Concat(Q[:b], Ones(a-b), Q[b:], Ones(r-a-1))
	ie, err := ExpandTo(rw, loc, idx, ieShape)
	if err != nil {
		return nil, err
	}
	// Step 2: broadcast them over X[b:a] and X[a+1:r].
	var axes []int64
	var sizes []ir.Value
	var static []int64
	for d := b; d < a; d++ {
		axes = append(axes, int64(d))
		sizes = append(sizes, DimSize(rw, loc, x, d))
		static = append(static, X[d])
	}
	for d := a + q - b; d < R; d++ {
		xd := d - (q - b) + 1
		axes = append(axes, int64(d))
		sizes = append(sizes, DimSize(rw, loc, x, xd))
		static = append(static, X[xd])
	}
	ib := BroadcastTo(rw, loc, ie, axes, sizes, static)
	// Step 3: broadcast the input over Q[b+1:q].
	xb := x
	if q-b > 1 {
		xe, err := ExpandTo(rw, loc, x, slices.Concat(X[:a+1], Ones(q-b-1), X[a+1:]))
		if err != nil {
			return nil, err
		}
		axes, sizes, static = nil, nil, nil
		for k := 1; k < q-b; k++ {
			axes = append(axes, int64(a+k))
			sizes = append(sizes, DimSize(rw, loc, idx, b+k))
			static = append(static, Q[b+k])
		}
		xb = BroadcastTo(rw, loc, xe, axes, sizes, static)
	}
	// Step 4.
	gShape := ib.Type().(*ir.RankedTensorType).Shape()
	return tcp.BuildGather(rw, loc, xb, ib, int64(a), mode, ir.RankedTensor(gShape, elem)).Result(0), nil
}

// Ones returns n sizes of 1 (none for n <= 0), the unit dims of an
// expanded shape.
func Ones(n int) []int64 {
	s := make([]int64, max(n, 0))
	for i := range s {
		s[i] = 1
	}
	return s
}

// Ranked returns v's type as a ranked tensor type, or an error naming the
// operand ("expects a ranked tensor for data, got tensor<*xf32>").
func Ranked(v ir.Value, name string) (*ir.RankedTensorType, error) {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expects a ranked tensor for %s, got %s", name, v.Type())
	}
	return t, nil
}

// Replace casts v to op's (single) result type when they differ (a more or
// less static shape, or an unranked result) and replaces op with it. It
// fails, leaving the IR unchanged, if the types are not cast compatible.
func Replace(rw *ir.Rewriter, op *ir.Operation, v ir.Value) error {
	c, err := CastTo(rw, op.Loc(), v, op.Result(0).Type())
	if err != nil {
		return err
	}
	rw.ReplaceOp(op, []ir.Value{c})
	return nil
}

// CheckResultType reports an error if a value of shape shape and element
// type elem cannot replace op's result (see Replace); call it before
// emitting anything.
func CheckResultType(op *ir.Operation, shape []int64, elem ir.Type) error {
	t := ir.RankedTensor(shape, elem)
	if !CastCompatible(t, op.Result(0).Type()) {
		return fmt.Errorf("the converted result type %s is not compatible with the result type %s", t, op.Result(0).Type())
	}
	return nil
}

// IndexCache creates each index constant once per conversion.
type IndexCache struct {
	rw   *ir.Rewriter
	loc  ir.Location
	vals map[int64]ir.Value
}

// NewIndexCache returns a cache that inserts constants through rw at loc.
func NewIndexCache(rw *ir.Rewriter, loc ir.Location) *IndexCache {
	return &IndexCache{rw: rw, loc: loc, vals: map[int64]ir.Value{}}
}

// Get returns `arith.constant v : index`, created on first use.
func (c *IndexCache) Get(v int64) ir.Value {
	if x, ok := c.vals[v]; ok {
		return x
	}
	x := ConstantIndex(c.rw, c.loc, v)
	c.vals[v] = x
	return x
}

// FloorMod builds a mod b with the divisor's sign (Python's %, TF's
// FloorMod, ONNX's integer Mod) on signless integer tensors a and b of
// type r (already broadcast to it): r = remsi(a, b); r + b where r != 0
// and (r < 0) != (b < 0), else r. The sum cannot overflow: r and b then
// have opposite signs. A zero divisor stays arith.remsi's run-time error.
// When b is known to be the splat n > 0 (bSplat), it is the shorter
// select(r < 0, r + n, r), the form a gather's mode wrap is folded from.
func FloorMod(rw *ir.Rewriter, loc ir.Location, a, b ir.Value, r *ir.RankedTensorType, bSplat int64) ir.Value {
	zero := tcp.BuildConst(rw, loc, ir.NewDenseInts(r, []int64{0})).Result(0)
	if bSplat > 0 {
		nv := tcp.BuildConst(rw, loc, ir.NewDenseInts(r, []int64{bSplat})).Result(0)
		rem := arith.Binary(rw, arith.RemSIName, loc, a, nv).Result(0)
		neg := arith.CmpI(rw, loc, arith.CmpSLT, rem, zero).Result(0)
		sum := arith.Binary(rw, arith.AddIName, loc, rem, nv).Result(0)
		return arith.Select(rw, loc, neg, sum, rem).Result(0)
	}
	rem := arith.Binary(rw, arith.RemSIName, loc, a, b).Result(0)
	nonzero := arith.CmpI(rw, loc, arith.CmpNE, rem, zero).Result(0)
	remNeg := arith.CmpI(rw, loc, arith.CmpSLT, rem, zero).Result(0)
	bNeg := arith.CmpI(rw, loc, arith.CmpSLT, b, zero).Result(0)
	differ := arith.CmpI(rw, loc, arith.CmpNE, remNeg, bNeg).Result(0)
	fix := arith.Binary(rw, arith.AndIName, loc, nonzero, differ).Result(0)
	sum := arith.Binary(rw, arith.AddIName, loc, rem, b).Result(0)
	return arith.Select(rw, loc, fix, sum, rem).Result(0)
}

// PositiveSplat is the value of v when it is a constant splat integer
// tensor whose value is positive, else 0.
func PositiveSplat(v ir.Value) int64 {
	if d, ok := ir.ConstantAttr(v).(*ir.DenseElementsAttr); ok {
		if n, ok := d.SplatInt(); ok && int64(n) > 0 {
			return int64(n)
		}
	}
	return 0
}
