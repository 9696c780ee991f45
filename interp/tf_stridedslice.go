package interp

import (
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// tf.StridedSlice: Python indexing with TensorFlow's masks
// (kernel.TFStridedSlice): a slice of the input, reshaped to drop the
// shrunk dims and insert the new axes.
func init() {
	register(map[string]kernelFunc{tf.StridedSliceName: runTFStridedSlice})
}

func runTFStridedSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 4); err != nil {
		return nil, err
	}
	starts, sizes, strides, _, out, err := kernel.TFStridedSlice(args[0].Shape, args[1].Int64s(), args[2].Int64s(), args[3].Int64s(), StridedSliceMasks(op))
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(args[0].DType, sizes); err != nil {
		return nil, err
	}
	s, err := kernel.Slice(args[0], starts, sizes, strides)
	if err != nil {
		return nil, err
	}
	return one(kernel.Reshape(s, out))
}

// StridedSliceMasks reads the masks of a tf.StridedSlice.
func StridedSliceMasks(op *ir.Operation) kernel.StridedSliceMasks {
	return kernel.StridedSliceMasks{
		Begin: tf.Mask(op, "begin_mask"), End: tf.Mask(op, "end_mask"), Ellipsis: tf.Mask(op, "ellipsis_mask"),
		NewAxis: tf.Mask(op, "new_axis_mask"), ShrinkAxis: tf.Mask(op, "shrink_axis_mask"),
	}
}
