package golang

import (
	"math"
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for the float conversions of data
// (emit_floats.go), appended to patterns so that they run in every mode
// and index type: a conversion above a gather (jax's x[i].astype(f16)),
// below one (the fill then has the result type), chained, and between
// every pair of f16, bf16, f32 and f64 on values that round in every way
// (ties, overflow, subnormals, NaN, infinities, signed zeros).

// randFloats fills a tensor of dt with values that exercise rounding.
func randFloats(r *rand.Rand, dt tensor.DType, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0, 65504, 65520, 65519.99, 1e6, -1e6,
		1 + 1.0/2048, 1 + 3.0/2048, 1 + 1.0/256, 1 + 3.0/256, 5.960464477539063e-08, 2.98e-08, 2.9802322387695312e-08, 1e-40, 3.4e38, 1e300, -2.5}
	for i := 0; i < int(t.NumElements()); i++ {
		var v float64
		switch r.Intn(3) {
		case 0:
			v = special[r.Intn(len(special))]
		case 1:
			v = math.Ldexp(r.Float64()*2-1, r.Intn(80)-40)
		default:
			v = float64(r.Intn(2001)-1000) / 7
		}
		t.SetFloat64(i, v)
	}
	return t
}

func init() {
	patterns = append(patterns,
		pattern{name: "floats", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%i: tensor<?x3x%[2]s>, %%d: tensor<?x3xf64>, %%h: tensor<?x3xf16>, %%b: tensor<?x3xbf16>) -> (tensor<?x3xf16>, tensor<?x3xbf16>, tensor<?x3xf32>, tensor<?x3xf16>, tensor<?x3xbf16>, tensor<?x3xf64>, tensor<?x3xf32>, tensor<?x3xf16>) {
  %%g = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%0 = arith.truncf %%g : tensor<?x3xf32> to tensor<?x3xf16>
  %%1 = arith.truncf %%g : tensor<?x3xf32> to tensor<?x3xbf16>
  %%w = arith.extf %%0 : tensor<?x3xf16> to tensor<?x3xf64>
  %%2 = arith.truncf %%w : tensor<?x3xf64> to tensor<?x3xf32>
  %%3 = arith.truncf %%d : tensor<?x3xf64> to tensor<?x3xf16>
  %%4 = arith.truncf %%d : tensor<?x3xf64> to tensor<?x3xbf16>
  %%hb = arith.extf %%h : tensor<?x3xf16> to tensor<?x3xf64>
  %%bb = arith.extf %%b : tensor<?x3xbf16> to tensor<?x3xf32>
  %%5 = arith.extf %%bb : tensor<?x3xf32> to tensor<?x3xf64>
  %%t = arith.truncf %%hb : tensor<?x3xf64> to tensor<?x3xf32>
  %%c = arith.truncf %%x : tensor<?x3xf32> to tensor<?x3xf16>
  %%7 = tcp.gather %%c, %%i {dim = 0 : index%[6]s} : tensor<?x3xf16>, tensor<?x3x%[2]s> -> tensor<?x3xf16>
  return %%0, %%1, %%t, %%3, %%4, %%5, %%2, %%7 : tensor<?x3xf16>, tensor<?x3xbf16>, tensor<?x3xf32>, tensor<?x3xf16>, tensor<?x3xbf16>, tensor<?x3xf64>, tensor<?x3xf32>, tensor<?x3xf16>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n := dim(r, 5), dim(r, 5)
			return []*tensor.Tensor{randFloats(r, tensor.F32, a, 3), randIdx(r, oob, it, a, n, 3), randFloats(r, tensor.F64, n, 3), randFloats(r, tensor.F16, n, 3), randFloats(r, tensor.BF16, n, 3)}
		}},
	)
}
