package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The tf dialect (dialect/tf): TensorFlow's CPU semantics. Index values in
// [0, s) (mode error; negatives are errors), every index checked before
// gathering; i16 indices are widened.

func init() {
	register(map[string]kernelFunc{
		tf.GatherV2Name: runTFGatherV2,
		tf.GatherName:   runTFGather,
		tf.GatherNdName: runTFGatherNd,
		tf.ConstName:    runConst,
	})
}

func runTFGatherV2(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	if args[2].NumElements() != 1 || args[2].Rank() > 1 {
		return nil, fmt.Errorf("axis must be a scalar or a one-element vector, got %s", args[2].Type())
	}
	// TensorFlow: batch_dims in [-q, q], negatives count from q.
	q, b := int64(args[1].Rank()), tf.BatchDims(op)
	if b < -q || b > q {
		return nil, fmt.Errorf("batch_dims %d is out of range [%d, %d] for indices of rank %d", b, -q, q, q)
	}
	if b < 0 {
		b += q
	}
	return tfTake(x, args[0], args[1], args[2].Int64At(0), int(b))
}

func runTFGather(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	return tfTake(x, args[0], args[1], 0, 0)
}

func tfTake(x *execState, params, indices *tensor.Tensor, axis int64, b int) ([]*tensor.Tensor, error) {
	a, err := normalizeAxis("axis", axis, params.Rank())
	if err != nil {
		return nil, err
	}
	if a < b {
		return nil, fmt.Errorf("axis %d must be at least batch_dims %d", a, b)
	}
	idx, err := indicesI64(indices)
	if err != nil {
		return nil, err
	}
	if err := checkAllIndices(idx, params.Shape[a], a, kernel.Error); err != nil {
		return nil, err
	}
	shape := append(append(append([]int64{}, params.Shape[:a]...), idx.Shape[b:]...), params.Shape[a+1:]...)
	if err := x.checkSize(params.DType, shape); err != nil {
		return nil, err
	}
	if idx.Rank() == b && b > 0 {
		// batch_dims == rank(indices): one index per batch row; gather
		// through a trailing unit dim and drop it (kernel.Take needs q > b).
		ie, err := kernel.Reshape(idx, append(append([]int64{}, idx.Shape...), 1))
		if err != nil {
			return nil, err
		}
		g, err := kernel.Take(params, ie, a, b, kernel.Error, nil)
		if err != nil {
			return nil, err
		}
		return one(kernel.Reshape(g, shape))
	}
	return one(kernel.Take(params, idx, a, b, kernel.Error, nil))
}

func runTFGatherNd(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	idx, err := indicesI64(args[1])
	if err != nil {
		return nil, err
	}
	// kernel.GatherND checks every tuple under mode error, as TF on CPU does.
	return runGatherNDKernel(x, args[0], idx, 0, kernel.Error)
}
