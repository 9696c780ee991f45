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
// Python's clamping, as ONNX Slice's conversion does).
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
	st, en, ax, sp := tf.StridedSliceONNXParams(op, vecs[0], vecs[1], vecs[2])
	starts, sizes, strides, err := kernel.ONNXSliceParams(x.Shape(), st, en, ax, sp)
	if err != nil {
		return fail(op, err)
	}
	if err := tcpbuild.CheckResultType(op, sizes, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	var a, b, s []ir.Value
	for d := range starts {
		a, b, s = append(a, c.Get(starts[d])), append(b, c.Get(sizes[d])), append(s, c.Get(strides[d]))
	}
	v := tcp.BuildSlice(rw, op.Loc(), op.Operand(0), a, b, s, ir.RankedTensor(sizes, x.Elem())).Result(0)
	if err := tcpbuild.Replace(rw, op, v); err != nil {
		return fail(op, err)
	}
	return true, nil
}
