package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential pattern for takes along a middle axis whose outer loop is
// short or dynamic (nest.go's flatSplit: the workers split the outer
// loop and the id loop together, so a chunk may start and end inside an
// outer row): a dynamic outer dim (0 to 5 rows), a static one of 3 with
// f16 rows, and a rank-4 input whose two outer dims are static (2 and
// 3), in every mode and index type, with every worker count the
// differential test uses.

func init() {
	patterns = append(patterns,
		pattern{name: "flat_split", mlir: `func.func @%[3]s(%%x: tensor<?x?x8xf32>, %%y: tensor<3x?x5xf16>, %%z: tensor<2x?x3x4xf32>, %%i: tensor<?x%[2]s>) -> (tensor<?x?x8xf32>, tensor<3x?x5xf16>, tensor<2x?x3x4xf32>) {
  %%c0 = arith.constant 0 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%c4 = arith.constant 4 : index
  %%c5 = arith.constant 5 : index
  %%c8 = arith.constant 8 : index
  %%n = tensor.dim %%x, %%c0 : tensor<?x?x8xf32>
  %%e = tensor.expand_shape %%i [[0, 1, 2]] : tensor<?x%[2]s> into tensor<1x?x1x%[2]s>
  %%bx = tcp.broadcast_to %%e, %%n, %%c8 {axes = [0, 2]} : tensor<1x?x1x%[2]s>, index, index -> tensor<?x?x8x%[2]s>
  %%r0 = tcp.gather %%x, %%bx {dim = 1 : index%[6]s} : tensor<?x?x8xf32>, tensor<?x?x8x%[2]s> -> tensor<?x?x8xf32>
  %%by = tcp.broadcast_to %%e, %%c3, %%c5 {axes = [0, 2]} : tensor<1x?x1x%[2]s>, index, index -> tensor<3x?x5x%[2]s>
  %%r1 = tcp.gather %%y, %%by {dim = 1 : index%[6]s} : tensor<3x?x5xf16>, tensor<3x?x5x%[2]s> -> tensor<3x?x5xf16>
  %%e4 = tensor.expand_shape %%i [[0, 1, 2, 3]] : tensor<?x%[2]s> into tensor<1x?x1x1x%[2]s>
  %%bz = tcp.broadcast_to %%e4, %%c2, %%c3, %%c4 {axes = [0, 2, 3]} : tensor<1x?x1x1x%[2]s>, index, index, index -> tensor<2x?x3x4x%[2]s>
  %%r2 = tcp.gather %%z, %%bz {dim = 1 : index%[6]s} : tensor<2x?x3x4xf32>, tensor<2x?x3x4x%[2]s> -> tensor<2x?x3x4xf32>
  return %%r0, %%r1, %%r2 : tensor<?x?x8xf32>, tensor<3x?x5xf16>, tensor<2x?x3x4xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			s := dim(r, 9)
			return []*tensor.Tensor{randOf(r, tensor.F32, dim(r, 5), s, 8), randOf(r, tensor.F16, 3, s, 5), randOf(r, tensor.F32, 2, s, 3, 4), randIdx(r, oob, it, s, dim(r, 30))}
		}},
	)
}
