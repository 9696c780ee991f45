package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for integer division of data (emit_intdata.go):
// arith.floordivsi of gathered i32 data by i32 data, and of i64 and i8
// arguments, on values that round towards negative infinity both ways,
// with rare zero divisors and the most negative value divided by -1 (both
// fail the interpreter, so the kernel must fail too); and torch's integer
// scatter_reduce "mean": scattered sums floor-divided by scattered counts.
func init() {
	patterns = append(patterns,
		pattern{name: "intdata", mlir: `func.func @%[3]s(%%x: tensor<?x3xi32>, %%i: tensor<?x3x%[2]s>, %%y: tensor<?x3xi32>, %%a: tensor<?x2xi64>, %%b: tensor<?x2xi64>, %%c: tensor<?x2xi8>, %%d: tensor<?x2xi8>) -> (tensor<?x3xi32>, tensor<?x2xi64>, tensor<?x2xi8>) {
  %%g = tcp.gather %%x, %%i {dim = 0 : index%[6]s} : tensor<?x3xi32>, tensor<?x3x%[2]s> -> tensor<?x3xi32>
  %%0 = arith.floordivsi %%y, %%g : tensor<?x3xi32>
  %%1 = arith.floordivsi %%a, %%b : tensor<?x2xi64>
  %%2 = arith.floordivsi %%c, %%d : tensor<?x2xi8>
  return %%0, %%1, %%2 : tensor<?x3xi32>, tensor<?x2xi64>, tensor<?x2xi8>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n, m := dim(r, 5), dim(r, 5), dim(r, 4)
			return []*tensor.Tensor{divInts(r, tensor.I32, a, 3), randIdx(r, oob, it, a, n, 3), divInts(r, tensor.I32, n, 3),
				divInts(r, tensor.I64, m, 2), divInts(r, tensor.I64, m, 2), divInts(r, tensor.I8, m, 2), divInts(r, tensor.I8, m, 2)}
		}},
		// index_add(x, 0, i, v, alpha=3) on i32 (updates scaled by muli,
		// wrapping), addi and subi returned, and a muli used both as data
		// (returned) and as indices (gathered by).
		pattern{name: "intdata", mlir: `func.func @%[3]s(%%x: tensor<?x3xi32>, %%i: tensor<?x%[2]s>, %%v: tensor<?x3xi32>, %%w: tensor<?x3xi32>, %%t: tensor<4x3xf32>) -> (tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x3xf32>) {
  %%c0 = arith.constant 0 : index
  %%k = tensor.dim %%v, %%c0 : tensor<?x3xi32>
  %%three = arith.constant dense<1000000007> : tensor<1x3xi32>
  %%a = tcp.broadcast_to %%three, %%k {axes = [0]} : tensor<1x3xi32>, index -> tensor<?x3xi32>
  %%m = arith.muli %%v, %%a : tensor<?x3xi32>
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%0 = tcp.scatter_nd %%x, %%e, %%m {combine = "add", mode = "wrap_negative"} : tensor<?x3xi32>, tensor<?x1x%[2]s>, tensor<?x3xi32> -> tensor<?x3xi32>
  %%1 = arith.addi %%v, %%w : tensor<?x3xi32>
  %%2 = arith.subi %%1, %%m : tensor<?x3xi32>
  %%3 = tcp.gather %%t, %%2 {dim = 0 : index%[6]s} : tensor<4x3xf32>, tensor<?x3xi32> -> tensor<?x3xf32>
  return %%0, %%1, %%2, %%3 : tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n := dim(r, 5), dim(r, 6)
			return []*tensor.Tensor{divInts(r, tensor.I32, a, 3), randIdx(r, false, it, a, n), divInts(r, tensor.I32, n, 3), divInts(r, tensor.I32, n, 3), randFloats(r, tensor.F32, 4, 3)}
		}},
		// torch.scatter_reduce(x, 0, i, u, "mean", include_self=True) on
		// int32, as torchtotcp converts it.
		pattern{name: "intdata", mlir: `func.func @%[3]s(%%x: tensor<?x3xi32>, %%i: tensor<?x3x%[2]s>, %%u: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %%s = tcp.scatter %%x, %%i, %%u {dim = 0 : index, combine = "add", mode = "drop"} : tensor<?x3xi32>, tensor<?x3x%[2]s>, tensor<?x3xi32> -> tensor<?x3xi32>
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%x, %%c0 : tensor<?x3xi32>
  %%k = tensor.dim %%i, %%c0 : tensor<?x3x%[2]s>
  %%one = arith.constant dense<1> : tensor<1x3xi32>
  %%ones = tcp.broadcast_to %%one, %%n {axes = [0]} : tensor<1x3xi32>, index -> tensor<?x3xi32>
  %%uones = tcp.broadcast_to %%one, %%k {axes = [0]} : tensor<1x3xi32>, index -> tensor<?x3xi32>
  %%cnt = tcp.scatter %%ones, %%i, %%uones {dim = 0 : index, combine = "add", mode = "drop"} : tensor<?x3xi32>, tensor<?x3x%[2]s>, tensor<?x3xi32> -> tensor<?x3xi32>
  %%g = tcp.gather %%s, %%i {dim = 0 : index%[6]s} : tensor<?x3xi32>, tensor<?x3x%[2]s> -> tensor<?x3xi32>
  %%0 = arith.floordivsi %%s, %%cnt : tensor<?x3xi32>
  return %%0 : tensor<?x3xi32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n := dim(r, 5), dim(r, 6)
			return []*tensor.Tensor{divInts(r, tensor.I32, a, 3), randIdx(r, oob, it, a, n, 3), divInts(r, tensor.I32, n, 3)}
		}},
		// torch's where(mask, c, y) with a boolean argument mask, and a
		// gathered i1 mask (whose fill, under mode fill, is false)
		// selecting index values.
		pattern{name: "boolsel", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%m: tensor<?x3xi1>, %%n: tensor<?x3xi1>, %%i: tensor<?x3x%[2]s>, %%v: tensor<5x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %%c0 = arith.constant 0 : index
  %%k = tensor.dim %%x, %%c0 : tensor<?x3xf32>
  %%half = arith.constant dense<0.5> : tensor<1x3xf32>
  %%c = tcp.broadcast_to %%half, %%k {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
  %%0 = arith.select %%m, %%c, %%x : tensor<?x3xi1>, tensor<?x3xf32>
  %%g = tcp.gather %%n, %%i {dim = 0 : index%[6]s} : tensor<?x3xi1>, tensor<?x3x%[2]s> -> tensor<?x3xi1>
  %%z = arith.constant dense<4> : tensor<1x3x%[2]s>
  %%j = arith.constant 0 : index
  %%q = tensor.dim %%i, %%j : tensor<?x3x%[2]s>
  %%zz = tcp.broadcast_to %%z, %%q {axes = [0]} : tensor<1x3x%[2]s>, index -> tensor<?x3x%[2]s>
  %%s = arith.select %%g, %%zz, %%i : tensor<?x3xi1>, tensor<?x3x%[2]s>
  %%1 = tcp.gather %%v, %%s {dim = 0 : index, mode = "clip"} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0, %%1 : tensor<?x3xf32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			k, a, n := dim(r, 5), dim(r, 5), dim(r, 5)
			return []*tensor.Tensor{randFloats(r, tensor.F32, k, 3), randOf(r, tensor.I1, k, 3), randOf(r, tensor.I1, a, 3),
				randIdx(r, oob, it, a, n, 3), randFloats(r, tensor.F32, 5, 3)}
		}},
		// x[mask] = v: a select of two data operands (f32, and i64
		// returned), the mask an argument, a cmpf and a gathered i1.
		pattern{name: "boolsel", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%m: tensor<?x3xi1>, %%row: tensor<1x3xf32>, %%a: tensor<?x3xi64>, %%b: tensor<?x3xi64>, %%n: tensor<?x3xi1>, %%i: tensor<?x3x%[2]s>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xi64>, tensor<?x3xi64>) {
  %%c0 = arith.constant 0 : index
  %%k = tensor.dim %%x, %%c0 : tensor<?x3xf32>
  %%v = tcp.broadcast_to %%row, %%k {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
  %%0 = arith.select %%m, %%v, %%x : tensor<?x3xi1>, tensor<?x3xf32>
  %%p = arith.cmpf olt, %%x, %%v : tensor<?x3xf32>
  %%1 = arith.select %%p, %%x, %%v : tensor<?x3xi1>, tensor<?x3xf32>
  %%g = tcp.gather %%n, %%i {dim = 0 : index%[6]s} : tensor<?x3xi1>, tensor<?x3x%[2]s> -> tensor<?x3xi1>
  %%ga = tcp.gather %%a, %%i {dim = 0 : index%[6]s} : tensor<?x3xi64>, tensor<?x3x%[2]s> -> tensor<?x3xi64>
  %%gb = tcp.gather %%b, %%i {dim = 0 : index%[6]s} : tensor<?x3xi64>, tensor<?x3x%[2]s> -> tensor<?x3xi64>
  %%2 = arith.select %%g, %%ga, %%gb : tensor<?x3xi1>, tensor<?x3xi64>
  %%q = arith.cmpi slt, %%a, %%b : tensor<?x3xi64>
  %%3 = arith.select %%q, %%b, %%a : tensor<?x3xi1>, tensor<?x3xi64>
  return %%0, %%1, %%2, %%3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xi64>, tensor<?x3xi64>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			k, a, n := dim(r, 5), dim(r, 5), dim(r, 5)
			_ = a
			return []*tensor.Tensor{randFloats(r, tensor.F32, k, 3), randOf(r, tensor.I1, k, 3), randFloats(r, tensor.F32, 1, 3),
				divInts(r, tensor.I64, k, 3), divInts(r, tensor.I64, k, 3), randOf(r, tensor.I1, k, 3), randIdx(r, oob, it, k, n, 3)}
		}},
	)
}

// divInts fills a tensor with small signed values (zero rarely), -1 and
// the type's most negative value now and then.
func divInts(r *rand.Rand, dt tensor.DType, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		switch k := r.Intn(60); {
		case k == 0:
			t.SetInt64(i, 0)
		case k < 6:
			t.SetInt64(i, -1)
		case k < 9:
			t.SetBits(i, 1<<(dt.Bits()-1))
		default:
			v := int64(r.Intn(30) + 1)
			if r.Intn(2) == 0 {
				v = -v
			}
			t.SetInt64(i, v)
		}
	}
	return t
}
