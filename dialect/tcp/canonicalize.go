package tcp

// Folds and canonicalization patterns of the tcp ops. Every rewrite keeps
// the observable behaviour of the op it replaces, including the runtime
// errors of its index mode (docs/semantics.md §2): where a rewrite could turn an
// error into a value, or a value into an error, it does not fire. Only
// promise_in_bounds leaves out-of-range reads undefined, so there a
// rewrite may raise an error where the original had none defined.
//
// Ops whose operands are all constants are folded generically through the
// interpreter (ir.EvaluateConstantOp), not here.

import (
	"github.com/tcp-project/tcp/ir"
)

// constIndex inserts `arith.constant v : index` (by name: dialects do not
// import each other for a constant).
func constIndex(rw *ir.Rewriter, loc ir.Location, v int64) ir.Value {
	return rw.Create("arith.constant", loc, nil, []ir.Type{ir.Index}, []ir.NamedAttr{{Name: "value", Value: ir.IndexAttr(v)}}).Result(0)
}

// ---------------------------------------------------------------- broadcast

// foldBroadcast folds a broadcast that broadcasts nothing to its input: no
// axes, or every new size the constant 1, with equal input and result
// types.
func foldBroadcast(op *ir.Operation) []ir.OpFoldResult {
	b := BroadcastOp{op}
	if b.In().Type() != op.Result(0).Type() {
		return nil
	}
	for _, s := range b.NewDimSizes() {
		if c, ok := ir.ConstantInt(s); !ok || c != 1 {
			return nil
		}
	}
	return []ir.OpFoldResult{{Value: b.In()}}
}

// mergeBroadcasts rewrites broadcast(broadcast(x, A1, S1), A2, S2) into
// broadcast(x, A1 ∪ A2, S) where S takes the outer size on A2 and the
// inner one elsewhere. It needs x to have a static 1 on every merged axis
// (the merged op's verifier rule), and an inner size of constant 1 on the
// axes both broadcast (so that the inner result's static 1 there was not a
// runtime type mismatch that the merge would hide).
var mergeBroadcasts = &ir.PatternFunc{PatternName: "MergeBroadcasts", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	outer := BroadcastOp{op}
	inner := outer.In().DefiningOp()
	if !IsBroadcast(inner) {
		return false, nil
	}
	in := BroadcastOp{inner}
	x := tensorOf(in.In())
	size := map[int64]ir.Value{}
	for k, a := range in.Axes() {
		size[a] = in.NewDimSizes()[k]
	}
	for k, a := range outer.Axes() {
		if s, both := size[a]; both {
			if c, ok := ir.ConstantInt(s); !ok || c != 1 {
				return false, nil
			}
		}
		size[a] = outer.NewDimSizes()[k]
	}
	var axes []int64
	var sizes []ir.Value
	for d := 0; d < x.Rank(); d++ {
		s, ok := size[int64(d)]
		if !ok {
			continue
		}
		if x.Dim(d) != 1 {
			return false, nil
		}
		axes = append(axes, int64(d))
		sizes = append(sizes, s)
	}
	nb := rw.Create(op.Name(), op.Loc(), append([]ir.Value{in.In()}, sizes...), []ir.Type{op.Result(0).Type()},
		[]ir.NamedAttr{{Name: "axes", Value: ir.I64Array(axes...)}})
	rw.ReplaceOp(op, nb.Results())
	return true, nil
}}

// ---------------------------------------------------------------- slice

// foldSlice folds a slice that reads its whole input in order to the
// input: equal types, starts 0, strides 1, and each size the input dim
// (a constant equal to a static dim, or tensor.dim of the input).
func foldSlice(op *ir.Operation) []ir.OpFoldResult {
	s := SliceOp{op}
	in := tensorOf(s.In())
	if ir.Type(in) != op.Result(0).Type() || len(s.Starts()) != in.Rank() {
		return nil
	}
	for d := 0; d < in.Rank(); d++ {
		if c, ok := ir.ConstantInt(s.Starts()[d]); !ok || c != 0 {
			return nil
		}
		if c, ok := ir.ConstantInt(s.Strides()[d]); !ok || c != 1 {
			return nil
		}
		if !isDimOf(s.Sizes()[d], s.In(), in.Dim(d), d) {
			return nil
		}
	}
	return []ir.OpFoldResult{{Value: s.In()}}
}

// sliceOfConcat: a slice of a tensor.concat whose window along the concat
// dim k (constant start, size >= 1, stride >= 1) lies inside one operand
// is the same slice of that operand, with the start shifted by the
// operand's offset. Both read the same elements and neither is out of
// bounds along k; the other dims are the concat's own.
var sliceOfConcat = &ir.PatternFunc{PatternName: "SliceOfConcat", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	s := SliceOp{op}
	cat := s.In().DefiningOp()
	if cat == nil || cat.Name() != "tensor.concat" || len(s.Starts()) != tensorOf(s.In()).Rank() {
		return false, nil
	}
	k := int(cat.IntAttr("dim"))
	if k < 0 || k >= len(s.Starts()) {
		return false, nil
	}
	start, ok1 := ir.ConstantInt(s.Starts()[k])
	size, ok2 := ir.ConstantInt(s.Sizes()[k])
	stride, ok3 := ir.ConstantInt(s.Strides()[k])
	if !ok1 || !ok2 || !ok3 || size < 1 || stride < 1 || start < 0 {
		return false, nil
	}
	last := start + (size-1)*stride
	off := int64(0)
	for _, part := range cat.Operands() {
		n := tensorOf(part).Dim(k)
		if n == ir.Dynamic {
			return false, nil
		}
		if start >= off && last < off+n {
			rw.SetInsertionPointBefore(op)
			starts := append([]ir.Value{}, s.Starts()...)
			starts[k] = constIndex(rw, op.Loc(), start-off)
			v := BuildSlice(rw, op.Loc(), part, starts, s.Sizes(), s.Strides(), op.Result(0).Type()).Result(0)
			rw.ReplaceOp(op, []ir.Value{v})
			return true, nil
		}
		off += n
	}
	return false, nil
}}

// isDimOf reports whether size is the size of dim d of v (whose static
// size is static): a constant equal to a static dim, or `tensor.dim v, d`.
func isDimOf(size, v ir.Value, static int64, d int) bool {
	if c, ok := ir.ConstantInt(size); ok {
		return static != ir.Dynamic && c == static
	}
	def := size.DefiningOp()
	if def == nil || def.Name() != "tensor.dim" || def.NumOperands() != 2 || def.Operand(0) != v {
		return false
	}
	c, ok := ir.ConstantInt(def.Operand(1))
	return ok && c == int64(d)
}

// ---------------------------------------------------------------- gather

// affineIndices reports whether the constant indices (of static shape) are
// start + stride*p[dim] at every position p, with stride != 0, and returns
// start, stride and the smallest and largest index.
func affineIndices(idx *ir.DenseElementsAttr, dim int) (start, stride, lo, hi int64, ok bool) {
	t := idx.Type
	n := t.NumElements()
	if n <= 0 || !t.HasStaticShape() {
		return 0, 0, 0, 0, false
	}
	shape := t.Shape()
	// inner is the number of elements per step along dim (row-major).
	inner := int64(1)
	for d := dim + 1; d < len(shape); d++ {
		inner *= shape[d]
	}
	start = idx.IntAt(0)
	stride = 1
	if shape[dim] > 1 {
		stride = idx.IntAt(int(inner)) - start
	}
	if stride == 0 {
		return 0, 0, 0, 0, false
	}
	for i := int64(0); i < n; i++ {
		k := (i / inner) % shape[dim]
		want, good := mulAdd(start, stride, k)
		if !good || idx.IntAt(int(i)) != want {
			return 0, 0, 0, 0, false
		}
	}
	last, _ := mulAdd(start, stride, shape[dim]-1)
	return start, stride, min(start, last), max(start, last), true
}

// gatherToSlice rewrites a tcp.gather whose indices are a constant
// arithmetic progression along dim (an iota: start 0, stride 1, or any
// start and non-zero stride), constant along the other dims, into the
// tcp.slice that reads the same elements: starts (0, …, start, …, 0),
// sizes the indices shape, strides (1, …, stride, …, 1).
//
// The slice raises an error exactly when it reads out of range, so the
// rewrite fires only when that matches the gather's mode:
//   - the indices are provably in range (input dim static, 0 <= lo and
//     hi < size): every mode reads the same elements;
//   - otherwise under "error" (an out-of-range index is an error in both),
//     under "wrap_negative" when lo >= 0 (only too large an index is out of
//     range, an error in both), and under "promise_in_bounds" (out of range
//     is undefined);
//   - never under "clip", "wrap" or "fill" unless provably in range.
var gatherToSlice = &ir.PatternFunc{PatternName: "GatherOfAffineIndicesToSlice", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	g := GatherOp{op}
	idx, ok := ir.ConstantAttr(g.Indices()).(*ir.DenseElementsAttr)
	if !ok {
		return false, nil
	}
	in := tensorOf(g.Input())
	dim := int(g.Dim())
	if dim < 0 || dim >= in.Rank() || idx.Type.Rank() != in.Rank() {
		return false, nil
	}
	start, stride, lo, hi, ok := affineIndices(idx, dim)
	if !ok {
		return false, nil
	}
	inRange := in.Dim(dim) != ir.Dynamic && lo >= 0 && hi < in.Dim(dim)
	if !inRange && in.Dim(dim) != ir.Dynamic {
		// Statically out of range: the slice would not even verify.
		return false, nil
	}
	if !inRange {
		switch g.Mode() {
		case ModeError, ModePromiseInBounds:
		case ModeWrapNegative:
			if lo < 0 {
				return false, nil
			}
		default:
			return false, nil
		}
	}
	loc := op.Loc()
	var starts, sizes, strides []ir.Value
	zero, one := constIndex(rw, loc, 0), constIndex(rw, loc, 1)
	for d, n := range idx.Type.Shape() {
		sizes = append(sizes, constIndex(rw, loc, n))
		if d == dim {
			starts = append(starts, constIndex(rw, loc, start))
			strides = append(strides, constIndex(rw, loc, stride))
			continue
		}
		starts = append(starts, zero)
		strides = append(strides, one)
	}
	s := BuildSlice(rw, loc, g.Input(), starts, sizes, strides, op.Result(0).Type())
	rw.ReplaceOp(op, s.Results())
	return true, nil
}}

// gatherOfStaticCast: a gather whose input or indices is a tensor.cast
// from a type with more static dims (a frontend's conversion leaving its
// declared, less static, type: IREE's import types an Expand's result
// [4,?]) reads the cast's source instead, with the result type that gives
// and a cast back to the old one; the values are the same, and lowerings
// that need static shapes (DirectML) see them.
var gatherOfStaticCast = &ir.PatternFunc{PatternName: "GatherOfStaticCast", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	operands := op.Operands()
	changed := false
	for i, v := range operands[:2] {
		d := v.DefiningOp()
		if d == nil || d.Name() != "tensor.cast" {
			continue
		}
		src, ok1 := d.Operand(0).Type().(*ir.RankedTensorType)
		dst, ok2 := v.Type().(*ir.RankedTensorType)
		if !ok1 || !ok2 || src.Rank() != dst.Rank() || staticDims(src) <= staticDims(dst) {
			continue
		}
		operands[i] = d.Operand(0)
		changed = true
	}
	if !changed {
		return false, nil
	}
	idx, ok := operands[1].Type().(*ir.RankedTensorType)
	old, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ok2 || idx.Rank() != old.Rank() {
		return false, nil
	}
	res := ir.RankedTensor(idx.Shape(), old.Elem())
	for k := range res.Shape() {
		if res.Dim(k) != ir.Dynamic && old.Dim(k) != ir.Dynamic && res.Dim(k) != old.Dim(k) {
			return false, nil
		}
	}
	rw.SetInsertionPointBefore(op)
	g := rw.Create(op.Name(), op.Loc(), operands, []ir.Type{res}, op.Attrs())
	out := g.Result(0)
	if ir.Type(res) != ir.Type(old) {
		out = rw.Create("tensor.cast", op.Loc(), []ir.Value{out}, []ir.Type{old}, nil).Result(0)
	}
	rw.ReplaceOp(op, []ir.Value{out})
	return true, nil
}}

func staticDims(t *ir.RankedTensorType) int {
	n := 0
	for _, d := range t.Shape() {
		if d != ir.Dynamic {
			n++
		}
	}
	return n
}
