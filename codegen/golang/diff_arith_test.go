package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for the elementwise integer arith of
// emit_arith.go: jax-style index arithmetic (remainder, compare, select,
// add, clamp, masks) on dynamic index tensors, fused into the gathers'
// index reads; extreme values exercise the wrap at the index width.
func init() {
	patterns = append(patterns,
		pattern{name: "arith", mlir: `func.func @%[3]s(%%x: tensor<5x3xf32>, %%i: tensor<?x3x%[2]s>, %%j: tensor<?x3x%[2]s>) -> (tensor<?x3x%[4]s>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%i, %%c0 : tensor<?x3x%[2]s>
  %%k5 = arith.constant dense<5> : tensor<1x3x%[2]s>
  %%kz = arith.constant dense<0> : tensor<1x3x%[2]s>
  %%km = arith.constant dense<-3> : tensor<1x3x%[2]s>
  %%f5 = tcp.broadcast_to %%k5, %%n {axes = [0]} : tensor<1x3x%[2]s>, index -> tensor<?x3x%[2]s>
  %%fz = tcp.broadcast_to %%kz, %%n {axes = [0]} : tensor<1x3x%[2]s>, index -> tensor<?x3x%[2]s>
  %%fm = tcp.broadcast_to %%km, %%n {axes = [0]} : tensor<1x3x%[2]s>, index -> tensor<?x3x%[2]s>
  %%r = arith.remsi %%i, %%f5 : tensor<?x3x%[2]s>
  %%lt = arith.cmpi slt, %%r, %%fz : tensor<?x3x%[2]s>
  %%ad = arith.addi %%r, %%f5 : tensor<?x3x%[2]s>
  %%w = arith.select %%lt, %%ad, %%r : tensor<?x3xi1>, tensor<?x3x%[2]s>
  %%0 = tcp.gather %%x, %%w {dim = 0 : index%[1]s} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%s = arith.subi %%i, %%j : tensor<?x3x%[2]s>
  %%m = arith.muli %%s, %%j : tensor<?x3x%[2]s>
  %%mx = arith.maxsi %%m, %%fm : tensor<?x3x%[2]s>
  %%mn = arith.minsi %%mx, %%f5 : tensor<?x3x%[2]s>
  %%1 = tcp.gather %%x, %%mn {dim = 0 : index%[1]s} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%u = arith.cmpi ult, %%i, %%f5 : tensor<?x3x%[2]s>
  %%e = arith.cmpi eq, %%j, %%fz : tensor<?x3x%[2]s>
  %%g = arith.cmpi sge, %%j, %%i : tensor<?x3x%[2]s>
  %%o = arith.ori %%u, %%e : tensor<?x3xi1>
  %%oa = arith.andi %%o, %%g : tensor<?x3xi1>
  %%a = arith.andi %%i, %%j : tensor<?x3x%[2]s>
  %%sel = arith.select %%oa, %%a, %%i : tensor<?x3xi1>, tensor<?x3x%[2]s>
  %%2 = tcp.gather %%x, %%sel {dim = 0 : index%[1]s} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0, %%1, %%2 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 5)
			return []*tensor.Tensor{randF32(r, 5, 3), randWide(r, true, it, 7, n, 3), randWide(r, oob, it, 4, n, 3)}
		}},
		// Index arith feeding gather_nd through a broadcast and a
		// reshape, with a cast and a compare of i1 masks (jax's wrap).
		pattern{name: "arith", mlir: `func.func @%[3]s(%%x: tensor<4x6xf32>, %%i: tensor<?x%[2]s>) -> tensor<?x2x%[4]s> {
  %%c0 = arith.constant 0 : index
  %%c2 = arith.constant 2 : index
  %%n = tensor.dim %%i, %%c0 : tensor<?x%[2]s>
  %%k4 = arith.constant dense<4> : tensor<1x%[2]s>
  %%kz = arith.constant dense<0> : tensor<1x%[2]s>
  %%f4 = tcp.broadcast_to %%k4, %%n {axes = [0]} : tensor<1x%[2]s>, index -> tensor<?x%[2]s>
  %%fz = tcp.broadcast_to %%kz, %%n {axes = [0]} : tensor<1x%[2]s>, index -> tensor<?x%[2]s>
  %%r = arith.remsi %%i, %%f4 : tensor<?x%[2]s>
  %%ne = arith.cmpi ne, %%r, %%fz : tensor<?x%[2]s>
  %%lt = arith.cmpi slt, %%r, %%fz : tensor<?x%[2]s>
  %%t = arith.constant dense<false> : tensor<1xi1>
  %%tb = tcp.broadcast_to %%t, %%n {axes = [0]} : tensor<1xi1>, index -> tensor<?xi1>
  %%x1 = arith.cmpi ne, %%lt, %%tb : tensor<?xi1>
  %%m = arith.andi %%x1, %%ne : tensor<?xi1>
  %%ad = arith.addi %%r, %%f4 : tensor<?x%[2]s>
  %%w = arith.select %%m, %%ad, %%r : tensor<?xi1>, tensor<?x%[2]s>
  %%wx = arith.index_cast %%w : tensor<?x%[2]s> to tensor<?xindex>
  %%w64 = arith.index_cast %%wx : tensor<?xindex> to tensor<?xi64>
  %%e = tensor.expand_shape %%w64 [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %%b = tcp.broadcast_to %%e, %%c2 {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x2xi64>
  %%0 = tcp.gather_nd %%x, %%b {%[5]s} : tensor<4x6xf32>, tensor<?x2xi64> -> tensor<?xf32>
  %%z = tensor.expand_shape %%0 [[0, 1]] : tensor<?xf32> into tensor<?x1xf32>
  %%zz = tcp.broadcast_to %%z, %%c2 {axes = [1]} : tensor<?x1xf32>, index -> tensor<?x2xf32>
  return %%zz : tensor<?x2xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{randF32(r, 4, 6), randWide(r, true, it, 9, dim(r, 6))}
		}},
		// jax's fill: a select of gathered data (f32, and i32 with the
		// splat on the true side) with a constant splat under an
		// in-bounds mask, read as a guarded element.
		pattern{name: "arith", mlir: `func.func @%[3]s(%%x: tensor<5x3xf32>, %%y: tensor<5x3xi32>, %%i: tensor<?x3x%[2]s>) -> (tensor<?x3x%[4]s>, tensor<?x3xi32>) {
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%i, %%c0 : tensor<?x3x%[2]s>
  %%k0 = arith.constant dense<0> : tensor<1x3x%[2]s>
  %%k4 = arith.constant dense<4> : tensor<1x3x%[2]s>
  %%f0 = tcp.broadcast_to %%k0, %%n {axes = [0]} : tensor<1x3x%[2]s>, index -> tensor<?x3x%[2]s>
  %%f4 = tcp.broadcast_to %%k4, %%n {axes = [0]} : tensor<1x3x%[2]s>, index -> tensor<?x3x%[2]s>
  %%ge = arith.cmpi sge, %%i, %%f0 : tensor<?x3x%[2]s>
  %%le = arith.cmpi sle, %%i, %%f4 : tensor<?x3x%[2]s>
  %%ok = arith.andi %%ge, %%le : tensor<?x3xi1>
  %%g = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<5x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%kn = arith.constant dense<0x7FC00000> : tensor<1x3xf32>
  %%fn = tcp.broadcast_to %%kn, %%n {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x3xf32>
  %%0 = arith.select %%ok, %%g, %%fn : tensor<?x3xi1>, tensor<?x3xf32>
  %%gy = tcp.gather %%y, %%i {dim = 0 : index, mode = "clip"} : tensor<5x3xi32>, tensor<?x3x%[2]s> -> tensor<?x3xi32>
  %%km = arith.constant dense<-1> : tensor<1x3xi32>
  %%fm = tcp.broadcast_to %%km, %%n {axes = [0]} : tensor<1x3xi32>, index -> tensor<?x3xi32>
  %%1 = arith.select %%ok, %%fm, %%gy : tensor<?x3xi1>, tensor<?x3xi32>
  return %%0, %%1 : tensor<?x3xf32>, tensor<?x3xi32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 5)
			return []*tensor.Tensor{randF32(r, 5, 3), randOf(r, tensor.I32, 5, 3), randWide(r, oob, it, 5, n, 3)}
		}},
		// jax's index tuples: computed index columns concatenated along
		// the tuple dim and read by gather_nd at constant components.
		pattern{name: "arith", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%i: tensor<?x%[2]s>, %%j: tensor<?x%[2]s>) -> tensor<?x%[4]s> {
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%i, %%c0 : tensor<?x%[2]s>
  %%kz = arith.constant dense<0> : tensor<1x%[2]s>
  %%km = arith.constant dense<-3> : tensor<1x%[2]s>
  %%fz = tcp.broadcast_to %%kz, %%n {axes = [0]} : tensor<1x%[2]s>, index -> tensor<?x%[2]s>
  %%fm = tcp.broadcast_to %%km, %%n {axes = [0]} : tensor<1x%[2]s>, index -> tensor<?x%[2]s>
  %%a = arith.addi %%i, %%fz : tensor<?x%[2]s>
  %%b = arith.maxsi %%j, %%fm : tensor<?x%[2]s>
  %%ea = tensor.expand_shape %%a [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%eb = tensor.expand_shape %%b [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%cat = tensor.concat dim(1) %%ea, %%eb : (tensor<?x1x%[2]s>, tensor<?x1x%[2]s>) -> tensor<?x2x%[2]s>
  %%0 = tcp.gather_nd %%x, %%cat {%[5]s} : tensor<?x?xf32>, tensor<?x2x%[2]s> -> tensor<?xf32>
  return %%0 : tensor<?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, b, n := dim(r, 5), dim(r, 5), dim(r, 6)
			return []*tensor.Tensor{randF32(r, a, b), randWide(r, oob, it, a, n), randWide(r, oob, it, b, n)}
		}},
	)
}
