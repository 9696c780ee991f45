package kernel

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/tensor"
)

// IndexValue returns element i of an integer tensor as an index value:
// signless values sign-extended, unsigned ones zero-extended, and a ui64 of
// 2^63 or more saturated to math.MaxInt64 (never wrapped negative, so that
// a clamp to [0, hi] sends it to hi as the mathematical value would).
func IndexValue(t *tensor.Tensor, i int) int64 {
	if t.DType == tensor.UI64 {
		return int64(min(t.Bits(i), math.MaxInt64))
	}
	return t.Int64At(i)
}

// CastIndices computes tcp.cast_indices: every element of in (an 8 to
// 64-bit integer tensor) read by IndexValue and saturated into the signed
// range of out (tensor.I32 or tensor.I64).
func CastIndices(in *tensor.Tensor, out tensor.DType) (*tensor.Tensor, error) {
	const op = "cast_indices"
	if err := checkInputs(op, []string{"input"}, in); err != nil {
		return nil, err
	}
	if in.DType.IsFloat() || in.DType == tensor.I1 || in.DType == tensor.Index {
		return nil, fmt.Errorf("%s: input must have an 8 to 64-bit integer element type, got %v", op, in.DType)
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	switch out {
	case tensor.I32:
		lo, hi = math.MinInt32, math.MaxInt32
	case tensor.I64:
	default:
		return nil, fmt.Errorf("%s: result element type must be i32 or i64, got %v", op, out)
	}
	res, err := tensor.New(out, in.Shape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	for i := range int(in.NumElements()) {
		res.SetInt64(i, max(lo, min(IndexValue(in, i), hi)))
	}
	return res, nil
}
