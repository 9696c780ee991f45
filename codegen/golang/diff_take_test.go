package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for the whole-row takes that one gatherrow.Take
// call copies (takeCall): rows of 256 bytes to 3 KiB in multiples of 32
// bytes of every element size (and 1040- and 264-byte rows, which keep
// the loop), along dim 0 by 1-d ids; an embedding lookup by 2-d ids in
// the form the ONNX importer gives (the table broadcast along the ids'
// inner dim); and a take along the middle axis of [?,?,64] f32, whose
// ids are wrapped once into a table.

func init() {
	patterns = append(patterns,
		pattern{name: "take_rows", mlir: `func.func @%[3]s(%%x0: tensor<?x64xf32>, %%x1: tensor<?x256xf32>, %%x2: tensor<?x72xf32>, %%x3: tensor<?x128xf16>, %%x4: tensor<?x768xf32>, %%x5: tensor<?x40xf64>, %%x6: tensor<?x256xi8>, %%x7: tensor<?x520xf16>, %%x8: tensor<?x66xf32>, %%i: tensor<?x%[2]s>) -> (tensor<?x64xf32>, tensor<?x256xf32>, tensor<?x72xf32>, tensor<?x128xf16>, tensor<?x768xf32>, tensor<?x40xf64>, tensor<?x256xi8>, tensor<?x520xf16>, tensor<?x66xf32>) {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%c0 = arith.constant 64 : index
  %%b0 = tcp.broadcast_to %%e, %%c0 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x64x%[2]s>
  %%r0 = tcp.gather %%x0, %%b0 {dim = 0 : index%[6]s} : tensor<?x64xf32>, tensor<?x64x%[2]s> -> tensor<?x64xf32>
  %%c1 = arith.constant 256 : index
  %%b1 = tcp.broadcast_to %%e, %%c1 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x256x%[2]s>
  %%r1 = tcp.gather %%x1, %%b1 {dim = 0 : index%[6]s} : tensor<?x256xf32>, tensor<?x256x%[2]s> -> tensor<?x256xf32>
  %%c2 = arith.constant 72 : index
  %%b2 = tcp.broadcast_to %%e, %%c2 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x72x%[2]s>
  %%r2 = tcp.gather %%x2, %%b2 {dim = 0 : index%[6]s} : tensor<?x72xf32>, tensor<?x72x%[2]s> -> tensor<?x72xf32>
  %%c3 = arith.constant 128 : index
  %%b3 = tcp.broadcast_to %%e, %%c3 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x128x%[2]s>
  %%r3 = tcp.gather %%x3, %%b3 {dim = 0 : index%[6]s} : tensor<?x128xf16>, tensor<?x128x%[2]s> -> tensor<?x128xf16>
  %%c4 = arith.constant 768 : index
  %%b4 = tcp.broadcast_to %%e, %%c4 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x768x%[2]s>
  %%r4 = tcp.gather %%x4, %%b4 {dim = 0 : index%[6]s} : tensor<?x768xf32>, tensor<?x768x%[2]s> -> tensor<?x768xf32>
  %%c5 = arith.constant 40 : index
  %%b5 = tcp.broadcast_to %%e, %%c5 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x40x%[2]s>
  %%r5 = tcp.gather %%x5, %%b5 {dim = 0 : index%[6]s} : tensor<?x40xf64>, tensor<?x40x%[2]s> -> tensor<?x40xf64>
  %%b6 = tcp.broadcast_to %%e, %%c1 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x256x%[2]s>
  %%r6 = tcp.gather %%x6, %%b6 {dim = 0 : index%[6]s} : tensor<?x256xi8>, tensor<?x256x%[2]s> -> tensor<?x256xi8>
  %%c7 = arith.constant 520 : index
  %%b7 = tcp.broadcast_to %%e, %%c7 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x520x%[2]s>
  %%r7 = tcp.gather %%x7, %%b7 {dim = 0 : index%[6]s} : tensor<?x520xf16>, tensor<?x520x%[2]s> -> tensor<?x520xf16>
  %%c8 = arith.constant 66 : index
  %%b8 = tcp.broadcast_to %%e, %%c8 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x66x%[2]s>
  %%r8 = tcp.gather %%x8, %%b8 {dim = 0 : index%[6]s} : tensor<?x66xf32>, tensor<?x66x%[2]s> -> tensor<?x66xf32>
  return %%r0, %%r1, %%r2, %%r3, %%r4, %%r5, %%r6, %%r7, %%r8 : tensor<?x64xf32>, tensor<?x256xf32>, tensor<?x72xf32>, tensor<?x128xf16>, tensor<?x768xf32>, tensor<?x40xf64>, tensor<?x256xi8>, tensor<?x520xf16>, tensor<?x66xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a := dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.F32, a, 64), randOf(r, tensor.F32, a, 256), randOf(r, tensor.F32, a, 72), randOf(r, tensor.F16, a, 128), randOf(r, tensor.F32, a, 768), randOf(r, tensor.F64, a, 40), randOf(r, tensor.I8, a, 256), randOf(r, tensor.F16, a, 520), randOf(r, tensor.F32, a, 66), randIdx(r, oob, it, a, dim(r, 40))}
		}},
		pattern{name: "take_embedding_2d", mlir: `func.func @%[3]s(%%z: tensor<?x128xf16>, %%j: tensor<?x?x%[2]s>) -> tensor<?x?x128xf16> {
  %%e = tensor.expand_shape %%j [[0], [1, 2]] : tensor<?x?x%[2]s> into tensor<?x?x1x%[2]s>
  %%c128 = arith.constant 128 : index
  %%b = tcp.broadcast_to %%e, %%c128 {axes = [2]} : tensor<?x?x1x%[2]s>, index -> tensor<?x?x128x%[2]s>
  %%t = tensor.expand_shape %%z [[0, 1], [2]] : tensor<?x128xf16> into tensor<?x1x128xf16>
  %%c1 = arith.constant 1 : index
  %%d1 = tensor.dim %%j, %%c1 : tensor<?x?x%[2]s>
  %%bt = tcp.broadcast_to %%t, %%d1 {axes = [1]} : tensor<?x1x128xf16>, index -> tensor<?x?x128xf16>
  %%r = tcp.gather %%bt, %%b {dim = 0 : index%[6]s} : tensor<?x?x128xf16>, tensor<?x?x128x%[2]s> -> tensor<?x?x128xf16>
  return %%r : tensor<?x?x128xf16>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a := dim(r, 9)
			return []*tensor.Tensor{randOf(r, tensor.F16, a, 128), randIdx(r, oob, it, a, dim(r, 4), dim(r, 9))}
		}},
		pattern{name: "take_middle_axis", mlir: `func.func @%[3]s(%%y: tensor<?x?x64xf32>, %%i: tensor<?x%[2]s>) -> tensor<?x?x64xf32> {
  %%m = tensor.expand_shape %%i [[0, 1, 2]] : tensor<?x%[2]s> into tensor<1x?x1x%[2]s>
  %%c0 = arith.constant 0 : index
  %%d0 = tensor.dim %%y, %%c0 : tensor<?x?x64xf32>
  %%c64 = arith.constant 64 : index
  %%b = tcp.broadcast_to %%m, %%d0, %%c64 {axes = [0, 2]} : tensor<1x?x1x%[2]s>, index, index -> tensor<?x?x64x%[2]s>
  %%r = tcp.gather %%y, %%b {dim = 1 : index%[6]s} : tensor<?x?x64xf32>, tensor<?x?x64x%[2]s> -> tensor<?x?x64xf32>
  return %%r : tensor<?x?x64xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			m := dim(r, 7)
			return []*tensor.Tensor{randOf(r, tensor.F32, dim(r, 5), m, 64), randIdx(r, oob, it, m, dim(r, 20))}
		}},
	)
}
