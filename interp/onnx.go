package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The onnx dialect (dialect/onnx): ONNX's own semantics. Index values in
// [-s, s) with negatives counted from the end (mode wrap_negative), every
// index checked before gathering.

func init() {
	register(map[string]kernelFunc{
		onnx.GatherName:          runONNXGather,
		onnx.GatherElementsName:  runONNXGatherElements,
		onnx.GatherNDName:        runONNXGatherND,
		onnx.SliceName:           runONNXSlice,
		onnx.ScatterElementsName: runONNXScatterElements,
		onnx.ScatterNDName:       runONNXScatterND,
		onnx.ConstantName:        runConst,
		onnx.NoValueName: func(*execState, *ir.Operation, []*tensor.Tensor) ([]*tensor.Tensor, error) {
			return []*tensor.Tensor{noneValue}, nil
		},
	})
}

func runONNXGather(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	data, idx := args[0], args[1]
	a, err := normalizeAxis("axis", onnx.Axis(op), data.Rank())
	if err != nil {
		return nil, err
	}
	if err := checkAllIndices(idx, data.Shape[a], a, kernel.WrapNegative); err != nil {
		return nil, err
	}
	shape := append(append(append([]int64{}, data.Shape[:a]...), idx.Shape...), data.Shape[a+1:]...)
	if err := x.checkSize(data.DType, shape); err != nil {
		return nil, err
	}
	return one(kernel.Take(data, idx, a, 0, kernel.WrapNegative, nil))
}

func runONNXGatherElements(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	a, err := normalizeAxis("axis", onnx.Axis(op), args[0].Rank())
	if err != nil {
		return nil, err
	}
	return one(kernel.Gather(args[0], args[1], a, kernel.WrapNegative, nil))
}

func runONNXGatherND(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	b, ok := checkedInt(onnx.BatchDims(op))
	if !ok {
		return nil, fmt.Errorf("batch_dims %d is out of range", onnx.BatchDims(op))
	}
	// kernel.GatherND checks every tuple under wrap_negative, as ONNX does.
	return runGatherNDKernel(x, args[0], args[1], b, kernel.WrapNegative)
}

// runGatherNDKernel checks the result size, then runs kernel.GatherND.
func runGatherNDKernel(x *execState, in, idx *tensor.Tensor, b int, mode kernel.Mode) ([]*tensor.Tensor, error) {
	if q := idx.Rank(); q >= 1 && b >= 0 && b < q {
		m := idx.Shape[q-1]
		if m >= 0 && int64(b)+m <= int64(in.Rank()) {
			shape := append(append([]int64{}, idx.Shape[:q-1]...), in.Shape[int64(b)+m:]...)
			if err := x.checkSize(in.DType, shape); err != nil {
				return nil, err
			}
		}
	}
	return one(kernel.GatherND(in, idx, b, mode, nil))
}

func runONNXSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 5); err != nil {
		return nil, err
	}
	data := args[0]
	vec := func(t *tensor.Tensor) []int64 {
		if t == noneValue {
			return nil
		}
		return t.Int64s()
	}
	for i, name := range []string{"starts", "ends", "axes", "steps"} {
		if t := args[1+i]; t != noneValue && t.Rank() != 1 {
			return nil, fmt.Errorf("%s must be a 1-D tensor, got %s", name, t.Type())
		}
	}
	starts, sizes, strides, err := kernel.ONNXSliceParams(data.Shape, vec(args[1]), vec(args[2]), vec(args[3]), vec(args[4]))
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(data.DType, sizes); err != nil {
		return nil, err
	}
	return one(kernel.Slice(data, starts, sizes, strides))
}

// onnxScatterSpec is the tcp scatter an ONNX scatter means: mode
// wrap_negative (ONNX Runtime checks every index and wraps negatives) and
// the reduction as the combine.
func onnxScatterSpec(op *ir.Operation) (kernel.ScatterSpec, error) {
	r := onnx.Reduction(op)
	if r == "none" {
		r = "replace"
	}
	c, err := kernel.ParseCombine(r)
	if err != nil {
		return kernel.ScatterSpec{}, fmt.Errorf("unknown reduction %q", onnx.Reduction(op))
	}
	return kernel.ScatterSpec{Mode: kernel.WrapNegative, Combine: c}, nil
}

func runONNXScatterElements(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	a, err := normalizeAxis("axis", onnx.Axis(op), args[0].Rank())
	if err != nil {
		return nil, err
	}
	spec, err := onnxScatterSpec(op)
	if err != nil {
		return nil, err
	}
	return one(kernel.Scatter(args[0], args[1], args[2], a, spec))
}

func runONNXScatterND(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	spec, err := onnxScatterSpec(op)
	if err != nil {
		return nil, err
	}
	return one(kernel.ScatterND(args[0], args[1], args[2], 0, spec))
}
