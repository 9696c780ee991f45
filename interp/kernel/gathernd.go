package kernel

import (
	"fmt"

	"github.com/tcp-project/tcp/tensor"
)

// GatherND computes tcp.gather_nd (docs/semantics.md §3.2): slices of input
// addressed by index tuples along the last dim of indices, after
// batchDims leading batch dims shared by both tensors. With
// r = rank(input), q = rank(indices), m = indices.Shape[q-1], b = batchDims:
//
//	out.Shape = indices.Shape[:q-1] ++ input.Shape[b+m:]
//	out[B, I, J] = input[B, t[0], …, t[m-1], J]   where t = indices[B, I, :]
//
// mode applies to each tuple component t[k] against input.Shape[b+k].
// Under Fill, a tuple with any component out of range fills its whole
// slice. Requires q >= 1, r >= 1, 0 <= b < q, b < r, b+m <= r and
// indices.Shape[:b] == input.Shape[:b].
//
// Tuples are checked in row-major order, components in order. Modes
// Error, WrapNegative and PromiseInBounds check every tuple even when the
// output is empty; Clip and Wrap fail on a zero-size dim only when a
// slice must be read (a non-empty output).
func GatherND(input, indices *tensor.Tensor, batchDims int, mode Mode, fill *tensor.Tensor) (*tensor.Tensor, error) {
	const op = "gather_nd"
	if err := checkInputs(op, []string{"input", "indices"}, input, indices); err != nil {
		return nil, err
	}
	if err := checkIndices(op, indices); err != nil {
		return nil, err
	}
	r, q, b := input.Rank(), indices.Rank(), batchDims
	if r < 1 || q < 1 {
		return nil, fmt.Errorf("%s: input and indices must have rank >= 1, got %d and %d", op, r, q)
	}
	if b < 0 || b >= q || b >= r {
		return nil, fmt.Errorf("%s: batch_dims %d must be in [0, %d)", op, b, min(q, r))
	}
	m64 := indices.Shape[q-1]
	if m64 > int64(r-b) {
		return nil, fmt.Errorf("%s: index tuple length %d plus batch_dims %d exceeds input rank %d", op, m64, b, r)
	}
	m := int(m64)
	for d := 0; d < b; d++ {
		if indices.Shape[d] != input.Shape[d] {
			return nil, fmt.Errorf("%s: batch dim %d has size %d in indices but %d in input", op, d, indices.Shape[d], input.Shape[d])
		}
	}
	fb, err := fillBytes(input.DType, mode, fill)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	outShape := append(append([]int64{}, indices.Shape[:q-1]...), input.Shape[b+m:]...)
	out, err := tensor.New(input.DType, outShape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	tupleShape := indices.Shape[:q-1]
	inStrides := input.Strides()
	tuple := make([]int64, m)
	check := func(t int64) (fillSlice bool, off int64, err error) {
		readIndices(indices, int(t)*m, tuple)
		for k, v := range tuple {
			s := input.Shape[b+k]
			pos, ok := resolve(mode, v, s)
			if !ok {
				return false, 0, &IndexError{Value: v, Dim: b + k, Size: s, Position: append(tensor.Unravel(t, tupleShape), int64(k)), Mode: mode}
			}
			if pos < 0 {
				fillSlice = true
			}
			off += pos * inStrides[b+k]
		}
		return fillSlice, off, nil
	}
	if out.NumElements() == 0 {
		if m > 0 && mode != Clip && mode != Wrap && mode != Fill {
			for t := int64(0); t < indices.NumElements()/m64; t++ {
				if _, _, err := check(t); err != nil {
					return nil, err
				}
			}
		}
		return out, nil
	}
	// The output is non-empty, so every product below is at most its
	// element count.
	T := prod(tupleShape)
	S := prod(input.Shape[b+m:])
	G := prod(indices.Shape[b : q-1]) // tuples per batch
	batchStride := prod(input.Shape[b:])
	es := int64(input.DType.Size())
	for t := int64(0); t < T; t++ {
		fillSlice, off, err := check(t)
		if err != nil {
			return nil, err
		}
		dst := out.Data[t*S*es : (t+1)*S*es]
		if fillSlice {
			for i := int64(0); i < S; i++ {
				copy(dst[i*es:], fb)
			}
			continue
		}
		off += t / G * batchStride
		copy(dst, input.Data[off*es:(off+S)*es])
	}
	return out, nil
}

// prod multiplies dims; callers ensure the result fits.
func prod(dims []int64) int64 {
	p := int64(1)
	for _, d := range dims {
		p *= d
	}
	return p
}
