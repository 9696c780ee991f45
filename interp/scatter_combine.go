package interp

import (
	"math"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// The combiners of the frontends' scatters (stablehlo.scatter's one-op
// regions, ONNX reduction, TF's tensor_scatter_*, torch's reduce): out[i]
// = combine(out[i], upd[j]) on one element by tcp's combine rules
// (kernel.CombineFunc: integers wrap, floats round in the element type,
// min and max propagate NaN, as jax, torch and TensorFlow's CPU kernels
// do), plus "sub" (TensorFlow's tensor_scatter_sub), which is add of the
// negated update: exact for floats (a - b == a + (-b) in IEEE 754) and for
// wrapping integers.
func combineElem(kind string, out *tensor.Tensor, i int, upd *tensor.Tensor, j int) error {
	f, err := combineFunc(kind, out.DType)
	if err != nil {
		return err
	}
	out.SetBits(i, f(out.Bits(i), upd.Bits(j)))
	return nil
}

// combineFunc returns the bit-level combine of kind on dt.
func combineFunc(kind string, dt tensor.DType) (func(o, u uint64) uint64, error) {
	neg := kind == "sub"
	if neg {
		kind = "add"
	}
	c, err := kernel.ParseCombine(kind)
	if err != nil {
		return nil, err
	}
	f, err := kernel.CombineFunc(dt, c)
	if err != nil || !neg {
		return f, err
	}
	if dt.IsFloat() {
		sign := uint64(1) << (dt.Bits() - 1)
		return func(o, u uint64) uint64 { return f(o, u^sign) }, nil
	}
	return func(o, u uint64) uint64 { return f(o, -u) }, nil
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
