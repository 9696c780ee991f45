package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/tensor"
)

// The combiners of the frontends' scatters (stablehlo.scatter's one-op
// regions, ONNX reduction, TF's tensor_scatter_*, torch's reduce): out[i]
// = combine(out[i], upd[j]) on one element, in the element type. Integers
// wrap at their width (ui types compare unsigned); floats are computed in
// float64 and rounded once, which for +, * of f32, f16 and bf16 is the
// native result; min and max of floats propagate NaN (jax, torch, ONNX
// Runtime's and TensorFlow's CPU kernels all do).
func combineElem(kind string, out *tensor.Tensor, i int, upd *tensor.Tensor, j int) error {
	dt := out.DType
	if kind == "replace" {
		out.SetBits(i, upd.Bits(j))
		return nil
	}
	if dt.IsFloat() {
		a, b := out.Float64At(i), upd.Float64At(j)
		var r float64
		switch kind {
		case "add":
			r = a + b
		case "sub":
			r = a - b
		case "mul":
			r = a * b
		case "max":
			if math.IsNaN(a) {
				return nil
			}
			if math.IsNaN(b) {
				out.SetBits(i, upd.Bits(j))
				return nil
			}
			if b > a || (b == a && a == 0 && !math.Signbit(b) && math.Signbit(a)) {
				out.SetBits(i, upd.Bits(j))
			}
			return nil
		case "min":
			if math.IsNaN(a) {
				return nil
			}
			if math.IsNaN(b) {
				out.SetBits(i, upd.Bits(j))
				return nil
			}
			if b < a || (b == a && a == 0 && math.Signbit(b) && !math.Signbit(a)) {
				out.SetBits(i, upd.Bits(j))
			}
			return nil
		default:
			return fmt.Errorf("combine %q is not defined for element type %s", kind, dt)
		}
		out.SetFloat64(i, r)
		return nil
	}
	sa, ua := intOf(out, i)
	sb, ub := intOf(upd, j)
	var r int64
	switch kind {
	case "add":
		r = sa + sb
	case "sub":
		r = sa - sb
	case "mul":
		r = sa * sb
	case "and":
		r = sa & sb
	case "or":
		r = sa | sb
	case "max":
		if dt.IsUnsigned() || dt == tensor.I1 {
			r = int64(max(ua, ub))
		} else {
			r = max(sa, sb)
		}
	case "min":
		if dt.IsUnsigned() || dt == tensor.I1 {
			r = int64(min(ua, ub))
		} else {
			r = min(sa, sb)
		}
	default:
		return fmt.Errorf("combine %q is not defined for element type %s", kind, dt)
	}
	setInt(out, i, r)
	return nil
}

// combineIdentity is the value an output element starts from when a
// combine must ignore its original value (torch's include_self=False, TF's
// segment ops): 0 for add, 1 for mul, the type's lowest (highest) value for
// max (min), with -inf (+inf) for floats.
func combineIdentity(kind string, dt tensor.DType, t *tensor.Tensor, i int) {
	switch kind {
	case "add", "sub", "replace", "or":
		t.SetBits(i, 0)
	case "mul":
		t.SetInt64(i, 1)
	case "and":
		t.SetInt64(i, -1)
	case "max", "min":
		hi := kind == "min"
		switch {
		case dt.IsFloat():
			t.SetFloat64(i, map[bool]float64{true: math.Inf(1), false: math.Inf(-1)}[hi])
		case dt == tensor.I1:
			t.SetInt64(i, map[bool]int64{true: 1, false: 0}[hi])
		case dt.IsUnsigned():
			if hi {
				t.SetBits(i, math.MaxUint64>>(64-dt.Bits()))
			} else {
				t.SetBits(i, 0)
			}
		default:
			w := dt.Bits()
			if hi {
				t.SetBits(i, uint64(1)<<(w-1)-1)
			} else {
				t.SetBits(i, uint64(1)<<(w-1))
			}
		}
	}
}
