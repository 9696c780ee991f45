package kernel

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/tensor"
)

// Mode says what an index value outside [0, s) means for a dimension of
// size s (docs/semantics.md §2). The zero value is PromiseInBounds, the
// attribute's default.
type Mode uint8

// The index modes. String gives each one's attribute spelling.
const (
	// PromiseInBounds: 0 <= v < s is promised. The reference kernels check
	// the promise and report a broken one as an *IndexError whose message
	// ends in "(mode promise_in_bounds)".
	PromiseInBounds Mode = iota
	// Error: 0 <= v < s, otherwise a runtime error (negatives too).
	Error
	// WrapNegative: -s <= v < 0 reads v+s; anything outside [-s, s) is an
	// error (ONNX, NumPy take mode='raise').
	WrapNegative
	// Clip: clamp(v, 0, s-1); negatives become 0. Never an error, except
	// reading from a zero-size dimension.
	Clip
	// Wrap: floor modulo, ((v mod s) + s) mod s. Never an error, except
	// reading from a zero-size dimension.
	Wrap
	// Fill: an out-of-range index (negatives included) makes the output
	// element (gather) or whole slice (gather_nd) take the fill value.
	Fill
	// Drop (scatters only): an update whose index is out of range
	// (negatives included) is skipped. Gathers reject it.
	Drop
)

// AllModes lists every gather mode in declaration order.
var AllModes = []Mode{PromiseInBounds, Error, WrapNegative, Clip, Wrap, Fill}

// ScatterModes lists every scatter mode: the gather modes without Fill,
// plus Drop.
var ScatterModes = []Mode{PromiseInBounds, Error, WrapNegative, Clip, Wrap, Drop}

var modeNames = [...]string{
	PromiseInBounds: "promise_in_bounds",
	Error:           "error",
	WrapNegative:    "wrap_negative",
	Clip:            "clip",
	Wrap:            "wrap",
	Fill:            "fill",
	Drop:            "drop",
}

// String returns the attribute spelling: "promise_in_bounds", "error",
// "wrap_negative", "clip", "wrap", "fill" or "drop".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ParseMode parses a mode attribute value.
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if name == s {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("unknown index mode %q, want one of promise_in_bounds, error, wrap_negative, clip, wrap, fill, drop", s)
}

// DefaultFillValue returns the 0-d fill value used when mode is Fill and no
// fill_value is given (jax's defaults): NaN for floats (f32 bits
// 0x7FC00000), the most negative value for signless integers and index,
// the largest value for unsigned integers, and true for i1.
func DefaultFillValue(dt tensor.DType) *tensor.Tensor {
	t, err := tensor.New(dt, nil)
	if err != nil {
		panic(err) // invalid dtype: programmer error
	}
	switch {
	case dt.IsFloat():
		t.SetFloat64(0, math.Float64frombits(0x7FF8000000000000)) // the canonical quiet NaN
	case dt == tensor.I1:
		t.SetInt64(0, 1)
	case dt.IsUnsigned():
		t.SetBits(0, math.MaxUint64)
	default: // signless integers and index: the most negative value
		t.SetInt64(0, math.MinInt64>>(64-dt.Bits()))
	}
	return t
}

// fillBytes returns the bytes of one fill element for mode, or nil when
// the mode never fills. fill must be nil or a one-element tensor of dt.
func fillBytes(dt tensor.DType, mode Mode, fill *tensor.Tensor) ([]byte, error) {
	if int(mode) >= len(modeNames) {
		return nil, fmt.Errorf("invalid index mode %d", mode)
	}
	if mode == Drop {
		return nil, fmt.Errorf("mode drop is only defined for scatters")
	}
	if fill != nil && mode != Fill {
		return nil, fmt.Errorf("fill_value is only allowed with mode fill, got mode %v", mode)
	}
	if mode != Fill {
		return nil, nil
	}
	if fill == nil {
		return DefaultFillValue(dt).Data, nil
	}
	if err := fill.Validate(); err != nil {
		return nil, fmt.Errorf("fill_value: %w", err)
	}
	if fill.DType != dt {
		return nil, fmt.Errorf("fill_value has type %v, want the element type %v", fill.DType, dt)
	}
	if fill.NumElements() != 1 {
		return nil, fmt.Errorf("fill_value must have one element, got shape %s", tensor.ShapeString(fill.Shape))
	}
	return fill.Data, nil
}

// resolveRow applies mode to index values vals for a dimension of size s,
// in place: each becomes the position to read (or write), or -1 to fill
// (or, under Drop, to skip). It returns
// the position in vals of the first value that is an error, or -1.
func resolveRow(mode Mode, vals []int64, s int64) int {
	switch mode {
	case PromiseInBounds, Error:
		for j, v := range vals {
			if uint64(v) >= uint64(s) {
				return j
			}
		}
	case WrapNegative:
		for j, v := range vals {
			if v < 0 {
				v += s
			}
			if uint64(v) >= uint64(s) {
				return j
			}
			vals[j] = v
		}
	case Clip:
		if s == 0 && len(vals) > 0 {
			return 0
		}
		for j, v := range vals {
			if v < 0 {
				vals[j] = 0
			} else if v >= s {
				vals[j] = s - 1
			}
		}
	case Wrap:
		if s == 0 && len(vals) > 0 {
			return 0
		}
		for j, v := range vals {
			v %= s
			if v < 0 {
				v += s
			}
			vals[j] = v
		}
	case Fill, Drop:
		for j, v := range vals {
			if uint64(v) >= uint64(s) {
				vals[j] = -1
			}
		}
	}
	return -1
}

// resolve is resolveRow for one value; ok is false for an error.
func resolve(mode Mode, v, s int64) (pos int64, ok bool) {
	one := [1]int64{v}
	if resolveRow(mode, one[:], s) >= 0 {
		return 0, false
	}
	return one[0], true
}
