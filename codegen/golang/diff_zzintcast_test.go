package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// A differential pattern for integer casts of gathered data (emit_casts.go
// intDataCast): x[i].astype(int32) on int64 data, zero- and sign-extended
// narrow data, fptosi of float data. In a file that sorts last, so that
// appending it renumbers no other pattern; its gathers take the plain
// mode attribute (%[6]s: no f32 fill_value on integer data).
func init() {
	patterns = append(patterns,
		pattern{name: "casts", mlir: `func.func @%[3]s(%%a: tensor<5x3xi64>, %%b: tensor<6xi8>, %%c: tensor<4x2xi16>, %%x: tensor<5x3xf32>, %%i: tensor<?x3x%[2]s>, %%j: tensor<?x%[2]s>, %%k: tensor<?x2x%[2]s>) -> (tensor<?x3xi32>, tensor<?xi64>, tensor<?x2xi32>, tensor<?x3xi32>, tensor<?xi16>, tensor<?xi32>) {
  %%ga = tcp.gather %%a, %%i {dim = 0 : index%[6]s} : tensor<5x3xi64>, tensor<?x3x%[2]s> -> tensor<?x3xi64>
  %%0 = arith.trunci %%ga : tensor<?x3xi64> to tensor<?x3xi32>
  %%gb = tcp.gather %%b, %%j {dim = 0 : index%[6]s} : tensor<6xi8>, tensor<?x%[2]s> -> tensor<?xi8>
  %%1 = arith.extui %%gb : tensor<?xi8> to tensor<?xi64>
  %%gc = tcp.gather %%c, %%k {dim = 0 : index%[6]s} : tensor<4x2xi16>, tensor<?x2x%[2]s> -> tensor<?x2xi16>
  %%2 = arith.extsi %%gc : tensor<?x2xi16> to tensor<?x2xi32>
  %%gx = tcp.gather %%x, %%i {dim = 0 : index, mode = "clip"} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%3 = arith.fptosi %%gx : tensor<?x3xf32> to tensor<?x3xi32>
  %%4 = arith.trunci %%1 : tensor<?xi64> to tensor<?xi16>
  %%be = arith.extsi %%b : tensor<6xi8> to tensor<6xi32>
  %%5 = tcp.gather %%be, %%j {dim = 0 : index%[6]s} : tensor<6xi32>, tensor<?x%[2]s> -> tensor<?xi32>
  return %%0, %%1, %%2, %%3, %%4, %%5 : tensor<?x3xi32>, tensor<?xi64>, tensor<?x2xi32>, tensor<?x3xi32>, tensor<?xi16>, tensor<?xi32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 6)
			wide := func(dt tensor.DType, shape ...int64) *tensor.Tensor {
				t := tensor.Must(tensor.New(dt, shape))
				for k := 0; k < int(t.NumElements()); k++ {
					t.SetInt64(k, int64(r.Uint64()))
				}
				return t
			}
			return []*tensor.Tensor{wide(tensor.I64, 5, 3), wide(tensor.I8, 6), wide(tensor.I16, 4, 2), randF32(r, 5, 3), randIdx(r, oob, it, 4, n, 3), randIdx(r, oob, it, 6, n), randIdx(r, oob, it, 4, n, 2)}
		}},
	)
}
