package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// tf.StridedSlice with constant begin, end and strides on a static input
// becomes tcp.slice (starts, sizes, strides resolved at compile time with
// TensorFlow's masks and Python's clamping, kernel.TFStridedSlice), then
// tensor.collapse_shape without the shrunk dims and tensor.expand_shape
// with the new axes.
var _ = addStridedSlice()

func addStridedSlice() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: tf.StridedSliceName, Name: "TFStridedSliceToTcp", Convert: convertStridedSlice})
	return true
}

func convertStridedSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, ok := staticRanked(op.Operand(0))
	if !ok {
		return fail(op, fmt.Errorf("the input type %s is not static", op.Operand(0).Type()))
	}
	var vecs [3][]int64
	for i, name := range []string{"begin", "end", "strides"} {
		d, ok := ir.ConstantAttr(op.Operand(1 + i)).(*ir.DenseElementsAttr)
		if !ok {
			return fail(op, fmt.Errorf("%s is not a constant", name))
		}
		vecs[i] = d.Ints()
	}
	starts, sizes, strides, kept, out, err := kernel.TFStridedSlice(x.Shape(), vecs[0], vecs[1], vecs[2], stridedSliceMasks(op))
	if err != nil {
		return fail(op, err)
	}
	if err := tcpbuild.CheckResultType(op, out, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	var a, b, s []ir.Value
	for d := range starts {
		a, b, s = append(a, c.Get(starts[d])), append(b, c.Get(sizes[d])), append(s, c.Get(strides[d]))
	}
	var v ir.Value = tcp.BuildSlice(rw, op.Loc(), op.Operand(0), a, b, s, ir.RankedTensor(sizes, x.Elem())).Result(0)
	// Drop the shrunk dims (size 1), then insert the new axes (size 1).
	if v, err = tcpbuild.CollapseTo(rw, op.Loc(), v, kept); err != nil {
		return false, op.EmitOpError("%v", err)
	}
	if v, err = tcpbuild.ExpandTo(rw, op.Loc(), v, out); err != nil {
		return false, op.EmitOpError("%v", err)
	}
	if err := tcpbuild.Replace(rw, op, v); err != nil {
		return fail(op, err)
	}
	return true, nil
}

// stridedSliceMasks reads the masks of a tf.StridedSlice.
func stridedSliceMasks(op *ir.Operation) kernel.StridedSliceMasks {
	return kernel.StridedSliceMasks{
		Begin: tf.Mask(op, "begin_mask"), End: tf.Mask(op, "end_mask"), Ellipsis: tf.Mask(op, "ellipsis_mask"),
		NewAxis: tf.Mask(op, "new_axis_mask"), ShrinkAxis: tf.Mask(op, "shrink_axis_mask"),
	}
}
