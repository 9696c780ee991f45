package kernel

import (
	"fmt"

	"github.com/tcp-project/tcp/tensor"
)

// Transpose computes tcp.transpose: out.Shape[i] = in.Shape[perm[i]] and
// out[p] = in[q] with q[perm[i]] = p[i]. perm must be a permutation of
// [0, rank(in)).
func Transpose(in *tensor.Tensor, perm []int) (*tensor.Tensor, error) {
	const op = "transpose"
	if err := checkInputs(op, []string{"input"}, in); err != nil {
		return nil, err
	}
	r := in.Rank()
	if len(perm) != r {
		return nil, fmt.Errorf("%s: permutation %v has %d entries, want %d (the input rank)", op, perm, len(perm), r)
	}
	seen := make([]bool, r)
	inStrides := in.Strides()
	shape := make([]int64, r)
	strides := make([]int64, r)
	for i, p := range perm {
		if p < 0 || p >= r || seen[p] {
			return nil, fmt.Errorf("%s: %v is not a permutation of [0, %d)", op, perm, r)
		}
		seen[p] = true
		shape[i] = in.Shape[p]
		strides[i] = inStrides[p]
	}
	out, err := tensor.New(in.DType, shape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if out.NumElements() > 0 {
		stridedCopy(out.Data, in.Data, in.DType.Size(), shape, 0, strides)
	}
	return out, nil
}
