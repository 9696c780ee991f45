package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// ndIDs fills the [.., 2] ids of a gather_nd into dims of sizes a and b:
// mostly in range, with oob some out of it (randIdx's draw), and with
// wrap_negative some negative.
func ndIDs(r *rand.Rand, oob bool, it tensor.DType, a, b int64, shape ...int64) *tensor.Tensor {
	i := randIdx(r, oob, it, min(a, b), shape...)
	for k := 0; k < int(i.NumElements()); k++ {
		s := []int64{a, b}[k%2]
		if s > 0 && (!oob || r.Intn(6) > 0) {
			v := r.Int63n(s)
			if r.Intn(3) == 0 {
				v -= s // negative: wraps in wrap_negative, else bad
				if !oob {
					v += s
				}
			}
			i.SetInt64(k, v)
		}
	}
	return i
}

// Differential patterns for gatherrow.Take2 (take2Call, take2Elems):
// gather_nd by two components of RGB u8 pixels (3-byte rows, the
// one-move loop but the last row), of 8-byte f16 rows (one move of the
// row), of 64-byte f32 rows (the largest class) and of whole f64
// elements; dynamic image sizes and id counts, every mode, both index
// types. TestTakeForms checks that each is one Take2 call.
func init() {
	patterns = append(patterns,
		pattern{name: "take2_pixels", mlir: `func.func @%[3]s(%%x: tensor<?x?x3xui8>, %%i: tensor<?x2x%[2]s>) -> tensor<?x3xui8> {
  %%0 = tcp.gather_nd %%x, %%i {batch_dims = 0 : index%[6]s} : tensor<?x?x3xui8>, tensor<?x2x%[2]s> -> tensor<?x3xui8>
  return %%0 : tensor<?x3xui8>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, b := 1+dim(r, 6), 1+dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.UI8, a, b, 3), ndIDs(r, oob, it, a, b, dim(r, 40), 2)}
		}},
		pattern{name: "take2_rows", mlir: `func.func @%[3]s(%%x: tensor<?x?x4xf16>, %%y: tensor<?x?x16xf32>, %%i: tensor<?x2x%[2]s>, %%j: tensor<?x2x%[2]s>) -> (tensor<?x4xf16>, tensor<?x16xf32>) {
  %%0 = tcp.gather_nd %%x, %%i {batch_dims = 0 : index%[6]s} : tensor<?x?x4xf16>, tensor<?x2x%[2]s> -> tensor<?x4xf16>
  %%1 = tcp.gather_nd %%y, %%j {%[5]s} : tensor<?x?x16xf32>, tensor<?x2x%[2]s> -> tensor<?x16xf32>
  return %%0, %%1 : tensor<?x4xf16>, tensor<?x16xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, b, c, d := 1+dim(r, 5), 1+dim(r, 5), 1+dim(r, 4), 1+dim(r, 4)
			return []*tensor.Tensor{randFloats(r, tensor.F16, a, b, 4), randFloats(r, tensor.F32, c, d, 16),
				ndIDs(r, oob, it, a, b, dim(r, 30), 2), ndIDs(r, oob, it, c, d, dim(r, 30), 2)}
		}},
		pattern{name: "take2_elems", mlir: `func.func @%[3]s(%%x: tensor<?x?xf64>, %%i: tensor<?x2x%[2]s>) -> tensor<?xf64> {
  %%0 = tcp.gather_nd %%x, %%i {batch_dims = 0 : index%[6]s} : tensor<?x?xf64>, tensor<?x2x%[2]s> -> tensor<?xf64>
  return %%0 : tensor<?xf64>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, b := 1+dim(r, 7), 1+dim(r, 7)
			return []*tensor.Tensor{randFloats(r, tensor.F64, a, b), ndIDs(r, oob, it, a, b, dim(r, 50), 2)}
		}},
	)
}
