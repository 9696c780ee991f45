package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// A differential pattern for emit_arith.go's select of two data tensors.
// In a file of its own that sorts last, so that appending it does not
// renumber the other patterns (instantiate gives every other pattern
// index a fill_value).
func init() {
	patterns = append(patterns,
		// jnp.where(m, x[i], x[j]): a select of two gathered data
		// tensors (the false side read element by element under the
		// condition), and of a gather and a broadcast row (x[0]).
		pattern{name: "arith", mlir: `func.func @%[3]s(%%x: tensor<5x3xf32>, %%i: tensor<?x3x%[2]s>, %%j: tensor<?x3x%[2]s>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c3 = arith.constant 3 : index
  %%n = tensor.dim %%i, %%c0 : tensor<?x3x%[2]s>
  %%m = arith.cmpi slt, %%i, %%j : tensor<?x3x%[2]s>
  %%a = tcp.gather %%x, %%i {dim = 0 : index, mode = "clip"} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%b = tcp.gather %%x, %%j {dim = 0 : index, mode = "clip"} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%0 = arith.select %%m, %%a, %%b : tensor<?x3xi1>, tensor<?x3xf32>
  %%row = tcp.slice %%x starts(%%c0, %%c0) sizes(%%c1, %%c3) strides(%%c1, %%c1) : tensor<5x3xf32> -> tensor<1x3xf32>
  %%rb = tcp.broadcast_to %%row, %%n {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
  %%1 = arith.select %%m, %%rb, %%a : tensor<?x3xi1>, tensor<?x3xf32>
  return %%0, %%1 : tensor<?x3xf32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 5)
			return []*tensor.Tensor{randF32(r, 5, 3), randWide(r, oob, it, 5, n, 3), randWide(r, oob, it, 5, n, 3)}
		}},
	)
}
