package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// Helpers shared by the frontend dialects' kernels (onnx.go, tf.go). The
// frontend ops check every index value before gathering, as their
// frameworks do, also when the result is empty; the tcp recipe they
// convert to reads only the indices an output element needs (see
// docs/frontends.md, "Empty results").

// checkAllIndices reports the first value of idx (row-major) that mode
// rejects for a dim of size s, as a *kernel.IndexError for input dim dim.
func checkAllIndices(idx *tensor.Tensor, s int64, dim int, mode kernel.Mode) error {
	n := idx.NumElements()
	for i := int64(0); i < n; i++ {
		v := idx.Int64At(int(i))
		ok := v >= 0 && v < s
		if mode == kernel.WrapNegative {
			ok = v >= -s && v < s
		}
		if !ok {
			pos := make([]int64, idx.Rank())
			rem := i
			for d := idx.Rank() - 1; d >= 0; d-- {
				pos[d] = rem % idx.Shape[d]
				rem /= idx.Shape[d]
			}
			return &kernel.IndexError{Value: v, Dim: dim, Size: s, Position: pos, Mode: mode}
		}
	}
	return nil
}

// normalizeAxis maps axis in [-rank, rank) to [0, rank).
func normalizeAxis(name string, axis int64, rank int) (int, error) {
	if axis < -int64(rank) || axis >= int64(rank) {
		return 0, fmt.Errorf("%s %d is out of range [%d, %d)", name, axis, -rank, rank)
	}
	if axis < 0 {
		axis += int64(rank)
	}
	return int(axis), nil
}

// indicesI64 returns idx with i64 elements (TensorFlow also allows i16).
func indicesI64(idx *tensor.Tensor) (*tensor.Tensor, error) {
	if idx.DType == tensor.I32 || idx.DType == tensor.I64 {
		return idx, nil
	}
	if !idx.DType.IsInt() || idx.DType.IsUnsigned() || idx.DType == tensor.I1 {
		return nil, fmt.Errorf("indices must have a signed integer element type, got %s", idx.DType)
	}
	return tensor.FromInt64s(tensor.I64, idx.Shape, idx.Int64s())
}
