package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for tensor.extract_slice (emit_slices.go): static
// and dynamic offsets, sizes and strides, a rank-reducing slice, a slice
// of indices read by a gather and a slice of the gathered data; dynamic
// windows may fall outside the source (both fail).

func init() {
	patterns = append(patterns,
		pattern{name: "extract_slice", mlir: `func.func @%[3]s(%%x: tensor<?x4xf32>, %%i: tensor<?x3x%[2]s>, %%o: index, %%n: index) -> (tensor<?x2x%[4]s>, tensor<4xf32>, tensor<?x2xf32>) {
  %%s = tensor.extract_slice %%i[0, 1] [%%n, 2] [1, 1] : tensor<?x3x%[2]s> to tensor<?x2x%[2]s>
  %%0 = tcp.gather %%x, %%s {dim = 0 : index%[1]s} : tensor<?x4xf32>, tensor<?x2x%[2]s> -> tensor<?x2xf32>
  %%1 = tensor.extract_slice %%x[%%o, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  %%g = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x4xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%2 = tensor.extract_slice %%g[%%o, 2] [%%n, 2] [1, -2] : tensor<?x3xf32> to tensor<?x2xf32>
  return %%0, %%1, %%2 : tensor<?x2xf32>, tensor<4xf32>, tensor<?x2xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, m := 1+dim(r, 4), dim(r, 5)
			o := r.Int63n(a)
			n := int64(r.Intn(int(m) + 1))
			if oob && r.Intn(3) == 0 {
				o, n = a+int64(r.Intn(2)), m+1 // outside: both fail
			}
			if n > m-o && !oob {
				n = max(0, m-o)
			}
			return []*tensor.Tensor{randF32(r, a, 4), randIdx(r, oob, it, a, m, 3), idx(o), idx(n)}
		}},
	)
}

// Differential pattern for tensor.insert_slice (emit_slices.go): a
// dynamic window (offset and size operands, the source's size checked at
// run time), a gathered source of constant sizes, and a rank-reduced
// source written with a negative stride into a gathered dest; dynamic
// windows may fall outside dest and the source may not fit (both fail).
func init() {
	patterns = append(patterns,
		pattern{name: "insert_slice", mlir: `func.func @%[3]s(%%x: tensor<?x4xf32>, %%i: tensor<?x3x%[2]s>, %%j: tensor<2x3x%[2]s>, %%o: index, %%n: index, %%s: tensor<?x4xf32>, %%r: tensor<2xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x3xf32>) {
  %%0 = tensor.insert_slice %%s into %%x[%%o, 0] [%%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x4xf32>
  %%g2 = tcp.gather %%x, %%j {dim = 0 : index%[1]s} : tensor<?x4xf32>, tensor<2x3x%[2]s> -> tensor<2x3xf32>
  %%1 = tensor.insert_slice %%g2 into %%x[%%o, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<?x4xf32>
  %%g = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x4xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%2 = tensor.insert_slice %%r into %%g[%%o, 2] [1, 2] [1, -2] : tensor<2xf32> into tensor<?x3xf32>
  return %%0, %%1, %%2 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, m := 2+dim(r, 4), 1+dim(r, 4)
			o := r.Int63n(min(a-1, m))
			n := r.Int63n(a - o + 1)
			rows := n
			if oob && r.Intn(3) == 0 {
				switch r.Intn(3) {
				case 0:
					o = a - 1 + int64(r.Intn(2)) // outside: both fail
				case 1:
					n = a - o + 1
				default:
					rows = n + 1 // the source does not fit: both fail
				}
			}
			return []*tensor.Tensor{randF32(r, a, 4), randIdx(r, oob, it, a, m, 3), randIdx(r, oob, it, a, 2, 3), idx(o), idx(n), randF32(r, rows, 4), randF32(r, 2)}
		}},
	)
}
