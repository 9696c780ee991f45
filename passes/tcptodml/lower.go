package tcptodml

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// view is a strided view of a base value's packed buffer, in the logical
// (unpadded) rank of the value it stands for: a chain of tcp broadcasts
// folds into zero strides and tcp.transpose into permuted strides
// (a DML_BUFFER_TENSOR_DESC with explicit Strides).
type view struct {
	base           ir.Value
	sizes, strides []int64
}

func numElements(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}

// isView reports whether op is folded into its consumers' tensor descs.
func isView(op *ir.Operation) bool {
	return tcp.IsBroadcast(op) || op != nil && op.Name() == tcp.TransposeName
}

// viewOf folds the broadcasts and transposes producing v into a view of
// their input.
func viewOf(op *ir.Operation, v ir.Value) (view, *ir.Diagnostic) {
	if err := checkTensor(op, "operand", v.Type()); err != nil {
		return view{}, err
	}
	def := v.DefiningOp()
	if tcp.IsBroadcast(def) {
		inner, err := viewOf(op, def.Operand(0))
		if err != nil {
			return view{}, err
		}
		st := append([]int64{}, inner.strides...)
		for _, a := range (tcp.BroadcastOp{Operation: def}).Axes() {
			st[a] = 0
		}
		return view{base: inner.base, sizes: append([]int64{}, shapeOf(v)...), strides: st}, nil
	}
	if def != nil && def.Name() == tcp.TransposeName {
		inner, err := viewOf(op, def.Operand(0))
		if err != nil {
			return view{}, err
		}
		perm := def.Attr("permutation").(*ir.DenseArrayAttr).Ints
		st := make([]int64, len(perm))
		for i, p := range perm {
			st[i] = inner.strides[p]
		}
		return view{base: inner.base, sizes: append([]int64{}, shapeOf(v)...), strides: st}, nil
	}
	s := append([]int64{}, shapeOf(v)...)
	return view{base: v, sizes: s, strides: dml.PackedStrides(s)}, nil
}

// plain reports whether the view is its base, packed.
func (w view) plain() bool {
	s := shapeOf(w.base)
	return slices.Equal(s, w.sizes) && slices.Equal(dml.PackedStrides(s), w.strides)
}

// attrs returns the <name>_sizes/_strides attributes of w padded to d
// dims (none for a plain view). Padding dims get the base's element count
// as stride, so the padded strides still read as packed.
func (w view) attrs(name string, d int) []ir.NamedAttr {
	if w.plain() {
		return nil
	}
	sizes := dml.Pad(w.sizes, d)
	strides := make([]int64, 0, d)
	for i := len(w.sizes); i < d; i++ {
		strides = append(strides, numElements(shapeOf(w.base)))
	}
	strides = append(strides, w.strides...)
	return []ir.NamedAttr{{Name: name + "_sizes", Value: ir.I64Array(sizes...)}, {Name: name + "_strides", Value: ir.I64Array(strides...)}}
}

// ---------------------------------------------------------------- indices

// indices legalizes an index view for the target level and the tcp op's
// mode. size(p) is the size of the input dim that the index at position p
// (row-major in the view's sizes) selects in; uniform is that size when it
// is the same for every position, else 0.
func (c *conv) indices(op *ir.Operation, w view, size func(p int64) int64, uniform int64) (view, *ir.Diagnostic) {
	mode := op.StrAttr("mode")
	if mode == "" {
		mode = tcp.ModePromiseInBounds
	}
	w = c.peelCasts(op, w)
	if a, ok := ir.ConstantAttr(w.base).(*ir.DenseElementsAttr); ok {
		return c.constIndices(op, w, a, mode, size)
	}
	switch mode {
	case tcp.ModePromiseInBounds:
	case tcp.ModeError:
		if !c.assume {
			return view{}, errorf(op, "mode \"error\" cannot be expressed: DirectML does not report out-of-range indices (its output for them is undefined); use constant indices or pass assume-in-bounds=true to lower the indices as promised in bounds")
		}
	case tcp.ModeWrapNegative:
		if c.level < dml.FL3_0 {
			return view{}, errorf(op, "mode \"wrap_negative\" needs signed indices, which DirectML reads from the end only from feature level 3.0, got %s", c.level)
		}
	case tcp.ModeClip:
		if uniform == 0 {
			bounds := make([]int64, w.sizes[len(w.sizes)-1])
			for k := range bounds {
				bounds[k] = size(int64(k))
			}
			cw, err := c.clipComponents(op, w, bounds)
			if err != nil {
				return view{}, err
			}
			w = cw
			break
		}
		clipped, err := c.clip(op, w.base, uniform)
		if err != nil {
			return view{}, err
		}
		w.base = clipped
	case tcp.ModeWrap:
		wrapped, err := c.wrap(op, w.base, uniform)
		if err != nil {
			return view{}, err
		}
		w.base = wrapped
	case tcp.ModeFill:
		// decomposeFill rewrote every fill gather it could.
		return view{}, errorf(op, "%s", fillBlocker(op, c.level))
	default:
		return view{}, errorf(op, "mode %q on non-constant indices is not lowered", mode)
	}
	if c.level >= dml.FL3_0 {
		return w, nil
	}
	// Below FL 3.0 indices are UINT32: cast i32 (its non-negative values
	// keep their meaning); a 64-bit cast is not available.
	et := ir.ElementType(w.base.Type()).(ir.IntegerType)
	if et.Width != 32 {
		return view{}, errorf(op, "%s indices need feature level 3.0 (UINT32 only before), got %s, and narrowing them needs a 64-bit DML_OPERATOR_CAST (4.1)", w.base.Type(), c.level)
	}
	if et.Sign == ir.Unsigned {
		return w, nil
	}
	bs := shapeOf(w.base)
	d, err := c.dims(op, "DML_OPERATOR_CAST", true, len(bs))
	if err != nil {
		return view{}, err
	}
	c.rw.SetInsertionPointBefore(op)
	cast := c.rw.Create(dml.CastName, c.loc(op), []ir.Value{w.base}, []ir.Type{ir.RankedTensor(bs, ir.IntegerType{Width: 32, Sign: ir.Unsigned})},
		[]ir.NamedAttr{{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}})
	return view{base: cast.Result(0), sizes: w.sizes, strides: w.strides}, nil
}

// maxConstElements bounds the constant index tensors the lowering builds.
const maxConstElements = 1 << 22

// clip clamps an index tensor into [0, size-1] with ELEMENT_WISE_CLIP
// (mode "clip"): integer CLIP needs FL 3.0 (5.0 for 64-bit), its FLOAT
// bounds must be exact, and every index must select in the same size
// (else indices calls clipComponents).
func (c *conv) clip(op *ir.Operation, base ir.Value, size int64) (ir.Value, *ir.Diagnostic) {
	et := ir.ElementType(base.Type()).(ir.IntegerType)
	switch {
	case c.level < dml.FL3_0:
		return nil, errorf(op, "mode \"clip\" on non-constant indices needs ELEMENT_WISE_CLIP on integers, which needs feature level 3.0, got %s", c.level)
	case et.Width == 64 && c.level < dml.FL5_0:
		return nil, errorf(op, "mode \"clip\" on 64-bit indices needs ELEMENT_WISE_CLIP on INT64, which needs feature level 5.0, got %s", c.level)
	case size-1 > 1<<24:
		return nil, errorf(op, "mode \"clip\" bound %d is not exact as ELEMENT_WISE_CLIP's FLOAT (CLIP1 is not lowered)", size-1)
	}
	bs := shapeOf(base)
	d, err := c.dims(op, "DML_OPERATOR_ELEMENT_WISE_CLIP", true, len(bs))
	if err != nil {
		return nil, err
	}
	f32 := ir.FloatType{Kind: ir.F32}
	c.rw.SetInsertionPointBefore(op)
	k := c.rw.Create(dml.ClipName, c.loc(op), []ir.Value{base}, []ir.Type{base.Type()}, []ir.NamedAttr{
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
		{Name: "max", Value: ir.Float(float64(size-1), f32)},
		{Name: "min", Value: ir.Float(0, f32)},
	})
	return k.Result(0), nil
}

// wrap takes an index tensor modulo size with ELEMENT_WISE_MODULUS_FLOOR
// (mode "wrap"): the divisor is a one-element DML-owned constant read
// through a zero-stride view. Integer MODULUS_FLOOR needs FL 3.0 (6.0 for
// 64-bit); every index must select in the same size.
func (c *conv) wrap(op *ir.Operation, base ir.Value, size int64) (ir.Value, *ir.Diagnostic) {
	et := ir.ElementType(base.Type()).(ir.IntegerType)
	switch {
	case size == 0:
		return nil, errorf(op, "mode \"wrap\" on non-constant indices needs one divisor for all index components, but the indexed dims differ in size")
	case c.level < dml.FL3_0:
		return nil, errorf(op, "mode \"wrap\" on non-constant indices needs ELEMENT_WISE_MODULUS_FLOOR on integers, which needs feature level 3.0, got %s", c.level)
	case et.Width == 64 && c.level < dml.FL5_0:
		return nil, errorf(op, "mode \"wrap\" on 64-bit indices needs ELEMENT_WISE_MODULUS_TRUNCATE and ADD on INT64 (MODULUS_FLOOR from 6.0), which need feature level 5.0, got %s", c.level)
	case et.Width == 64 && c.level < dml.FL6_0:
		return c.wrapTruncate(op, base, size)
	}
	bs := shapeOf(base)
	d, err := c.dims(op, "DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR", true, len(bs))
	if err != nil {
		return nil, err
	}
	c.rw.SetInsertionPointBefore(op)
	kt := ir.RankedTensor([]int64{1}, et)
	k := c.rw.Create(dml.ConstantName, c.loc(op), nil, []ir.Type{kt}, []ir.NamedAttr{{Name: "value", Value: ir.NewDenseInts(kt, []int64{size})}})
	m := c.rw.Create(dml.ModulusFloorName, c.loc(op), []ir.Value{base, k.Result(0)}, []ir.Type{base.Type()}, []ir.NamedAttr{
		{Name: "b_sizes", Value: ir.I64Array(dml.Pad(bs, d)...)},
		{Name: "b_strides", Value: ir.I64Array(make([]int64, d)...)},
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
	})
	return m.Result(0), nil
}

// wrapTruncate is wrap for 64-bit indices from FL 5.0, before
// MODULUS_FLOOR takes INT64 (6.0): floor(i mod n) = ((i rem n) + n) rem n
// with C's truncating rem (MODULUS_TRUNCATE), exact for every i because
// |i rem n| < n, so the sum lies in (0, 2n) and cannot overflow.
func (c *conv) wrapTruncate(op *ir.Operation, base ir.Value, size int64) (ir.Value, *ir.Diagnostic) {
	if size > 1<<62 {
		return nil, errorf(op, "mode \"wrap\" on 64-bit indices over a dim of size %d needs ELEMENT_WISE_MODULUS_FLOOR on INT64, which needs feature level 6.0, got %s", size, c.level)
	}
	et := ir.ElementType(base.Type())
	bs := shapeOf(base)
	d, err := c.dims(op, "DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE", true, len(bs))
	if err != nil {
		return nil, err
	}
	c.rw.SetInsertionPointBefore(op)
	kt := ir.RankedTensor([]int64{1}, et)
	k := c.rw.Create(dml.ConstantName, c.loc(op), nil, []ir.Type{kt}, []ir.NamedAttr{{Name: "value", Value: ir.NewDenseInts(kt, []int64{size})}}).Result(0)
	bin := func(name string, a ir.Value) ir.Value {
		return c.rw.Create(name, c.loc(op), []ir.Value{a, k}, []ir.Type{base.Type()}, []ir.NamedAttr{
			{Name: "b_sizes", Value: ir.I64Array(dml.Pad(bs, d)...)},
			{Name: "b_strides", Value: ir.I64Array(make([]int64, d)...)},
			{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
		}).Result(0)
	}
	r := bin(dml.ModulusTruncateName, base)
	r = bin(dml.AddName, r)
	return bin(dml.ModulusTruncateName, r), nil
}

// constIndices applies the mode to constant indices at compile time and
// returns a plain view of a new dml.constant holding the resolved values
// (as ui32 below FL 3.0).
func (c *conv) constIndices(op *ir.Operation, w view, a *ir.DenseElementsAttr, mode string, size func(p int64) int64) (view, *ir.Diagnostic) {
	n := numElements(w.sizes)
	if n > maxConstElements {
		return view{}, errorf(op, "constant indices of %d elements (after broadcasting) are too many to resolve at compile time (limit %d)", n, maxConstElements)
	}
	vals := a.Ints()
	out := make([]int64, n)
	coord := make([]int64, len(w.sizes))
	for p := int64(0); p < n; p++ {
		addr := int64(0)
		for i, x := range coord {
			addr += x * w.strides[i]
		}
		v, s := vals[addr], size(p)
		r := v
		inRange := v >= 0 && v < s
		switch mode {
		case tcp.ModeWrapNegative:
			if v < 0 && v >= -s {
				r, inRange = v+s, true
			}
		case tcp.ModeClip:
			r, inRange = min(max(v, 0), s-1), true
		case tcp.ModeWrap:
			r, inRange = ((v%s)+s)%s, true
		}
		if !inRange {
			if mode == tcp.ModeFill {
				return view{}, errorf(op, "mode \"fill\" with the out-of-range constant index %d (size %d) needs a masked select (ELEMENT_WISE_IF), which is not lowered", v, s)
			}
			return view{}, errorf(op, "constant index %d is out of bounds for a dimension of size %d (mode %s)", v, s, mode)
		}
		out[p] = r
		for i := len(coord) - 1; i >= 0; i-- {
			if coord[i]++; coord[i] < w.sizes[i] {
				break
			}
			coord[i] = 0
		}
	}
	et := ir.ElementType(w.base.Type())
	if c.level < dml.FL3_0 {
		et = ir.IntegerType{Width: 32, Sign: ir.Unsigned}
	}
	t := ir.RankedTensor(w.sizes, et)
	c.rw.SetInsertionPointBefore(op)
	k := c.rw.Create(dml.ConstantName, w.base.DefiningOp().Loc(), nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: ir.NewDenseInts(t, out)}})
	return view{base: k.Result(0), sizes: w.sizes, strides: dml.PackedStrides(w.sizes)}, nil
}

// ---------------------------------------------------------------- gather

// sliceGather is a matched slice-gather recipe: out = x[0:a] ++ idx ++ x[a+1:r].
type sliceGather struct {
	x, idx ir.Value
	a, r   int
	q      []int64 // the indices shape (as [1] for scalar indices)
}

// matchSliceGather recognises tcp.gather(broadcast(expand(x)),
// broadcast(expand(idx))) of the recipe with b = 0 by shapes: the indices
// expand to [1]*a ++ Q ++ [1]*(r-a-1) and are broadcast only outside
// Q's dims; the input, if q > 1, expands to X[0:a+1] ++ [1]*(q-1) ++
// X[a+1:] and is broadcast only in the inserted dims; the result has shape
// X[0:a] ++ Q ++ X[a+1:].
func matchSliceGather(g *ir.Operation) (sliceGather, bool) {
	out := shapeOf(g.Result(0))
	R, a := len(out), int(g.IntAttr("dim"))
	ie, iaxes := g.Operand(1), []int64(nil)
	if def := ie.DefiningOp(); tcp.IsBroadcast(def) {
		ie, iaxes = def.Operand(0), (tcp.BroadcastOp{Operation: def}).Axes()
	}
	idx0 := ie
	if def := ie.DefiningOp(); def != nil && def.Name() == tensor.ExpandShapeName {
		idx0 = def.Operand(0)
	}
	xe, xaxes := g.Operand(0), []int64(nil)
	if def := xe.DefiningOp(); tcp.IsBroadcast(def) {
		xe, xaxes = def.Operand(0), (tcp.BroadcastOp{Operation: def}).Axes()
	}
	cands := []ir.Value{xe}
	if def := xe.DefiningOp(); def != nil && def.Name() == tensor.ExpandShapeName {
		cands = []ir.Value{def.Operand(0), xe}
	}
	ieShape, idxShape := shapeOf(ie), shapeOf(idx0)
	for _, x0 := range cands {
		X := shapeOf(x0)
		r := len(X)
		q := R - r + 1
		if q < 1 || a >= r {
			continue
		}
		// The input: X[0:a+1] ++ [1]*(q-1) ++ X[a+1:], broadcast in a+1 .. a+q-1.
		want := append(append(append([]int64{}, X[:a+1]...), ones(q-1)...), X[a+1:]...)
		if !slices.Equal(shapeOf(xe), want) || !within(xaxes, a+1, a+q) {
			continue
		}
		// The indices: [1]*a ++ Q ++ [1]*(r-a-1), broadcast outside Q.
		Q := ieShape[a : a+q]
		if !slices.Equal(ieShape, append(append(ones(a), Q...), ones(r-a-1)...)) {
			continue
		}
		if !slices.Equal(idxShape, Q) && !(len(idxShape) == 0 && slices.Equal(Q, []int64{1})) {
			continue
		}
		for _, ax := range iaxes {
			if int(ax) >= a && int(ax) < a+q {
				return sliceGather{}, false
			}
		}
		wantOut := append(append(append([]int64{}, X[:a]...), Q...), X[a+1:]...)
		if !slices.Equal(out, wantOut) {
			continue
		}
		return sliceGather{x: x0, idx: idx0, a: a, r: r, q: Q}, true
	}
	return sliceGather{}, false
}

func ones(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

func within(axes []int64, lo, hi int) bool {
	for _, x := range axes {
		if int(x) < lo || int(x) >= hi {
			return false
		}
	}
	return true
}

func (c *conv) gather(op *ir.Operation) *ir.Diagnostic {
	for _, v := range []ir.Value{op.Operand(0), op.Operand(1), op.Result(0)} {
		if err := checkTensor(op, "tensor", v.Type()); err != nil {
			return err
		}
	}
	if m, ok := matchSliceGather(op); ok {
		return c.fusedGather(op, m)
	}
	if err := c.operatorAvailable(op, dml.GatherElementsName); err != nil {
		return err
	}
	dim := int(op.IntAttr("dim"))
	in, err := viewOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	idxShape := shapeOf(op.Operand(1))
	// DirectML wants equal sizes off the axis: view the input with the
	// indices' sizes (a sub-view with the input's strides).
	for d := range in.sizes {
		if d != dim {
			in.sizes[d] = idxShape[d]
		}
	}
	s := in.sizes[dim]
	idx, err := viewOf(op, op.Operand(1))
	if err != nil {
		return err
	}
	if idx, err = c.indices(op, idx, func(int64) int64 { return s }, s); err != nil {
		return err
	}
	r := len(idxShape)
	d, err := c.dims(op, "DML_OPERATOR_GATHER_ELEMENTS", false, r)
	if err != nil {
		return err
	}
	attrs := []ir.NamedAttr{{Name: "axis", Value: ir.IndexAttr(int64(dim + d - r))}, {Name: "dimension_count", Value: ir.IndexAttr(int64(d))}}
	attrs = append(append(attrs, in.attrs("input", d)...), idx.attrs("indices", d)...)
	c.rw.SetInsertionPointBefore(op)
	g := c.rw.Create(dml.GatherElementsName, c.loc(op), []ir.Value{in.base, idx.base}, []ir.Type{op.Result(0).Type()}, attrs)
	return c.finish(op, g)
}

func (c *conv) fusedGather(op *ir.Operation, m sliceGather) *ir.Diagnostic {
	if err := checkTensor(op, "input", m.x.Type()); err != nil {
		return err
	}
	R := len(shapeOf(op.Result(0)))
	s := shapeOf(m.x)[m.a]
	idx := view{base: m.idx, sizes: shapeOf(m.idx), strides: dml.PackedStrides(shapeOf(m.idx))}
	idx, err := c.indices(op, idx, func(int64) int64 { return s }, s)
	if err != nil {
		return err
	}
	d, err := c.dims(op, "DML_OPERATOR_GATHER", false, R)
	if err != nil {
		return err
	}
	attrs := []ir.NamedAttr{
		{Name: "axis", Value: ir.IndexAttr(int64(m.a + d - m.r))},
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
		{Name: "index_dimensions", Value: ir.IndexAttr(int64(len(m.q)))},
	}
	attrs = append(attrs, idx.attrs("indices", d)...)
	c.rw.SetInsertionPointBefore(op)
	g := c.rw.Create(dml.GatherName, c.loc(op), []ir.Value{m.x, idx.base}, []ir.Type{op.Result(0).Type()}, attrs)
	return c.finish(op, g)
}

func (c *conv) gatherND(op *ir.Operation) *ir.Diagnostic {
	for _, v := range []ir.Value{op.Operand(0), op.Operand(1), op.Result(0)} {
		if err := checkTensor(op, "tensor", v.Type()); err != nil {
			return err
		}
	}
	b := int(op.IntAttr("batch_dims"))
	name := dml.GatherND1Name
	if b == 0 && c.level < dml.FL3_0 {
		name = dml.GatherNDName
	}
	if err := c.operatorAvailable(op, name); err != nil {
		return err
	}
	in, err := viewOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	idx, err := viewOf(op, op.Operand(1))
	if err != nil {
		return err
	}
	r, q, o := len(in.sizes), len(idx.sizes), len(shapeOf(op.Result(0)))
	mlen := idx.sizes[q-1]
	uniform := in.sizes[b]
	for k := int64(0); k < mlen; k++ {
		if in.sizes[int64(b)+k] != uniform {
			uniform = 0
		}
	}
	if idx, err = c.indices(op, idx, func(p int64) int64 { return in.sizes[int64(b)+p%mlen] }, uniform); err != nil {
		return err
	}
	d, err := c.dims(op, dml.Info(name).Type, false, max(r, q, o))
	if err != nil {
		return err
	}
	attrs := []ir.NamedAttr{
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
		{Name: "indices_dimension_count", Value: ir.IndexAttr(int64(q))},
		{Name: "input_dimension_count", Value: ir.IndexAttr(int64(r))},
	}
	if name == dml.GatherND1Name {
		attrs = append(attrs, ir.NamedAttr{Name: "batch_dimension_count", Value: ir.IndexAttr(int64(b))})
	}
	attrs = append(append(attrs, in.attrs("input", d)...), idx.attrs("indices", d)...)
	c.rw.SetInsertionPointBefore(op)
	g := c.rw.Create(name, c.loc(op), []ir.Value{in.base, idx.base}, []ir.Type{op.Result(0).Type()}, attrs)
	return c.finish(op, g)
}

func (c *conv) slice(op *ir.Operation) *ir.Diagnostic {
	for _, v := range []ir.Value{op.Operand(0), op.Result(0)} {
		if err := checkTensor(op, "tensor", v.Type()); err != nil {
			return err
		}
	}
	if err := c.operatorAvailable(op, dml.Slice1Name); err != nil {
		return err
	}
	s := tcp.SliceOp{Operation: op}
	get := func(what string, vs []ir.Value) ([]int64, *ir.Diagnostic) {
		out := make([]int64, len(vs))
		for i, v := range vs {
			x, ok := ir.ConstantInt(v)
			if !ok {
				return nil, errorf(op, "DML_SLICE1 needs constant %s, got a non-constant value for dim %d", what, i)
			}
			out[i] = x
		}
		return out, nil
	}
	starts, err := get("starts", s.Starts())
	if err != nil {
		return err
	}
	sizes, err := get("sizes", s.Sizes())
	if err != nil {
		return err
	}
	strides, err := get("strides", s.Strides())
	if err != nil {
		return err
	}
	in, err := viewOf(op, s.In())
	if err != nil {
		return err
	}
	r := len(sizes)
	offs, wins := make([]int64, r), make([]int64, r)
	for i := 0; i < r; i++ {
		n, t, st := sizes[i], strides[i], starts[i]
		last := st + t*(n-1)
		if st < 0 || st >= in.sizes[i] || last < 0 || last >= in.sizes[i] {
			return errorf(op, "the slice of dim %d (start %d, size %d, stride %d) reads outside the input size %d", i, st, n, t, in.sizes[i])
		}
		offs[i] = min(st, last)
		at := t
		if at < 0 {
			at = -at
		}
		wins[i] = (n-1)*at + 1
	}
	d, err := c.dims(op, "DML_OPERATOR_SLICE1", true, r)
	if err != nil {
		return err
	}
	pad := func(v []int64, fill int64) []int64 {
		out := make([]int64, 0, d)
		for i := r; i < d; i++ {
			out = append(out, fill)
		}
		return append(out, v...)
	}
	attrs := []ir.NamedAttr{
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
		{Name: "input_window_offsets", Value: ir.I64Array(pad(offs, 0)...)},
		{Name: "input_window_sizes", Value: ir.I64Array(pad(wins, 1)...)},
		{Name: "input_window_strides", Value: ir.I64Array(pad(strides, 1)...)},
	}
	attrs = append(attrs, in.attrs("input", d)...)
	c.rw.SetInsertionPointBefore(op)
	g := c.rw.Create(dml.Slice1Name, c.loc(op), []ir.Value{in.base}, []ir.Type{op.Result(0).Type()}, attrs)
	return c.finish(op, g)
}

// broadcast materializes a broadcast or transpose that is still used (by
// a return or a reshape) as an identity over a zero-stride or permuted
// view.
func (c *conv) broadcast(op *ir.Operation) *ir.Diagnostic {
	if err := checkTensor(op, "result", op.Result(0).Type()); err != nil {
		return err
	}
	w, err := viewOf(op, op.Result(0))
	if err != nil {
		return err
	}
	d, err := c.dims(op, "DML_OPERATOR_ELEMENT_WISE_IDENTITY", true, len(w.sizes))
	if err != nil {
		return err
	}
	attrs := append([]ir.NamedAttr{{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}}, w.attrs("input", d)...)
	c.rw.SetInsertionPointBefore(op)
	g := c.rw.Create(dml.IdentityName, c.loc(op), []ir.Value{w.base}, []ir.Type{op.Result(0).Type()}, attrs)
	return c.finish(op, g)
}
