package stablehlototcp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// b bundles the rewriter and the location of the op being converted.
type b struct {
	rw    *ir.Rewriter
	loc   ir.Location
	cache *tcpbuild.IndexCache
	// body is the combiner block of the tcp scatter being built (a
	// stablehlo.scatter region that is no single combiner), or nil.
	body *ir.Block
}

func newB(rw *ir.Rewriter, loc ir.Location) b {
	return b{rw: rw, loc: loc, cache: tcpbuild.NewIndexCache(rw, loc)}
}

func rt(v ir.Value) *ir.RankedTensorType { return v.Type().(*ir.RankedTensorType) }

func (b b) index(v int64) ir.Value { return b.cache.Get(v) }

func (b b) size(v ir.Value, d int) ir.Value {
	if n := rt(v).Dim(d); n != ir.Dynamic {
		return b.index(n)
	}
	return tcpbuild.DimSize(b.rw, b.loc, v, d)
}

// indexElem returns the integer tensor v with a tcp index element type:
// i32 and i64 as they are, the narrower signless types sign-extended to
// i64 (arith.extsi), signed and unsigned types converted by value to i64
// (tcp.cast_indices: exact, except that a ui64 of 2^63 or more saturates
// to 2^63 - 1, which every clamp of a start index treats as the value).
func (b b) indexElem(v ir.Value) ir.Value {
	it := rt(v).Elem().(ir.IntegerType)
	switch {
	case it.Sign == ir.Signless && (it.Width == 32 || it.Width == 64):
		return v
	case it.Sign == ir.Signless:
		return arith.Cast(b.rw, arith.ExtSIName, b.loc, v, ir.RankedTensor(rt(v).Shape(), ir.I64)).Result(0)
	}
	return tcp.BuildCastIndices(b.rw, b.loc, v, ir.I64).Result(0)
}

// unitGroups is the reassociation between a shape and the same shape with
// unit dims at the positions inserted (indices into the longer shape):
// each unit dim joins the group of the nearest kept dim to its left, or the
// first group when it leads (docs/semantics.md §4). rank is the longer rank.
func unitGroups(rank int, inserted []int) [][]int64 {
	var groups [][]int64
	var lead []int64
	for i := 0; i < rank; i++ {
		if slices.Contains(inserted, i) {
			if len(groups) == 0 {
				lead = append(lead, int64(i))
			} else {
				groups[len(groups)-1] = append(groups[len(groups)-1], int64(i))
			}
			continue
		}
		groups = append(groups, append(lead, int64(i)))
		lead = nil
	}
	if len(groups) == 0 {
		return [][]int64{}
	}
	return groups
}

// insertUnits expands v with unit dims at positions (of the result).
func (b b) insertUnits(v ir.Value, positions []int) ir.Value {
	if len(positions) == 0 {
		return v
	}
	src := rt(v).Shape()
	n := len(src) + len(positions)
	shape := make([]int64, 0, n)
	j := 0
	for i := 0; i < n; i++ {
		if slices.Contains(positions, i) {
			shape = append(shape, 1)
		} else {
			shape = append(shape, src[j])
			j++
		}
	}
	t := ir.RankedTensor(shape, rt(v).Elem())
	return tensor.ExpandShapeWith(b.rw, b.loc, v, t, unitGroups(n, positions)).Result(0)
}

// dropUnits collapses away the static unit dims of v at positions.
func (b b) dropUnits(v ir.Value, positions []int) ir.Value {
	if len(positions) == 0 {
		return v
	}
	src := rt(v).Shape()
	var shape []int64
	for i, s := range src {
		if !slices.Contains(positions, i) {
			shape = append(shape, s)
		}
	}
	t := ir.RankedTensor(shape, rt(v).Elem())
	return tensor.CollapseShapeWith(b.rw, b.loc, v, t, unitGroups(len(src), positions)).Result(0)
}

// transpose permutes the dims of v (no op for the identity).
func (b b) transpose(v ir.Value, perm []int) ir.Value {
	identity := true
	for i, p := range perm {
		identity = identity && i == p
	}
	if identity {
		return v
	}
	src := rt(v).Shape()
	shape := make([]int64, len(perm))
	p64 := make([]int64, len(perm))
	for i, p := range perm {
		shape[i] = src[p]
		p64[i] = int64(p)
	}
	t := ir.RankedTensor(shape, rt(v).Elem())
	return b.rw.Create(tcp.TransposeName, b.loc, []ir.Value{v}, []ir.Type{t},
		[]ir.NamedAttr{{Name: "permutation", Value: &ir.DenseArrayAttr{Elem: ir.I64, Ints: p64}}}).Result(0)
}

// broadcast expands the unit dims axes of v to the sizes (index values;
// static are their values or ir.Dynamic).
func (b b) broadcast(v ir.Value, axes []int, sizes []ir.Value, static []int64) ir.Value {
	a64 := make([]int64, len(axes))
	for k, a := range axes {
		a64[k] = int64(a)
	}
	return tcpbuild.BroadcastTo(b.rw, b.loc, v, a64, sizes, static)
}

// label names a dim of an intermediate operand value: original operand
// dim d, and whether it is the window-offset part of a windowed dim.
type label struct {
	dim    int
	window bool
	unit   bool // a synthetic unit dim, collapsed at the end
}

// gatherPlan is a valid stablehlo.gather read for conversion.
type gatherPlan struct {
	d     stablehlo.GatherDims
	sizes []int64
	x, s  ir.Value
	out   *ir.RankedTensorType
}

// whyNotGather returns why a valid gather cannot be converted, or "".
func whyNotGather(p gatherPlan) string {
	et := rt(p.s).Elem()
	it, ok := et.(ir.IntegerType)
	if !ok || (it.Width != 8 && it.Width != 16 && it.Width != 32 && it.Width != 64) {
		return fmt.Sprintf("start_indices element type %s is not an integer of 8, 16, 32 or 64 bits", et)
	}
	if isEmpty(p.out) {
		return ""
	}
	return ""
}

func isEmpty(t *ir.RankedTensorType) bool {
	for _, s := range t.Shape() {
		if s == 0 {
			return true
		}
	}
	return false
}

// emptyResult is the value of a gather whose result has a static 0 dim: a
// tcp.const of the result shape with its dynamic dims (start-indices batch
// dims; offset dims are static) as 1, broadcast to their run-time sizes.
func (b b) emptyResult(p gatherPlan) ir.Value {
	t := p.out
	shape := append([]int64{}, t.Shape()...)
	var axes []int
	var sizes []ir.Value
	var static []int64
	var sBatch []int
	for i := 0; i < rt(p.s).Rank(); i++ {
		if int64(i) != p.d.IndexVectorDim {
			sBatch = append(sBatch, i)
		}
	}
	bi := 0
	for i := range shape {
		if slices.Contains(p.d.OffsetDims, int64(i)) {
			continue
		}
		if shape[i] == ir.Dynamic {
			shape[i] = 1
			axes = append(axes, i)
			sizes = append(sizes, b.size(p.s, sBatch[bi]))
			static = append(static, ir.Dynamic)
		}
		bi++
	}
	ct := ir.RankedTensor(shape, t.Elem())
	var v *ir.DenseElementsAttr
	if _, ok := t.Elem().(ir.FloatType); ok {
		v = ir.NewDenseFloats(ct, nil)
	} else {
		v = ir.NewDenseInts(ct, nil)
	}
	return b.broadcast(tcp.BuildConst(b.rw, b.loc, v).Result(0), axes, sizes, static)
}

// dynamicWindows returns v with the dims [n, s] in place of pos (of size
// D), n = D - s + 1 computed at run time: window j holds v[j : j + s] along
// pos. It is the concatenation along a new dim pos+1 of the s slices
// v[o : o + n] (o < s): tcp has no op that counts to a run-time size, so
// the constant window table j + o cannot be built for a dynamic D. Static
// dims whose table would exceed maxWindowTable elements use it too (or
// staticWindows when n < s): O(min(n, s)) ops instead of n*s constants.
func (b b) dynamicWindows(v ir.Value, pos int, s int64) ir.Value {
	r := rt(v).Rank()
	shape := append([]int64{}, rt(v).Shape()...)
	var n ir.Value
	if D := shape[pos]; D != ir.Dynamic {
		shape[pos] = D - s + 1
		n = b.index(D - s + 1)
	} else {
		n = arith.Binary(b.rw, arith.SubIName, b.loc, b.size(v, pos), b.index(s-1)).Result(0)
	}
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	for i := 0; i < r; i++ {
		starts[i], sizes[i], strides[i] = b.index(0), n, b.index(1)
		if i != pos {
			sizes[i] = b.size(v, i)
		}
	}
	parts := make([]ir.Value, s)
	for o := int64(0); o < s; o++ {
		starts[pos] = b.index(o)
		sl := tcp.BuildSlice(b.rw, b.loc, v, starts, sizes, strides, ir.RankedTensor(shape, rt(v).Elem())).Result(0)
		parts[o] = b.insertUnits(sl, []int{pos + 1})
	}
	if s == 1 {
		return parts[0]
	}
	out := slices.Insert(append([]int64{}, shape...), pos+1, s)
	return tensor.Concat(b.rw, b.loc, int64(pos+1), parts, ir.RankedTensor(out, rt(v).Elem())).Result(0)
}

// staticWindows is dynamicWindows for a static number n of windows: the
// concatenation along pos of the n slices v[j : j + s], each with a unit
// dim inserted at pos.
func (b b) staticWindows(v ir.Value, pos int, n, s int64) ir.Value {
	r := rt(v).Rank()
	shape := append([]int64{}, rt(v).Shape()...)
	shape[pos] = s
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	for i := 0; i < r; i++ {
		starts[i], sizes[i], strides[i] = b.index(0), b.size(v, i), b.index(1)
	}
	sizes[pos] = b.index(s)
	parts := make([]ir.Value, n)
	for j := int64(0); j < n; j++ {
		starts[pos] = b.index(j)
		sl := tcp.BuildSlice(b.rw, b.loc, v, starts, sizes, strides, ir.RankedTensor(shape, rt(v).Elem())).Result(0)
		parts[j] = b.insertUnits(sl, []int{pos})
	}
	if n == 1 {
		return parts[0]
	}
	out := slices.Insert(append([]int64{}, shape...), pos, n)
	return tensor.Concat(b.rw, b.loc, int64(pos), parts, ir.RankedTensor(out, rt(v).Elem())).Result(0)
}

// lowerGather rewrites a valid, convertible gather into tcp ops and
// returns the value replacing its result. The steps (each omitted when it
// would do nothing) are:
//
//  1. tcp.slice the operand dims that are neither indexed nor batching to
//     their slice size (1 for collapsed dims: their offset is always 0).
//  2. Window every indexed dim d whose slice size s is not 1: the operand
//     gets the dims [D-s+1, s] in place of d (expand, broadcast and a
//     tcp.gather with the constant indices j+o; for s = D just a unit dim
//     in front), so that indexing the first of them under mode clip
//     clamps the start index to [0, D-s], exactly the spec's clamp.
//  3. tcp.transpose the operand to [batching dims, indexed dims in
//     start_index_map order, the rest] and the start indices to [batching
//     dims in the same order, the other batch dims, the index vector]
//     (an implicit index vector becomes a trailing unit dim).
//  4. tcp.gather_nd {batch_dims = size(operand_batching_dims), mode = "clip"}:
//     with slice size 1 on every point dim, clip's [0, dim-1] is the spec's
//     [0, dim - slice_size].
//  5. Collapse the unit dims of collapsed dims, transpose into the result
//     order and insert the unit dims of indexed offset dims of size 1.
func lowerGather(bb b, p gatherPlan) ir.Value {
	if isEmpty(p.out) {
		return bb.emptyResult(p)
	}
	d := p.d
	X := rt(p.x).Shape()
	r := len(X)
	indexed := func(dim int) bool { return slices.Contains(d.StartIndexMap, int64(dim)) }
	batching := func(dim int) bool { return slices.Contains(d.OperandBatchingDims, int64(dim)) }
	collapsed := func(dim int) bool { return slices.Contains(d.CollapsedSliceDims, int64(dim)) }
	// effective slice size: collapsed dims read exactly one element.
	seff := make([]int64, r)
	for i := range seff {
		seff[i] = p.sizes[i]
		if collapsed(i) {
			seff[i] = 1
		}
	}

	// 1. slice the free dims.
	v := p.x
	needSlice := false
	for i := 0; i < r; i++ {
		if !indexed(i) && !batching(i) && X[i] != seff[i] {
			needSlice = true
		}
	}
	if needSlice {
		starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
		shape := append([]int64{}, X...)
		c0, c1 := bb.index(0), bb.index(1)
		for i := 0; i < r; i++ {
			starts[i], strides[i] = c0, c1
			if !indexed(i) && !batching(i) {
				sizes[i] = bb.index(seff[i])
				shape[i] = seff[i]
			} else {
				sizes[i] = bb.size(v, i)
			}
		}
		v = tcp.BuildSlice(bb.rw, bb.loc, v, starts, sizes, strides, ir.RankedTensor(shape, rt(v).Elem())).Result(0)
	}

	// 2. windows.
	labels := make([]label, r)
	for i := range labels {
		labels[i] = label{dim: i}
	}
	for _, dim64 := range d.StartIndexMap {
		dim := int(dim64)
		s := seff[dim]
		if s == 1 {
			continue
		}
		D := X[dim]
		n := D - s + 1
		pos := slices.Index(labels, label{dim: dim})
		if D == ir.Dynamic || (s != D && n*s > maxWindowTable) {
			if D != ir.Dynamic && n < s {
				v = bb.staticWindows(v, pos, n, s)
			} else {
				v = bb.dynamicWindows(v, pos, s)
			}
			labels = slices.Insert(labels, pos+1, label{dim: dim, window: true})
			continue
		}
		if s == D {
			// One window, the whole dim: a unit point dim in front of it
			// (clip sends every start to 0, as the spec's clamp does).
			v = bb.insertUnits(v, []int{pos})
			labels = slices.Insert(labels, pos+1, label{dim: dim, window: true})
			continue
		}
		v = bb.insertUnits(v, []int{pos + 1})
		cur := rt(v).Shape()
		v = bb.broadcast(v, []int{pos + 1}, []ir.Value{bb.index(s)}, []int64{s})
		rank := len(cur)
		// constant indices j+o of shape [1]*pos ++ [n, s] ++ [1]*(rank-pos-2)
		ishape := make([]int64, rank)
		for i := range ishape {
			ishape[i] = 1
		}
		ishape[pos], ishape[pos+1] = n, s
		vals := make([]int64, 0, n*s)
		for j := int64(0); j < n; j++ {
			for o := int64(0); o < s; o++ {
				vals = append(vals, j+o)
			}
		}
		ct := ir.RankedTensor(ishape, ir.I64)
		var idx ir.Value = tcp.BuildConst(bb.rw, bb.loc, ir.NewDenseInts(ct, vals)).Result(0)
		var axes []int
		var sizes []ir.Value
		var static []int64
		for i := 0; i < rank; i++ {
			if i != pos && i != pos+1 {
				axes = append(axes, i)
				sizes = append(sizes, bb.size(v, i))
				static = append(static, rt(v).Dim(i))
			}
		}
		idx = bb.broadcast(idx, axes, sizes, static)
		outShape := append([]int64{}, rt(idx).Shape()...)
		v = tcp.BuildGather(bb.rw, bb.loc, v, idx, int64(pos), "", ir.RankedTensor(outShape, rt(v).Elem())).Result(0)
		labels = slices.Insert(labels, pos+1, label{dim: dim, window: true})
	}

	// 3. operand transpose to [batching, points, rest].
	nb, K := len(d.OperandBatchingDims), len(d.StartIndexMap)
	var perm []int
	for _, od := range d.OperandBatchingDims {
		perm = append(perm, slices.Index(labels, label{dim: int(od)}))
	}
	for _, od := range d.StartIndexMap {
		perm = append(perm, slices.Index(labels, label{dim: int(od)}))
	}
	var rest []label
	for i, l := range labels {
		if !slices.Contains(perm, i) {
			perm = append(perm, i)
			rest = append(rest, l)
		}
	}
	v = bb.transpose(v, perm)
	if len(rest) == 0 && K == 0 {
		// gather_nd needs batch_dims < rank(input): give it a unit dim.
		v = bb.insertUnits(v, []int{rt(v).Rank()})
		rest = append(rest, label{unit: true})
	}

	// indices: implicit vector -> trailing unit dim; transpose to
	// [batching, other batch dims, vector].
	s := p.s
	q := rt(s).Rank()
	ivd := int(d.IndexVectorDim)
	if ivd == q {
		s = bb.insertUnits(s, []int{q})
		q++
	}
	var sperm []int
	for _, sd := range d.StartIndicesBatchingDims {
		sperm = append(sperm, int(sd))
	}
	for i := 0; i < q; i++ {
		if i != ivd && !slices.Contains(sperm, i) {
			sperm = append(sperm, i)
		}
	}
	sBatchOrder := append([]int{}, sperm...) // original start_indices dims, in gather_nd order
	sperm = append(sperm, ivd)
	s = bb.transpose(s, sperm)
	s = bb.indexElem(s)

	// 4. gather_nd with clip.
	sShape, vShape := rt(s).Shape(), rt(v).Shape()
	gShape := append(append([]int64{}, sShape[:len(sShape)-1]...), vShape[nb+K:]...)
	var g ir.Value = tcp.BuildGatherND(bb.rw, bb.loc, v, s, int64(nb), tcp.ModeClip, ir.RankedTensor(gShape, rt(v).Elem())).Result(0)

	// 5. result layout. G dims: start-index batch dims (sBatchOrder), then rest.
	nS := len(sBatchOrder)
	var drop []int
	for i, l := range rest {
		if l.unit || collapsed(l.dim) {
			drop = append(drop, nS+i)
		}
	}
	g = bb.dropUnits(g, drop)
	var kept []label
	for _, l := range rest {
		if !l.unit && !collapsed(l.dim) {
			kept = append(kept, l)
		}
	}
	// Result dims: offset_dims take the operand offset dims in order
	// (a windowed dim contributes its window part; an indexed offset dim
	// of size 1 has no dim in g and is inserted as a unit dim); the others
	// take the start-index batch dims in order.
	var offLabels []label
	for i := 0; i < r; i++ {
		if collapsed(i) || batching(i) {
			continue
		}
		if indexed(i) && seff[i] != 1 {
			offLabels = append(offLabels, label{dim: i, window: true})
		} else {
			offLabels = append(offLabels, label{dim: i})
		}
	}
	var sBatch []int
	for i := 0; i < q; i++ {
		if i != ivd {
			sBatch = append(sBatch, i)
		}
	}
	rr := len(d.OffsetDims) + len(sBatch)
	var fperm []int
	var missing []int
	oi, bi := 0, 0
	for i := 0; i < rr; i++ {
		if slices.Contains(d.OffsetDims, int64(i)) {
			l := offLabels[oi]
			oi++
			if k := slices.Index(kept, l); k >= 0 {
				fperm = append(fperm, nS+k)
			} else {
				missing = append(missing, i)
			}
			continue
		}
		sd := sBatch[bi]
		bi++
		fperm = append(fperm, slices.Index(sBatchOrder, sd))
	}
	g = bb.transpose(g, fperm)
	g = bb.insertUnits(g, missing)
	if g.Type() != ir.Type(p.out) {
		g = tensor.Cast(bb.rw, bb.loc, g, p.out).Result(0)
	}
	return g
}
