package kernel

import (
	"fmt"
	"math/bits"

	"github.com/tcp-project/tcp/tensor"
)

// Slice computes tcp.slice (docs/semantics.md §3.4): a strided window. For each
// dim d, with start s, result size n and stride t != 0,
//
//	out[…, i, …] = in[…, s + t*i, …]   for 0 <= i < n
//
// s is the first element read; a negative stride walks down from it (DML
// SLICE1 with CopyStart = s). A dim is valid iff n == 0, or both s and
// s + t*(n-1) are in [0, in.Shape[d]). Reads outside the input are a
// *SliceError. sizes are the output sizes.
func Slice(in *tensor.Tensor, starts, sizes, strides []int64) (*tensor.Tensor, error) {
	const op = "slice"
	if err := checkInputs(op, []string{"input"}, in); err != nil {
		return nil, err
	}
	r := in.Rank()
	if len(starts) != r || len(sizes) != r || len(strides) != r {
		return nil, fmt.Errorf("%s: want %d starts, sizes and strides for rank %d, got %d, %d and %d", op, r, r, len(starts), len(sizes), len(strides))
	}
	inStrides := in.Strides()
	srcStrides := make([]int64, r)
	var base int64
	for d := 0; d < r; d++ {
		s, n, t, dim := starts[d], sizes[d], strides[d], in.Shape[d]
		if t == 0 {
			return nil, fmt.Errorf("%s: stride of dimension %d is 0", op, d)
		}
		if n < 0 {
			return nil, fmt.Errorf("%s: size of dimension %d is negative: %d", op, d, n)
		}
		if n == 0 {
			continue
		}
		e := &SliceError{Dim: d, DimSize: dim, Start: s, Size: n, Stride: t}
		if s < 0 || s >= dim {
			e.Index = s
			return nil, e
		}
		last, ok := mulAdd(t, n-1, s)
		if !ok {
			e.Overflow = true
			return nil, e
		}
		if last < 0 || last >= dim {
			e.Index = last
			return nil, e
		}
		base += s * inStrides[d]
		if n > 1 {
			srcStrides[d] = t * inStrides[d] // |t|*(n-1) < dim, so this fits
		}
	}
	out, err := tensor.New(in.DType, sizes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if out.NumElements() > 0 {
		stridedCopy(out.Data, in.Data, in.DType.Size(), sizes, base, srcStrides)
	}
	return out, nil
}

// mulAdd returns a*b + c and whether it fits in int64 (b >= 0).
func mulAdd(a, b, c int64) (int64, bool) {
	neg := a < 0
	ua := uint64(a)
	if neg {
		ua = -ua
	}
	hi, lo := bits.Mul64(ua, uint64(b))
	if hi != 0 || lo > 1<<63 || (!neg && lo == 1<<63) {
		return 0, false
	}
	p := int64(lo)
	if neg {
		p = -p
	}
	sum := p + c
	if (c > 0 && sum < p) || (c < 0 && sum > p) {
		return 0, false
	}
	return sum, true
}

// ONNXSliceParams converts the inputs of onnx.Slice on an input of shape
// dims into full-rank tcp.slice parameters (docs/semantics.md §3.4). axes may
// be nil (0, 1, …, len(starts)-1) and may be negative; steps may be nil
// (all 1). Dims not named in axes are taken whole.
//
// Per axis, with dim its size and k its step: a negative start or end has
// dim added; for k > 0 both are clamped to [0, dim]; for k < 0 start is
// clamped to [0, dim-1] and end to [-1, dim-1]; the count is
// n = max(0, ceil((end-start)/k)). The tcp.slice start is the clamped
// start (the first element read), size n, stride k.
//
// Example (ONNX test_slice_neg_steps): dims [20,10,5], starts [20,10,4],
// ends [0,0,1], steps [-1,-3,-2] give starts (19,9,4), sizes (19,3,2),
// strides (-1,-3,-2).
func ONNXSliceParams(dims, starts, ends, axes, steps []int64) (outStarts, sizes, strides []int64, err error) {
	r := len(dims)
	if len(ends) != len(starts) {
		return nil, nil, nil, fmt.Errorf("onnx slice: %d starts but %d ends", len(starts), len(ends))
	}
	if axes != nil && len(axes) != len(starts) {
		return nil, nil, nil, fmt.Errorf("onnx slice: %d starts but %d axes", len(starts), len(axes))
	}
	if steps != nil && len(steps) != len(starts) {
		return nil, nil, nil, fmt.Errorf("onnx slice: %d starts but %d steps", len(starts), len(steps))
	}
	outStarts = make([]int64, r)
	sizes = append([]int64{}, dims...)
	strides = make([]int64, r)
	for d := range strides {
		strides[d] = 1
	}
	seen := make([]bool, r)
	for i := range starts {
		a := int64(i)
		if axes != nil {
			a = axes[i]
		}
		if a < 0 {
			a += int64(r)
		}
		if a < 0 || a >= int64(r) {
			return nil, nil, nil, fmt.Errorf("onnx slice: axis %d is out of range for rank %d", axes[i], r)
		}
		if seen[a] {
			return nil, nil, nil, fmt.Errorf("onnx slice: axis %d is repeated", a)
		}
		seen[a] = true
		k := int64(1)
		if steps != nil {
			k = steps[i]
		}
		if k == 0 {
			return nil, nil, nil, fmt.Errorf("onnx slice: step for axis %d is 0", a)
		}
		dim := dims[a]
		if dim < 0 {
			return nil, nil, nil, fmt.Errorf("onnx slice: dimension %d has negative size %d", a, dim)
		}
		s, e := starts[i], ends[i]
		if s < 0 {
			s += dim
		}
		if e < 0 {
			e += dim
		}
		if k > 0 {
			s, e = clamp(s, 0, dim), clamp(e, 0, dim)
		} else {
			s, e = clamp(s, 0, dim-1), clamp(e, -1, dim-1)
		}
		n := int64(0)
		if dim > 0 {
			n = max(0, ceilDiv(e-s, k))
		} else {
			s = 0
		}
		outStarts[a], sizes[a], strides[a] = s, n, k
	}
	return outStarts, sizes, strides, nil
}

func clamp(v, lo, hi int64) int64 { return max(lo, min(v, hi)) }

// ceilDiv returns ceil(a/b) for b != 0 without overflow.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}
