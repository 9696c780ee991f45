package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for tensor.concat (emit_concat.go), appended to
// patterns: the StableHLO window decomposition (slices of one source,
// concatenated along a unit dim, then gathered) and a concat of two
// arguments of dynamic sizes, read through a gather and returned; concats
// whose operands load (a gather) or convert (a cast index column next to
// a constant one, jax's permuted scatter_dims_to_operand_dims), read at
// data-dependent coordinates, which the kernel computes into a buffer.
func init() {
	patterns = append(patterns,
		pattern{name: "concat", mlir: `func.func @%[3]s(%%x: tensor<?xf32>, %%i: tensor<?x1x%[2]s>) -> tensor<?x3x%[4]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%d = tensor.dim %%x, %%c0 : tensor<?xf32>
  %%n = arith.subi %%d, %%c2 : index
  %%s0 = tcp.slice %%x starts(%%c0) sizes(%%n) strides(%%c1) : tensor<?xf32> -> tensor<?xf32>
  %%e0 = tensor.expand_shape %%s0 [[0, 1]] : tensor<?xf32> into tensor<?x1xf32>
  %%s1 = tcp.slice %%x starts(%%c1) sizes(%%n) strides(%%c1) : tensor<?xf32> -> tensor<?xf32>
  %%e1 = tensor.expand_shape %%s1 [[0, 1]] : tensor<?xf32> into tensor<?x1xf32>
  %%s2 = tcp.slice %%x starts(%%c2) sizes(%%n) strides(%%c1) : tensor<?xf32> -> tensor<?xf32>
  %%e2 = tensor.expand_shape %%s2 [[0, 1]] : tensor<?xf32> into tensor<?x1xf32>
  %%w = tensor.concat dim(1) %%e0, %%e1, %%e2 : (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
  %%0 = tcp.gather_nd %%w, %%i {%[5]s} : tensor<?x3xf32>, tensor<?x1x%[2]s> -> tensor<?x3xf32>
  return %%0 : tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := 2 + dim(r, 6)
			return []*tensor.Tensor{randF32(r, n), randIdx(r, oob, it, n-2, dim(r, 5), 1)}
		}},
		pattern{name: "concat", mlir: `func.func @%[3]s(%%a: tensor<?x3xf32>, %%b: tensor<?x?xf32>, %%i: tensor<?x3x%[2]s>) -> (tensor<?x3x%[4]s>, tensor<?x3xf32>) {
  %%w = tensor.concat dim(0) %%a, %%b : (tensor<?x3xf32>, tensor<?x?xf32>) -> tensor<?x3xf32>
  %%0 = tcp.gather %%w, %%i {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0, %%w : tensor<?x3xf32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			m, n := dim(r, 4), dim(r, 4)
			cols := int64(3)
			if r.Intn(8) == 0 {
				cols = 2 // operands disagree: both fail
			}
			return []*tensor.Tensor{randF32(r, m, 3), randF32(r, n, cols), randIdx(r, oob, it, m+n, dim(r, 5), 3)}
		}},
		pattern{name: "concat", mlir: `func.func @%[3]s(%%a: tensor<2x3xf32>, %%b: tensor<?x3xf32>, %%j: tensor<2x3x%[2]s>, %%i: tensor<?x3x%[2]s>) -> tensor<?x3xf32> {
  %%g = tcp.gather %%b, %%j {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<2x3x%[2]s> -> tensor<2x3xf32>
  %%w = tensor.concat dim(0) %%a, %%g : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %%0 = tcp.gather %%w, %%i {dim = 0 : index%[1]s} : tensor<4x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0 : tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			m := dim(r, 4)
			return []*tensor.Tensor{randF32(r, 2, 3), randF32(r, m, 3), randIdx(r, oob, it, m, 2, 3), randIdx(r, oob, it, 4, dim(r, 5), 3)}
		}},
		pattern{name: "concat", mlir: `func.func @%[3]s(%%x: tensor<5x4xf32>, %%k: tensor<3x1xi32>, %%p: tensor<3x2x%[2]s>) -> tensor<3xf32> {
  %%e = arith.extsi %%k : tensor<3x1xi32> to tensor<3x1xi64>
  %%z = arith.constant dense<1> : tensor<3x1xi64>
  %%t = tensor.concat dim(1) %%z, %%e : (tensor<3x1xi64>, tensor<3x1xi64>) -> tensor<3x2xi64>
  %%q = tcp.gather %%t, %%p {dim = 1 : index%[1]s} : tensor<3x2xi64>, tensor<3x2x%[2]s> -> tensor<3x2xi64>
  %%0 = tcp.gather_nd %%x, %%q {mode = "clip"} : tensor<5x4xf32>, tensor<3x2xi64> -> tensor<3xf32>
  return %%0 : tensor<3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{randF32(r, 5, 4), randIdx(r, oob, tensor.I32, 5, 3, 1), randIdx(r, oob, it, 2, 3, 2)}
		}},
	)
}
