package idioms

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

func init() {
	for _, name := range []string{tcp.GatherName, tcp.GatherNDName} {
		ir.Global.AddCanonicalizationPatterns(name,
			&ir.PatternFunc{RootName: name, PatternName: "GatherOfClampedIndex", Fn: foldClampedIndex},
			&ir.PatternFunc{RootName: name, PatternName: "GatherOfWrappedIndex", Fn: foldWrappedIndex},
			&ir.PatternFunc{RootName: name, PatternName: "GatherOfFloorModIndex", Fn: foldFloorModIndex})
	}
}

// Index modes (docs/semantics.md §2).
const (
	modePromise      = "promise_in_bounds"
	modeError        = "error"
	modeWrapNegative = "wrap_negative"
	modeClip         = "clip"
)

func modeOf(op *ir.Operation) string {
	if s, ok := op.Attr("mode").(ir.StringAttr); ok {
		return string(s)
	}
	return modePromise
}

// indexChain follows a gather's index operand down through single-use
// shape ops that move elements without changing them (broadcast_to,
// expand_shape, collapse_shape), and returns the value they start from and
// the operand that reads it (the gather's own index operand when there is
// no such op). An elementwise index computation commutes with them, so
// rewiring that operand to the computation's input rewires every index.
func indexChain(g *ir.Operation) (src ir.Value, use *ir.OpOperand) {
	use = g.OpOperand(1)
	for {
		v := use.Get()
		def := v.DefiningOp()
		if !isShapeOp(def) || !hasOneUse(v) {
			return v, use
		}
		use = def.OpOperand(0)
	}
}

func hasOneUse(v ir.Value) bool {
	u := v.FirstUse()
	return u != nil && u.NextUse() == nil
}

// indexedDims returns the sizes of the input dims that g's index values
// address: dim `dim` of tcp.gather; dims batch_dims .. batch_dims+k-1 of
// tcp.gather_nd (k the index tuple length). It reports false if one is
// not static.
func indexedDims(g *ir.Operation) ([]int64, bool) {
	x, ok := g.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	var dims []int
	if g.Name() == tcp.GatherName {
		dims = []int{int(g.IntAttr("dim"))}
	} else {
		it, ok := g.Operand(1).Type().(*ir.RankedTensorType)
		if !ok || it.Rank() == 0 || it.Dim(it.Rank()-1) == ir.Dynamic {
			return nil, false
		}
		b := 0
		if a, ok := g.Attr("batch_dims").(ir.IntegerAttr); ok {
			b = int(a.Value)
		}
		for j := 0; j < int(it.Dim(it.Rank()-1)); j++ {
			dims = append(dims, b+j)
		}
	}
	var sizes []int64
	for _, d := range dims {
		if d < 0 || d >= x.Rank() || x.Dim(d) == ir.Dynamic {
			return nil, false
		}
		sizes = append(sizes, x.Dim(d))
	}
	return sizes, len(sizes) > 0
}

// uniformDim returns the size every index value addresses, if the indexed
// dims all have one static size.
func uniformDim(g *ir.Operation) (int64, bool) {
	sizes, ok := indexedDims(g)
	if !ok {
		return 0, false
	}
	for _, s := range sizes[1:] {
		if s != sizes[0] {
			return 0, false
		}
	}
	return sizes[0], true
}

// binaryWithConst matches v = name(a, c) or name(c, a) for a commutative
// name, with c a scalar or splat integer constant, and returns a and c.
func binaryWithConst(v ir.Value, name string) (a ir.Value, c int64, ok bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != name || def.NumOperands() != 2 {
		return nil, 0, false
	}
	if c, ok := arith.SplatIntValue(def.Operand(1)); ok {
		return def.Operand(0), c, true
	}
	if c, ok := arith.SplatIntValue(def.Operand(0)); ok && def.HasTrait(ir.Commutative) {
		return def.Operand(1), c, true
	}
	return nil, 0, false
}

// rewire makes use read in and sets g's mode, dropping fill_value (which
// only mode fill allows).
func rewire(g *ir.Operation, use *ir.OpOperand, in ir.Value, mode string, rw *ir.Rewriter) {
	rw.ModifyInPlace(use.Owner(), func() { use.Set(in) })
	rw.ModifyInPlace(g, func() {
		g.RemoveAttr("fill_value")
		g.SetAttr("mode", ir.StringAttr(mode))
	})
}

// foldClampedIndex: a gather whose indices are clamp(i, 0, n - 1), as
// arith.minsi(arith.maxsi(i, 0), n - 1) or arith.maxsi(arith.minsi(i,
// n - 1), 0) with splat constants (what stablehlo.clamp converts to), n
// the size of every dim the indices address, reads i under mode clip. The
// clamped index is in range, where every mode reads the index itself, so
// the result is the same under any mode of the original gather.
func foldClampedIndex(g *ir.Operation, rw *ir.Rewriter) (bool, error) {
	n, ok := uniformDim(g)
	if !ok || n < 1 {
		return false, nil
	}
	src, use := indexChain(g)
	var in ir.Value
	if a, hi, ok := binaryWithConst(src, arith.MinSIName); ok && hi == n-1 {
		if b, lo, ok := binaryWithConst(a, arith.MaxSIName); ok && lo == 0 {
			in = b
		}
	}
	if a, lo, ok := binaryWithConst(src, arith.MaxSIName); ok && lo == 0 {
		if b, hi, ok := binaryWithConst(a, arith.MinSIName); ok && hi == n-1 {
			in = b
		}
	}
	if in == nil || in.Type() != src.Type() {
		return false, nil
	}
	rewire(g, use, in, modeClip, rw)
	return true, nil
}

// foldWrappedIndex: a gather under mode promise_in_bounds or error whose
// indices are select(i < 0, i + n, i) (also written select(i >= 0, i,
// i + n)), n the size of every dim the indices address, reads i under mode
// wrap_negative: for i in [-n, n) both read the same element, and for any
// other i both fail (the select leaves an index outside [0, n), which
// error rejects and promise_in_bounds leaves undefined). Not under
// wrap_negative itself: there the select and the mode wrap twice, so an i
// in [-2n, -n) reads i + 2n before and fails after. Under clip (jax's
// x[i], whose gather clamps) the select is "wrap once, then clamp", which
// no single mode expresses, so it stays elementwise index arithmetic,
// fused by the backends.
func foldWrappedIndex(g *ir.Operation, rw *ir.Rewriter) (bool, error) {
	switch modeOf(g) {
	case modePromise, modeError:
	default:
		return false, nil
	}
	n, ok := uniformDim(g)
	if !ok || n < 1 {
		return false, nil
	}
	src, use := indexChain(g)
	sel := src.DefiningOp()
	if sel == nil || sel.Name() != arith.SelectName || sel.NumOperands() != 3 {
		return false, nil
	}
	cmp := sel.Operand(0).DefiningOp()
	if cmp == nil || cmp.Name() != arith.CmpIName {
		return false, nil
	}
	zero, ok := arith.SplatIntValue(cmp.Operand(1))
	if !ok || zero != 0 {
		return false, nil
	}
	i := cmp.Operand(0)
	var wrapped, kept ir.Value
	switch arith.Predicate(cmp) {
	case arith.CmpSLT: // i < 0 ? i + n : i
		wrapped, kept = sel.Operand(1), sel.Operand(2)
	case arith.CmpSGE: // i >= 0 ? i : i + n
		kept, wrapped = sel.Operand(1), sel.Operand(2)
	default:
		return false, nil
	}
	a, c, ok := binaryWithConst(wrapped, arith.AddIName)
	if !ok || kept != i || a != i || c != n || i.Type() != src.Type() {
		return false, nil
	}
	rewire(g, use, i, modeWrapNegative, rw)
	return true, nil
}

// foldFloorModIndex: a gather whose indices are Python's i % n, as
// select(r < 0, r + n, r) with r = arith.remsi(i, n) (what
// torch.take_along_dim's aten.remainder.Scalar converts to), n the size of
// every dim the indices address, reads i under mode wrap. i % n is in
// [0, n) for every i, where every mode reads the index itself, and it is
// what mode wrap reads for i; so the result is the same whatever the
// gather's mode was (fill never fills an index in range, and its
// fill_value goes). Also mode wrap_negative on arith.remsi(i, n) (what
// GatherOfWrappedIndex leaves of the same chain): remsi is in (-n, n),
// which wrap_negative maps to i % n.
func foldFloorModIndex(g *ir.Operation, rw *ir.Rewriter) (bool, error) {
	n, ok := uniformDim(g)
	if !ok || n < 1 {
		return false, nil
	}
	src, use := indexChain(g)
	if modeOf(g) == modeWrapNegative {
		if i, c, ok := binaryWithConst(src, arith.RemSIName); ok && c == n && i.Type() == src.Type() {
			rewire(g, use, i, tcp.ModeWrap, rw)
			return true, nil
		}
	}
	sel := src.DefiningOp()
	if sel == nil || sel.Name() != arith.SelectName || sel.NumOperands() != 3 {
		return false, nil
	}
	cmp := sel.Operand(0).DefiningOp()
	if cmp == nil || cmp.Name() != arith.CmpIName || arith.Predicate(cmp) != arith.CmpSLT {
		return false, nil
	}
	if zero, ok := arith.SplatIntValue(cmp.Operand(1)); !ok || zero != 0 {
		return false, nil
	}
	r := cmp.Operand(0)
	if sel.Operand(2) != r {
		return false, nil
	}
	if a, c, ok := binaryWithConst(sel.Operand(1), arith.AddIName); !ok || a != r || c != n {
		return false, nil
	}
	i, c, ok := binaryWithConst(r, arith.RemSIName)
	if !ok || c != n || i.Type() != src.Type() {
		return false, nil
	}
	rewire(g, use, i, tcp.ModeWrap, rw)
	return true, nil
}
