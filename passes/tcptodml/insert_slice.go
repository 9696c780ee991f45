package tcptodml

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// tensor.insert_slice becomes a tcp.scatter_nd of the source into dest
// at constant indices: the dest coordinates of the window, one tuple per
// source element in row-major order (the window's order; a dropped unit
// dim changes no order), then DML_SCATTER_ND like any scatter_nd. The
// window's offsets, sizes and strides must be constants, and the window
// must lie in dest (checked here); its coordinates are then distinct
// (no stride is 0), so the scatter carries unique_indices and DirectML's
// unordered writes cannot change the result. An empty window is dest
// itself (dropEmptyInserts, before the walk, so that an empty source is
// never lowered). A 0-d source is first viewed as tensor<1x...> with
// expand_shape.

// maxInsertElements bounds the index tensor built for a window.
const maxInsertElements = maxConstElements

// insertSlice rewrites op into a scatter_nd and lowers that.
func (c *conv) insertSlice(op *ir.Operation) *ir.Diagnostic {
	gs, err := op.Def().OperandGroups(op)
	if err != nil || len(gs) != 5 {
		return errorf(op, "malformed operand groups")
	}
	src, dest := op.Operand(0), op.Operand(1)
	for _, v := range []ir.Value{dest, op.Result(0)} {
		if d := checkTensor(op, "the dest", v.Type()); d != nil {
			return d
		}
	}
	ds := shapeOf(dest)
	rank := len(ds)
	vals, derr := constEntries(op, gs, 2, rank, "the scatter it becomes needs")
	if derr != nil {
		return derr
	}
	offs, sizes, strides := vals[0], vals[1], vals[2]
	n := int64(1)
	for d := range sizes {
		if sizes[d] < 0 {
			return errorf(op, "the size of dim %d is %d", d, sizes[d])
		}
		n *= sizes[d]
	}
	if n == 0 {
		// Nothing is written: the result is dest.
		op.ReplaceAllUsesWith([]ir.Value{dest})
		op.Erase()
		return nil
	}
	if d := checkTensor(op, "the source", src.Type()); d != nil {
		return d
	}
	for d := range sizes {
		o, k, t := offs[d], sizes[d], strides[d]
		last := o + t*(k-1)
		if t == 0 || o < 0 || o >= ds[d] || last < 0 || last >= ds[d] {
			return errorf(op, "the window of dim %d (offset %d, size %d, stride %d) is outside dest's size %d", d, o, k, t, ds[d])
		}
	}
	if n*int64(rank) > maxInsertElements {
		return errorf(op, "the window's %d elements need an index tensor of %d elements, more than %d", n, n*int64(rank), maxInsertElements)
	}
	et := ir.IntegerType{Width: 32, Sign: ir.Signless}
	for _, s := range ds {
		if s > 1<<31-1 {
			et = ir.IntegerType{Width: 64, Sign: ir.Signless}
		}
	}
	idx := make([]int64, 0, n*int64(rank))
	coord := make([]int64, rank)
	for p := int64(0); p < n; p++ {
		for d := 0; d < rank; d++ {
			idx = append(idx, offs[d]+strides[d]*coord[d])
		}
		for d := rank - 1; d >= 0; d-- {
			if coord[d]++; coord[d] < sizes[d] {
				break
			}
			coord[d] = 0
		}
	}
	c.rw.SetInsertionPointBefore(op)
	upd := src
	ss := shapeOf(src)
	if len(ss) == 0 {
		upd = tensor.ExpandShapeWith(c.rw, op.Loc(), src, ir.RankedTensor([]int64{1}, ir.ElementType(src.Type())), [][]int64{}).Result(0)
		ss = []int64{1}
	}
	it := ir.RankedTensor(append(append([]int64{}, ss...), int64(rank)), et)
	k := tcp.BuildConst(c.rw, op.Loc(), ir.NewDenseInts(it, idx)).Result(0)
	sc := tcp.BuildScatterND(c.rw, op.Loc(), dest, k, upd, 0, tcp.ScatterAttrs{UniqueIndices: true})
	op.ReplaceAllUsesWith(sc.Results())
	op.Erase()
	if d := c.constant(k.DefiningOp()); d != nil {
		return d
	}
	return c.scatter(sc)
}

// dropEmptyInserts replaces each tensor.insert_slice whose window has a
// static size of 0 by its dest before the walk, and erases what only fed
// it, so that an empty source (which no DirectML tensor can hold) is
// never lowered for a write of nothing.
func dropEmptyInserts(body *ir.Block) {
	changed := false
	for _, op := range body.Ops() {
		if op.Name() != tensor.InsertSliceName {
			continue
		}
		sizes, ok := op.Attr("static_sizes").(*ir.DenseArrayAttr)
		if !ok || !slices.Contains(sizes.Ints, 0) {
			continue
		}
		op.ReplaceAllUsesWith([]ir.Value{op.Operand(1)})
		op.Erase()
		changed = true
	}
	if changed {
		eraseDead(body)
	}
}
