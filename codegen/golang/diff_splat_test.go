package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential pattern for the fills of a broadcast value (nest.go's
// splatLevel, helper tcpSplat): zero constants (a memclr), -0.0 (not
// all-zero bytes: copies), a nonzero f16 splat longer than tcpSplat's
// 4 KiB doubling block, i1, bf16 and index-typed splats, a 1-D result,
// broadcasts of argument values (one value per row, so one fill per row
// or per inner block of rows), a narrow result filled whole; a gather_nd from a broadcast table checks the
// indices in every mode.

func init() {
	patterns = append(patterns,
		pattern{name: "splat_fills", mlir: `func.func @%[3]s(%%x: tensor<?x1xf32>, %%h: tensor<?x1x1xf16>, %%i: tensor<?x%[2]s>) -> (tensor<?x300xf32>, tensor<?x70xf32>, tensor<?x2500xf16>, tensor<?x37xf32>, tensor<?x5x9xf16>, tensor<?x100xi1>, tensor<?x40xbf16>, tensor<?x20x%[2]s>, tensor<?xf32>, tensor<?x3xf32>, tensor<?x300xf32>) {
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%i, %%c0 : tensor<?x%[2]s>
  %%z = tcp.const {value = dense<0.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %%c300 = arith.constant 300 : index
  %%r0 = tcp.broadcast_to %%z, %%n, %%c300 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x300xf32>
  %%nz = tcp.const {value = dense<-0.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %%c7 = arith.constant 70 : index
  %%r1 = tcp.broadcast_to %%nz, %%n, %%c7 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x70xf32>
  %%hk = tcp.const {value = dense<1.5> : tensor<1x1xf16>} : tensor<1x1xf16>
  %%c2500 = arith.constant 2500 : index
  %%r2 = tcp.broadcast_to %%hk, %%n, %%c2500 {axes = [0, 1]} : tensor<1x1xf16>, index, index -> tensor<?x2500xf16>
  %%c37 = arith.constant 37 : index
  %%r3 = tcp.broadcast_to %%x, %%c37 {axes = [1]} : tensor<?x1xf32>, index -> tensor<?x37xf32>
  %%c5 = arith.constant 5 : index
  %%c9 = arith.constant 9 : index
  %%r4 = tcp.broadcast_to %%h, %%c5, %%c9 {axes = [1, 2]} : tensor<?x1x1xf16>, index, index -> tensor<?x5x9xf16>
  %%t = tcp.const {value = dense<true> : tensor<1x1xi1>} : tensor<1x1xi1>
  %%c11 = arith.constant 100 : index
  %%r5 = tcp.broadcast_to %%t, %%n, %%c11 {axes = [0, 1]} : tensor<1x1xi1>, index, index -> tensor<?x100xi1>
  %%bk = tcp.const {value = dense<-2.5> : tensor<1x1xbf16>} : tensor<1x1xbf16>
  %%c3s = arith.constant 3 : index
  %%c3 = arith.constant 40 : index
  %%r6 = tcp.broadcast_to %%bk, %%n, %%c3 {axes = [0, 1]} : tensor<1x1xbf16>, index, index -> tensor<?x40xbf16>
  %%ik = arith.constant dense<-3> : tensor<1x1x%[2]s>
  %%c2 = arith.constant 20 : index
  %%r7 = tcp.broadcast_to %%ik, %%n, %%c2 {axes = [0, 1]} : tensor<1x1x%[2]s>, index, index -> tensor<?x20x%[2]s>
  %%k1 = tcp.const {value = dense<2.0> : tensor<1xf32>} : tensor<1xf32>
  %%r8 = tcp.broadcast_to %%k1, %%n {axes = [0]} : tensor<1xf32>, index -> tensor<?xf32>
  %%r9 = tcp.broadcast_to %%z, %%n, %%c3s {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x3xf32>
  %%c4 = arith.constant 4 : index
  %%tab = tcp.broadcast_to %%z, %%c4, %%c300 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<4x300xf32>
  %%ie = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%r10 = tcp.gather_nd %%tab, %%ie {%[5]s} : tensor<4x300xf32>, tensor<?x1x%[2]s> -> tensor<?x300xf32>
  return %%r0, %%r1, %%r2, %%r3, %%r4, %%r5, %%r6, %%r7, %%r8, %%r9, %%r10 : tensor<?x300xf32>, tensor<?x70xf32>, tensor<?x2500xf16>, tensor<?x37xf32>, tensor<?x5x9xf16>, tensor<?x100xi1>, tensor<?x40xbf16>, tensor<?x20x%[2]s>, tensor<?xf32>, tensor<?x3xf32>, tensor<?x300xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a := dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.F32, a, 1), randOf(r, tensor.F16, dim(r, 4), 1, 1), randIdx(r, oob, it, 4, dim(r, 9))}
		}},
	)
}
