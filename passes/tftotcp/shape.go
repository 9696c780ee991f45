package tftotcp

import (
	"fmt"

	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// tf.ConcatV2 with a constant axis becomes tensor.concat; tf.Reshape to a
// static result type becomes tensor.collapse_shape / expand_shape (through
// the flat vector when no reassociation fits). TensorFlow's converter
// emits them around gather_nd with batch_dims.
var _ = addShapeConversions()

func addShapeConversions() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: tf.ConcatV2Name, Name: "TFConcatV2ToTcp", Convert: convertConcatV2},
		frontends.Conversion{Root: tf.ReshapeName, Name: "TFReshapeToTcp", Convert: convertReshape})
	return true
}

func staticRanked(v ir.Value) (*ir.RankedTensorType, bool) {
	t, ok := v.Type().(*ir.RankedTensorType)
	return t, ok && t.HasStaticShape()
}

func convertConcatV2(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	n := op.NumOperands()
	d, ok := ir.ConstantAttr(op.Operand(n - 1)).(*ir.DenseElementsAttr)
	if !ok || d.Type.NumElements() != 1 {
		return fail(op, fmt.Errorf("the axis is not a constant"))
	}
	vals := op.Operands()[:n-1]
	t0, ok := staticRanked(vals[0])
	if !ok {
		return fail(op, fmt.Errorf("operand #0 has type %s; static shapes are needed", vals[0].Type()))
	}
	r := int64(t0.Rank())
	a := d.IntAt(0)
	if a < -r || a >= r {
		return fail(op, fmt.Errorf("axis %d is out of range [%d, %d)", a, -r, r))
	}
	if a < 0 {
		a += r
	}
	shape := append([]int64{}, t0.Shape()...)
	shape[a] = 0
	for i, v := range vals {
		t, ok := staticRanked(v)
		if !ok || t.Rank() != t0.Rank() {
			return fail(op, fmt.Errorf("operand #%d has type %s; static shapes of one rank are needed", i, v.Type()))
		}
		shape[a] += t.Dim(int(a))
	}
	rt := ir.RankedTensor(shape, t0.Elem())
	if err := tcpbuild.CheckResultType(op, shape, t0.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	c := tensord.Concat(rw, op.Loc(), a, vals, rt).Result(0)
	if err := tcpbuild.Replace(rw, op, c); err != nil {
		return fail(op, err)
	}
	return true, nil
}

func convertReshape(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	in, ok := staticRanked(op.Operand(0))
	out, ok2 := staticRanked(op.Result(0))
	if !ok || !ok2 {
		return fail(op, fmt.Errorf("static tensor and result shapes are needed, got %s and %s", op.Operand(0).Type(), op.Result(0).Type()))
	}
	if in.NumElements() != out.NumElements() {
		return fail(op, fmt.Errorf("cannot reshape %s into %s", in, out))
	}
	rw.SetInsertionPointBefore(op)
	v := op.Operand(0)
	reassoc := func(src, dst []int64) [][]int64 {
		g, err := tensord.Reassociation(src, dst)
		if err != nil {
			return nil
		}
		return g
	}
	seq := func(n int) []int64 {
		s := make([]int64, n)
		for i := range s {
			s[i] = int64(i)
		}
		return s
	}
	switch {
	case in == out:
	case out.Rank() > in.Rank() && reassoc(in.Shape(), out.Shape()) != nil:
		v = tensord.ExpandShapeWith(rw, op.Loc(), v, out, reassoc(in.Shape(), out.Shape())).Result(0)
	case out.Rank() < in.Rank() && reassoc(out.Shape(), in.Shape()) != nil:
		v = tensord.CollapseShapeWith(rw, op.Loc(), v, out, reassoc(out.Shape(), in.Shape())).Result(0)
	default:
		flat := ir.RankedTensor([]int64{in.NumElements()}, in.Elem())
		if in.Rank() != 1 {
			v = tensord.CollapseShapeWith(rw, op.Loc(), v, flat, [][]int64{seq(in.Rank())}).Result(0)
		}
		if out.Rank() != 1 {
			v = tensord.ExpandShapeWith(rw, op.Loc(), v, out, [][]int64{seq(out.Rank())}).Result(0)
		}
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}
