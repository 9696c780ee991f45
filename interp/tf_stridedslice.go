package interp

import (
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// tf.StridedSlice: Python slicing (through ONNX Slice's parameters, the
// same clamping rules).
func init() {
	register(map[string]kernelFunc{tf.StridedSliceName: runTFStridedSlice})
}

func runTFStridedSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 4); err != nil {
		return nil, err
	}
	st, en, ax, sp := tf.StridedSliceONNXParams(op, args[1].Int64s(), args[2].Int64s(), args[3].Int64s())
	starts, sizes, strides, err := kernel.ONNXSliceParams(args[0].Shape, st, en, ax, sp)
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(args[0].DType, sizes); err != nil {
		return nil, err
	}
	return one(kernel.Slice(args[0], starts, sizes, strides))
}
