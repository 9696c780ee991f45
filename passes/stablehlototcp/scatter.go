package stablehlototcp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// stablehlo.scatter becomes one tcp.scatter_nd {mode = "drop"} whose
// combine is the region's (replace, add, mul, min, max, and, or):
//
//   - compact form, when every scattered input dim has a window of size 1
//     (inserted, or a window dim of size 1) and every other window dim
//     covers its whole input dim: the input is transposed to (batching
//     dims, scattered dims in scatter_dims_to_operand_dims order, the rest),
//     the indices to (batching dims, the other scatter dims, the index
//     vector), the updates to match (size-1 window dims collapsed), one
//     tcp.scatter_nd {batch_dims} and the inverse transpose. Each index
//     tuple then addresses one whole slice, so dropping the tuple when any
//     component is out of range is the spec's per-element rule, and the
//     order of the tuples within a batch is that of the scatter indices.
//   - general form (static shapes): one index tuple per update element,
//     full_start_index + full_batching_index + full_window_index, built
//     from the start indices (clamped to [-w, dim] first so that adding a
//     window offset w' < w cannot overflow yet stays out of range exactly
//     when it was), a constant table of the batching and window offsets
//     and arith.addi; the updates transposed to (scatter dims, window
//     dims); one tcp.scatter_nd with scalar slices. Row-major order of
//     (scatter index, window index) is the interpreter's order.
//
// A region that is no single combiner becomes combine = "region", and a
// scatter of several inputs is split when its region decomposes
// (scatter_region.go). Not converted (located errors): several inputs
// whose region mixes them, a region of ops a combiner region does not
// take, dynamic shapes outside the compact form, and combines tcp does
// not allow on the element type.
func convertScatter(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	inputs, s, ups := stablehlo.ScatterParts(op)
	if len(inputs) != 1 {
		return splitScatter(op, rw)
	}
	x, u := inputs[0], ups[0]
	elem := rt(x).Elem()
	combine := stablehlo.ScatterCombiner(op)
	var body *ir.Block
	if combine == "" {
		var err error
		if body, err = combinerBlock(op, elem); err != nil {
			return fail(op, "%v (a region returning its update argument, one of %s applied to its two arguments, or a region of those scalar ops becomes a tcp scatter)", err, strings.Join(stablehlo.ReducerOps, ", "))
		}
		combine = tcp.CombineRegion
	}
	if !tcp.CombineAllowed(combine, elem) {
		return fail(op, "combine %q is not defined by tcp for element type %s", combine, elem)
	}
	if it, ok := rt(s).Elem().(ir.IntegerType); !ok || it.Width < 8 {
		return fail(op, "scatter indices of element type %s are not supported (8 to 64-bit integers)", rt(s).Elem())
	}
	d, _ := stablehlo.ScatterDimsOf(op)
	attrs := []ir.NamedAttr{{Name: "combine", Value: ir.Str(combine)}, {Name: "mode", Value: ir.Str(tcp.ModeDrop)}}
	if a, ok := op.Attr("unique_indices").(ir.BoolAttr); ok && bool(a) {
		attrs = append(attrs, ir.NamedAttr{Name: "unique_indices", Value: ir.UnitAttr{}})
	}
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	bb.body = body
	var v ir.Value
	var err error
	if a, ok := elementsScatter(rt(x).Shape(), rt(s).Shape(), rt(u).Shape(), d); ok {
		if v, err = bb.scatterElements(x, s, u, a, attrs); err != nil {
			return fail(op, "%v", err)
		}
	} else if compactScatter(rt(x).Shape(), rt(u).Shape(), d) {
		v = bb.scatterCompact(x, s, u, d, attrs)
	} else if v, err = bb.scatterGeneral(x, s, u, d, attrs); err != nil {
		return fail(op, "%v", err)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// elementsScatter recognizes x.at[:, i] / x.at[..., i]: one scattered
// input dim a > 0 (inserted, no batching dims), a single scatter dim of
// the updates at position a with the whole input dims around it
// (updates = X[:a] ++ [n] ++ X[a+1:]), index vectors of length 1. Then
// tcp.scatter {dim = a} with the indices broadcast over the other dims
// is the same scatter, in the same order (for each position of the other
// dims, the updates of a dim a position come in index order in both), and
// needs no transposes.
func elementsScatter(x, s, u []int64, d stablehlo.ScatterDims) (int, bool) {
	r, q := len(x), len(s)
	if len(d.InputBatchingDims) != 0 || len(d.ScatterDimsToOperandDims) != 1 || len(d.InsertedWindowDims) != 1 {
		return 0, false
	}
	a := d.ScatterDimsToOperandDims[0]
	if a == 0 || d.InsertedWindowDims[0] != a || len(u) != r || slices.Contains(s, ir.Dynamic) {
		return 0, false
	}
	// the scatter indices: one scatter dim (and the index vector, of 1)
	if q-boolInt(int(d.IndexVectorDim) < q) != 1 || (int(d.IndexVectorDim) < q && s[d.IndexVectorDim] != 1) {
		return 0, false
	}
	usd := d.UpdateScatterDims(len(u))
	if len(usd) != 1 || usd[0] != a {
		return 0, false
	}
	for i := 0; i < r; i++ {
		if int64(i) != a && (u[i] == ir.Dynamic || u[i] != x[i]) {
			return 0, false
		}
	}
	return int(a), true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (bb b) scatterElements(x, s, u ir.Value, a int, attrs []ir.NamedAttr) (ir.Value, error) {
	idx := bb.indexElem(s)
	us := rt(u).Shape()
	r := len(us)
	// indices as [1]*a ++ [n] ++ [1]*(r-a-1), broadcast to the updates
	flat, err := tcpbuild.CollapseTo(bb.rw, bb.loc, idx, []int64{us[a]})
	if err != nil {
		return nil, err
	}
	var units []int
	for i := 0; i < r; i++ {
		if i != a {
			units = append(units, i)
		}
	}
	e := bb.insertUnits(flat, units)
	var sizes []ir.Value
	for _, i := range units {
		sizes = append(sizes, bb.size(u, i))
	}
	static := make([]int64, len(units))
	for k, i := range units {
		static[k] = us[i]
	}
	ib := bb.broadcast(e, units, sizes, static)
	all := append([]ir.NamedAttr{{Name: "dim", Value: ir.IndexAttr(int64(a))}}, attrs...)
	return bb.createScatter(tcp.ScatterName, []ir.Value{x, ib, u}, all).Result(0), nil
}

// compactScatter reports whether every scattered input dim has a window
// of size 1 and every other window covers its input dim.
func compactScatter(x, u []int64, d stablehlo.ScatterDims) bool {
	for k, id := range d.WindowInputDims(len(x)) {
		w := u[d.UpdateWindowDims[k]]
		if slices.Contains(d.ScatterDimsToOperandDims, id) {
			if w != 1 {
				return false
			}
		} else if w == ir.Dynamic || w != x[id] {
			return false
		}
	}
	return true
}

// indicesPos is the position of scatter-indices dim sd among the dims
// other than index_vector_dim (the update scatter dims' order).
func indicesPos(sd, ivd int64) int {
	if sd > ivd {
		return int(sd - 1)
	}
	return int(sd)
}

func (bb b) scatterND(x, idx, u ir.Value, batch int, attrs []ir.NamedAttr) ir.Value {
	all := append([]ir.NamedAttr{{Name: "batch_dims", Value: ir.IndexAttr(int64(batch))}}, attrs...)
	if batch == 0 {
		all = attrs
	}
	return bb.createScatter(tcp.ScatterNDName, []ir.Value{x, idx, u}, all).Result(0)
}

func (bb b) scatterCompact(x, s, u ir.Value, d stablehlo.ScatterDims, attrs []ir.NamedAttr) ir.Value {
	r, q := rt(x).Rank(), rt(s).Rank()
	ivd := d.IndexVectorDim
	nb := len(d.InputBatchingDims)
	// input: batching dims, scattered dims, the rest (ascending)
	var perm []int
	for _, id := range d.InputBatchingDims {
		perm = append(perm, int(id))
	}
	for _, id := range d.ScatterDimsToOperandDims {
		perm = append(perm, int(id))
	}
	for i := 0; i < r; i++ {
		if !slices.Contains(perm, i) {
			perm = append(perm, i)
		}
	}
	xt := bb.transpose(x, perm)
	// indices: index vector explicit and last, batching dims first
	idx := bb.indexElem(s)
	if int(ivd) == q {
		idx = bb.insertUnits(idx, []int{q})
		q++
	}
	var iperm []int
	for _, sd := range d.ScatterIndicesBatchingDims {
		iperm = append(iperm, int(sd))
	}
	for i := 0; i < q; i++ {
		if i != int(ivd) && !slices.Contains(iperm, i) {
			iperm = append(iperm, i)
		}
	}
	iperm = append(iperm, int(ivd))
	idx = bb.transpose(idx, iperm)
	// updates: the scatter dims in the indices' new order, then the window
	// dims of the unscattered input dims in perm order, then the size-1
	// windows of scattered dims (collapsed away)
	usd := d.UpdateScatterDims(rt(u).Rank())
	var uperm []int
	for _, id := range iperm[:len(iperm)-1] {
		uperm = append(uperm, int(usd[indicesPos(int64(id), ivd)]))
	}
	win := d.WindowInputDims(r)
	var units []int
	for _, id := range perm {
		if k := slices.Index(win, int64(id)); k >= 0 && !slices.Contains(d.ScatterDimsToOperandDims, int64(id)) {
			uperm = append(uperm, int(d.UpdateWindowDims[k]))
		}
	}
	for k, id := range win {
		if slices.Contains(d.ScatterDimsToOperandDims, id) {
			units = append(units, len(uperm))
			uperm = append(uperm, int(d.UpdateWindowDims[k]))
		}
	}
	ut := bb.dropUnits(bb.transpose(u, uperm), units)
	out := bb.scatterND(xt, idx, ut, nb, attrs)
	inv := make([]int, r)
	for i, p := range perm {
		inv[p] = i
	}
	return bb.transpose(out, inv)
}

// scatterGeneral builds one full index tuple per update element.
func (bb b) scatterGeneral(x, s, u ir.Value, d stablehlo.ScatterDims, attrs []ir.NamedAttr) (ir.Value, error) {
	xs, ss, us := rt(x).Shape(), rt(s).Shape(), rt(u).Shape()
	for _, sh := range [][]int64{xs, ss, us} {
		if slices.Contains(sh, ir.Dynamic) {
			return nil, fmt.Errorf("a scatter whose windows are partial needs static shapes, got %s, %s and %s", x.Type(), s.Type(), u.Type())
		}
	}
	r, q := len(xs), len(ss)
	ivd := int(d.IndexVectorDim)
	usd := d.UpdateScatterDims(len(us))
	win := d.WindowInputDims(r)
	var S, W []int64
	for _, ud := range usd {
		S = append(S, us[ud])
	}
	for _, ud := range d.UpdateWindowDims {
		W = append(W, us[ud])
	}
	m := len(d.ScatterDimsToOperandDims)
	// starts: S ++ [m] as i64, plus a zero column m
	idx := bb.indexElem(s)
	if rt(idx).Elem() != ir.I64 {
		idx = arith.Cast(bb.rw, arith.ExtSIName, bb.loc, idx, ir.RankedTensor(rt(idx).Shape(), ir.I64)).Result(0)
	}
	if ivd == q {
		idx = bb.insertUnits(idx, []int{q})
		q++
	}
	var iperm []int
	for i := 0; i < q; i++ {
		if i != ivd {
			iperm = append(iperm, i)
		}
	}
	idx = bb.transpose(idx, append(iperm, ivd))
	ns := len(S)
	zero := bb.constInts(append(append([]int64{}, S...), 1), func([]int64) int64 { return 0 })
	ext := tensor.Concat(bb.rw, bb.loc, int64(ns), []ir.Value{idx, zero}, ir.RankedTensor(append(append([]int64{}, S...), int64(m+1)), ir.I64)).Result(0)
	sr := append(append([]int64{}, S...), int64(r))
	wsize := make([]int64, r)
	for dd := range wsize {
		wsize[dd] = 1
		if k := slices.Index(win, int64(dd)); k >= 0 {
			wsize[dd] = W[k]
		}
	}
	g := bb.constInts(sr, func(c []int64) int64 {
		if k := slices.Index(d.ScatterDimsToOperandDims, c[ns]); k >= 0 {
			return int64(k)
		}
		return int64(m)
	})
	var starts ir.Value = bb.rw.Create(tcp.GatherName, bb.loc, []ir.Value{ext, g}, []ir.Type{ir.RankedTensor(sr, ir.I64)},
		[]ir.NamedAttr{{Name: "dim", Value: ir.IndexAttr(int64(ns))}}).Result(0)
	lo := bb.constInts(sr, func(c []int64) int64 { return -wsize[c[ns]] })
	hi := bb.constInts(sr, func(c []int64) int64 { return xs[c[ns]] })
	starts = arith.Binary(bb.rw, arith.MaxSIName, bb.loc, starts, lo).Result(0)
	starts = arith.Binary(bb.rw, arith.MinSIName, bb.loc, starts, hi).Result(0)
	full := append(append(append([]int64{}, S...), W...), int64(r))
	if len(W) > 0 {
		var pos, axes []int
		var sizes []ir.Value
		for k := range W {
			pos = append(pos, ns+k)
			axes = append(axes, ns+k)
			sizes = append(sizes, bb.index(W[k]))
		}
		starts = bb.insertUnits(starts, pos)
		starts = bb.broadcast(starts, axes, sizes, W)
	}
	offs := bb.constInts(full, func(c []int64) int64 {
		dd := c[len(c)-1]
		var v int64
		if i := slices.Index(d.InputBatchingDims, dd); i >= 0 {
			v += c[indicesPos(d.ScatterIndicesBatchingDims[i], int64(ivd))]
		}
		if k := slices.Index(win, dd); k >= 0 {
			v += c[ns+k]
		}
		return v
	})
	tuples := arith.Binary(bb.rw, arith.AddIName, bb.loc, starts, offs).Result(0)
	var uperm []int
	for _, ud := range append(append([]int64{}, usd...), d.UpdateWindowDims...) {
		uperm = append(uperm, int(ud))
	}
	ut := bb.transpose(u, uperm)
	return bb.scatterND(x, tuples, ut, 0, attrs), nil
}

// constInts is a tcp.const i64 tensor of shape whose element at
// coordinates c is f(c).
func (bb b) constInts(shape []int64, f func(c []int64) int64) ir.Value {
	t := ir.RankedTensor(shape, ir.I64)
	n := t.NumElements()
	vals := make([]int64, n)
	c := make([]int64, len(shape))
	for i := range vals {
		rem := int64(i)
		for k := len(shape) - 1; k >= 0; k-- {
			c[k] = rem % shape[k]
			rem /= shape[k]
		}
		vals[i] = f(c)
	}
	return tcp.BuildConst(bb.rw, bb.loc, ir.NewDenseInts(t, vals)).Result(0)
}
