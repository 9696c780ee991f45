package idioms

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

func init() {
	ir.Global.AddCanonicalizationPatterns(arith.SelectName,
		&ir.PatternFunc{RootName: arith.SelectName, PatternName: "SelectOfMaskedGather", Fn: foldMaskedGather})
}

// maxMapElems bounds the index maps foldMaskedGather compares.
const maxMapElems = 1 << 16

// isShapeOp reports whether op moves elements without changing them (so
// that it commutes with elementwise arithmetic).
func isShapeOp(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	switch op.Name() {
	case tcp.BroadcastToName, tcp.BroadcastName, tensord.ExpandShapeName, tensord.CollapseShapeName:
		return true
	}
	return false
}

// shapeChain returns the values from v down through shape ops: v, its
// shape op's input, and so on, and the ops in the same order.
func shapeChain(v ir.Value) ([]ir.Value, []*ir.Operation) {
	vals := []ir.Value{v}
	var ops []*ir.Operation
	for d := v.DefiningOp(); isShapeOp(d); d = v.DefiningOp() {
		ops = append(ops, d)
		v = d.Operand(0)
		vals = append(vals, v)
	}
	return vals, ops
}

// positions is a tensor of positions into a root tensor: element p of the
// value a chain of shape ops computes reads element data[p] of the root.
type positions struct {
	shape []int64
	data  []int64
}

// apply runs ops (the last one first, as shapeChain lists them) on p.
func (p positions) apply(ops []*ir.Operation) (positions, bool) {
	for k := len(ops) - 1; k >= 0; k-- {
		op := ops[k]
		rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
		if !ok || !rt.HasStaticShape() || rt.NumElements() > maxMapElems {
			return positions{}, false
		}
		shape := rt.Shape()
		switch op.Name() {
		case tensord.ExpandShapeName, tensord.CollapseShapeName:
			p = positions{shape: shape, data: p.data}
		default: // broadcast: out[q] = in[q with the axes at 0]
			if len(shape) != len(p.shape) {
				return positions{}, false
			}
			out := make([]int64, rt.NumElements())
			q := make([]int64, len(shape))
			for i := range out {
				src := int64(0)
				for d := range shape {
					c := q[d]
					if p.shape[d] == 1 {
						c = 0
					} else if p.shape[d] != shape[d] {
						return positions{}, false
					}
					src = src*p.shape[d] + c
				}
				out[i] = p.data[src]
				for d := len(shape) - 1; d >= 0; d-- {
					if q[d]++; q[d] < shape[d] {
						break
					}
					q[d] = 0
				}
			}
			p = positions{shape: shape, data: out}
		}
	}
	return p, true
}

func (p positions) equal(o positions) bool {
	if len(p.shape) != len(o.shape) || len(p.data) != len(o.data) {
		return false
	}
	for i := range p.shape {
		if p.shape[i] != o.shape[i] {
			return false
		}
	}
	for i := range p.data {
		if p.data[i] != o.data[i] {
			return false
		}
	}
	return true
}

// inRangeTest matches m = andi(lower, upper) with lower one of e >= 0,
// e > -1 and upper one of e <= n - 1, e < n (splat constants on the
// right), and returns e and n.
func inRangeTest(m ir.Value) (e ir.Value, n int64, ok bool) {
	and := m.DefiningOp()
	if and == nil || and.Name() != arith.AndIName {
		return nil, 0, false
	}
	var lowerOf, upperOf ir.Value
	var bound int64
	hasUpper := false
	for _, v := range []ir.Value{and.Operand(0), and.Operand(1)} {
		cmp := v.DefiningOp()
		if cmp == nil || cmp.Name() != arith.CmpIName {
			return nil, 0, false
		}
		c, ok := arith.SplatIntValue(cmp.Operand(1))
		if !ok {
			return nil, 0, false
		}
		switch p := arith.Predicate(cmp); {
		case p == arith.CmpSGE && c == 0, p == arith.CmpSGT && c == -1:
			lowerOf = cmp.Operand(0)
		case p == arith.CmpSLE:
			upperOf, bound, hasUpper = cmp.Operand(0), c+1, true
		case p == arith.CmpSLT:
			upperOf, bound, hasUpper = cmp.Operand(0), c, true
		default:
			return nil, 0, false
		}
	}
	if lowerOf == nil || !hasUpper || lowerOf != upperOf {
		return nil, 0, false
	}
	return lowerOf, bound, true
}

// foldMaskedGather: select(inrange(J), gather(x, I), splat c), where the
// mask tests 0 <= J < n for n the size of the gathered dim and I reads the
// same elements of the same index values as the mask (both are J, or one
// root value through broadcasts and reshapes that place every element
// identically), is gather(x, I) under mode fill with fill_value c. This is
// jnp's fill mode (jnp.take(mode='fill'), take_along_axis): jax gathers
// under its own clamp and masks the out-of-range elements. The gather's
// mode must be one that never fails (clip, wrap, fill, or
// promise_in_bounds, whose out-of-range reads are undefined anyway).
func foldMaskedGather(sel *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if sel.NumOperands() != 3 {
		return false, nil
	}
	g := sel.Operand(1).DefiningOp()
	if g == nil || g.Name() != tcp.GatherName {
		return false, nil
	}
	switch modeOf(g) {
	case modeClip, "wrap", "fill", modePromise:
	default:
		return false, nil
	}
	fill, ok := ir.ConstantAttr(sel.Operand(2)).(*ir.DenseElementsAttr)
	if !ok || !fill.IsSplat() || fill.Type != g.Result(0).Type() {
		return false, nil
	}
	sizes, ok := indexedDims(g)
	if !ok || len(sizes) != 1 {
		return false, nil
	}
	maskVals, maskOuter := shapeChain(sel.Operand(0))
	e, n, ok := inRangeTest(maskVals[len(maskVals)-1])
	if !ok || n != sizes[0] {
		return false, nil
	}
	// The root both sides start from: the first value under e that the
	// gather's index chain also passes.
	idxVals, idxOps := shapeChain(g.Operand(1))
	at := map[ir.Value]int{}
	for k, v := range idxVals {
		at[v] = k
	}
	eVals, eOps := shapeChain(e)
	root, ri, ei := ir.Value(nil), 0, 0
	for k, v := range eVals {
		if i, ok := at[v]; ok {
			root, ri, ei = v, i, k
			break
		}
	}
	if root == nil {
		return false, nil
	}
	rt, ok := root.Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() || rt.NumElements() > maxMapElems {
		return false, nil
	}
	id := positions{shape: rt.Shape(), data: make([]int64, rt.NumElements())}
	for i := range id.data {
		id.data[i] = int64(i)
	}
	// The mask: the shape ops under the test, then those above it.
	maskMap, ok := id.apply(eOps[:ei])
	if !ok {
		return false, nil
	}
	if maskMap, ok = maskMap.apply(maskOuter); !ok {
		return false, nil
	}
	idxMap, ok := id.apply(idxOps[:ri])
	if !ok || !maskMap.equal(idxMap) {
		return false, nil
	}
	var value ir.Attribute
	elem := fill.Type.Elem()
	if ir.IsFloat(elem) {
		value = ir.Float(fill.FloatAt(0), elem.(ir.FloatType))
	} else {
		value = ir.IntegerAttr{Value: fill.IntAt(0), Type: elem}
	}
	rw.SetInsertionPointBefore(sel)
	ng := tcp.BuildGather(rw, g.Loc(), g.Operand(0), g.Operand(1), g.IntAttr("dim"), "fill", g.Result(0).Type())
	ng.SetAttr("fill_value", value)
	rw.ReplaceOp(sel, []ir.Value{ng.Result(0)})
	return true, nil
}
