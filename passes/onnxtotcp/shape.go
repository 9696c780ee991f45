package onnxtotcp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The shape plumbing (dialect/onnx shape.go), for static shapes:
//
//	onnx.Reshape   -> tensor.collapse_shape to 1-D + tensor.expand_shape
//	onnx.Transpose -> tcp.transpose
//	onnx.Concat    -> tensor.concat
//	onnx.Pad       -> tensor.concat of constant splats before and after
//	                  the data along each padded dim (constant pads of at
//	                  least 0, a constant constant_value; --import-onnx
//	                  folds a Pad whose inputs are all constants)
//	onnx.Split     -> one tcp.slice per output (constant split sizes, or a
//	                  static dim)
var _ = addShape()

func addShape() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: onnx.ReshapeName, Name: "ONNXReshapeToTensor", Convert: convertReshape},
		frontends.Conversion{Root: onnx.SplitName, Name: "ONNXSplitToTcp", Convert: convertSplit},
		frontends.Conversion{Root: onnx.TransposeName, Name: "ONNXTransposeToTcp", Convert: convertTranspose},
		frontends.Conversion{Root: onnx.ConcatName, Name: "ONNXConcatToTensor", Convert: convertConcat},
		frontends.Conversion{Root: onnx.PadName, Name: "ONNXPadToTensor", Convert: convertPad},
	)
	return true
}

func staticOf(v ir.Value, what string) (*ir.RankedTensorType, error) {
	t, err := tcpbuild.Ranked(v, what)
	if err != nil {
		return nil, err
	}
	if !t.HasStaticShape() {
		return nil, fmt.Errorf("the %s type %s is not static", what, t)
	}
	return t, nil
}

func convertReshape(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := staticOf(op.Operand(0), "data")
	if err != nil {
		// A dynamic dim passes through a reshape that only merges or
		// splits dims around it (Reshape(x, [0, -1]) of a ?x3x4 x).
		v, why := reshapeDynamic(op, rw)
		if v != nil {
			return true, tcpbuild.Replace(rw, op, v)
		}
		if why != "" {
			return fail(op, fmt.Errorf("%v: %s", err, why))
		}
		return fail(op, err)
	}
	r, err := staticOf(op.Result(0), "result")
	if err != nil {
		// A result typed with dynamic dims (a graph output's value_info)
		// whose shape input is a constant: reshape to the static shape the
		// constant gives, then tensor.cast to the result type.
		if d, ok := constValue(op.Operand(1), 16).(*ir.DenseElementsAttr); ok && x.HasStaticShape() {
			if shape, ok := onnx.ReshapeShape(x.Shape(), d.Ints()); ok && tcpbuild.CastCompatible(ir.RankedTensor(shape, x.Elem()), op.Result(0).Type()) {
				rw.SetInsertionPointBefore(op)
				v, err := reshapeStatic(rw, op.Loc(), op.Operand(0), x, ir.RankedTensor(shape, x.Elem()))
				if err == nil {
					v, err = tcpbuild.CastTo(rw, op.Loc(), v, op.Result(0).Type())
				}
				if err != nil {
					return fail(op, err)
				}
				return true, tcpbuild.Replace(rw, op, v)
			}
		}
		return fail(op, err)
	}
	if x.NumElements() != r.NumElements() {
		return fail(op, fmt.Errorf("the data %s and result %s differ in element count", x, r))
	}
	rw.SetInsertionPointBefore(op)
	v, err := reshapeStatic(rw, op.Loc(), op.Operand(0), x, r)
	if err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

// reshapeStatic reshapes v of static type x to static type r: collapse to
// 1-D, then expand.
func reshapeStatic(rw *ir.Rewriter, loc ir.Location, v ir.Value, x, r *ir.RankedTensorType) (ir.Value, error) {
	var err error
	if !slices.Equal(x.Shape(), r.Shape()) {
		flat := []int64{x.NumElements()}
		if x.Rank() != 1 {
			if v, err = collapseAll(rw, loc, v, flat); err != nil {
				return nil, err
			}
		}
		if r.Rank() != 1 {
			if v, err = tcpbuild.ExpandTo(rw, loc, v, r.Shape()); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

// collapseAll collapses v into one dim (flat), including from rank 0.
func collapseAll(rw *ir.Rewriter, loc ir.Location, v ir.Value, flat []int64) (ir.Value, error) {
	t := v.Type().(*ir.RankedTensorType)
	if t.Rank() == 0 {
		return tcpbuild.ExpandTo(rw, loc, v, flat)
	}
	return tcpbuild.CollapseTo(rw, loc, v, flat)
}

func convertTranspose(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	perm, ok := onnx.Perm(op, x.Rank())
	if !ok {
		return fail(op, fmt.Errorf("perm is not a permutation of [0, %d)", x.Rank()))
	}
	p := make([]int64, len(perm))
	shape := make([]int64, len(perm))
	for k, d := range perm {
		p[k] = int64(d)
		shape[k] = x.Dim(d)
	}
	if err := tcpbuild.CheckResultType(op, shape, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	t := rw.Create(tcp.TransposeName, op.Loc(), []ir.Value{op.Operand(0)}, []ir.Type{ir.RankedTensor(shape, x.Elem())},
		[]ir.NamedAttr{{Name: "permutation", Value: &ir.DenseArrayAttr{Elem: ir.I64, Ints: p}}})
	return true, tcpbuild.Replace(rw, op, t.Result(0))
}

func convertConcat(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	var shapes [][]int64
	for i := 0; i < op.NumOperands(); i++ {
		t, err := tcpbuild.Ranked(op.Operand(i), fmt.Sprintf("input #%d", i))
		if err != nil {
			return fail(op, err)
		}
		shapes = append(shapes, t.Shape())
	}
	shape, err := onnx.ConcatShape(shapes, onnx.Axis(op))
	if err != nil {
		return fail(op, err)
	}
	a, _ := tcpbuild.NormalizeAxis(onnx.Axis(op), len(shape))
	rw.SetInsertionPointBefore(op)
	c := tensor.Concat(rw, op.Loc(), int64(a), op.Operands(), ir.RankedTensor(shape, ir.ElementType(op.Operand(0).Type())))
	return true, tcpbuild.Replace(rw, op, c.Result(0))
}

// reshapeDynamic converts a Reshape between shapes with dynamic dims as
// one tensor.collapse_shape or expand_shape straight to the result type,
// when a reassociation exists (each dynamic dim alone in its group or
// merged with static dims).
func reshapeDynamic(op *ir.Operation, rw *ir.Rewriter) (ir.Value, string) {
	x, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	r, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil, ""
	}
	if _, ok := constValue(op.Operand(1), 16).(*ir.DenseElementsAttr); !ok {
		return nil, "its shape is computed at run time, and with dynamic data only a constant shape converts (torch's x.reshape(x.shape[0], -1) with dynamic_axes: ONNX infers the -1 at run time and raises for an empty batch where a collapse would not; specialize the input's shape)"
	}
	if x.Rank() == r.Rank() {
		if d, ok := constValue(op.Operand(1), 16).(*ir.DenseElementsAttr); ok {
			if v, ok := reshapeInferred(op, rw, x, d.Ints()); ok {
				return v, ""
			}
		}
		return nil, ""
	}
	// A -1 beside a dynamic dim: ONNX (and ONNX Runtime) raise when the
	// input is empty (the -1 cannot be inferred from 0 elements), which a
	// collapse or expand would not; such a reshape stays refused.
	d, ok := constValue(op.Operand(1), 16).(*ir.DenseElementsAttr)
	if !ok {
		return nil, ""
	}
	if v, ok := reshapeInferred(op, rw, x, d.Ints()); ok {
		return v, ""
	}
	if slices.Contains(d.Ints(), -1) {
		return nil, "a -1 in shape " + onnx.ShapeString(d.Ints()) + " beside a dynamic dim is inferred at run time, and ONNX raises for an empty input where a collapse would not (give the dim, or specialize the input's shape)"
	}
	rw.SetInsertionPointBefore(op)
	var v ir.Value
	var err error
	if r.Rank() < x.Rank() {
		v, err = tcpbuild.CollapseTo(rw, op.Loc(), op.Operand(0), r.Shape())
	} else {
		v, err = tcpbuild.ExpandTo(rw, op.Loc(), op.Operand(0), r.Shape())
	}
	if err != nil {
		return nil, ""
	}
	return v, ""
}

// convertPad pads static data with constant splats: along each dim with
// pads, tensor.concat(splat(before), v, splat(after)).
func convertPad(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := staticOf(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	pd, ok := constValue(op.Operand(1), 16).(*ir.DenseElementsAttr)
	if !ok {
		return fail(op, fmt.Errorf("pads is not a constant"))
	}
	pads := pd.Ints()
	if len(pads) != 2*x.Rank() {
		return fail(op, fmt.Errorf("pads has %d values, want %d (two per dim of the data)", len(pads), 2*x.Rank()))
	}
	for _, p := range pads {
		if p < 0 {
			return fail(op, fmt.Errorf("negative pads %v (which remove elements) are not supported", pads))
		}
	}
	es := ir.ElemByteSize(x.Elem())
	fill := make([]byte, es)
	if op.NumOperands() > 2 && op.Operand(2).Type() != ir.None {
		c, ok := constValue(op.Operand(2), 16).(*ir.DenseElementsAttr)
		if !ok || len(c.Raw) < es {
			return fail(op, fmt.Errorf("constant_value is not a constant"))
		}
		copy(fill, c.Raw[:es])
	}
	rw.SetInsertionPointBefore(op)
	v := op.Operand(0)
	shape := slices.Clone(x.Shape())
	for d := range shape {
		b, e := pads[d], pads[x.Rank()+d]
		if b == 0 && e == 0 {
			continue
		}
		var parts []ir.Value
		splat := func(n int64) ir.Value {
			s := slices.Clone(shape)
			s[d] = n
			t := ir.RankedTensor(s, x.Elem())
			return tcp.BuildConst(rw, op.Loc(), &ir.DenseElementsAttr{Type: t, Splat: t.NumElements() != 1, Raw: slices.Clone(fill)}).Result(0)
		}
		if b > 0 {
			parts = append(parts, splat(b))
		}
		parts = append(parts, v)
		if e > 0 {
			parts = append(parts, splat(e))
		}
		shape[d] += b + e
		v = tensor.Concat(rw, op.Loc(), int64(d), parts, ir.RankedTensor(slices.Clone(shape), x.Elem())).Result(0)
	}
	if err := tcpbuild.CheckResultType(op, shape, x.Elem()); err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

func convertSplit(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "input")
	if err != nil {
		return fail(op, err)
	}
	hasSplit := op.NumOperands() > 1 && op.Operand(1).Type() != ir.None
	var split []int64
	if hasSplit {
		d, ok := constValue(op.Operand(1), 16).(*ir.DenseElementsAttr)
		if !ok {
			return fail(op, fmt.Errorf("the split sizes are not a constant"))
		}
		split = d.Ints()
	}
	shapes, err := onnx.SplitShapes(x.Shape(), onnx.Axis(op), split, hasSplit, op.NumResults())
	if err != nil {
		return fail(op, err)
	}
	if shapes == nil {
		return fail(op, fmt.Errorf("the split dim is dynamic and no split sizes are given"))
	}
	a, _ := tcpbuild.NormalizeAxis(onnx.Axis(op), x.Rank())
	for k, s := range shapes {
		if err := checkResultAt(op, k, s, x.Elem()); err != nil {
			return fail(op, err)
		}
	}
	rw.SetInsertionPointBefore(op)
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	var outs []ir.Value
	off := int64(0)
	for k, s := range shapes {
		starts, sizes, strides := make([]ir.Value, x.Rank()), make([]ir.Value, x.Rank()), make([]ir.Value, x.Rank())
		for d := range x.Rank() {
			starts[d], strides[d] = c.Get(0), c.Get(1)
			if s[d] == ir.Dynamic {
				sizes[d] = tcpbuild.DimSize(rw, op.Loc(), op.Operand(0), d)
			} else {
				sizes[d] = c.Get(s[d])
			}
		}
		starts[a] = c.Get(off)
		v := tcp.BuildSlice(rw, op.Loc(), op.Operand(0), starts, sizes, strides, ir.RankedTensor(s, x.Elem())).Result(0)
		cv, err := tcpbuild.CastTo(rw, op.Loc(), v, op.Result(k).Type())
		if err != nil {
			return fail(op, err)
		}
		outs = append(outs, cv)
		off += s[a]
	}
	rw.ReplaceOp(op, outs)
	return true, nil
}

// checkResultAt is tcpbuild.CheckResultType for result k.
func checkResultAt(op *ir.Operation, k int, shape []int64, elem ir.Type) error {
	if !tcpbuild.CastCompatible(ir.RankedTensor(shape, elem), op.Result(k).Type()) {
		return fmt.Errorf("output #%d has type %s, the split computes %s", k, op.Result(k).Type(), ir.RankedTensor(shape, elem))
	}
	return nil
}

// reshapeInferred converts a Reshape of data with dynamic dims to a
// constant shape with one -1 and every other size a positive constant
// (x[i].view(-1, 2) with a symbolic n): the -1 is the element count over
// the product of the others, which ONNX defines for every input,
// empty or not (its "cannot be reshaped" error needs a 0 among the
// others). The data is collapsed to 1-D and expanded to the shape, then
// cast to the result type.
func reshapeInferred(op *ir.Operation, rw *ir.Rewriter, x *ir.RankedTensorType, vals []int64) (ir.Value, bool) {
	minus := 0
	for _, v := range vals {
		if v == -1 {
			minus++
		}
	}
	if minus != 1 {
		return nil, false
	}
	shape := slices.Clone(vals)
	for k, v := range vals {
		if v == -1 {
			shape[k] = ir.Dynamic
		} else if v <= 0 {
			return nil, false
		}
	}
	r := ir.RankedTensor(shape, x.Elem())
	if !tcpbuild.CastCompatible(r, op.Result(0).Type()) {
		return nil, false
	}
	rw.SetInsertionPointBefore(op)
	v := op.Operand(0)
	var err error
	if x.Rank() != 1 {
		if v, err = tcpbuild.CollapseTo(rw, op.Loc(), v, []int64{ir.Dynamic}); err != nil {
			return nil, false
		}
	}
	if len(shape) != 1 {
		if v, err = tcpbuild.ExpandTo(rw, op.Loc(), v, shape); err != nil {
			return nil, false
		}
	}
	if v, err = tcpbuild.CastTo(rw, op.Loc(), v, op.Result(0).Type()); err != nil {
		return nil, false
	}
	return v, true
}
