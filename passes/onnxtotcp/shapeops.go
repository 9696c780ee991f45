package onnxtotcp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Unsqueeze, Squeeze, Size, Expand, ConstantOfShape, Range and Equal
// (dialect/onnx shapeops.go):
//
//	onnx.Unsqueeze/Squeeze -> tensor.expand_shape / collapse_shape (a
//	                          dynamic dim may pass through)
//	onnx.Size              -> tcp.const of the static element count
//	onnx.Expand            -> tcp.broadcast_to the static result shape;
//	                          with dynamic dims (expand_as of a symbolic
//	                          batch), tcp.broadcast_to sizes read from the
//	                          shape input at run time (see expandDynamic)
//	onnx.ConstantOfShape   -> tcp.const splat of value, static result shape
//	onnx.Range             -> tcp.const when start, limit and delta are
//	                          constants (directly or through a chain of
//	                          pure ops on constants, which is evaluated);
//	                          else start + delta * tcp.iota(n) for a
//	                          result of dynamic length, n computed at run
//	                          time as max(ceildiv(limit - start, delta), 0)
//	onnx.Equal             -> arith.cmpi eq (integers, i1)
var _ = addShapeOps()

func addShapeOps() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: onnx.UnsqueezeName, Name: "ONNXUnsqueezeToTensor", Convert: convertUnitDims},
		frontends.Conversion{Root: onnx.SqueezeName, Name: "ONNXSqueezeToTensor", Convert: convertUnitDims},
		frontends.Conversion{Root: onnx.SizeName, Name: "ONNXSizeToTcp", Convert: convertSize},
		frontends.Conversion{Root: onnx.ExpandName, Name: "ONNXExpandToTcp", Convert: convertExpand},
		frontends.Conversion{Root: onnx.ConstantOfShapeName, Name: "ONNXConstantOfShapeToTcp", Convert: convertConstantOfShape},
		frontends.Conversion{Root: onnx.RangeName, Name: "ONNXRangeToTcp", Convert: convertRange},
		frontends.Conversion{Root: onnx.EqualName, Name: "ONNXEqualToArith", Convert: convertCompare(arith.CmpEQ)},
	)
	return true
}

// convertUnitDims inserts or removes size-1 dims: an expand_shape or
// collapse_shape straight to the result type (which keeps dynamic dims),
// or the general Reshape conversion for static shapes.
func convertUnitDims(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	r, err := tcpbuild.Ranked(op.Result(0), "result")
	if err != nil {
		return fail(op, err)
	}
	if slices.Equal(x.Shape(), r.Shape()) {
		return true, tcpbuild.Replace(rw, op, op.Operand(0))
	}
	rw.SetInsertionPointBefore(op)
	var v ir.Value
	if r.Rank() > x.Rank() {
		v, err = tcpbuild.ExpandTo(rw, op.Loc(), op.Operand(0), r.Shape())
	} else {
		v, err = collapseAll(rw, op.Loc(), op.Operand(0), r.Shape())
		if r.Rank() == 0 && x.Rank() > 0 {
			v, err = tcpbuild.CollapseTo(rw, op.Loc(), op.Operand(0), r.Shape())
		}
	}
	if err != nil {
		if x.HasStaticShape() && r.HasStaticShape() {
			return convertReshape(op, rw)
		}
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

func convertSize(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := staticOf(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	c := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(ir.RankedTensor([]int64{}, ir.I64), []int64{x.NumElements()}))
	return true, tcpbuild.Replace(rw, op, c.Result(0))
}

func convertExpand(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	r, err := staticOf(op.Result(0), "result")
	if err != nil {
		if x, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok && !x.HasStaticShape() || !isConstant(op.Operand(1)) {
			return expandDynamic(op, rw)
		}
		// A result typed with dynamic dims (IREE's import of torch's
		// Expand, whose shape is a Where of constants): the static shape
		// the evaluated shape input gives, then tensor.cast.
		x, xok := op.Operand(0).Type().(*ir.RankedTensorType)
		d, ok := constValue(op.Operand(1), 16).(*ir.DenseElementsAttr)
		if !ok || !xok || !x.HasStaticShape() {
			return fail(op, err)
		}
		shape, ok := onnx.BroadcastShapes(x.Shape(), d.Ints())
		if !ok || slices.ContainsFunc(shape, func(n int64) bool { return n < 0 }) {
			return fail(op, fmt.Errorf("shape %v does not broadcast with the input's %s", d.Ints(), x))
		}
		r = ir.RankedTensor(shape, x.Elem())
		if !tcpbuild.CastCompatible(r, op.Result(0).Type()) {
			return fail(op, fmt.Errorf("the broadcast shape %s does not fit the result type %s", r, op.Result(0).Type()))
		}
	}
	rw.SetInsertionPointBefore(op)
	v, err := broadcastValue(rw, op.Loc(), op.Operand(0), "input", r.Shape())
	if err == nil {
		v, err = tcpbuild.CastTo(rw, op.Loc(), v, op.Result(0).Type())
	}
	if err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

func convertConstantOfShape(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	r, err := staticOf(op.Result(0), "result")
	if err != nil {
		return fail(op, err)
	}
	d := onnx.ConstantOfShapeValue(op)
	if d.Type.Elem() != r.Elem() {
		return fail(op, fmt.Errorf("value has element type %s, the result %s", d.Type.Elem(), r.Elem()))
	}
	es := ir.ElemByteSize(r.Elem())
	if len(d.Raw) < es {
		return fail(op, fmt.Errorf("value has no element"))
	}
	splat := &ir.DenseElementsAttr{Type: r, Splat: r.NumElements() != 1, Raw: slices.Clone(d.Raw[:es])}
	rw.SetInsertionPointBefore(op)
	return true, tcpbuild.Replace(rw, op, tcp.BuildConst(rw, op.Loc(), splat).Result(0))
}

// constValue returns v's value when v is a constant or a result of a
// chain of pure ops (at most depth deep) whose leaves are constants or
// absent optional inputs (onnx.NoValue), evaluated with the interpreter's
// kernels: the shape arithmetic exporters put before a Slice, a Split or
// an Expand, which IREE's import (torch.operator "onnx.X") does not fold.
func constValue(v ir.Value, depth int) ir.Attribute {
	if a := ir.ConstantAttr(v); a != nil {
		return a
	}
	d := v.DefiningOp()
	if d == nil || depth == 0 || d.Def() == nil || !d.HasTrait(ir.Pure) || len(d.Regions()) > 0 {
		return nil
	}
	if t, ok := v.Type().(*ir.RankedTensorType); !ok || !t.HasStaticShape() || t.NumElements() > ir.MaxConstantFoldElements {
		return nil
	}
	operands := make([]ir.Attribute, d.NumOperands())
	for i, o := range d.Operands() {
		if o.Type() == ir.None {
			continue // absent: the evaluator takes nil as onnx.NoValue
		}
		if operands[i] = constValue(o, depth-1); operands[i] == nil {
			return nil
		}
	}
	res, err := ir.EvaluateOp(d, operands)
	if err != nil || len(res) != d.NumResults() {
		return nil
	}
	for i := range d.NumResults() {
		if d.Result(i) == v {
			return res[i]
		}
	}
	return nil
}

func convertRange(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	e := ir.ElementType(op.Result(0).Type())
	it, isInt := e.(ir.IntegerType)
	if !isInt || it.Sign != ir.Signless || it.Width == 1 {
		return fail(op, fmt.Errorf("element type %s is not supported (signless integers only)", e))
	}
	var vals [3]int64
	known := true
	for i := range vals {
		d, ok := constValue(op.Operand(i), 16).(*ir.DenseElementsAttr)
		if !ok || d.NumStored() != 1 {
			known = false
			break
		}
		vals[i] = d.IntAt(0)
	}
	rw.SetInsertionPointBefore(op)
	if known {
		n, ok := onnx.RangeCount(vals[0], vals[1], vals[2])
		if !ok || n < 0 || n > ir.MaxConstantFoldElements {
			return fail(op, fmt.Errorf("Range(%d, %d, %d) is not a constant of at most %d elements", vals[0], vals[1], vals[2], ir.MaxConstantFoldElements))
		}
		if r, ok := op.Result(0).Type().(*ir.RankedTensorType); ok && r.Rank() == 1 && r.Dim(0) != ir.Dynamic && r.Dim(0) != n {
			return fail(op, fmt.Errorf("the result type %s does not hold the %d elements of Range(%d, %d, %d)", r, n, vals[0], vals[1], vals[2]))
		}
		out := make([]int64, n)
		for k := range out {
			out[k] = vals[0] + int64(k)*vals[2]
		}
		c := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(ir.RankedTensor([]int64{n}, e), out))
		v, err := tcpbuild.CastTo(rw, op.Loc(), c.Result(0), op.Result(0).Type())
		if err != nil {
			return fail(op, err)
		}
		return true, tcpbuild.Replace(rw, op, v)
	}
	// A runtime Range's length depends on its values; a static result
	// type only promises it, and ONNX raises where the promise is broken.
	r, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || r.Rank() != 1 || r.Dim(0) != ir.Dynamic {
		return fail(op, fmt.Errorf("start, limit and delta are not constants (a Range of runtime values has a length known only at run time, and the result type %s is not tensor<?x%s>)", op.Result(0).Type(), e))
	}
	// A result of dynamic length (the reversal of a symbolic dim,
	// Range(n - 1, -1, -1)): n = max(ceildiv(limit - start, delta), 0)
	// elements start + delta * tcp.iota. A zero delta is a division by
	// zero at run time, where ONNX raises too.
	loc := op.Loc()
	var sc [3]ir.Value
	for i := range sc {
		t, err := tcpbuild.Ranked(op.Operand(i), "start, limit or delta")
		if err != nil || t.Rank() != 0 {
			return fail(op, fmt.Errorf("start, limit and delta must be 0-d tensors, got %s", op.Operand(i).Type()))
		}
		sc[i] = tensor.Extract(rw, loc, op.Operand(i), nil).Result(0)
	}
	diff := arith.Binary(rw, arith.SubIName, loc, sc[1], sc[0]).Result(0)
	var n ir.Value
	if d, ok := constValue(op.Operand(2), 16).(*ir.DenseElementsAttr); ok && d.NumStored() == 1 && d.IntAt(0) != 0 {
		// A constant delta c (the usual -1 or 1): ceildiv as
		// (diff + c - 1) / c for c > 0, (c + 1 - diff) / -c for c < 0
		// (truncating; a negative quotient is clamped to 0 below).
		c := d.IntAt(0)
		if c > 0 {
			n = arith.Binary(rw, arith.AddIName, loc, diff, arith.ConstantInt(rw, loc, c-1, e).Result(0)).Result(0)
			n = arith.Binary(rw, arith.DivSIName, loc, n, arith.ConstantInt(rw, loc, c, e).Result(0)).Result(0)
		} else {
			n = arith.Binary(rw, arith.SubIName, loc, arith.ConstantInt(rw, loc, c+1, e).Result(0), diff).Result(0)
			n = arith.Binary(rw, arith.DivSIName, loc, n, arith.ConstantInt(rw, loc, -c, e).Result(0)).Result(0)
		}
	} else {
		n = arith.Binary(rw, arith.CeilDivSIName, loc, diff, sc[2]).Result(0)
	}
	n = arith.Binary(rw, arith.MaxSIName, loc, n, arith.ConstantInt(rw, loc, 0, e).Result(0)).Result(0)
	ni := arith.IndexCast(rw, loc, n, ir.Index).Result(0)
	io := tcp.BuildIota(rw, loc, r, 0, []ir.Value{ni}).Result(0)
	splat := func(v ir.Value) ir.Value {
		one := tensor.FromElements(rw, loc, ir.RankedTensor([]int64{1}, e), []ir.Value{v}).Result(0)
		return tcpbuild.BroadcastTo(rw, loc, one, []int64{0}, []ir.Value{ni}, []int64{ir.Dynamic})
	}
	v := arith.Binary(rw, arith.MulIName, loc, io, splat(sc[2])).Result(0)
	v = arith.Binary(rw, arith.AddIName, loc, v, splat(sc[0])).Result(0)
	return true, tcpbuild.Replace(rw, op, v)
}

var _ = addMoreOps()

// Identity, Neg, Min, Max, Clip (integers) and Flatten:
//
//	onnx.Identity        -> its input
//	onnx.Neg             -> arith.subi(0, x) (negf for floats)
//	onnx.Min/Max         -> arith.minsi/maxsi
//	onnx.Clip            -> arith.maxsi with min, then arith.minsi with max
//	onnx.Flatten         -> tensor.collapse_shape (and expand_shape for axis 0)
func addMoreOps() bool {
	intOnly := func(name string) func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		conv := convertBinary(name, "")
		return func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			if e := ir.ElementType(op.Operand(0).Type()); ir.IsFloat(e) {
				return fail(op, fmt.Errorf("element type %s is not supported (integer index arithmetic)", e))
			}
			return conv(op, rw)
		}
	}
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: onnx.IdentityName, Name: "ONNXIdentityToNothing", Convert: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			return true, tcpbuild.Replace(rw, op, op.Operand(0))
		}},
		frontends.Conversion{Root: onnx.NegName, Name: "ONNXNegToArith", Convert: convertNeg},
		frontends.Conversion{Root: onnx.MinName, Name: "ONNXMinToArith", Convert: intOnly(arith.MinSIName)},
		frontends.Conversion{Root: onnx.MaxName, Name: "ONNXMaxToArith", Convert: intOnly(arith.MaxSIName)},
		frontends.Conversion{Root: onnx.ClipName, Name: "ONNXClipToArith", Convert: convertClip},
		frontends.Conversion{Root: onnx.FlattenName, Name: "ONNXFlattenToTensor", Convert: convertFlatten},
	)
	return true
}

func convertNeg(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t, err := staticOf(op.Operand(0), "input")
	if err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	if ir.IsFloat(t.Elem()) {
		return true, tcpbuild.Replace(rw, op, rw.Create(arith.NegFName, op.Loc(), []ir.Value{op.Operand(0)}, []ir.Type{t}, nil).Result(0))
	}
	if it, ok := t.Elem().(ir.IntegerType); !ok || it.Width == 1 || it.Sign != ir.Signless {
		return fail(op, fmt.Errorf("element type %s is not supported", t.Elem()))
	}
	zero := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(t, []int64{0})).Result(0)
	return true, tcpbuild.Replace(rw, op, arith.Binary(rw, arith.SubIName, op.Loc(), zero, op.Operand(0)).Result(0))
}

func convertClip(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t, err := staticOf(op.Operand(0), "input")
	if err != nil {
		return fail(op, err)
	}
	if it, ok := t.Elem().(ir.IntegerType); !ok || it.Width == 1 || it.Sign != ir.Signless {
		return fail(op, fmt.Errorf("element type %s is not supported (integer index arithmetic)", t.Elem()))
	}
	rw.SetInsertionPointBefore(op)
	v := op.Operand(0)
	for _, b := range []struct {
		k    int
		name string
	}{{1, arith.MaxSIName}, {2, arith.MinSIName}} {
		if b.k >= op.NumOperands() || op.Operand(b.k).Type() == ir.None {
			continue
		}
		bound, err := tcpbuild.Ranked(op.Operand(b.k), "bound")
		if err != nil {
			return fail(op, err)
		}
		bv := op.Operand(b.k)
		if bound.Rank() > 0 {
			if bv, err = tcpbuild.CollapseTo(rw, op.Loc(), bv, []int64{}); err != nil {
				return fail(op, err)
			}
		}
		bb, err := broadcastValue(rw, op.Loc(), bv, "bound", t.Shape())
		if err != nil {
			return fail(op, err)
		}
		v = arith.Binary(rw, b.name, op.Loc(), v, bb).Result(0)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

func convertFlatten(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "input")
	if err != nil {
		return fail(op, err)
	}
	r, err := tcpbuild.Ranked(op.Result(0), "output")
	if err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	if v, err := tcpbuild.CollapseTo(rw, op.Loc(), op.Operand(0), r.Shape()); err == nil {
		return true, tcpbuild.Replace(rw, op, v)
	}
	if x.HasStaticShape() && r.HasStaticShape() {
		v, err := reshapeStatic(rw, op.Loc(), op.Operand(0), x, r)
		if err != nil {
			return fail(op, err)
		}
		return true, tcpbuild.Replace(rw, op, v)
	}
	return fail(op, fmt.Errorf("no collapse of %s gives %s", x, r))
}

func isConstant(v ir.Value) bool {
	_, ok := constValue(v, 16).(*ir.DenseElementsAttr)
	return ok
}

// shapeElem describes element k of a shape vector as far as it is known
// before run time: a constant (c, true), or the size of dim (of, dim) of a
// tensor (Shape(of)[dim], before or after its conversion), or nothing.
type shapeElem struct {
	c     int64
	known bool
	of    ir.Value
	dim   int
}

func shapeElemOf(v ir.Value, k int) shapeElem {
	if d, ok := constValue(v, 16).(*ir.DenseElementsAttr); ok && k < len(d.Ints()) {
		return shapeElem{c: d.Ints()[k], known: true}
	}
	def := v.DefiningOp()
	if def == nil {
		return shapeElem{}
	}
	switch def.Name() {
	case onnx.ShapeName:
		if x, ok := def.Operand(0).Type().(*ir.RankedTensorType); ok {
			lo, _ := onnx.ShapeRange(def, x.Rank())
			if d := x.Dim(lo + k); d != ir.Dynamic {
				return shapeElem{c: d, known: true}
			}
			return shapeElem{of: def.Operand(0), dim: lo + k}
		}
	case tensor.FromElementsName:
		if k >= def.NumOperands() {
			return shapeElem{}
		}
		e := def.Operand(k)
		if c, ok := ir.ConstantInt(e); ok {
			return shapeElem{c: c, known: true}
		}
		if ic := e.DefiningOp(); ic != nil && ic.Name() == arith.IndexCastName {
			if dm := ic.Operand(0).DefiningOp(); dm != nil && dm.Name() == tensor.DimName {
				if i, ok := ir.ConstantInt(dm.Operand(1)); ok {
					return shapeElem{of: dm.Operand(0), dim: int(i)}
				}
			}
		}
	}
	return shapeElem{}
}

// expandDynamic converts an Expand with dynamic dims in its input or a
// shape known only at run time (torch.onnx.export's expand_as with
// dynamic_axes: Expand(i, Shape(x))). Per dim d of the input (padded with
// leading 1s to the result's rank), with s the shape's element d:
//
//   - a static 1 broadcasts to s, read from the shape at run time
//     (tensor.dim where s is Shape(y)[k], else tensor.extract and
//     arith.index_cast) unless s is a constant;
//   - a static n != 1 stays n when s is a constant 1 or n, or the size of
//     a static dim n;
//   - a dynamic dim stays as it is when s is the constant 1 or the size
//     of that same dim (Shape of the input itself).
//
// Anything else (a dynamic dim whose broadcast is decided at run time, a
// static dim against a run-time size ONNX may reject) stays refused.
func expandDynamic(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "input")
	if err != nil {
		return fail(op, err)
	}
	r, err := tcpbuild.Ranked(op.Result(0), "result")
	if err != nil {
		return fail(op, err)
	}
	st, err := tcpbuild.Ranked(op.Operand(1), "shape")
	if err != nil {
		return fail(op, err)
	}
	if st.Rank() != 1 || st.Dim(0) == ir.Dynamic || int(st.Dim(0)) > r.Rank() || x.Rank() > r.Rank() {
		return fail(op, fmt.Errorf("the shape %s does not give the %d sizes of the result %s", st, r.Rank(), r))
	}
	pad := r.Rank() - x.Rank()
	off := r.Rank() - int(st.Dim(0))
	padded := append(tcpbuild.Ones(pad), x.Shape()...)
	var axes, static []int64
	var needs []int
	var elems []shapeElem
	for d, n := range padded {
		var e shapeElem
		if d >= off {
			e = shapeElemOf(op.Operand(1), d-off)
		} else {
			e = shapeElem{c: 1, known: true}
		}
		switch {
		case n == 1:
			if e.known && e.c == 1 {
				continue
			}
			if e.known && e.c < 0 {
				return fail(op, fmt.Errorf("the shape's size %d for dim %d is negative", e.c, d))
			}
			axes = append(axes, int64(d))
			elems = append(elems, e)
			if e.known {
				static = append(static, e.c)
			} else {
				static = append(static, ir.Dynamic)
			}
			needs = append(needs, d)
		case n != ir.Dynamic:
			if e.known && (e.c == 1 || e.c == n) {
				continue
			}
			return fail(op, fmt.Errorf("dim %d of the input has size %d and the shape's size for it is known only at run time (ONNX raises unless it is 1 or %d)", d, n, n))
		default:
			if e.known && e.c == 1 || !e.known && e.of == op.Operand(0) && e.dim == d-pad {
				continue
			}
			return fail(op, fmt.Errorf("dim %d of the input is dynamic and the shape's size for it is not the constant 1 or that dim's own size: whether it broadcasts is decided at run time (specialize the input's shape)", d))
		}
	}
	rw.SetInsertionPointBefore(op)
	v := op.Operand(0)
	if pad > 0 {
		if v, err = tcpbuild.ExpandTo(rw, op.Loc(), v, padded); err != nil {
			return fail(op, err)
		}
	}
	sizes := make([]ir.Value, len(axes))
	for k, d := range needs {
		if static[k] != ir.Dynamic {
			sizes[k] = tcpbuild.ConstantIndex(rw, op.Loc(), static[k])
			continue
		}
		if e := elems[k]; e.of != nil {
			// The size of a dim of a tensor (Shape(y)[dim]): tensor.dim.
			sizes[k] = tensor.DimConst(rw, op.Loc(), e.of, int64(e.dim)).Result(0)
			continue
		}
		at := tcpbuild.ConstantIndex(rw, op.Loc(), int64(d-off))
		e := tensor.Extract(rw, op.Loc(), op.Operand(1), []ir.Value{at}).Result(0)
		sizes[k] = arith.IndexCast(rw, op.Loc(), e, ir.Index).Result(0)
	}
	v = tcpbuild.BroadcastTo(rw, op.Loc(), v, axes, sizes, static)
	if v, err = tcpbuild.CastTo(rw, op.Loc(), v, op.Result(0).Type()); err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, v)
}
