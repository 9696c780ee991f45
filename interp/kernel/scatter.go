package kernel

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/tensor"
)

// Combine is how a scatter merges an update u into the element o already
// at its destination. The zero value is Replace, the attribute's default.
type Combine uint8

// The combiners. String gives each one's attribute spelling.
const (
	Replace Combine = iota // u
	Add                    // o + u (integers wrap, floats round to nearest even)
	Mul                    // o * u
	Min                    // the smaller; NaN propagates, -0 < +0; on i1: and
	Max                    // the larger; NaN propagates, -0 < +0; on i1: or
	And                    // o & u (integers and i1)
	Or                     // o | u (integers and i1)
)

// AllCombines lists every combiner in declaration order.
var AllCombines = []Combine{Replace, Add, Mul, Min, Max, And, Or}

var combineNames = [...]string{Replace: "replace", Add: "add", Mul: "mul", Min: "min", Max: "max", And: "and", Or: "or"}

// String returns the attribute spelling.
func (c Combine) String() string {
	if int(c) < len(combineNames) {
		return combineNames[c]
	}
	return fmt.Sprintf("Combine(%d)", uint8(c))
}

// ParseCombine parses a combine attribute value.
func ParseCombine(s string) (Combine, error) {
	for c, name := range combineNames {
		if name == s {
			return Combine(c), nil
		}
	}
	return 0, fmt.Errorf("unknown combine %q, want one of replace, add, mul, min, max, and, or", s)
}

// CombineAllowed reports whether c is defined on elements of dt: and/or
// need integers (i1 included), add/mul anything but i1.
func CombineAllowed(c Combine, dt tensor.DType) bool {
	switch c {
	case And, Or:
		return dt.IsInt()
	case Add, Mul:
		return dt != tensor.I1
	}
	return int(c) < len(combineNames)
}

// ScatterSpec holds the attributes shared by Scatter and ScatterND.
type ScatterSpec struct {
	Mode    Mode    // any of ScatterModes
	Combine Combine // how an update meets the destination element
	// UniqueIndices: no two applied updates may write the same output
	// element; a broken promise is an error.
	UniqueIndices bool
	// Func, when non-nil, replaces Combine: the raw bits of the new
	// element from those of the current one and the update (a combiner
	// region). Its error stops the scatter.
	Func func(o, u uint64) (uint64, error)
}

// UniqueError reports a broken unique_indices promise.
type UniqueError struct {
	First, Second []int64 // update positions (scatter) or tuple positions (scatter_nd)
	Dest          []int64 // the output coordinates both write
}

func (e *UniqueError) Error() string {
	return fmt.Sprintf("unique_indices promise broken: updates at %s and %s both write output element %s",
		tensor.ShapeString(e.First), tensor.ShapeString(e.Second), tensor.ShapeString(e.Dest))
}

// CombineFunc returns the function that merges the raw bits of an update
// into the raw bits of a destination element of dt (Bits / SetBits
// layout: the low Size()*8 bits are meaningful; results are truncated by
// SetBits). Float add and mul compute in the element type (f16 and bf16
// through float32, which rounds them exactly); a NaN result takes the
// destination's NaN, quieted, else the update's, quieted, else the one the
// hardware made. The Go backend emits the same rules.
func CombineFunc(dt tensor.DType, c Combine) (func(o, u uint64) uint64, error) {
	if !dt.Valid() {
		return nil, fmt.Errorf("invalid element type")
	}
	if !CombineAllowed(c, dt) {
		return nil, fmt.Errorf("combine %v is not defined on %v", c, dt)
	}
	if c == Replace {
		return func(_, u uint64) uint64 { return u }, nil
	}
	if dt.IsFloat() {
		return floatCombine(dt, c), nil
	}
	bits := uint(dt.Bits())
	if dt == tensor.Index {
		bits = 64
	}
	signed := !dt.IsUnsigned() && dt != tensor.I1
	sext := func(v uint64) int64 { return int64(v<<(64-bits)) >> (64 - bits) }
	zext := func(v uint64) uint64 {
		if bits == 64 {
			return v
		}
		return v & (1<<bits - 1)
	}
	switch c {
	case Add:
		return func(o, u uint64) uint64 { return o + u }, nil
	case Mul:
		return func(o, u uint64) uint64 { return o * u }, nil
	case And:
		return func(o, u uint64) uint64 { return o & u }, nil
	case Or:
		return func(o, u uint64) uint64 { return o | u }, nil
	case Min:
		if signed {
			return func(o, u uint64) uint64 {
				if sext(u) < sext(o) {
					return u
				}
				return o
			}, nil
		}
		return func(o, u uint64) uint64 {
			if zext(u) < zext(o) {
				return u
			}
			return o
		}, nil
	case Max:
		if signed {
			return func(o, u uint64) uint64 {
				if sext(u) > sext(o) {
					return u
				}
				return o
			}, nil
		}
		return func(o, u uint64) uint64 {
			if zext(u) > zext(o) {
				return u
			}
			return o
		}, nil
	}
	return nil, fmt.Errorf("invalid combine %d", c)
}

func floatCombine(dt tensor.DType, c Combine) func(o, u uint64) uint64 {
	if dt == tensor.F64 {
		return func(o, u uint64) uint64 {
			a, b := math.Float64frombits(o), math.Float64frombits(u)
			return math.Float64bits(CombineF64(c, a, b))
		}
	}
	var get func(uint64) float32
	var put func(float32) uint64
	switch dt {
	case tensor.F32:
		get = func(b uint64) float32 { return math.Float32frombits(uint32(b)) }
		put = func(f float32) uint64 { return uint64(math.Float32bits(f)) }
	case tensor.F16:
		get = func(b uint64) float32 { return tensor.F16ToFloat32(uint16(b)) }
		put = func(f float32) uint64 { return uint64(tensor.Float32ToF16(f)) }
	default: // BF16
		get = func(b uint64) float32 { return tensor.BF16ToFloat32(uint16(b)) }
		put = func(f float32) uint64 { return uint64(tensor.Float32ToBF16(f)) }
	}
	if c == Min || c == Max {
		// Compare without converting back, so a NaN keeps its exact bits.
		return func(o, u uint64) uint64 {
			a, b := get(o), get(u)
			if a != a {
				return o
			}
			if b != b {
				return u
			}
			if c == Min && (b < a || b == a && b == 0 && math.Signbit(float64(b))) ||
				c == Max && (b > a || b == a && b == 0 && !math.Signbit(float64(b))) {
				return u
			}
			return o
		}
	}
	return func(o, u uint64) uint64 {
		return put(CombineF32(c, get(o), get(u)))
	}
}

// CombineF32 is add or mul of float32 values with tcp's NaN rule: a NaN
// result is a's NaN quieted, else b's quieted, else the hardware's.
func CombineF32(c Combine, a, b float32) float32 {
	var r float32
	if c == Add {
		r = a + b
	} else {
		r = a * b
	}
	if r != r {
		if a != a {
			return math.Float32frombits(math.Float32bits(a) | 0x00400000)
		}
		if b != b {
			return math.Float32frombits(math.Float32bits(b) | 0x00400000)
		}
	}
	return r
}

// CombineF64 is CombineF32 for float64 (add and mul), and min and max
// with NaN propagation (a's NaN first) and -0 < +0.
func CombineF64(c Combine, a, b float64) float64 {
	switch c {
	case Min, Max:
		if a != a {
			return a
		}
		if b != b {
			return b
		}
		if c == Min && (b < a || b == a && b == 0 && math.Signbit(b)) ||
			c == Max && (b > a || b == a && b == 0 && !math.Signbit(b)) {
			return b
		}
		return a
	}
	var r float64
	if c == Add {
		r = a + b
	} else {
		r = a * b
	}
	if r != r {
		if a != a {
			return math.Float64frombits(math.Float64bits(a) | 0x0008000000000000)
		}
		if b != b {
			return math.Float64frombits(math.Float64bits(b) | 0x0008000000000000)
		}
	}
	return r
}

func checkScatterSpec(op string, dt tensor.DType, spec ScatterSpec) (func(o, u uint64) uint64, error) {
	switch spec.Mode {
	case PromiseInBounds, Error, WrapNegative, Clip, Wrap, Drop:
	default:
		return nil, fmt.Errorf("%s: mode %v is not a scatter mode", op, spec.Mode)
	}
	if spec.Func != nil {
		return nil, nil
	}
	f, err := CombineFunc(dt, spec.Combine)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return f, nil
}

// Scatter computes tcp.scatter: out = copy(input); then for every
// position p of indices in row-major order, with q = p except
// q[dim] = N(indices[p]) (N applies spec.Mode against input.Shape[dim]),
// out[q] = combine(out[q], updates[p]). Under Drop an out-of-range index
// skips its update. updates has the shape of indices and the element type
// of input; indices may be smaller than input in dims other than dim.
//
// Index values are checked in row-major order; the first one the mode
// rejects is returned as an *IndexError (also for PromiseInBounds), and
// no output. A broken UniqueIndices promise is a *UniqueError. Shape
// errors are plain errors.
func Scatter(input, indices, updates *tensor.Tensor, dim int, spec ScatterSpec) (*tensor.Tensor, error) {
	const op = "scatter"
	if err := checkInputs(op, []string{"input", "indices", "updates"}, input, indices, updates); err != nil {
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
	if updates.DType != input.DType {
		return nil, fmt.Errorf("%s: updates element type %v must equal the input's %v", op, updates.DType, input.DType)
	}
	if tensor.ShapeString(updates.Shape) != tensor.ShapeString(indices.Shape) {
		return nil, fmt.Errorf("%s: updates shape %s must equal the indices shape %s", op, tensor.ShapeString(updates.Shape), tensor.ShapeString(indices.Shape))
	}
	for d := 0; d < r; d++ {
		if d != dim && indices.Shape[d] > input.Shape[d] {
			return nil, fmt.Errorf("%s: indices dim %d has size %d, larger than input size %d (indices shape %s, input shape %s)",
				op, d, indices.Shape[d], input.Shape[d], tensor.ShapeString(indices.Shape), tensor.ShapeString(input.Shape))
		}
	}
	comb, err := checkScatterSpec(op, input.DType, spec)
	if err != nil {
		return nil, err
	}
	out := input.Clone()
	n := indices.NumElements()
	if n == 0 {
		return out, nil
	}
	var written []int64 // update position + 1 per output element, for UniqueIndices
	if spec.UniqueIndices {
		written = make([]int64, out.NumElements())
	}
	outStrides := out.Strides()
	s := input.Shape[dim]
	sd := outStrides[dim]
	inner := int64(1)
	if dim == r-1 {
		inner = 0
	}
	L := indices.Shape[r-1]
	coord := make([]int64, r-1)
	vals := make([]int64, L)
	for row := int64(0); row < n/L; row++ {
		readIndices(indices, int(row*L), vals)
		bad := resolveRow(spec.Mode, vals, s)
		good := vals
		if bad >= 0 {
			// The values before the bad one are resolved: apply them, so
			// that an earlier broken unique_indices promise comes first.
			good = vals[:bad]
		}
		base := int64(0)
		for d, c := range coord {
			if d != dim {
				base += c * outStrides[d]
			}
		}
		for j, pos := range good {
			if pos < 0 {
				continue // dropped
			}
			dst := base + pos*sd + int64(j)*inner
			src := row*L + int64(j)
			if written != nil {
				if w := written[dst]; w != 0 {
					return nil, &UniqueError{First: tensor.Unravel(w-1, indices.Shape), Second: tensor.Unravel(src, indices.Shape), Dest: tensor.Unravel(dst, out.Shape)}
				}
				written[dst] = src + 1
			}
			if spec.Func != nil {
				v, err := spec.Func(out.Bits(int(dst)), updates.Bits(int(src)))
				if err != nil {
					return nil, err
				}
				out.SetBits(int(dst), v)
				continue
			}
			out.SetBits(int(dst), comb(out.Bits(int(dst)), updates.Bits(int(src))))
		}
		if bad >= 0 {
			v := indices.Int64At(int(row*L) + bad)
			return nil, &IndexError{Value: v, Dim: dim, Size: s, Position: append(append([]int64{}, coord...), int64(bad)), Mode: spec.Mode, Scatter: true}
		}
		next(coord, indices.Shape)
	}
	return out, nil
}

// ScatterND computes tcp.scatter_nd, the inverse of GatherND. With
// r = rank(input), q = rank(indices), m = indices.Shape[q-1] and
// b = batchDims: out = copy(input); for each tuple position (B, I) of
// indices.Shape[:q-1] in row-major order, t = indices[B, I, :] (the mode
// applied per component against input.Shape[b+k]), and every trailing
// coordinate J: out[B, t..., J] = combine(out[B, t..., J], updates[B, I, J]).
// updates.Shape must be indices.Shape[:q-1] ++ input.Shape[b+m:]. Under
// Drop a tuple with any component out of range skips its slice.
//
// Tuples are checked in row-major order, components in order. When
// updates is empty, modes Error, WrapNegative and PromiseInBounds still
// check every tuple; Clip and Wrap fail on a zero-size dim only when a
// slice must be written.
func ScatterND(input, indices, updates *tensor.Tensor, batchDims int, spec ScatterSpec) (*tensor.Tensor, error) {
	const op = "scatter_nd"
	if err := checkInputs(op, []string{"input", "indices", "updates"}, input, indices, updates); err != nil {
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
	if updates.DType != input.DType {
		return nil, fmt.Errorf("%s: updates element type %v must equal the input's %v", op, updates.DType, input.DType)
	}
	updShape := append(append([]int64{}, indices.Shape[:q-1]...), input.Shape[b+m:]...)
	if tensor.ShapeString(updates.Shape) != tensor.ShapeString(updShape) {
		return nil, fmt.Errorf("%s: updates shape %s must be indices.shape[:-1] ++ input.shape[batch_dims+m:] = %s", op, tensor.ShapeString(updates.Shape), tensor.ShapeString(updShape))
	}
	comb, err := checkScatterSpec(op, input.DType, spec)
	if err != nil {
		return nil, err
	}
	out := input.Clone()
	tupleShape := indices.Shape[:q-1]
	outStrides := out.Strides()
	tuple := make([]int64, m)
	check := func(t int64) (drop bool, off int64, err error) {
		readIndices(indices, int(t)*m, tuple)
		for k, v := range tuple {
			s := input.Shape[b+k]
			pos, ok := resolve(spec.Mode, v, s)
			if !ok {
				return false, 0, &IndexError{Value: v, Dim: b + k, Size: s, Position: append(tensor.Unravel(t, tupleShape), int64(k)), Mode: spec.Mode, Scatter: true}
			}
			if pos < 0 {
				drop = true
			}
			off += pos * outStrides[b+k]
		}
		return drop, off, nil
	}
	if updates.NumElements() == 0 {
		if m > 0 && spec.Mode != Clip && spec.Mode != Wrap && spec.Mode != Drop {
			for t := int64(0); t < indices.NumElements()/m64; t++ {
				if _, _, err := check(t); err != nil {
					return nil, err
				}
			}
		}
		return out, nil
	}
	T := prod(tupleShape)
	S := prod(input.Shape[b+m:])
	G := prod(indices.Shape[b : q-1]) // tuples per batch
	batchStride := prod(input.Shape[b:])
	var written []int64
	if spec.UniqueIndices {
		written = make([]int64, out.NumElements())
	}
	for t := int64(0); t < T; t++ {
		drop, off, err := check(t)
		if err != nil {
			return nil, err
		}
		if drop {
			continue
		}
		off += t / G * batchStride
		if written != nil {
			// Slices of one tuple are whole, so checking the first element
			// of each slice finds every overlap.
			if w := written[off]; w != 0 {
				return nil, &UniqueError{First: tensor.Unravel(w-1, tupleShape), Second: tensor.Unravel(t, tupleShape), Dest: tensor.Unravel(off, out.Shape)}
			}
			written[off] = t + 1
		}
		for i := int64(0); i < S; i++ {
			if spec.Func != nil {
				v, err := spec.Func(out.Bits(int(off+i)), updates.Bits(int(t*S+i)))
				if err != nil {
					return nil, err
				}
				out.SetBits(int(off+i), v)
				continue
			}
			out.SetBits(int(off+i), comb(out.Bits(int(off+i)), updates.Bits(int(t*S+i))))
		}
	}
	return out, nil
}
