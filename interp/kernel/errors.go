package kernel

import (
	"encoding/binary"
	"fmt"

	"github.com/tcp-project/tcp/tensor"
)

// IndexError is the runtime error for an index value that mode does not
// allow. Its message follows torch's phrasing, so differential tests can
// compare substrings:
//
//	index 2 is out of bounds for dimension 1 with size 2
//	index 7 is out of bounds for dimension 0 with size 5 (mode promise_in_bounds)
//	cannot do a non-empty take from an empty axes: index 3 for dimension 0 with size 0 (mode clip)
//
// The interpreter prefixes the op's location.
type IndexError struct {
	Value    int64   // the index value as stored in the indices tensor
	Dim      int     // the input dimension it indexes
	Size     int64   // the size of that dimension
	Position []int64 // coordinates of the value in the indices tensor
	Mode     Mode
	Scatter  bool // raised by a scatter (changes the zero-size wording)
}

func (e *IndexError) Error() string {
	if e.Size == 0 && (e.Mode == Clip || e.Mode == Wrap) && e.Scatter {
		return fmt.Sprintf("cannot scatter into an empty dimension: index %d for dimension %d with size 0 (mode %v)", e.Value, e.Dim, e.Mode)
	}
	if e.Size == 0 && (e.Mode == Clip || e.Mode == Wrap) {
		return fmt.Sprintf("cannot do a non-empty take from an empty axes: index %d for dimension %d with size 0 (mode %v)", e.Value, e.Dim, e.Mode)
	}
	msg := fmt.Sprintf("index %d is out of bounds for dimension %d with size %d", e.Value, e.Dim, e.Size)
	if e.Mode == PromiseInBounds {
		msg += " (mode promise_in_bounds)"
	}
	return msg
}

// SliceError is the runtime error for a Slice that reads outside its
// input (docs/semantics.md §3.4).
type SliceError struct {
	Dim                 int   // the input dimension
	DimSize             int64 // its size
	Start, Size, Stride int64 // the slice parameters for Dim
	Index               int64 // the first index read out of range (Start, or the last one)
	Overflow            bool  // the last index read does not fit in int64
}

func (e *SliceError) Error() string {
	if e.Overflow {
		return fmt.Sprintf("slice out of bounds for dimension %d with size %d: start %d, size %d, stride %d reads past the int64 range", e.Dim, e.DimSize, e.Start, e.Size, e.Stride)
	}
	return fmt.Sprintf("slice out of bounds for dimension %d with size %d: start %d, size %d, stride %d reads index %d", e.Dim, e.DimSize, e.Start, e.Size, e.Stride, e.Index)
}

// checkInputs validates tensors and names the offending operand.
func checkInputs(op string, names []string, ts ...*tensor.Tensor) error {
	for i, t := range ts {
		if t == nil {
			return fmt.Errorf("%s: %s is nil", op, names[i])
		}
		if err := t.Validate(); err != nil {
			return fmt.Errorf("%s: %s: %w", op, names[i], err)
		}
	}
	return nil
}

// checkIndices checks the element type of an index tensor.
func checkIndices(op string, t *tensor.Tensor) error {
	if t.DType != tensor.I32 && t.DType != tensor.I64 {
		return fmt.Errorf("%s: indices element type must be i32 or i64, got %v", op, t.DType)
	}
	return nil
}

// readIndices converts indices elements [start, start+len(dst)) to int64.
func readIndices(t *tensor.Tensor, start int, dst []int64) {
	if t.DType == tensor.I32 {
		d := t.Data[4*start : 4*(start+len(dst))]
		for j := range dst {
			dst[j] = int64(int32(binary.LittleEndian.Uint32(d[4*j:])))
		}
		return
	}
	d := t.Data[8*start : 8*(start+len(dst))]
	for j := range dst {
		dst[j] = int64(binary.LittleEndian.Uint64(d[8*j:]))
	}
}
