package tensor

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// Tensor is a dense, row-major tensor value. Data holds the raw
// little-endian element bytes: NumElements()*DType.Size() of them.
//
// A Tensor is a plain value: the fields may be read and set directly, and
// Validate checks that they are consistent. Methods that index elements
// panic on an out-of-range index, like a slice does.
type Tensor struct {
	DType DType
	Shape []int64
	Data  []byte
}

// NumElementsOf returns the product of the dims of shape. It fails if a dim
// is negative or the product overflows int64.
func NumElementsOf(shape []int64) (int64, error) {
	for i, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("tensor: dimension %d has negative size %d", i, d)
		}
	}
	for _, d := range shape {
		if d == 0 {
			return 0, nil
		}
	}
	n := int64(1)
	for _, d := range shape {
		hi, lo := bits.Mul64(uint64(n), uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			return 0, fmt.Errorf("tensor: element count of shape %s overflows int64", ShapeString(shape))
		}
		n = int64(lo)
	}
	return n, nil
}

// byteSize returns n*size and checks that it fits an int.
// maxBytes is the largest tensor New allocates: the Go runtime's limit on
// one allocation on 64-bit machines is 2^48 bytes.
const maxBytes = min(1<<47, math.MaxInt)

func byteSize(n int64, size int) (int, error) {
	hi, lo := bits.Mul64(uint64(n), uint64(size))
	// Beyond maxBytes make panics ("len out of range") rather than fail.
	if hi != 0 || lo > maxBytes {
		return 0, fmt.Errorf("tensor: %d elements of %d bytes do not fit in memory", n, size)
	}
	return int(lo), nil
}

// New returns a zero-filled tensor. It fails for an invalid dtype, a
// negative dim, or a size that overflows.
func New(dt DType, shape []int64) (*Tensor, error) {
	if !dt.Valid() {
		return nil, fmt.Errorf("tensor: invalid element type %v", dt)
	}
	n, err := NumElementsOf(shape)
	if err != nil {
		return nil, err
	}
	nb, err := byteSize(n, dt.Size())
	if err != nil {
		return nil, err
	}
	return &Tensor{DType: dt, Shape: append([]int64{}, shape...), Data: make([]byte, nb)}, nil
}

// Must returns t, and panics if err is not nil. It is meant for tests and
// for constants known to be valid: tensor.Must(tensor.FromInt64s(…)).
func Must(t *Tensor, err error) *Tensor {
	if err != nil {
		panic(err)
	}
	return t
}

// FromInt64s builds a tensor from values in row-major order, converting
// each one with SetInt64.
func FromInt64s(dt DType, shape []int64, vals []int64) (*Tensor, error) {
	t, err := New(dt, shape)
	if err != nil {
		return nil, err
	}
	if int64(len(vals)) != t.NumElements() {
		return nil, fmt.Errorf("tensor: %d values for shape %s, want %d", len(vals), ShapeString(shape), t.NumElements())
	}
	for i, v := range vals {
		t.SetInt64(i, v)
	}
	return t, nil
}

// FromFloat64s builds a tensor from values in row-major order, converting
// each one with SetFloat64.
func FromFloat64s(dt DType, shape []int64, vals []float64) (*Tensor, error) {
	t, err := New(dt, shape)
	if err != nil {
		return nil, err
	}
	if int64(len(vals)) != t.NumElements() {
		return nil, fmt.Errorf("tensor: %d values for shape %s, want %d", len(vals), ShapeString(shape), t.NumElements())
	}
	for i, v := range vals {
		t.SetFloat64(i, v)
	}
	return t, nil
}

// Scalar returns a 0-d tensor holding v (converted with SetFloat64 for float
// types and SetInt64 otherwise).
func Scalar(dt DType, v float64) (*Tensor, error) {
	t, err := New(dt, nil)
	if err != nil {
		return nil, err
	}
	if dt.IsFloat() {
		t.SetFloat64(0, v)
	} else {
		t.SetInt64(0, int64(v))
	}
	return t, nil
}

// Validate checks that the element type is valid, the dims are
// non-negative with an element count that fits int64, and Data has exactly
// the right length. Kernels call it on their inputs.
func (t *Tensor) Validate() error {
	if t == nil {
		return errors.New("tensor: nil tensor")
	}
	if !t.DType.Valid() {
		return fmt.Errorf("tensor: invalid element type %v", t.DType)
	}
	n, err := NumElementsOf(t.Shape)
	if err != nil {
		return err
	}
	nb, err := byteSize(n, t.DType.Size())
	if err != nil {
		return err
	}
	if len(t.Data) != nb {
		return fmt.Errorf("tensor: %s holds %d data bytes, want %d", t.Type(), len(t.Data), nb)
	}
	return nil
}

// Rank returns len(t.Shape).
func (t *Tensor) Rank() int { return len(t.Shape) }

// NumElements returns the number of elements, len(Data)/DType.Size(); for a
// valid tensor that is the product of the dims.
func (t *Tensor) NumElements() int64 {
	if s := t.DType.Size(); s > 0 {
		return int64(len(t.Data) / s)
	}
	return 0
}

// Strides returns the row-major strides in elements: stride[d] is the
// product of the dims after d, so the last dim has stride 1.
func (t *Tensor) Strides() []int64 { return Strides(t.Shape) }

// Strides returns the row-major element strides of shape (see
// Tensor.Strides). For a shape with no elements the strides may wrap
// around; they are never used to address memory then.
func Strides(shape []int64) []int64 {
	s := make([]int64, len(shape))
	acc := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= shape[i]
	}
	return s
}

// Clone returns a deep copy of t.
func (t *Tensor) Clone() *Tensor {
	return &Tensor{DType: t.DType, Shape: append([]int64{}, t.Shape...), Data: append([]byte{}, t.Data...)}
}

// Type returns the MLIR tensor type, for example tensor<2x3xf32> or tensor<i64>.
func (t *Tensor) Type() string { return TypeString(t.DType, t.Shape) }

// TypeString returns the MLIR ranked tensor type for dt and shape.
func TypeString(dt DType, shape []int64) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		fmt.Fprintf(&b, "%dx", d)
	}
	b.WriteString(dt.String())
	b.WriteByte('>')
	return b.String()
}

// ShapeString formats a shape as [2, 3].
func ShapeString(shape []int64) string {
	return strings.ReplaceAll(fmt.Sprint(shape), " ", ", ")
}

// Bits returns the raw bits of element i, zero-extended.
func (t *Tensor) Bits(i int) uint64 {
	switch t.DType.Size() {
	case 1:
		return uint64(t.Data[i])
	case 2:
		return uint64(binary.LittleEndian.Uint16(t.Data[2*i:]))
	case 4:
		return uint64(binary.LittleEndian.Uint32(t.Data[4*i:]))
	case 8:
		return binary.LittleEndian.Uint64(t.Data[8*i:])
	}
	panic("tensor: Bits on invalid element type")
}

// SetBits stores the low bits of b as element i.
func (t *Tensor) SetBits(i int, b uint64) {
	switch t.DType.Size() {
	case 1:
		t.Data[i] = byte(b)
	case 2:
		binary.LittleEndian.PutUint16(t.Data[2*i:], uint16(b))
	case 4:
		binary.LittleEndian.PutUint32(t.Data[4*i:], uint32(b))
	case 8:
		binary.LittleEndian.PutUint64(t.Data[8*i:], b)
	default:
		panic("tensor: SetBits on invalid element type")
	}
}

// Int64At returns element i as an int64. Signless and index values are
// sign-extended, unsigned ones zero-extended (a ui64 above MaxInt64 comes
// back as its two's-complement bit pattern), i1 gives 0 or 1, and floats are
// truncated toward zero (saturating; NaN gives 0).
func (t *Tensor) Int64At(i int) int64 {
	switch t.DType {
	case I1:
		if t.Data[i] != 0 {
			return 1
		}
		return 0
	case I8:
		return int64(int8(t.Data[i]))
	case I16:
		return int64(int16(binary.LittleEndian.Uint16(t.Data[2*i:])))
	case I32:
		return int64(int32(binary.LittleEndian.Uint32(t.Data[4*i:])))
	case I64, Index:
		return int64(binary.LittleEndian.Uint64(t.Data[8*i:]))
	case UI8, UI16, UI32, UI64:
		return int64(t.Bits(i))
	case F16, BF16, F32, F64:
		return floatToInt64(t.Float64At(i))
	}
	panic("tensor: Int64At on invalid element type")
}

func floatToInt64(f float64) int64 {
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

// Float64At returns element i as a float64. Float elements are widened
// exactly; integers are converted (i1 gives 0 or 1; unsigned values are
// read as unsigned).
func (t *Tensor) Float64At(i int) float64 {
	switch t.DType {
	case F16:
		return F16ToFloat64(binary.LittleEndian.Uint16(t.Data[2*i:]))
	case BF16:
		return BF16ToFloat64(binary.LittleEndian.Uint16(t.Data[2*i:]))
	case F32:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(t.Data[4*i:])))
	case F64:
		return math.Float64frombits(binary.LittleEndian.Uint64(t.Data[8*i:]))
	case UI64:
		return float64(t.Bits(i))
	}
	return float64(t.Int64At(i))
}

// SetInt64 stores v as element i. Integers are truncated to the element
// width (two's complement), i1 stores v != 0, floats store the nearest value.
func (t *Tensor) SetInt64(i int, v int64) {
	switch t.DType {
	case I1:
		if v != 0 {
			t.Data[i] = 1
		} else {
			t.Data[i] = 0
		}
	case F16, BF16, F32, F64:
		t.SetFloat64(i, float64(v))
	default:
		t.SetBits(i, uint64(v))
	}
}

// SetFloat64 stores v as element i. Floats are rounded to nearest even
// (NaN payloads kept as far as they fit); integers get v truncated toward
// zero, saturated to int64, then truncated to the element width; i1 stores
// v != 0.
func (t *Tensor) SetFloat64(i int, v float64) {
	switch t.DType {
	case F16:
		binary.LittleEndian.PutUint16(t.Data[2*i:], Float64ToF16(v))
	case BF16:
		binary.LittleEndian.PutUint16(t.Data[2*i:], Float64ToBF16(v))
	case F32:
		binary.LittleEndian.PutUint32(t.Data[4*i:], math.Float32bits(float32(v)))
	case F64:
		binary.LittleEndian.PutUint64(t.Data[8*i:], math.Float64bits(v))
	case I1:
		if v != 0 {
			t.Data[i] = 1
		} else {
			t.Data[i] = 0
		}
	case UI64:
		if v >= 1<<63 && v < 1<<64 {
			t.SetBits(i, uint64(v))
			return
		}
		t.SetBits(i, uint64(floatToInt64(v)))
	default:
		t.SetBits(i, uint64(floatToInt64(v)))
	}
}

// Int64s returns all elements converted with Int64At.
func (t *Tensor) Int64s() []int64 {
	out := make([]int64, t.NumElements())
	for i := range out {
		out[i] = t.Int64At(i)
	}
	return out
}

// Float64s returns all elements converted with Float64At.
func (t *Tensor) Float64s() []float64 {
	out := make([]float64, t.NumElements())
	for i := range out {
		out[i] = t.Float64At(i)
	}
	return out
}

// EqualOption changes how Equal compares elements.
type EqualOption int

const (
	// NaNEqual makes any two float NaNs equal, whatever their sign and
	// payload. Everything else is still compared bit for bit (so +0 and
	// -0 differ).
	NaNEqual EqualOption = iota + 1
)

// Equal reports whether a and b have the same element type, shape and
// element bits. With NaNEqual, float NaNs compare equal to each other.
func Equal(a, b *Tensor, opts ...EqualOption) bool { return Diff(a, b, opts...) == "" }

// Diff returns "" if Equal(a, b, opts...) holds and otherwise a one-line
// description of the first difference, for test messages.
func Diff(a, b *Tensor, opts ...EqualOption) string {
	nanEq := false
	for _, o := range opts {
		if o == NaNEqual {
			nanEq = true
		}
	}
	switch {
	case a == nil || b == nil:
		if a == b {
			return ""
		}
		return fmt.Sprintf("nil tensor: %v vs %v", a != nil, b != nil)
	case a.DType != b.DType:
		return fmt.Sprintf("element type %v vs %v", a.DType, b.DType)
	case !slices.Equal(a.Shape, b.Shape):
		return fmt.Sprintf("shape %s vs %s", ShapeString(a.Shape), ShapeString(b.Shape))
	case len(a.Data) != len(b.Data):
		return fmt.Sprintf("data length %d vs %d", len(a.Data), len(b.Data))
	}
	n := int(a.NumElements())
	for i := 0; i < n; i++ {
		x, y := a.Bits(i), b.Bits(i)
		if x == y {
			continue
		}
		if nanEq && a.DType.IsFloat() && math.IsNaN(a.Float64At(i)) && math.IsNaN(b.Float64At(i)) {
			continue
		}
		return fmt.Sprintf("element %d (at %v): %s vs %s", i, Unravel(int64(i), a.Shape), a.ElementString(i), b.ElementString(i))
	}
	return ""
}

// Unravel turns a row-major flat index into coordinates of shape.
func Unravel(flat int64, shape []int64) []int64 {
	p := make([]int64, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			p[d] = flat % shape[d]
			flat /= shape[d]
		}
	}
	return p
}
