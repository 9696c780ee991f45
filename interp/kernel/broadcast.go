package kernel

import (
	"fmt"

	"github.com/tcp-project/tcp/tensor"
)

// BroadcastTo computes tcp.broadcast_to / tcp.broadcast (docs/semantics.md
// §3.3): dims axes[k] of in, which must have size 1, are expanded to
// sizes[k]. axes must be strictly increasing and in [0, rank); sizes must
// be >= 0 (0 gives an empty tensor).
//
//	out[p] = in[p with p[axes[k]] := 0 for all k]
func BroadcastTo(in *tensor.Tensor, axes []int, sizes []int64) (*tensor.Tensor, error) {
	const op = "broadcast_to"
	if err := checkInputs(op, []string{"input"}, in); err != nil {
		return nil, err
	}
	if len(axes) != len(sizes) {
		return nil, fmt.Errorf("%s: %d axes but %d sizes", op, len(axes), len(sizes))
	}
	r := in.Rank()
	outShape := append([]int64{}, in.Shape...)
	strides := in.Strides()
	for k, a := range axes {
		if a < 0 || a >= r {
			return nil, fmt.Errorf("%s: axis %d is out of range [0, %d)", op, a, r)
		}
		if k > 0 && a <= axes[k-1] {
			return nil, fmt.Errorf("%s: axes %v must be strictly increasing", op, axes)
		}
		if in.Shape[a] != 1 {
			return nil, fmt.Errorf("%s: axis %d has size %d, want 1", op, a, in.Shape[a])
		}
		if sizes[k] < 0 {
			return nil, fmt.Errorf("%s: size %d for axis %d is negative", op, sizes[k], a)
		}
		outShape[a] = sizes[k]
		strides[a] = 0
	}
	out, err := tensor.New(in.DType, outShape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if out.NumElements() > 0 {
		stridedCopy(out.Data, in.Data, in.DType.Size(), outShape, 0, strides)
	}
	return out, nil
}

// Reshape returns in with a new shape of the same element count, sharing
// in's data (kernels never modify their inputs). It models
// tensor.expand_shape and tensor.collapse_shape.
func Reshape(in *tensor.Tensor, shape []int64) (*tensor.Tensor, error) {
	const op = "reshape"
	if err := checkInputs(op, []string{"input"}, in); err != nil {
		return nil, err
	}
	n, err := tensor.NumElementsOf(shape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if n != in.NumElements() {
		return nil, fmt.Errorf("%s: shape %s has %d elements, input %s has %d", op, tensor.ShapeString(shape), n, tensor.ShapeString(in.Shape), in.NumElements())
	}
	return &tensor.Tensor{DType: in.DType, Shape: append([]int64{}, shape...), Data: in.Data}, nil
}
