package kernel

import (
	"fmt"

	"github.com/tcp-project/tcp/tensor"
)

// Take gathers whole slices of x along axis, as onnx.Gather, np.take,
// tf.GatherV2 (with batchDims) and torch.index_select do, by the
// docs/semantics.md §5.1 recipe that canonicalization emits: reshape (expand)
// and BroadcastTo the indices, broadcast x if the indices have more than
// one non-batch dim, then one Gather. It is the reference for that
// rewrite, so it deliberately composes the kernels instead of looping
// directly.
//
// With X = x.Shape (rank r), Q = idx.Shape (rank q) and b = batchDims
// (0 <= b <= axis < r, b <= q, Q[:b] == X[:b]), the result has shape
// X[:axis] ++ Q[b:] ++ X[axis+1:]. Scalar indices (q = 0, b = 0) remove
// the axis, as onnx.Gather does; torch.index_select keeps it, which
// callers get by reshaping a 0-d index to [1] first.
func Take(x, idx *tensor.Tensor, axis, batchDims int, mode Mode, fill *tensor.Tensor) (*tensor.Tensor, error) {
	const op = "take"
	if err := checkInputs(op, []string{"input", "indices"}, x, idx); err != nil {
		return nil, err
	}
	r, q, a, b := x.Rank(), idx.Rank(), axis, batchDims
	X, Q := x.Shape, idx.Shape
	if a < 0 || a >= r {
		return nil, fmt.Errorf("%s: axis %d is out of range [0, %d)", op, a, r)
	}
	if b < 0 || b > a || b > q {
		return nil, fmt.Errorf("%s: batch_dims %d must be in [0, min(axis %d, indices rank %d)]", op, b, a, q)
	}
	for d := 0; d < b; d++ {
		if Q[d] != X[d] {
			return nil, fmt.Errorf("%s: batch dim %d has size %d in indices but %d in input", op, d, Q[d], X[d])
		}
	}
	if q == 0 {
		// Step 5: expand to [1]*r, broadcast every axis but a, gather,
		// then collapse dim a.
		ie, err := Reshape(idx, ones(r))
		if err != nil {
			return nil, err
		}
		var axes []int
		var sizes []int64
		for d := 0; d < r; d++ {
			if d != a {
				axes = append(axes, d)
				sizes = append(sizes, X[d])
			}
		}
		ib, err := BroadcastTo(ie, axes, sizes)
		if err != nil {
			return nil, err
		}
		g, err := Gather(x, ib, a, mode, fill)
		if err != nil {
			return nil, err
		}
		return Reshape(g, cat(X[:a], X[a+1:]))
	}
	R := r + q - b - 1
	// Step 1: expand the indices to Q[:b] ++ [1]*(a-b) ++ Q[b:] ++ [1]*(r-a-1).
	ie, err := Reshape(idx, cat(Q[:b], ones(a-b), Q[b:], ones(r-a-1)))
	if err != nil {
		return nil, err
	}
	// Step 2: broadcast axes [b, a) and [a+q-b, R) to X[b:a] and X[a+1:].
	var axes []int
	var sizes []int64
	for d := b; d < a; d++ {
		axes = append(axes, d)
		sizes = append(sizes, X[d])
	}
	for d := a + q - b; d < R; d++ {
		axes = append(axes, d)
		sizes = append(sizes, X[d-(q-b)+1])
	}
	ib := ie
	if len(axes) > 0 {
		if ib, err = BroadcastTo(ie, axes, sizes); err != nil {
			return nil, err
		}
	}
	// Step 3: if q-b > 1, expand x with q-b-1 unit dims after axis a and
	// broadcast them to Q[b+1:].
	xb := x
	if q-b > 1 {
		xe, err := Reshape(x, cat(X[:a+1], ones(q-b-1), X[a+1:]))
		if err != nil {
			return nil, err
		}
		axes, sizes = nil, nil
		for k := 1; k < q-b; k++ {
			axes = append(axes, a+k)
			sizes = append(sizes, Q[b+k])
		}
		if xb, err = BroadcastTo(xe, axes, sizes); err != nil {
			return nil, err
		}
	}
	// Step 4.
	return Gather(xb, ib, a, mode, fill)
}

func ones(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

func cat(parts ...[]int64) []int64 {
	var out []int64
	for _, p := range parts {
		out = append(out, p...)
	}
	return append([]int64{}, out...)
}
