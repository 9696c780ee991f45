package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for the float arith of data (emit_floatmath.go),
// appended to patterns so that they run in every mode and index type:
// addf, subf, mulf, divf, negf, maxf and minf of f32, f64, f16 and bf16
// data on values that round in every way (NaN, infinities, signed zeros,
// subnormals, overflow), on gathered operands (whose fill the mode may
// supply), chained, through a float conversion, and feeding a gather and
// a scatter as data (jax.grad's scaled cotangents).
func init() {
	patterns = append(patterns,
		pattern{name: "floatmath", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%i: tensor<?x3x%[2]s>, %%y: tensor<?x3xf32>, %%d: tensor<?x3xf64>, %%e: tensor<?x3xf64>, %%h: tensor<?x3xf16>, %%k: tensor<?x3xf16>, %%b: tensor<?x3xbf16>, %%c: tensor<?x3xbf16>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf16>, tensor<?x3xf16>, tensor<?x3xbf16>, tensor<?x3xbf16>, tensor<?x3xf64>) {
  %%g = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%0 = arith.addf %%g, %%y : tensor<?x3xf32>
  %%1 = arith.subf %%y, %%g : tensor<?x3xf32>
  %%2 = arith.mulf %%g, %%y : tensor<?x3xf32>
  %%3 = arith.divf %%y, %%g : tensor<?x3xf32>
  %%4 = arith.maxf %%g, %%y : tensor<?x3xf32>
  %%5 = arith.minf %%y, %%g : tensor<?x3xf32>
  %%n = arith.negf %%2 : tensor<?x3xf32>
  %%6 = arith.addf %%n, %%3 : tensor<?x3xf32>
  %%7 = arith.mulf %%d, %%e : tensor<?x3xf64>
  %%8 = arith.maxf %%e, %%d : tensor<?x3xf64>
  %%9 = arith.divf %%d, %%e : tensor<?x3xf64>
  %%10 = arith.mulf %%h, %%k : tensor<?x3xf16>
  %%11 = arith.minf %%k, %%h : tensor<?x3xf16>
  %%12 = arith.addf %%b, %%c : tensor<?x3xbf16>
  %%13 = arith.negf %%c : tensor<?x3xbf16>
  %%w = arith.extf %%11 : tensor<?x3xf16> to tensor<?x3xf64>
  %%14 = arith.subf %%w, %%d : tensor<?x3xf64>
  return %%0, %%1, %%2, %%3, %%4, %%5, %%6, %%7, %%8, %%9, %%10, %%11, %%12, %%13, %%14 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf16>, tensor<?x3xf16>, tensor<?x3xbf16>, tensor<?x3xbf16>, tensor<?x3xf64>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n := dim(r, 5), dim(r, 5)
			return []*tensor.Tensor{randFloats(r, tensor.F32, a, 3), randIdx(r, oob, it, a, n, 3), randFloats(r, tensor.F32, n, 3),
				randFloats(r, tensor.F64, n, 3), randFloats(r, tensor.F64, n, 3), randFloats(r, tensor.F16, n, 3), randFloats(r, tensor.F16, n, 3),
				randFloats(r, tensor.BF16, n, 3), randFloats(r, tensor.BF16, n, 3)}
		}},
		// A computed value gathered as data (a gather above float math).
		pattern{name: "floatmath", mlir: `func.func @%[3]s(%%x: tensor<6x2xf32>, %%y: tensor<6x2xf32>, %%i: tensor<?x2x%[2]s>) -> tensor<?x2xf32> {
  %%m = arith.mulf %%x, %%y : tensor<6x2xf32>
  %%0 = tcp.gather %%m, %%i {dim = 0 : index%[1]s} : tensor<6x2xf32>, tensor<?x2x%[2]s> -> tensor<?x2xf32>
  return %%0 : tensor<?x2xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{randFloats(r, tensor.F32, 6, 2), randFloats(r, tensor.F32, 6, 2), randIdx(r, oob, it, 6, dim(r, 5), 2)}
		}},
		// jax.grad of maximum/minimum: cmpf of gathered data selects
		// constant splats (every predicate, on NaNs and signed zeros).
		pattern{name: "floatmath", mlir: `func.func @%[3]s(%%x: tensor<?x2xf32>, %%i: tensor<?x2x%[2]s>, %%y: tensor<?x2xf32>, %%h: tensor<?x2xf16>, %%k: tensor<?x2xf16>) -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>) {
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%y, %%c0 : tensor<?x2xf32>
  %%one = arith.constant dense<1.0> : tensor<1x2xf32>
  %%two = arith.constant dense<2.0> : tensor<1x2xf32>
  %%1 = tcp.broadcast_to %%one, %%n {axes = [0]} : tensor<1x2xf32>, index -> tensor<?x2xf32>
  %%2 = tcp.broadcast_to %%two, %%n {axes = [0]} : tensor<1x2xf32>, index -> tensor<?x2xf32>
  %%g = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x2xf32>, tensor<?x2x%[2]s> -> tensor<?x2xf32>
  %%m = arith.maxf %%g, %%y : tensor<?x2xf32>
  %%e = arith.cmpf oeq, %%g, %%m : tensor<?x2xf32>
  %%s0 = arith.select %%e, %%1, %%y : tensor<?x2xi1>, tensor<?x2xf32>
  %%p1 = arith.cmpf ult, %%g, %%y : tensor<?x2xf32>
  %%s1 = arith.select %%p1, %%g, %%2 : tensor<?x2xi1>, tensor<?x2xf32>
  %%p2 = arith.cmpf une, %%y, %%g : tensor<?x2xf32>
  %%s2 = arith.select %%p2, %%1, %%2 : tensor<?x2xi1>, tensor<?x2xf32>
  %%p3 = arith.cmpf oge, %%g, %%y : tensor<?x2xf32>
  %%s3 = arith.select %%p3, %%1, %%2 : tensor<?x2xi1>, tensor<?x2xf32>
  %%p4 = arith.cmpf uno, %%g, %%y : tensor<?x2xf32>
  %%s4 = arith.select %%p4, %%1, %%2 : tensor<?x2xi1>, tensor<?x2xf32>
  %%p5 = arith.cmpf one, %%h, %%k : tensor<?x2xf16>
  %%s5 = arith.select %%p5, %%1, %%2 : tensor<?x2xi1>, tensor<?x2xf32>
  %%p6 = arith.cmpf ule, %%h, %%k : tensor<?x2xf16>
  %%s6 = arith.select %%p6, %%1, %%2 : tensor<?x2xi1>, tensor<?x2xf32>
  %%p7 = arith.cmpf ord, %%g, %%y : tensor<?x2xf32>
  %%s7 = arith.select %%p7, %%1, %%2 : tensor<?x2xi1>, tensor<?x2xf32>
  %%d = arith.divf %%s0, %%s1 : tensor<?x2xf32>
  return %%d, %%s1, %%s2, %%s3, %%s4, %%s5, %%s6, %%s7 : tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n := dim(r, 5), dim(r, 5)
			return []*tensor.Tensor{randFloats(r, tensor.F32, a, 2), randIdx(r, oob, it, a, n, 2), randFloats(r, tensor.F32, n, 2), randFloats(r, tensor.F16, n, 2), randFloats(r, tensor.F16, n, 2)}
		}},
	)
}
