package tcptodml

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// decomposeFill rewrites each tcp.gather under mode "fill" on non-constant
// indices of static shape into what DirectML can run (docs/semantics.md §7.7): the
// gather under mode clip, an in-range mask of its indices, and a select of
// the fill value where the mask is false:
//
//	select(0 <= I && I < n, gather(x, I, clip), splat fill_value)
//
// which the arith lowering turns into ELEMENT_WISE_CLIP, GATHER,
// ELEMENT_WISE_LOGICAL_* and ELEMENT_WISE_IF. The index tensor of
// tcp.gather has the result's shape, so the mask needs no broadcast.
// For 8- and 16-bit data (bf16 moves as UINT16) below feature level 5.1,
// where ELEMENT_WISE_IF does not take them, it is instead
//
//	gather(concat(F, x, F), I + 1, clip)     (F: one row of fill_value)
//
// along the gathered dim: only data movement (JOIN, GATHER) on the data,
// and ELEMENT_WISE_ADD and CLIP on the indices (padFill). It
// runs before the lowering walks the function, so the new ops are lowered
// with the rest. Where fillBlocker names a reason, the gather is left
// alone and the lowering reports that reason.
func decomposeFill(body *ir.Block, rw *ir.Rewriter, level dml.FeatureLevel) {
	for _, op := range body.Ops() {
		g := tcp.GatherOp{Operation: op}
		if op.Name() != tcp.GatherName || g.Mode() != tcp.ModeFill || ir.ConstantAttr(g.Indices()) != nil || fillBlocker(op, level) != "" {
			continue
		}
		it := g.Indices().Type().(*ir.RankedTensorType)
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		n := g.Input().Type().(*ir.RankedTensorType).Dim(int(g.Dim()))
		var fill *ir.DenseElementsAttr
		switch v := g.FillValue().(type) {
		case ir.FloatAttr:
			fill = ir.NewDenseFloats(rt, []float64{v.Value})
		case ir.IntegerAttr:
			fill = ir.NewDenseInts(rt, []int64{v.Value})
		case ir.BoolAttr:
			b := int64(0)
			if v {
				b = 1
			}
			fill = ir.NewDenseInts(rt, []int64{b})
		default:
			continue
		}
		loc := op.Loc()
		rw.SetInsertionPointBefore(op)
		if padFill(op, level) {
			// The fill value as a row on each side of the indexed dim,
			// and the indices shifted by one under clip: an index below
			// 0 reads the first row, one at or above n the last (i+1
			// wraps only at the type's maximum, which is out of range
			// too, to its minimum, which clips to the first row).
			if v, ok := padFillRecipe(rw, op); ok {
				rw.ReplaceOp(op, []ir.Value{v})
				continue
			}
			xt := g.Input().Type().(*ir.RankedTensorType)
			row := fillRow(rw, op, xt.Shape(), int(g.Dim()), xt.Elem())
			ws := append([]int64{}, xt.Shape()...)
			ws[g.Dim()] += 2
			wide := tensor.Concat(rw, loc, g.Dim(), []ir.Value{row, g.Input(), row}, ir.RankedTensor(ws, xt.Elem())).Result(0)
			one := tcp.BuildConst(rw, loc, ir.NewDenseInts(it, []int64{1})).Result(0)
			shifted := arith.Binary(rw, arith.AddIName, loc, g.Indices(), one).Result(0)
			rw.ReplaceOp(op, []ir.Value{tcp.BuildGather(rw, loc, wide, shifted, g.Dim(), tcp.ModeClip, rt).Result(0)})
			continue
		}
		clipped := tcp.BuildGather(rw, loc, g.Input(), g.Indices(), g.Dim(), tcp.ModeClip, rt).Result(0)
		zero := tcp.BuildConst(rw, loc, ir.NewDenseInts(it, []int64{0})).Result(0)
		size := tcp.BuildConst(rw, loc, ir.NewDenseInts(it, []int64{n})).Result(0)
		ge := arith.CmpI(rw, loc, arith.CmpSGE, g.Indices(), zero).Result(0)
		lt := arith.CmpI(rw, loc, arith.CmpSLT, g.Indices(), size).Result(0)
		mask := arith.Binary(rw, arith.AndIName, loc, ge, lt).Result(0)
		fv := tcp.BuildConst(rw, loc, fill).Result(0)
		rw.ReplaceOp(op, []ir.Value{arith.Select(rw, loc, mask, clipped, fv).Result(0)})
	}
}

// padFill reports whether a fill gather is decomposed as a gather (under
// clip) of its input padded with the fill value instead of a select: for
// 8- and 16-bit data (bf16 included) below feature level 5.1, where
// ELEMENT_WISE_IF does not take them, and the gather only moves the bits.
// Its indices are signless (arith.addi shifts them).
func padFill(op *ir.Operation, level dml.FeatureLevel) bool {
	g := tcp.GatherOp{Operation: op}
	if level >= dml.FL5_1 {
		return false
	}
	it, _ := ir.ElementType(g.Indices().Type()).(ir.IntegerType)
	if it.Sign != ir.Signless {
		return false
	}
	switch g.FillValue().(type) {
	case ir.FloatAttr, ir.IntegerAttr:
	default:
		return false
	}
	et := ir.ElementType(op.Result(0).Type())
	if i, ok := et.(ir.IntegerType); ok && i.Width == 1 {
		return false // moved as UINT8, which IF takes at every level
	}
	dt, err := dml.DataTypeOf(et)
	if err != nil || dt.IsFloat() {
		return false
	}
	switch dt {
	case dml.Int8, dml.UInt8, dml.Int16, dml.UInt16:
		return true
	}
	return false
}

// fillRow returns a constant of shape with dim a set to 1, every element
// the gather's fill value, or nil.
func fillRow(rw *ir.Rewriter, op *ir.Operation, shape []int64, a int, elem ir.Type) ir.Value {
	ps := append([]int64{}, shape...)
	ps[a] = 1
	var pad *ir.DenseElementsAttr
	switch v := (tcp.GatherOp{Operation: op}).FillValue().(type) {
	case ir.FloatAttr:
		pad = ir.NewDenseFloats(ir.RankedTensor(ps, elem), []float64{v.Value})
	case ir.IntegerAttr:
		pad = ir.NewDenseInts(ir.RankedTensor(ps, elem), []int64{v.Value})
	default:
		return nil
	}
	return tcp.BuildConst(rw, op.Loc(), pad).Result(0)
}

// padFillRecipe is padFill's rewrite for a gather of the slice-gather
// recipe (an embedding): the unbroadcast input is padded and the
// unexpanded indices shifted, and the recipe is rebuilt on them, so that
// the lowering still makes one DML_GATHER. ok is false (nothing created)
// when op is not the recipe or the rebuilt result's type differs.
func padFillRecipe(rw *ir.Rewriter, op *ir.Operation) (ir.Value, bool) {
	m, ok := matchSliceGather(op)
	if !ok {
		return nil, false
	}
	X := append([]int64{}, shapeOf(m.x)...)
	it := m.idx.Type().(*ir.RankedTensorType)
	X[m.a] += 2
	want := append(append(append([]int64{}, X[:m.a]...), m.q...), X[m.a+1:]...)
	if !slices.Equal(want, shapeOf(op.Result(0))) {
		return nil, false
	}
	elem := ir.ElementType(m.x.Type())
	row := fillRow(rw, op, shapeOf(m.x), m.a, elem)
	if row == nil {
		return nil, false
	}
	wide := tensor.Concat(rw, op.Loc(), int64(m.a), []ir.Value{row, m.x, row}, ir.RankedTensor(X, elem)).Result(0)
	one := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(it, []int64{1})).Result(0)
	shifted := arith.Binary(rw, arith.AddIName, op.Loc(), m.idx, one).Result(0)
	v, err := tcpbuild.SliceGather(rw, op.Loc(), wide, shifted, m.a, 0, tcp.ModeClip, false)
	if err == nil && v.Type() == op.Result(0).Type() {
		return v, true
	}
	// Undo: the recipe checks its inputs before creating anything, and
	// what it built on a type mismatch is unused; erase it and the
	// padding, last first, so that nothing dead is lowered.
	if err == nil {
		eraseUnusedChain(v.DefiningOp())
	}
	for _, x := range []ir.Value{shifted, one, wide, row} {
		if d := x.DefiningOp(); d != nil && d.UseEmpty() {
			d.Erase()
		}
	}
	return nil, false
}

// eraseUnusedChain erases op if it is unused, then its operands' defining
// ops that become unused, depth first.
func eraseUnusedChain(op *ir.Operation) {
	if op == nil || !op.UseEmpty() {
		return
	}
	defs := make([]*ir.Operation, 0, op.NumOperands())
	for _, v := range op.Operands() {
		defs = append(defs, v.DefiningOp())
	}
	op.Erase()
	for _, d := range defs {
		if d != nil && d.Name() != tcp.ConstName && d.HasTrait(ir.Pure) {
			eraseUnusedChain(d)
		}
	}
}

// fillBlocker says why a gather under mode "fill" on non-constant indices
// cannot be decomposed for DirectML, or "".
func fillBlocker(op *ir.Operation, level dml.FeatureLevel) string {
	if op.Name() != tcp.GatherName {
		return "mode \"fill\" of tcp.gather_nd on non-constant indices is not lowered (its in-range mask would reduce over each index tuple)"
	}
	g := tcp.GatherOp{Operation: op}
	it, ok1 := g.Indices().Type().(*ir.RankedTensorType)
	rt, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	xt, ok3 := g.Input().Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 || !ok3 || !it.HasStaticShape() || !rt.HasStaticShape() || xt.Dim(int(g.Dim())) == ir.Dynamic {
		return "mode \"fill\" on non-constant indices is lowered (as a clip, an in-range mask and ELEMENT_WISE_IF) for static shapes only"
	}
	et, _ := it.Elem().(ir.IntegerType)
	switch {
	case level < dml.FL3_0:
		return fmt.Sprintf("mode \"fill\" on non-constant indices is lowered as a clip, an in-range mask and ELEMENT_WISE_IF; the clip needs ELEMENT_WISE_CLIP on integers, which needs feature level 3.0, got %s", level)
	case et.Width == 64 && level < dml.FL5_0:
		return fmt.Sprintf("mode \"fill\" on non-constant indices is lowered as a clip, an in-range mask and ELEMENT_WISE_IF; the clip of 64-bit indices needs ELEMENT_WISE_CLIP on INT64, which needs feature level 5.0, got %s", level)
	}
	return ""
}
