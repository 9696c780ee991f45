package stablehlototcp

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Symbolic dims (jax.export.symbolic_shape). jax computes every dynamic
// size from stablehlo.get_dimension_size of an argument, through reshapes,
// converts and concatenates, into the shape operands of
// dynamic_broadcast_in_dim, dynamic_reshape and dynamic_gather:
//
//	stablehlo.get_dimension_size   -> tensor.dim, arith.index_cast to i32,
//	                                  tensor.from_elements (a tensor<i32>)
//	stablehlo.custom_call @shape_assertion
//	                               -> tcp.assert
//	stablehlo.dynamic_broadcast_in_dim
//	                               -> tensor.expand_shape + tcp.broadcast_to
//	                                  with the sizes read from its shape
//	stablehlo.dynamic_reshape      -> tensor.expand_shape / collapse_shape
//	                                  (a reassociation)
//	stablehlo.dynamic_gather       -> the gather it is, when each slice size
//	                                  is a constant or the operand's own dim
//	stablehlo.real_dynamic_slice   -> tcp.slice (sizes limit - start with
//	                                  stride 1, or constant bounds)
//	stablehlo.dynamic_iota         -> tcp.iota (convert.go)
//
// A shape operand is read element by element (shapeElem): constants,
// get_dimension_size and its converted form, and the reshapes, converts,
// broadcasts and concatenates between them are traced back at compile
// time to a constant or a tensor.dim; any other element is read at run
// time with tensor.extract and arith.index_cast.
var _ = addShapePoly()

func addShapePoly() bool {
	fns := map[string]func(op *ir.Operation, rw *ir.Rewriter) (bool, error){
		stablehlo.GetDimensionSizeName:      convertGetDimensionSize,
		stablehlo.CustomCallName:            convertCustomCall,
		stablehlo.DynamicBroadcastInDimName: convertDynamicBroadcastInDim,
		stablehlo.DynamicGatherName:         convertDynamicGather,
		stablehlo.RealDynamicSliceName:      convertRealDynamicSlice,
	}
	for _, n := range []string{stablehlo.GetDimensionSizeName, stablehlo.CustomCallName, stablehlo.DynamicBroadcastInDimName, stablehlo.DynamicGatherName, stablehlo.RealDynamicSliceName} {
		for _, name := range []string{n, stablehlo.MHLO(n)} {
			Frontend.Conversions = append(Frontend.Conversions, frontends.Conversion{Root: name, Name: "StablehloToTcp:" + name, Convert: fns[n]})
		}
	}
	return true
}

// convertGetDimensionSize: tensor.dim, cast to i32, as a tensor<i32>.
func convertGetDimensionSize(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	n := tcpbuild.DimSize(rw, loc, op.Operand(0), int(op.IntAttr("dimension")))
	i := arith.IndexCast(rw, loc, n, ir.I32).Result(0)
	v := tensor.FromElements(rw, loc, rt(op.Result(0)), []ir.Value{i}).Result(0)
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertCustomCall makes jax's @shape_assertion a tcp.assert with the
// same condition, message and values: it checks that the run-time dims
// satisfy the constraints of the symbolic shapes the program was exported
// with (a dim variable >= 1, two dims of one variable equal). Any other
// target has no meaning in tcp: a located error.
func convertCustomCall(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	target, _ := op.Attr("call_target_name").(ir.StringAttr)
	if string(target) != stablehlo.ShapeAssertionTarget {
		return fail(op, "custom_call target @%s has no tcp counterpart (only jax's @%s is converted)", string(target), stablehlo.ShapeAssertionTarget)
	}
	if err := verified(op); err != nil {
		return false, err
	}
	msg, _ := op.Attr("error_message").(ir.StringAttr)
	rw.SetInsertionPointBefore(op)
	tcp.BuildAssert(rw, op.Loc(), op.Operand(0), string(msg), op.Operands()[1:])
	rw.EraseOp(op)
	return true, nil
}

// shapeElem returns element k of the 1-D integer shape tensor v as an
// index value (see the comment at the top of the file).
func shapeElem(bb b, v ir.Value, k int) ir.Value {
	if vals, ok := constInts(v); ok && k < len(vals) {
		return bb.index(vals[k])
	}
	if res, ok := v.(*ir.OpResult); ok {
		op := res.Owner()
		one := rt(v).HasStaticShape() && rt(v).NumElements() == 1
		switch {
		case stablehlo.Is(op, stablehlo.GetDimensionSizeName):
			return bb.size(op.Operand(0), int(op.IntAttr("dimension")))
		case op.Name() == tensor.FromElementsName && k < len(op.Operands()):
			e := op.Operand(k)
			if c, ok := e.(*ir.OpResult); ok && c.Owner().Name() == arith.IndexCastName && c.Owner().Operand(0).Type() == ir.Index {
				return c.Owner().Operand(0)
			}
			return arith.IndexCast(bb.rw, bb.loc, e, ir.Index).Result(0)
		case stablehlo.Is(op, stablehlo.ConcatenateName) || op.Name() == tensor.ConcatName:
			off := 0
			for _, part := range op.Operands() {
				n := rt(part)
				if n.Rank() != 1 || n.Dim(0) == ir.Dynamic {
					break
				}
				if k < off+int(n.Dim(0)) {
					return shapeElem(bb, part, k-off)
				}
				off += int(n.Dim(0))
			}
		case one && (stablehlo.Is(op, stablehlo.ReshapeName) || stablehlo.Is(op, stablehlo.BroadcastInDimName) ||
			op.Name() == tensor.ExpandShapeName || op.Name() == tensor.CollapseShapeName):
			if in := rt(op.Operand(0)); in.HasStaticShape() && in.NumElements() == 1 {
				return shapeElem(bb, op.Operand(0), 0)
			}
		case op.Name() == tcp.BroadcastToName && rt(op.Operand(0)).HasStaticShape() && rt(op.Operand(0)).NumElements() == 1:
			return shapeElem(bb, op.Operand(0), 0)
		case stablehlo.Is(op, stablehlo.AddName) || stablehlo.Is(op, stablehlo.SubtractName) || stablehlo.Is(op, stablehlo.MultiplyName) ||
			stablehlo.Is(op, stablehlo.MaximumName) || stablehlo.Is(op, stablehlo.MinimumName) ||
			op.Name() == arith.AddIName || op.Name() == arith.SubIName || op.Name() == arith.MulIName ||
			op.Name() == arith.MaxSIName || op.Name() == arith.MinSIName:
			// Size arithmetic (b - 1, 2 * b): elementwise on index values.
			if signless(op.Operand(0).Type()) && rt(op.Operand(0)).HasStaticShape() && rt(op.Operand(1)) == rt(op.Operand(0)) {
				name := map[string]string{
					stablehlo.AddName: arith.AddIName, stablehlo.SubtractName: arith.SubIName, stablehlo.MultiplyName: arith.MulIName,
					stablehlo.MaximumName: arith.MaxSIName, stablehlo.MinimumName: arith.MinSIName,
				}[hloName(op)]
				if name == "" {
					name = op.Name()
				}
				a, c := shapeElem(bb, op.Operand(0), k), shapeElem(bb, op.Operand(1), k)
				return arith.Binary(bb.rw, name, bb.loc, a, c).Result(0)
			}
		case stablehlo.Is(op, stablehlo.ConvertName) || op.Name() == arith.ExtSIName || op.Name() == arith.TruncIName:
			if ir.IsInteger(rt(op.Operand(0)).Elem()) && signless(op.Operand(0).Type()) {
				return shapeElem(bb, op.Operand(0), k)
			}
		case op.Name() == arith.DivSIName || op.Name() == arith.RemSIName:
			// jax's floor division and remainder of sizes (the size of a
			// strided slice of a symbolic dim, x[::2]): the same signed
			// division on index values.
			if signless(op.Operand(0).Type()) && rt(op.Operand(0)).HasStaticShape() && rt(op.Operand(1)) == rt(op.Operand(0)) {
				a, c := shapeElem(bb, op.Operand(0), k), shapeElem(bb, op.Operand(1), k)
				return arith.Binary(bb.rw, op.Name(), bb.loc, a, c).Result(0)
			}
		case op.Name() == arith.SelectName:
			if rt(op.Operand(1)).HasStaticShape() && rt(op.Operand(0)).HasStaticShape() {
				ck := k
				if rt(op.Operand(0)).NumElements() == 1 {
					ck = 0
				}
				if c := shapeBool(bb, op.Operand(0), ck); c != nil {
					a, e := shapeElem(bb, op.Operand(1), k), shapeElem(bb, op.Operand(2), k)
					return arith.Select(bb.rw, bb.loc, c, a, e).Result(0)
				}
			}
		}
	}
	// Read at run time.
	t := rt(v)
	var idx []ir.Value
	for d := 0; d < t.Rank(); d++ {
		if d == t.Rank()-1 {
			idx = append(idx, bb.index(int64(k)))
		} else {
			idx = append(idx, bb.index(0))
		}
	}
	e := tensor.Extract(bb.rw, bb.loc, v, idx).Result(0)
	if t.Elem() == ir.Index {
		return e
	}
	return arith.IndexCast(bb.rw, bb.loc, e, ir.Index).Result(0)
}

// shapeBool returns element k of the i1 tensor v, a condition on sizes,
// as an i1 value computed from index values (arith.cmpi with a signed or
// equality predicate on sizes, arith.andi/ori of conditions, a constant),
// or nil when v is not of that form (the caller then reads the sizes at
// run time). Signed predicates on index values give the same answers as on
// the i32 sizes jax computes with, whose values are small.
func shapeBool(bb b, v ir.Value, k int) ir.Value {
	if vals, ok := constInts(v); ok && k < len(vals) && rt(v).Elem() == ir.I1 {
		return arith.ConstantInt(bb.rw, bb.loc, vals[k]&1, ir.I1).Result(0)
	}
	res, ok := v.(*ir.OpResult)
	if !ok || !rt(v).HasStaticShape() || rt(v).Elem() != ir.I1 {
		return nil
	}
	op := res.Owner()
	switch op.Name() {
	case arith.CmpIName:
		p := arith.Predicate(op)
		switch p {
		case arith.CmpEQ, arith.CmpNE, arith.CmpSLT, arith.CmpSLE, arith.CmpSGT, arith.CmpSGE:
		default:
			if rt(op.Operand(0)).Elem() != ir.I1 {
				return nil
			}
		}
		if rt(op.Operand(0)).Elem() == ir.I1 {
			if p != arith.CmpEQ && p != arith.CmpNE {
				return nil
			}
			a, c := shapeBool(bb, op.Operand(0), k), shapeBool(bb, op.Operand(1), k)
			if a == nil || c == nil {
				return nil
			}
			return arith.CmpI(bb.rw, bb.loc, p, a, c).Result(0)
		}
		if !signless(op.Operand(0).Type()) || !rt(op.Operand(0)).HasStaticShape() {
			return nil
		}
		a, c := shapeElem(bb, op.Operand(0), k), shapeElem(bb, op.Operand(1), k)
		return arith.CmpI(bb.rw, bb.loc, p, a, c).Result(0)
	case arith.AndIName, arith.OrIName:
		a, c := shapeBool(bb, op.Operand(0), k), shapeBool(bb, op.Operand(1), k)
		if a == nil || c == nil {
			return nil
		}
		return arith.Binary(bb.rw, op.Name(), bb.loc, a, c).Result(0)
	}
	return nil
}

// dimOf reports whether the index value s is dim d of x (tensor.dim of x
// at the constant d, or the constant size of a static dim).
func dimOf(s ir.Value, x ir.Value, d int) bool {
	if n := rt(x).Dim(d); n != ir.Dynamic {
		c, ok := arith.ConstantIntValue(s)
		return ok && c == n
	}
	res, ok := s.(*ir.OpResult)
	if !ok || res.Owner().Name() != tensor.DimName || res.Owner().Operand(0) != x {
		return false
	}
	c, ok := arith.ConstantIntValue(res.Owner().Operand(1))
	return ok && c == int64(d)
}

// convertDynamicBroadcastInDim broadcasts with the sizes its shape operand
// holds: a dynamic operand dim is taken to be the result dim it maps to
// (jax computes both from one get_dimension_size); a run-time operand dim
// of 1 broadcast into a larger dynamic dim is not expressed (its size
// differs at run time and a later op reports the mismatch).
func convertDynamicBroadcastInDim(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out := rt(op.Result(0))
	if !isWide(op.Operand(0), uiWidth(out)) {
		if err := verified(op); err != nil {
			return false, err
		}
	}
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	x, err := wideData(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	sizes := make([]ir.Value, out.Rank())
	for d := range sizes {
		if n := out.Dim(d); n != ir.Dynamic {
			sizes[d] = bb.index(n)
		} else {
			sizes[d] = shapeElem(bb, op.Operand(1), d)
		}
	}
	dims, _ := stablehlo.I64List(op.Attr("broadcast_dimensions"))
	v, err := broadcastToSizes(rw, op.Loc(), x, append([]int64{}, dims...), out.Shape(), sizes)
	if err != nil {
		return fail(op, "%v", err)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertDynamicGather converts the gather a dynamic_gather is when each
// slice size is a constant or the run-time size of the operand's own dim
// (jax's take along an axis of a symbolic-batch operand): a full dynamic
// dim is a gather plan with a full slice there (the take pattern).
func convertDynamicGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	x, s := op.Operand(0), op.Operand(1)
	d, err := stablehlo.DimsOf(op)
	if err != nil {
		return fail(op, "%v", err)
	}
	r := rt(x).Rank()
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	sizes := make([]int64, r)
	full := make([]bool, r)
	sizeVals := make([]ir.Value, r)
	for i := 0; i < r; i++ {
		e := shapeElem(bb, op.Operand(2), i)
		sizeVals[i] = e
		if c, ok := arith.ConstantIntValue(e); ok {
			sizes[i] = c
			full[i] = c == rt(x).Dim(i)
			continue
		}
		sizes[i] = ir.Dynamic
		full[i] = dimOf(e, x, i)
	}
	if v, ok, err := dynamicGatherSlice(op, bb, d, sizeVals); ok || err != nil {
		if err != nil {
			return fail(op, "%v", err)
		}
		rw.ReplaceOp(op, []ir.Value{v})
		return true, nil
	}
	p := gatherPlan{d: d, sizes: sizes, full: full, x: x, s: s, out: rt(op.Result(0))}
	if _, err := stablehlo.VerifyGather(staticOr1(rt(x).Shape()), staticOr1(rt(s).Shape()), d, staticOr1(sizes)); err != nil {
		return fail(op, "%v", err)
	}
	if a, bd, ok := takePattern(p); ok {
		v, err := bb.take(p, a, bd)
		if err != nil {
			return fail(op, "%v", err)
		}
		rw.ReplaceOp(op, []ir.Value{v})
		return true, nil
	}
	for i, s := range sizes {
		if s == ir.Dynamic {
			return fail(op, "slice size %d is a run-time value, converted only for one window (x[1:] on a symbolic dim) or a take along one axis with the other dims taken whole", i)
		}
	}
	return convertPlan(op, rw, p)
}

func staticOr1(s []int64) []int64 {
	out := append([]int64{}, s...)
	for i := range out {
		if out[i] == ir.Dynamic {
			out[i] = 1
		}
	}
	return out
}

// convertRealDynamicSlice is tcp.slice with the starts and strides read
// from the operands (shapeElem) and sizes ceil((limit - start) / stride):
// limit - start for a stride of 1 (jax's dynamic_slice of a symbolic dim),
// or a constant. tcp.slice raises where real_dynamic_slice does (a window
// out of bounds); a negative size (start > limit) is an error of tcp.slice
// too.
func convertRealDynamicSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	r := rt(op.Operand(0)).Rank()
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	// jax writes limit = start + size: the size is then the other addend
	// (so that it does not depend on tensor values when size does not).
	var size ir.Value
	if def := op.Operand(2).DefiningOp(); def != nil && (stablehlo.Is(def, stablehlo.AddName) || def.Name() == arith.AddIName) {
		switch op.Operand(1) {
		case def.Operand(0):
			size = def.Operand(1)
		case def.Operand(1):
			size = def.Operand(0)
		}
	}
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	for d := 0; d < r; d++ {
		starts[d] = shapeElem(bb, op.Operand(1), d)
		strides[d] = shapeElem(bb, op.Operand(3), d)
		t, tok := arith.ConstantIntValue(strides[d])
		if size != nil && tok && t == 1 {
			sizes[d] = shapeElem(bb, size, d)
			continue
		}
		limit := shapeElem(bb, op.Operand(2), d)
		s, sok := arith.ConstantIntValue(starts[d])
		l, lok := arith.ConstantIntValue(limit)
		switch {
		case tok && sok && lok && t > 0:
			sizes[d] = bb.index((l - s + t - 1) / t)
		case tok && t == 1:
			sizes[d] = arith.Binary(rw, arith.SubIName, op.Loc(), limit, starts[d]).Result(0)
		default:
			return fail(op, "the stride of dim %d is not 1 and its bounds are not constants", d)
		}
	}
	v := tcp.BuildSlice(rw, op.Loc(), op.Operand(0), starts, sizes, strides, op.Result(0).Type()).Result(0)
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// dynamicGatherSlice converts a dynamic_gather that reads one window (no
// batch dims: the start indices are just the index vector; every operand
// dim an offset dim, in order), as jax prints x[1:] or x[:-1] on a
// symbolic dim: a tcp.slice at the starts clamped into [0, dim - size],
// as gather clamps them, with the run-time sizes. ok is false for any
// other dynamic_gather.
func dynamicGatherSlice(op *ir.Operation, bb b, d stablehlo.GatherDims, sizes []ir.Value) (ir.Value, bool, error) {
	x, s := op.Operand(0), op.Operand(1)
	r := rt(x).Rank()
	st := rt(s)
	if st.Rank() != 1 || d.IndexVectorDim != 0 || st.Dim(0) == ir.Dynamic || len(d.CollapsedSliceDims) != 0 ||
		len(d.OperandBatchingDims) != 0 || len(d.OffsetDims) != r {
		return nil, false, nil
	}
	for i, o := range d.OffsetDims {
		if o != int64(i) {
			return nil, false, nil
		}
	}
	if !ir.IsInteger(st.Elem()) || !signless(st) {
		return nil, false, nil
	}
	starts := make([]ir.Value, r)
	strides := make([]ir.Value, r)
	for i := range starts {
		starts[i], strides[i] = bb.index(0), bb.index(1)
	}
	for k, dim := range d.StartIndexMap {
		e := tensor.Extract(bb.rw, bb.loc, s, []ir.Value{bb.index(int64(k))}).Result(0)
		v := arith.IndexCast(bb.rw, bb.loc, e, ir.Index).Result(0)
		hi := arith.Binary(bb.rw, arith.SubIName, bb.loc, bb.size(x, int(dim)), sizes[dim]).Result(0)
		v = arith.Binary(bb.rw, arith.MaxSIName, bb.loc, v, bb.index(0)).Result(0)
		starts[dim] = arith.Binary(bb.rw, arith.MinSIName, bb.loc, v, hi).Result(0)
	}
	v := tcp.BuildSlice(bb.rw, bb.loc, x, starts, sizes, strides, op.Result(0).Type()).Result(0)
	return v, true, nil
}
