package tcptodml

import (
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	rt "github.com/tcp-project/tcp/tensor"
)

// Scatters. DirectML's SCATTER_ELEMENTS and SCATTER_ND document no order
// among updates that write the same element and have no reduction, so a
// tcp scatter (whose duplicates are applied in row-major order) keeps its
// meaning on DirectML only when no two updates write the same element:
// the op carries unique_indices, its indices are constants whose resolved
// destinations are checked distinct here, or the pass runs with
// assume-unique-indices=true. Then "replace" is one scatter, and a
// reduction is GATHER_ELEMENTS / GATHER_ND of the destinations, the
// elementwise operator (ADD, MULTIPLY, MIN, MAX, BIT_AND, BIT_OR; on i1
// min and max are BIT_AND and BIT_OR) and the scatter of its result.
// Float min and max are refused: DirectML does not document what its MIN
// and MAX do with NaN and signed zeros, which tcp defines. Modes are
// legalized as for the gathers (c.indices); "drop" on non-constant
// indices cannot be expressed (a scatter cannot skip an update). SCATTER_ND
// has no batch dims: each tuple is prefixed with its batch coordinates (a
// constant joined to the indices). Every refusal is a located error that
// says why.

func (c *conv) scatter(op *ir.Operation) *ir.Diagnostic {
	s := tcp.ScatterOp{Operation: op}
	nd := op.Name() == tcp.ScatterNDName
	mode := s.Mode()
	if rt, ok := s.Updates().Type().(*ir.RankedTensorType); ok && rt.HasStaticShape() && rt.NumElements() == 0 {
		// Nothing is written: the op is its input, when it checks
		// nothing either (the canonicalizer folds the same cases).
		tuples := int64(1)
		if nd {
			is := shapeOf(s.Indices())
			tuples = numElements(is[:len(is)-1])
		}
		if (!nd || tuples == 0 || mode == tcp.ModeClip || mode == tcp.ModeWrap || mode == tcp.ModeDrop) && s.Input().Type() == op.Result(0).Type() {
			op.ReplaceAllUsesWith([]ir.Value{s.Input()})
			op.Erase()
			return nil
		}
	}
	for _, v := range []ir.Value{s.Input(), s.Indices(), s.Updates(), op.Result(0)} {
		if err := checkTensor(op, "tensor", v.Type()); err != nil {
			return err
		}
	}
	name := dml.ScatterElementsName
	b := int64(0)
	if nd {
		name = dml.ScatterNDName
		b = s.BatchDims()
	}
	if err := c.operatorAvailable(op, name); err != nil {
		return err
	}
	if s.Combine() == tcp.CombineRegion {
		return errorf(op, "combine = \"region\" cannot be expressed: DirectML has no scatter reduction, and its lowering of a named combiner (GATHER, one element-wise operator, SCATTER) is not built for a combiner region of scalar ops")
	}
	if mode == tcp.ModeDrop && !constantIndices(s.Indices()) {
		return errorf(op, "mode \"drop\" cannot be expressed: a DirectML scatter cannot skip an update whose index is out of range (only constant indices, checked in range at compile time, are lowered)")
	}
	in, err := viewOf(op, s.Input())
	if err != nil {
		return err
	}
	idx, err := viewOf(op, s.Indices())
	if err != nil {
		return err
	}
	upd, err := viewOf(op, s.Updates())
	if err != nil {
		return err
	}
	r, q := len(in.sizes), len(idx.sizes)
	dim := 0
	var m int64
	if nd {
		m = idx.sizes[q-1]
		if m == 0 && b == 0 {
			return errorf(op, "an empty index tuple (every update replaces the whole input) has no DML_SCATTER_ND form (it needs 1 <= m)")
		}
		if m > 0 {
			uniform := in.sizes[b]
			for k := int64(0); k < m; k++ {
				if in.sizes[b+k] != uniform {
					uniform = 0
				}
			}
			if idx, err = c.indices(op, idx, func(p int64) int64 { return in.sizes[b+p%m] }, uniform); err != nil {
				return err
			}
		}
	} else {
		dim = int(s.Dim())
		for d, n := range idx.sizes {
			if d != dim && n != in.sizes[d] {
				return errorf(op, "DML_SCATTER_ELEMENTS needs indices with the input's sizes off the axis, got indices %v for input %v (dim %d)", idx.sizes, in.sizes, dim)
			}
		}
		sz := in.sizes[dim]
		if idx, err = c.indices(op, idx, func(int64) int64 { return sz }, sz); err != nil {
			return err
		}
	}
	unique := s.UniqueIndices() || c.assumeUnique
	if a, ok := ir.ConstantAttr(idx.base).(*ir.DenseElementsAttr); ok && !unique {
		if dup, p1, p2 := duplicateDestination(a, idx, in.sizes, dim, nd, b); dup {
			return errorf(op, "the constant indices write one output element twice (updates %d and %d, in row-major order), and DirectML applies duplicate updates in no documented order; tcp applies them in order, so this scatter keeps its meaning only with unique indices", p1, p2)
		}
		unique = true
	}
	if !unique {
		return errorf(op, "DirectML applies duplicate updates in no documented order and has no scatter reduction, so the result is exact only when no two updates write the same element: mark the op unique_indices, use constant indices, or pass assume-unique-indices=true if the indices are known unique")
	}
	if b > 0 {
		// DML_SCATTER_ND has no batch dims: prepend each tuple's batch
		// coordinates (a constant) to it, so the tuples index the whole
		// input.
		if idx, err = c.batchTuples(op, idx, b); err != nil {
			return err
		}
	}
	d, derr := c.dims(op, dml.Info(name).Type, false, max(r, q, len(upd.sizes)))
	if derr != nil {
		return derr
	}
	if comb := s.Combine(); comb != tcp.CombineReplace {
		combined, err := c.scatterReduction(op, comb, in, idx, upd, dim, nd)
		if err != nil {
			return err
		}
		upd = combined
	}
	attrs := []ir.NamedAttr{{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}}
	if nd {
		attrs = append(attrs,
			ir.NamedAttr{Name: "indices_dimension_count", Value: ir.IndexAttr(int64(q))},
			ir.NamedAttr{Name: "input_dimension_count", Value: ir.IndexAttr(int64(r))})
	} else {
		attrs = append(attrs, ir.NamedAttr{Name: "axis", Value: ir.IndexAttr(int64(dim + d - r))})
	}
	attrs = append(append(append(attrs, in.attrs("input", d)...), idx.attrs("indices", d)...), upd.attrs("updates", d)...)
	c.rw.SetInsertionPointBefore(op)
	sc := c.rw.Create(name, c.loc(op), []ir.Value{in.base, idx.base, upd.base}, []ir.Type{op.Result(0).Type()}, attrs)
	return c.finish(op, sc)
}

// duplicateDestination reports two update positions (row-major; tuple
// positions for scatter_nd, whose first b tuple coordinates are batch
// coordinates) of resolved constant indices a (read through idx) that
// write the same output element.
func duplicateDestination(a *ir.DenseElementsAttr, idx view, in []int64, dim int, nd bool, b int64) (bool, int64, int64) {
	vals := a.Ints()
	n := numElements(idx.sizes)
	seen := map[int64]int64{}
	st := dml.PackedStrides(in)
	if nd {
		q := len(idx.sizes)
		m := idx.sizes[q-1]
		for t := int64(0); t < numElements(idx.sizes[:q-1]); t++ {
			off := int64(0)
			for i, x := range rt.Unravel(t, idx.sizes[:q-1])[:b] {
				off += x * st[i]
			}
			for k := int64(0); k < m; k++ {
				off += vals[t*m+k] * st[b+k]
			}
			if p, ok := seen[off]; ok {
				return true, p, t
			}
			seen[off] = t
		}
		return false, 0, 0
	}
	coord := make([]int64, len(idx.sizes))
	for p := int64(0); p < n; p++ {
		off := int64(0)
		for i, x := range coord {
			if i == dim {
				x = vals[p]
			}
			off += x * st[i]
		}
		if q, ok := seen[off]; ok {
			return true, q, p
		}
		seen[off] = p
		for i := len(coord) - 1; i >= 0; i-- {
			if coord[i]++; coord[i] < idx.sizes[i] {
				break
			}
			coord[i] = 0
		}
	}
	return false, 0, 0
}

// scatterReduction builds combine(gather(input, indices), updates) for
// unique indices and returns it as the updates of the scatter.
func (c *conv) scatterReduction(op *ir.Operation, comb string, in, idx, upd view, dim int, nd bool) (view, *ir.Diagnostic) {
	elem := ir.ElementType(op.Result(0).Type())
	isI1 := false
	if it, ok := elem.(ir.IntegerType); ok && it.Width == 1 {
		isI1 = true
	}
	_, isFloat := elem.(ir.FloatType)
	var ew string
	switch comb {
	case tcp.CombineAdd:
		ew = dml.AddName
	case tcp.CombineMul:
		ew = dml.MultiplyName
	case tcp.CombineAnd:
		ew = dml.BitAndName
	case tcp.CombineOr:
		ew = dml.BitOrName
	case tcp.CombineMin, tcp.CombineMax:
		if isFloat {
			return view{}, errorf(op, "combine %q on floats: DirectML does not document what ELEMENT_WISE_%s does with NaN and signed zeros, which tcp defines (NaN propagates, -0 < +0)", comb, map[string]string{"min": "MIN", "max": "MAX"}[comb])
		}
		ew = dml.MinName
		if comb == tcp.CombineMax {
			ew = dml.MaxName
		}
		if isI1 {
			ew = dml.BitAndName
			if comb == tcp.CombineMax {
				ew = dml.BitOrName
			}
		}
	default:
		return view{}, errorf(op, "combine %q has no DirectML form", comb)
	}
	if err := c.operatorAvailable(op, ew); err != nil {
		return view{}, err
	}
	us := append([]int64{}, upd.sizes...)
	ut := ir.RankedTensor(us, elem)
	var gname string
	var gattrs []ir.NamedAttr
	if nd {
		gname = dml.GatherND1Name
		if c.level < dml.FL3_0 {
			gname = dml.GatherNDName
		}
		r, q := len(in.sizes), len(idx.sizes)
		d, err := c.dims(op, dml.Info(gname).Type, false, max(r, q, len(us)))
		if err != nil {
			return view{}, err
		}
		gattrs = []ir.NamedAttr{
			{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
			{Name: "indices_dimension_count", Value: ir.IndexAttr(int64(q))},
			{Name: "input_dimension_count", Value: ir.IndexAttr(int64(r))},
		}
		if gname == dml.GatherND1Name {
			gattrs = append(gattrs, ir.NamedAttr{Name: "batch_dimension_count", Value: ir.IndexAttr(0)})
		}
		gattrs = append(append(gattrs, in.attrs("input", d)...), idx.attrs("indices", d)...)
	} else {
		gname = dml.GatherElementsName
		sub := view{base: in.base, sizes: append([]int64{}, in.sizes...), strides: in.strides}
		for i := range sub.sizes {
			if i != dim {
				sub.sizes[i] = idx.sizes[i]
			}
		}
		r := len(idx.sizes)
		d, err := c.dims(op, "DML_OPERATOR_GATHER_ELEMENTS", false, r)
		if err != nil {
			return view{}, err
		}
		gattrs = []ir.NamedAttr{{Name: "axis", Value: ir.IndexAttr(int64(dim + d - r))}, {Name: "dimension_count", Value: ir.IndexAttr(int64(d))}}
		gattrs = append(append(gattrs, sub.attrs("input", d)...), idx.attrs("indices", d)...)
	}
	if err := c.operatorAvailable(op, gname); err != nil {
		return view{}, err
	}
	c.rw.SetInsertionPointBefore(op)
	g := c.rw.Create(gname, c.loc(op), []ir.Value{in.base, idx.base}, []ir.Type{ut}, gattrs)
	if err := c.check(op, g); err != nil {
		return view{}, err
	}
	ed, err := c.dims(op, dml.Info(ew).Type, true, len(us))
	if err != nil {
		return view{}, err
	}
	eattrs := append([]ir.NamedAttr{{Name: "dimension_count", Value: ir.IndexAttr(int64(ed))}}, upd.attrs("b", ed)...)
	e := c.rw.Create(ew, c.loc(op), []ir.Value{g.Result(0), upd.base}, []ir.Type{ut}, eattrs)
	if err := c.check(op, e); err != nil {
		return view{}, err
	}
	return view{base: e.Result(0), sizes: us, strides: dml.PackedStrides(us)}, nil
}

// check reports at the tcp op what a created dml op needs beyond the
// target level.
func (c *conv) check(op, d *ir.Operation) *ir.Diagnostic {
	needs, err := dml.Needs(d)
	if err != nil {
		return errorf(op, "%v", err)
	}
	for _, n := range needs {
		if n.Level > c.level {
			return errorf(op, "%s needs feature level %s, got %s", n.Reason, n.Level, c.level)
		}
	}
	return nil
}

// constantIndices reports whether v is a constant, possibly through index
// casts and views (what c.indices resolves at compile time).
func constantIndices(v ir.Value) bool {
	for def := v.DefiningOp(); def != nil && (def.Name() == dml.CastName || isView(def)); def = v.DefiningOp() {
		v = def.Operand(0)
	}
	_, ok := ir.ConstantAttr(v).(*ir.DenseElementsAttr)
	return ok
}

// batchTuples returns indices whose tuples are each tuple of idx (shape
// Q ++ [m], legalized) preceded by its b batch coordinates: a constant of
// shape Q ++ [b] joined with idx along the last dim (DML_OPERATOR_JOIN).
// A view of idx is first materialized (JOIN reads packed operands).
func (c *conv) batchTuples(op *ir.Operation, idx view, b int64) (view, *ir.Diagnostic) {
	q := len(idx.sizes)
	grid := idx.sizes[:q-1]
	et := ir.ElementType(idx.base.Type())
	n := numElements(grid)
	if n*b > maxConstElements {
		return view{}, errorf(op, "the batch coordinates of %d index tuples are too many for a constant (limit %d elements)", n, maxConstElements)
	}
	bs := append(append([]int64{}, grid...), b)
	vals := make([]int64, 0, n*b)
	for t := int64(0); t < n; t++ {
		vals = append(vals, rt.Unravel(t, grid)[:b]...)
	}
	kt := ir.RankedTensor(bs, et)
	c.rw.SetInsertionPointBefore(op)
	k := c.rw.Create(dml.ConstantName, c.loc(op), nil, []ir.Type{kt}, []ir.NamedAttr{{Name: "value", Value: ir.NewDenseInts(kt, vals)}})
	base := idx.base
	if idx.sizes[q-1] > 0 {
		if !idx.plain() {
			d, err := c.dims(op, "DML_OPERATOR_ELEMENT_WISE_IDENTITY", true, q)
			if err != nil {
				return view{}, err
			}
			ident := c.rw.Create(dml.IdentityName, c.loc(op), []ir.Value{idx.base}, []ir.Type{ir.RankedTensor(idx.sizes, et)},
				append([]ir.NamedAttr{{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}}, idx.attrs("input", d)...))
			if err := c.check(op, ident); err != nil {
				return view{}, err
			}
			base = ident.Result(0)
		}
	} else {
		base = nil // no tuple components: the batch coordinates alone
	}
	if base == nil {
		return view{base: k.Result(0), sizes: bs, strides: dml.PackedStrides(bs)}, nil
	}
	out := append(append([]int64{}, grid...), b+idx.sizes[q-1])
	d, err := c.dims(op, "DML_OPERATOR_JOIN", true, q)
	if err != nil {
		return view{}, err
	}
	j := c.rw.Create(dml.JoinName, c.loc(op), []ir.Value{k.Result(0), base}, []ir.Type{ir.RankedTensor(out, et)}, []ir.NamedAttr{
		{Name: "axis", Value: ir.IndexAttr(int64(q - 1 + d - q))},
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
	})
	if err := c.check(op, j); err != nil {
		return view{}, err
	}
	return view{base: j.Result(0), sizes: out, strides: dml.PackedStrides(out)}, nil
}
