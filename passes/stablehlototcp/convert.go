package stablehlototcp

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Argument is the pass's pipeline name and tcp-opt flag.
const Argument = "convert-stablehlo-to-tcp"

// Frontend is the stablehlo frontend (with the mhlo spellings) as
// registered in passes/frontends: --convert-stablehlo-to-tcp, part of
// --convert-frontends-to-tcp, and the canonicalization patterns of the
// stablehlo and mhlo ops.
var Frontend = frontends.Frontend{
	Name:        "stablehlo",
	Dialects:    []string{"stablehlo", "mhlo"},
	Conversions: conversions(),
}

func init() {
	frontends.Register(Frontend)
	pass.Register(frontends.NewPassInfo(Argument, "Convert the stablehlo and mhlo gather family (gather, dynamic_slice, dynamic_update_slice, slice, torch_index_select, iota, dynamic_iota, reshape, dynamic_reshape, concatenate, constant, the symbolic-shape ops and the index arithmetic around them) to tcp", "stablehlo"))
}

// Run converts the stablehlo and mhlo ops nested in root (the pass).
func Run(root *ir.Operation) error { return frontends.Apply(root, &Frontend) }

var convertible = []string{stablehlo.GatherName, stablehlo.DynamicSliceName, stablehlo.SliceName,
	stablehlo.TorchIndexSelectName, stablehlo.IotaName, stablehlo.ConstantName,
	stablehlo.ConcatenateName, stablehlo.ReshapeName, stablehlo.DynamicIotaName, stablehlo.DynamicReshapeName, stablehlo.ScatterName}

// fail is the located conversion error.
func fail(op *ir.Operation, format string, args ...any) (bool, error) {
	return false, op.EmitOpError("cannot be converted to tcp: "+format, args...)
}

func conversions() []frontends.Conversion {
	fns := map[string]func(op *ir.Operation, rw *ir.Rewriter) (bool, error){
		stablehlo.GatherName:           convertGather,
		stablehlo.DynamicSliceName:     convertDynamicSlice,
		stablehlo.SliceName:            convertSlice,
		stablehlo.TorchIndexSelectName: convertTorchIndexSelect,
		stablehlo.IotaName:             convertIota,
		stablehlo.ConstantName:         convertConstant,
		stablehlo.ConcatenateName:      convertConcatenate,
		stablehlo.ReshapeName:          convertReshape,
		stablehlo.DynamicIotaName:      convertIota,
		stablehlo.DynamicReshapeName:   convertReshape,
		stablehlo.ScatterName:          convertScatter,
	}
	var cs []frontends.Conversion
	for _, n := range convertible {
		for _, name := range []string{n, stablehlo.MHLO(n)} {
			cs = append(cs, frontends.Conversion{Root: name, Name: "StablehloToTcp:" + name, Convert: fns[n]})
		}
	}
	return cs
}

// verified reports an op that does not verify as a conversion failure (the
// patterns assume the verifier's guarantees).
func verified(op *ir.Operation) error {
	if err := ir.Verify(op, true); err != nil {
		return op.EmitOpError("cannot be converted to tcp: it does not verify")
	}
	return nil
}

func planOf(op *ir.Operation) (gatherPlan, bool) {
	d, err := stablehlo.DimsOf(op)
	if err != nil {
		return gatherPlan{}, false
	}
	p := gatherPlan{d: d, sizes: stablehlo.SliceSizes(op), x: op.Operand(0), s: op.Operand(1), out: rt(op.Result(0))}
	if _, err := stablehlo.VerifyGather(rt(p.x).Shape(), rt(p.s).Shape(), d, p.sizes); err != nil {
		return gatherPlan{}, false
	}
	return p, true
}

func convertGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	p, _ := planOf(op)
	return convertPlan(op, rw, p)
}

// convertPlan converts a valid gather (or the gather a
// torch_index_select means): the gather_elements pattern to one
// tcp.gather, the take pattern through the shared §5.1 recipe, every other
// configuration through lowerGather.
func convertPlan(op *ir.Operation, rw *ir.Rewriter, p gatherPlan) (bool, error) {
	if why := whyNotGather(p); why != "" {
		return fail(op, "%s", why)
	}
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	if part, a, ok := iotaConcatPattern(p); ok {
		rw.ReplaceOp(op, []ir.Value{bb.iotaConcat(p, part, a)})
		return true, nil
	}
	if a, ok := elementsPattern(p); ok {
		rw.ReplaceOp(op, []ir.Value{bb.elements(p, a)})
		return true, nil
	}
	if a, bd, ok := takePattern(p); ok {
		v, err := bb.take(p, a, bd)
		if err != nil {
			return fail(op, "%v", err)
		}
		rw.ReplaceOp(op, []ir.Value{v})
		return true, nil
	}
	rw.ReplaceOp(op, []ir.Value{lowerGather(bb, p)})
	return true, nil
}

// convertTorchIndexSelect converts through the gather it means
// (stablehlo.TorchIndexSelectDims).
func convertTorchIndexSelect(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	x, idx := op.Operand(0), op.Operand(1)
	a, bd := op.IntAttr("dim"), op.IntAttr("batch_dims")
	d, sizes := stablehlo.TorchIndexSelectDims(rt(x).Shape(), int64(rt(idx).Rank()), a, bd)
	return convertPlan(op, rw, gatherPlan{d: d, sizes: sizes, x: x, s: idx, out: rt(op.Result(0))})
}

// convertSlice: stablehlo.slice is tcp.slice with constant starts, sizes
// ceil((limit - start) / stride) and strides.
func convertSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	start, limit, strides := stablehlo.SliceParams(op)
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	n := len(start)
	st, sz, sd := make([]ir.Value, n), make([]ir.Value, n), make([]ir.Value, n)
	for i := range start {
		st[i] = bb.index(start[i])
		sz[i] = bb.index((limit[i] - start[i] + strides[i] - 1) / strides[i])
		sd[i] = bb.index(strides[i])
	}
	v := tcp.BuildSlice(rw, op.Loc(), op.Operand(0), st, sz, sd, op.Result(0).Type()).Result(0)
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// maxWindowTable bounds the constant window tables (n*s elements for n
// windows of size s): a larger dynamic_slice dim keeps tcp.slice, a larger
// gather window is built from slices (dynamicWindows, staticWindows). A
// variable so that tests can lower it.
var maxWindowTable int64 = 1 << 16

// convertDynamicSlice converts dynamic_slice dim by dim, each start clamped
// to [0, dim - size] as the spec does:
//   - a static dim D with 0 < size s < D (and a window table of at most
//     maxWindowTable elements) becomes two tcp.gathers: the start, as a
//     [1, s] index tensor, selects under mode clip row clamp(start, 0, n-1)
//     of the constant table T[j][o] = j + o (n = D - s + 1 windows), and
//     that row, the positions clamp(start) + o, gathers the operand along
//     the dim (always in range);
//   - a dim with s = D needs nothing (the start clamps to 0);
//   - the other dims (s = 0, a dynamic dim, a large table) are done by one
//     final tcp.slice whose start is read (tensor.extract), cast to index
//     and clamped with arith.maxsi/minsi.
//
// So a dynamic_slice of a static operand is only tcp.const, tcp.broadcast_to,
// reshapes and tcp.gather, which both backends lower.
func convertDynamicSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	if len(op.Operands()) > 1 {
		et := rt(op.Operand(1)).Elem()
		if it, ok := et.(ir.IntegerType); !ok || (it.Width != 8 && it.Width != 16 && it.Width != 32 && it.Width != 64) {
			return fail(op, "start index element type %s is not an integer of 8, 16, 32 or 64 bits", et)
		}
	}
	sizes := stablehlo.SliceSizes(op)
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	x := op.Operand(0)
	v := x
	n := len(sizes)
	var sliced []int
	for i, s := range sizes {
		D := rt(x).Dim(i)
		switch {
		case D == s:
		case s == 0 || D == ir.Dynamic || (D-s+1)*s > maxWindowTable:
			sliced = append(sliced, i)
		default:
			v = bb.windowSelect(v, i, bb.indexElem(op.Operand(1+i)), s, D)
		}
	}
	if len(sliced) > 0 {
		st, sz, sd := make([]ir.Value, n), make([]ir.Value, n), make([]ir.Value, n)
		c0, c1 := bb.index(0), bb.index(1)
		for i := range sizes {
			st[i], sz[i], sd[i] = c0, bb.index(sizes[i]), c1
		}
		for _, i := range sliced {
			if sizes[i] == 0 {
				continue
			}
			e := tensor.Extract(rw, op.Loc(), bb.indexElem(op.Operand(1+i)), nil).Result(0)
			s := arith.IndexCast(rw, op.Loc(), e, ir.Index).Result(0)
			hi := arith.Binary(rw, arith.SubIName, op.Loc(), bb.size(v, i), bb.index(sizes[i])).Result(0)
			s = arith.Binary(rw, arith.MaxSIName, op.Loc(), s, c0).Result(0)
			st[i] = arith.Binary(rw, arith.MinSIName, op.Loc(), s, hi).Result(0)
		}
		v = tcp.BuildSlice(rw, op.Loc(), v, st, sz, sd, op.Result(0).Type()).Result(0)
	}
	if v.Type() != op.Result(0).Type() {
		v = tensor.Cast(rw, op.Loc(), v, rt(op.Result(0))).Result(0)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// windowSelect returns v with its static dim d (size D) replaced by the s
// elements from clamp(start, 0, D - s) on (start: a 0-d i32/i64 tensor).
func (b b) windowSelect(v ir.Value, d int, start ir.Value, s, D int64) ir.Value {
	n := D - s + 1
	vals := make([]int64, 0, n*s)
	for j := int64(0); j < n; j++ {
		for o := int64(0); o < s; o++ {
			vals = append(vals, j+o)
		}
	}
	table := tcp.BuildConst(b.rw, b.loc, ir.NewDenseInts(ir.RankedTensor([]int64{n, s}, ir.I64), vals)).Result(0)
	st := rt(start).Elem()
	var idx ir.Value = tensor.ExpandShapeWith(b.rw, b.loc, start, ir.RankedTensor([]int64{1, 1}, st), [][]int64{}).Result(0)
	idx = b.broadcast(idx, []int{1}, []ir.Value{b.index(s)}, []int64{s})
	var row ir.Value = tcp.BuildGather(b.rw, b.loc, table, idx, 0, tcp.ModeClip, ir.RankedTensor([]int64{1, s}, ir.I64)).Result(0)
	r := rt(v).Rank()
	var units, lead []int
	for i := 0; i < r; i++ {
		if i != d {
			units = append(units, i)
		}
		if i > 0 && i < r-1 {
			lead = append(lead, i)
		}
	}
	// [1, s] to the unit shape with s at d.
	var pos ir.Value = row
	if d == r-1 && r >= 2 {
		pos = b.insertUnits(row, lead)
	} else {
		pos = b.insertUnits(b.dropUnits(row, []int{0}), units)
	}
	var sizes []ir.Value
	var static []int64
	for _, i := range units {
		sizes = append(sizes, b.size(v, i))
		static = append(static, rt(v).Dim(i))
	}
	pos = b.broadcast(pos, units, sizes, static)
	shape := append([]int64{}, rt(v).Shape()...)
	shape[d] = s
	return tcp.BuildGather(b.rw, b.loc, v, pos, int64(d), "", ir.RankedTensor(shape, rt(v).Elem())).Result(0)
}

// convertIota: a static iota is a tcp.const; so is a dynamic_iota of a
// static result type whose output_shape is a constant with those sizes
// (any other output_shape is a run-time error of the op, which a tcp.const
// would not raise).
func convertIota(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t := rt(op.Result(0))
	if err := verified(op); err != nil {
		return false, err
	}
	if stablehlo.Is(op, stablehlo.DynamicIotaName) {
		shape, ok := constShape(op.Operand(0), t)
		if !ok {
			if t.HasStaticShape() {
				return fail(op, "its output_shape is not a constant equal to the result shape %s", t)
			}
			if !signless(t) {
				return fail(op, "its element type %s is not signless", t.Elem())
			}
			// A symbolic dim (jax.export): tcp.iota with the sizes its
			// output_shape holds (shapepoly.go).
			rw.SetInsertionPointBefore(op)
			bb := newB(rw, op.Loc())
			var sizes []ir.Value
			for d := 0; d < t.Rank(); d++ {
				if t.Dim(d) == ir.Dynamic {
					sizes = append(sizes, shapeElem(bb, op.Operand(0), d))
				} else {
					sizes = append(sizes, bb.index(t.Dim(d)))
				}
			}
			rw.ReplaceOp(op, []ir.Value{tcp.BuildIota(rw, op.Loc(), t, op.IntAttr("iota_dimension"), sizes).Result(0)})
			return true, nil
		}
		t = ir.RankedTensor(shape, t.Elem())
	}
	if !t.HasStaticShape() {
		return fail(op, "its result shape %s is not static", t)
	}
	dim := int(op.IntAttr("iota_dimension"))
	n := t.NumElements()
	stride := int64(1)
	for i := dim + 1; i < t.Rank(); i++ {
		stride *= t.Dim(i)
	}
	vals := make([]int64, n)
	for i := range vals {
		vals[i] = (int64(i) / stride) % t.Dim(dim)
	}
	var a *ir.DenseElementsAttr
	if _, ok := t.Elem().(ir.FloatType); ok {
		fs := make([]float64, n)
		for i, v := range vals {
			fs[i] = float64(v)
		}
		a = ir.NewDenseFloats(t, fs)
	} else {
		a = ir.NewDenseInts(t, vals)
	}
	rw.SetInsertionPointBefore(op)
	var v ir.Value = tcp.BuildConst(rw, op.Loc(), a).Result(0)
	if v.Type() != op.Result(0).Type() {
		v = tensor.Cast(rw, op.Loc(), v, rt(op.Result(0))).Result(0)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertConcatenate: stablehlo.concatenate is tensor.concat.
func convertConcatenate(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rw.SetInsertionPointBefore(op)
	ins, out := op.Operands(), rt(op.Result(0))
	if n := uiWidth(out); anyWide(ins, n) {
		// Unsigned pieces, some already in the wide form (unsigned.go).
		if err := checkWideUses(op); err != nil {
			return false, err
		}
		ins = append([]ir.Value{}, ins...)
		for i, v := range ins {
			ins[i] = toWide(rw, op.Loc(), v, n)
		}
		out = wideType(out, n)
	} else if err := verified(op); err != nil {
		return false, err
	}
	v := tensor.Concat(rw, op.Loc(), op.IntAttr("dimension"), ins, out).Result(0)
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertReshape: stablehlo.reshape (and a dynamic_reshape between static
// shapes whose output_shape is a constant with the result's sizes) is one tensor.expand_shape or
// tensor.collapse_shape when one exists (docs/semantics.md §4 reassociation),
// else a collapse to 1-D followed by an expansion (both shapes static).
func convertReshape(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	in, out := rt(op.Operand(0)), rt(op.Result(0))
	want := out
	if n := uiWidth(out); isWide(op.Operand(0), n) {
		// An unsigned value in the wide form (unsigned.go).
		if err := checkWideUses(op); err != nil {
			return false, err
		}
		want, out = wideType(out, n), wideType(out, n)
	} else if err := verified(op); err != nil {
		return false, err
	}
	if !in.HasStaticShape() {
		if !stablehlo.Is(op, stablehlo.DynamicReshapeName) {
			return fail(op, "its operand shape %s is not static", in)
		}
		// A symbolic-shape reshape (jax.export): a reassociation, whose
		// groups hold at most one dynamic dim each, so that the element
		// count fixes its run-time size.
		rw.SetInsertionPointBefore(op)
		v, err := tcpbuild.ExpandTo(rw, op.Loc(), op.Operand(0), out.Shape())
		if err != nil {
			v, err = tcpbuild.CollapseTo(rw, op.Loc(), op.Operand(0), out.Shape())
		}
		if err != nil {
			return fail(op, "its operand shape %s is not static and the result shape %s is not a reassociation of it (static dims split or merged, unit dims inserted or removed, each dynamic dim kept)", in, out)
		}
		rw.ReplaceOp(op, []ir.Value{v})
		return true, nil
	}
	if stablehlo.Is(op, stablehlo.DynamicReshapeName) {
		shape, ok := constShape(op.Operand(1), out)
		if !ok {
			if out.HasStaticShape() {
				return fail(op, "its output_shape is not a constant equal to the result shape %s", out)
			}
			return fail(op, "its result shape %s is not static and its output_shape is not a constant", out)
		}
		out = ir.RankedTensor(shape, out.Elem())
		n := int64(1)
		for _, d := range shape {
			n *= d
		}
		if n != in.NumElements() {
			return fail(op, "its output_shape %v does not hold the %d elements of the operand", shape, in.NumElements())
		}
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	v, err := tcpbuild.ExpandTo(rw, loc, op.Operand(0), out.Shape())
	if err != nil {
		v, err = tcpbuild.CollapseTo(rw, loc, op.Operand(0), out.Shape())
	}
	if err != nil {
		flat := []int64{in.NumElements()}
		if v, err = tcpbuild.CollapseTo(rw, loc, op.Operand(0), flat); err == nil {
			v, err = tcpbuild.ExpandTo(rw, loc, v, out.Shape())
		}
	}
	if err != nil {
		return fail(op, "%v", err)
	}
	if v.Type() != ir.Type(want) {
		v = tensor.Cast(rw, loc, v, want).Result(0)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertConstant: stablehlo.constant is tcp.const.
func convertConstant(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok || ir.Type(a.Type) != op.Result(0).Type() {
		return false, verified(op)
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, []ir.Value{tcp.BuildConst(rw, op.Loc(), a).Result(0)})
	return true, nil
}

// constShape returns the sizes the 1-D shape operand v holds when they are
// known at compile time (a constant of stablehlo, tcp or arith, or
// tensor.from_elements of constants) and fit the type t (non-negative,
// equal to its static dims).
func constShape(v ir.Value, t *ir.RankedTensorType) ([]int64, bool) {
	vals, ok := constInts(v)
	if !ok {
		res, isRes := v.(*ir.OpResult)
		if !isRes || res.Owner().Name() != tensor.FromElementsName {
			return nil, false
		}
		for _, e := range res.Owner().Operands() {
			c, ok := arith.ConstantIntValue(e)
			if !ok {
				return nil, false
			}
			vals = append(vals, c)
		}
	}
	if len(vals) != t.Rank() {
		return nil, false
	}
	for i, n := range vals {
		if n < 0 || (t.Dim(i) != ir.Dynamic && t.Dim(i) != n) {
			return nil, false
		}
	}
	return vals, true
}
