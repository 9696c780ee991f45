package kernel

import (
	"fmt"

	"github.com/tcp-project/tcp/tensor"
)

// Gather computes tcp.gather (docs/semantics.md §3.1): elements of input
// gathered along dim by same-rank indices, as torch.gather,
// onnx.GatherElements and np.take_along_axis do. For every position p of
// the output,
//
//	out[p] = input[p with p[dim] := N(indices[p])]
//
// where N applies mode against input.Shape[dim]. The output has the shape
// of indices and the element type of input. indices (i32 or i64) may be
// smaller than input in dims other than dim. fill is the 0-d fill value
// for mode Fill (nil: DefaultFillValue) and must be nil for other modes.
//
// Index values are checked in row-major order of indices; the first one
// the mode rejects is returned as an *IndexError (also for
// PromiseInBounds). Shape errors are plain errors.
func Gather(input, indices *tensor.Tensor, dim int, mode Mode, fill *tensor.Tensor) (*tensor.Tensor, error) {
	const op = "gather"
	if err := checkInputs(op, []string{"input", "indices"}, input, indices); err != nil {
		return nil, err
	}
	if err := checkIndices(op, indices); err != nil {
		return nil, err
	}
	r := input.Rank()
	if r < 1 {
		return nil, fmt.Errorf("%s: input must have rank >= 1, got 0", op)
	}
	if indices.Rank() != r {
		return nil, fmt.Errorf("%s: indices rank %d must equal input rank %d", op, indices.Rank(), r)
	}
	if dim < 0 || dim >= r {
		return nil, fmt.Errorf("%s: dim %d is out of range [0, %d)", op, dim, r)
	}
	for d := 0; d < r; d++ {
		if d != dim && indices.Shape[d] > input.Shape[d] {
			return nil, fmt.Errorf("%s: indices dim %d has size %d, larger than input size %d (indices shape %s, input shape %s)",
				op, d, indices.Shape[d], input.Shape[d], tensor.ShapeString(indices.Shape), tensor.ShapeString(input.Shape))
		}
	}
	fb, err := fillBytes(input.DType, mode, fill)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := tensor.New(input.DType, indices.Shape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	n := out.NumElements()
	if n == 0 {
		return out, nil
	}
	es := input.DType.Size()
	inStrides := input.Strides()
	s := input.Shape[dim]
	sd := inStrides[dim]
	inner := int64(1) // step of the last coordinate, unless it is dim
	if dim == r-1 {
		inner = 0
	}
	L := indices.Shape[r-1]
	coord := make([]int64, r-1)
	vals := make([]int64, L)
	for row := int64(0); row < n/L; row++ {
		readIndices(indices, int(row*L), vals)
		if j := resolveRow(mode, vals, s); j >= 0 {
			v := indices.Int64At(int(row*L) + j)
			return nil, &IndexError{Value: v, Dim: dim, Size: s, Position: append(append([]int64{}, coord...), int64(j)), Mode: mode}
		}
		base := int64(0)
		for d, c := range coord {
			if d != dim {
				base += c * inStrides[d]
			}
		}
		for j, pos := range vals {
			if pos >= 0 {
				vals[j] = base + pos*sd + int64(j)*inner
			}
		}
		gatherElems(out.Data[row*L*int64(es):(row+1)*L*int64(es)], input.Data, vals, es, fb)
		next(coord, indices.Shape)
	}
	return out, nil
}
