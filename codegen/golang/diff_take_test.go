package golang

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for the whole-row takes that one gatherrow.Take
// call copies (takeCall): rows of 160 bytes to 3 KiB of every element
// size, multiples of 32 bytes and not, along dim 0 by 1-d ids; rows of
// 3 to 124 bytes, each size class of Take's short rows (2-3, 4-7, 8-15,
// 16-31, 32-63 and 64-127 bytes; a 1-byte row is an element gather); an embedding lookup by
// 2-d ids in the form the ONNX importer gives (the table broadcast along
// the ids' inner dim); and takes along the middle axis of [?,?,64] and
// [?,?,3] f32, whose ids are wrapped once into a table.

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
		// Few long rows by the same ids each (fewRowsOfIds): no index
		// table, Row on the raw ids per row.
		pattern{name: "take_few_long_rows", mlir: `func.func @%[3]s(%%x0: tensor<3x4200xf32>, %%x1: tensor<2x3x4200xf16>, %%x2: tensor<64x4200xi8>, %%i: tensor<4100x%[2]s>) -> (tensor<3x4100xf32>, tensor<2x3x4100xf16>, tensor<64x4100xi8>) {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<4100x%[2]s> into tensor<1x4100x%[2]s>
  %%c3 = arith.constant 3 : index
  %%b0 = tcp.broadcast_to %%e, %%c3 {axes = [0]} : tensor<1x4100x%[2]s>, index -> tensor<3x4100x%[2]s>
  %%r0 = tcp.gather %%x0, %%b0 {dim = 1 : index%[6]s} : tensor<3x4200xf32>, tensor<3x4100x%[2]s> -> tensor<3x4100xf32>
  %%e1 = tensor.expand_shape %%i [[0, 1, 2]] : tensor<4100x%[2]s> into tensor<1x1x4100x%[2]s>
  %%c2 = arith.constant 2 : index
  %%b1 = tcp.broadcast_to %%e1, %%c2, %%c3 {axes = [0, 1]} : tensor<1x1x4100x%[2]s>, index, index -> tensor<2x3x4100x%[2]s>
  %%r1 = tcp.gather %%x1, %%b1 {dim = 2 : index%[6]s} : tensor<2x3x4200xf16>, tensor<2x3x4100x%[2]s> -> tensor<2x3x4100xf16>
  %%c64 = arith.constant 64 : index
  %%b2 = tcp.broadcast_to %%e, %%c64 {axes = [0]} : tensor<1x4100x%[2]s>, index -> tensor<64x4100x%[2]s>
  %%r2 = tcp.gather %%x2, %%b2 {dim = 1 : index%[6]s} : tensor<64x4200xi8>, tensor<64x4100x%[2]s> -> tensor<64x4100xi8>
  return %%r0, %%r1, %%r2 : tensor<3x4100xf32>, tensor<2x3x4100xf16>, tensor<64x4100xi8>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 3, 4200), randOf(r, tensor.F16, 2, 3, 4200), randOf(r, tensor.I8, 64, 4200), randIdx(r, oob, it, 4200, 4100)}
		}},
		// The same alone: its ids checked in its loop (inlineCheck
		// through fewRowsBroadcast), the first bad one in row 0.
		pattern{name: "take_few_long_rows_inline", mlir: `func.func @%[3]s(%%x0: tensor<5x4200xf32>, %%i: tensor<4100x%[2]s>) -> tensor<5x4100xf32> {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<4100x%[2]s> into tensor<1x4100x%[2]s>
  %%c5 = arith.constant 5 : index
  %%b0 = tcp.broadcast_to %%e, %%c5 {axes = [0]} : tensor<1x4100x%[2]s>, index -> tensor<5x4100x%[2]s>
  %%r0 = tcp.gather %%x0, %%b0 {dim = 1 : index%[6]s} : tensor<5x4200xf32>, tensor<5x4100x%[2]s> -> tensor<5x4100xf32>
  return %%r0 : tensor<5x4100xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 5, 4200), randIdx(r, oob, it, 4200, 4100)}
		}},
		pattern{name: "take_short_rows", mlir: `func.func @%[3]s(%%s0: tensor<?x5xi8>, %%s1: tensor<?x3xi8>, %%s2: tensor<?x2xf16>, %%s3: tensor<?x7xi8>, %%s4: tensor<?x2xf32>, %%s5: tensor<?x7xf16>, %%s6: tensor<?x2xf64>, %%s7: tensor<?x7xf32>, %%s8: tensor<?x33xi8>, %%s9: tensor<?x31xf32>, %%i: tensor<?x%[2]s>) -> (tensor<?x5xi8>, tensor<?x3xi8>, tensor<?x2xf16>, tensor<?x7xi8>, tensor<?x2xf32>, tensor<?x7xf16>, tensor<?x2xf64>, tensor<?x7xf32>, tensor<?x33xi8>, tensor<?x31xf32>) {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%c0 = arith.constant 5 : index
  %%b0 = tcp.broadcast_to %%e, %%c0 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x5x%[2]s>
  %%r0 = tcp.gather %%s0, %%b0 {dim = 0 : index%[6]s} : tensor<?x5xi8>, tensor<?x5x%[2]s> -> tensor<?x5xi8>
  %%c1 = arith.constant 3 : index
  %%b1 = tcp.broadcast_to %%e, %%c1 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x3x%[2]s>
  %%r1 = tcp.gather %%s1, %%b1 {dim = 0 : index%[6]s} : tensor<?x3xi8>, tensor<?x3x%[2]s> -> tensor<?x3xi8>
  %%c2 = arith.constant 2 : index
  %%b2 = tcp.broadcast_to %%e, %%c2 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x2x%[2]s>
  %%r2 = tcp.gather %%s2, %%b2 {dim = 0 : index%[6]s} : tensor<?x2xf16>, tensor<?x2x%[2]s> -> tensor<?x2xf16>
  %%c3 = arith.constant 7 : index
  %%b3 = tcp.broadcast_to %%e, %%c3 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x7x%[2]s>
  %%r3 = tcp.gather %%s3, %%b3 {dim = 0 : index%[6]s} : tensor<?x7xi8>, tensor<?x7x%[2]s> -> tensor<?x7xi8>
  %%c4 = arith.constant 2 : index
  %%b4 = tcp.broadcast_to %%e, %%c4 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x2x%[2]s>
  %%r4 = tcp.gather %%s4, %%b4 {dim = 0 : index%[6]s} : tensor<?x2xf32>, tensor<?x2x%[2]s> -> tensor<?x2xf32>
  %%c5 = arith.constant 7 : index
  %%b5 = tcp.broadcast_to %%e, %%c5 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x7x%[2]s>
  %%r5 = tcp.gather %%s5, %%b5 {dim = 0 : index%[6]s} : tensor<?x7xf16>, tensor<?x7x%[2]s> -> tensor<?x7xf16>
  %%c6 = arith.constant 2 : index
  %%b6 = tcp.broadcast_to %%e, %%c6 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x2x%[2]s>
  %%r6 = tcp.gather %%s6, %%b6 {dim = 0 : index%[6]s} : tensor<?x2xf64>, tensor<?x2x%[2]s> -> tensor<?x2xf64>
  %%c7 = arith.constant 7 : index
  %%b7 = tcp.broadcast_to %%e, %%c7 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x7x%[2]s>
  %%r7 = tcp.gather %%s7, %%b7 {dim = 0 : index%[6]s} : tensor<?x7xf32>, tensor<?x7x%[2]s> -> tensor<?x7xf32>
  %%c8 = arith.constant 33 : index
  %%b8 = tcp.broadcast_to %%e, %%c8 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x33x%[2]s>
  %%r8 = tcp.gather %%s8, %%b8 {dim = 0 : index%[6]s} : tensor<?x33xi8>, tensor<?x33x%[2]s> -> tensor<?x33xi8>
  %%c9 = arith.constant 31 : index
  %%b9 = tcp.broadcast_to %%e, %%c9 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x31x%[2]s>
  %%r9 = tcp.gather %%s9, %%b9 {dim = 0 : index%[6]s} : tensor<?x31xf32>, tensor<?x31x%[2]s> -> tensor<?x31xf32>
  return %%r0, %%r1, %%r2, %%r3, %%r4, %%r5, %%r6, %%r7, %%r8, %%r9 : tensor<?x5xi8>, tensor<?x3xi8>, tensor<?x2xf16>, tensor<?x7xi8>, tensor<?x2xf32>, tensor<?x7xf16>, tensor<?x2xf64>, tensor<?x7xf32>, tensor<?x33xi8>, tensor<?x31xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a := dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.I8, a, 5), randOf(r, tensor.I8, a, 3), randOf(r, tensor.F16, a, 2), randOf(r, tensor.I8, a, 7), randOf(r, tensor.F32, a, 2), randOf(r, tensor.F16, a, 7), randOf(r, tensor.F64, a, 2), randOf(r, tensor.F32, a, 7), randOf(r, tensor.I8, a, 33), randOf(r, tensor.F32, a, 31), randIdx(r, oob, it, a, dim(r, 40))}
		}},
		pattern{name: "take_middle_axis_12b", mlir: `func.func @%[3]s(%%y: tensor<?x?x3xf32>, %%i: tensor<?x%[2]s>) -> tensor<?x?x3xf32> {
  %%m = tensor.expand_shape %%i [[0, 1, 2]] : tensor<?x%[2]s> into tensor<1x?x1x%[2]s>
  %%c0 = arith.constant 0 : index
  %%d0 = tensor.dim %%y, %%c0 : tensor<?x?x3xf32>
  %%c3 = arith.constant 3 : index
  %%b = tcp.broadcast_to %%m, %%d0, %%c3 {axes = [0, 2]} : tensor<1x?x1x%[2]s>, index, index -> tensor<?x?x3x%[2]s>
  %%r = tcp.gather %%y, %%b {dim = 1 : index%[6]s} : tensor<?x?x3xf32>, tensor<?x?x3x%[2]s> -> tensor<?x?x3xf32>
  return %%r : tensor<?x?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			m := dim(r, 9)
			return []*tensor.Tensor{randOf(r, tensor.F32, dim(r, 5), m, 3), randIdx(r, oob, it, m, dim(r, 30))}
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
		// Takes of one-element rows along axis 0 ([N,1] tables, the ids
		// through an expand_shape, as the ONNX importer writes them):
		// gatherrow.Row over each worker's ids, as a rank-1 gather.
		pattern{name: "take_unit_rows", mlir: `func.func @%[3]s(%%x0: tensor<?x1xf32>, %%x1: tensor<?x1xi64>, %%x2: tensor<?x1xi8>, %%x3: tensor<?x1xf16>, %%i: tensor<?x%[2]s>) -> (tensor<?x1xf32>, tensor<?x1xi64>, tensor<?x1xi8>, tensor<?x1xf16>) {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%r0 = tcp.gather %%x0, %%e {dim = 0 : index%[6]s} : tensor<?x1xf32>, tensor<?x1x%[2]s> -> tensor<?x1xf32>
  %%r1 = tcp.gather %%x1, %%e {dim = 0 : index%[6]s} : tensor<?x1xi64>, tensor<?x1x%[2]s> -> tensor<?x1xi64>
  %%r2 = tcp.gather %%x2, %%e {dim = 0 : index%[6]s} : tensor<?x1xi8>, tensor<?x1x%[2]s> -> tensor<?x1xi8>
  %%r3 = tcp.gather %%x3, %%e {dim = 0 : index%[6]s} : tensor<?x1xf16>, tensor<?x1x%[2]s> -> tensor<?x1xf16>
  return %%r0, %%r1, %%r2, %%r3 : tensor<?x1xf32>, tensor<?x1xi64>, tensor<?x1xi8>, tensor<?x1xf16>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 9)
			return []*tensor.Tensor{randOf(r, tensor.F32, n, 1), randOf(r, tensor.I64, n, 1), randOf(r, tensor.I8, n, 1), randOf(r, tensor.F16, n, 1),
				randIdx(r, oob, it, n, dim(r, 300))}
		}},
		// Takes from rank-1 tables by N-d ids (a lookup table applied
		// to an image), in the ONNX importer's form (the table expanded
		// and broadcast to the ids' shape): flatTakes makes each one
		// rank-1 gather over the collapsed ids, expanded back (one dynamic
		// dim); with two dynamic dims (%%j) it keeps the nest.
		pattern{name: "take_flat", mlir: `func.func @%[3]s(%%t0: tensor<?xi8>, %%t1: tensor<?xf32>, %%t2: tensor<?xf16>, %%t3: tensor<?xi64>, %%t4: tensor<?xf64>, %%i: tensor<?x5x3x%[2]s>, %%j: tensor<?x?x%[2]s>, %%k: tensor<7x13x%[2]s>) -> (tensor<?x5x3xi8>, tensor<?x5x3xf32>, tensor<?x5x3xf16>, tensor<?x?xi64>, tensor<7x13xf64>) {
  %%c5 = arith.constant 5 : index
  %%c3 = arith.constant 3 : index
  %%e0 = tensor.expand_shape %%t0 [[0, 1, 2]] : tensor<?xi8> into tensor<?x1x1xi8>
  %%b0 = tcp.broadcast_to %%e0, %%c5, %%c3 {axes = [1, 2]} : tensor<?x1x1xi8>, index, index -> tensor<?x5x3xi8>
  %%r0 = tcp.gather %%b0, %%i {dim = 0 : index%[6]s} : tensor<?x5x3xi8>, tensor<?x5x3x%[2]s> -> tensor<?x5x3xi8>
  %%e1 = tensor.expand_shape %%t1 [[0, 1, 2]] : tensor<?xf32> into tensor<?x1x1xf32>
  %%b1 = tcp.broadcast_to %%e1, %%c5, %%c3 {axes = [1, 2]} : tensor<?x1x1xf32>, index, index -> tensor<?x5x3xf32>
  %%r1 = tcp.gather %%b1, %%i {dim = 0 : index%[6]s} : tensor<?x5x3xf32>, tensor<?x5x3x%[2]s> -> tensor<?x5x3xf32>
  %%e2 = tensor.expand_shape %%t2 [[0, 1, 2]] : tensor<?xf16> into tensor<?x1x1xf16>
  %%b2 = tcp.broadcast_to %%e2, %%c5, %%c3 {axes = [1, 2]} : tensor<?x1x1xf16>, index, index -> tensor<?x5x3xf16>
  %%r2 = tcp.gather %%b2, %%i {dim = 0 : index%[6]s} : tensor<?x5x3xf16>, tensor<?x5x3x%[2]s> -> tensor<?x5x3xf16>
  %%c1 = arith.constant 1 : index
  %%d1 = tensor.dim %%j, %%c1 : tensor<?x?x%[2]s>
  %%e3 = tensor.expand_shape %%t3 [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %%b3 = tcp.broadcast_to %%e3, %%d1 {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x?xi64>
  %%r3 = tcp.gather %%b3, %%j {dim = 0 : index%[6]s} : tensor<?x?xi64>, tensor<?x?x%[2]s> -> tensor<?x?xi64>
  %%c13 = arith.constant 13 : index
  %%e4 = tensor.expand_shape %%t4 [[0, 1]] : tensor<?xf64> into tensor<?x1xf64>
  %%b4 = tcp.broadcast_to %%e4, %%c13 {axes = [1]} : tensor<?x1xf64>, index -> tensor<?x13xf64>
  %%r4 = tcp.gather %%b4, %%k {dim = 0 : index%[6]s} : tensor<?x13xf64>, tensor<7x13x%[2]s> -> tensor<7x13xf64>
  return %%r0, %%r1, %%r2, %%r3, %%r4 : tensor<?x5x3xi8>, tensor<?x5x3xf32>, tensor<?x5x3xf16>, tensor<?x?xi64>, tensor<7x13xf64>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 300)
			return []*tensor.Tensor{randOf(r, tensor.I8, n), randOf(r, tensor.F32, n), randOf(r, tensor.F16, n), randOf(r, tensor.I64, n), randOf(r, tensor.F64, n),
				randIdx(r, oob, it, n, dim(r, 40), 5, 3), randIdx(r, oob, it, n, dim(r, 9), dim(r, 9)), randIdx(r, oob, it, n, 7, 13)}
		}},
		// Takes by N-d ids in the ONNX importer's form (the ids
		// expanded and broadcast along the data's other dims, the data
		// along the ids' other dims): flatTakes collapses the ids' dims
		// (along axis 1 of [?,40] by [4,6] ids; an embedding of [5,?]
		// ids; along the middle axis of [2,?,3] by [?,2,2] ids).
		pattern{name: "take_nd_ids", mlir: `func.func @%[3]s(%%x: tensor<?x40xf32>, %%i: tensor<4x6x%[2]s>, %%t: tensor<?x8xf16>, %%j: tensor<5x?x%[2]s>, %%y: tensor<2x?x3xi8>, %%k: tensor<?x2x2x%[2]s>) -> (tensor<?x4x6xf32>, tensor<5x?x8xf16>, tensor<2x?x2x2x3xi8>) {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%c6 = arith.constant 6 : index
  %%c8 = arith.constant 8 : index
  %%m = tensor.dim %%x, %%c0 : tensor<?x40xf32>
  %%ei = tensor.expand_shape %%i [[0, 1], [2]] : tensor<4x6x%[2]s> into tensor<1x4x6x%[2]s>
  %%bi = tcp.broadcast_to %%ei, %%m {axes = [0]} : tensor<1x4x6x%[2]s>, index -> tensor<?x4x6x%[2]s>
  %%ex = tensor.expand_shape %%x [[0], [1, 2]] : tensor<?x40xf32> into tensor<?x40x1xf32>
  %%bx = tcp.broadcast_to %%ex, %%c6 {axes = [2]} : tensor<?x40x1xf32>, index -> tensor<?x40x6xf32>
  %%r0 = tcp.gather %%bx, %%bi {dim = 1 : index%[6]s} : tensor<?x40x6xf32>, tensor<?x4x6x%[2]s> -> tensor<?x4x6xf32>
  %%n = tensor.dim %%j, %%c1 : tensor<5x?x%[2]s>
  %%ej = tensor.expand_shape %%j [[0], [1, 2]] : tensor<5x?x%[2]s> into tensor<5x?x1x%[2]s>
  %%bj = tcp.broadcast_to %%ej, %%c8 {axes = [2]} : tensor<5x?x1x%[2]s>, index -> tensor<5x?x8x%[2]s>
  %%et = tensor.expand_shape %%t [[0, 1], [2]] : tensor<?x8xf16> into tensor<?x1x8xf16>
  %%bt = tcp.broadcast_to %%et, %%n {axes = [1]} : tensor<?x1x8xf16>, index -> tensor<?x?x8xf16>
  %%r1 = tcp.gather %%bt, %%bj {dim = 0 : index%[6]s} : tensor<?x?x8xf16>, tensor<5x?x8x%[2]s> -> tensor<5x?x8xf16>
  %%p = tensor.dim %%k, %%c0 : tensor<?x2x2x%[2]s>
  %%ek = tensor.expand_shape %%k [[0, 1], [2], [3, 4]] : tensor<?x2x2x%[2]s> into tensor<1x?x2x2x1x%[2]s>
  %%bk = tcp.broadcast_to %%ek, %%c2, %%c3 {axes = [0, 4]} : tensor<1x?x2x2x1x%[2]s>, index, index -> tensor<2x?x2x2x3x%[2]s>
  %%ey = tensor.expand_shape %%y [[0], [1, 2, 3], [4]] : tensor<2x?x3xi8> into tensor<2x?x1x1x3xi8>
  %%by = tcp.broadcast_to %%ey, %%c2, %%c2 {axes = [2, 3]} : tensor<2x?x1x1x3xi8>, index, index -> tensor<2x?x2x2x3xi8>
  %%r2 = tcp.gather %%by, %%bk {dim = 1 : index%[6]s} : tensor<2x?x2x2x3xi8>, tensor<2x?x2x2x3x%[2]s> -> tensor<2x?x2x2x3xi8>
  return %%r0, %%r1, %%r2 : tensor<?x4x6xf32>, tensor<5x?x8xf16>, tensor<2x?x2x2x3xi8>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			t := randOf(r, tensor.F16, dim(r, 60), 8)
			y := randOf(r, tensor.I8, 2, dim(r, 7), 3)
			return []*tensor.Tensor{randOf(r, tensor.F32, dim(r, 9), 40), randIdx(r, oob, it, 40, 4, 6),
				t, randIdx(r, oob, it, t.Shape[0], 5, dim(r, 9)), y, randIdx(r, oob, it, y.Shape[1], dim(r, 5), 2, 2)}
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
		// Takes along the last axis by the same ids for every row
		// (gatherrow.Permute): source rows of 64, 80, 128 and 128 bytes
		// (one table, two, both full), along the last of three dims
		// (rows of both outer levels in one call) and of two (a
		// worker's rows), and a row of 132 bytes, past the shuffle's
		// tables (the loop).
		pattern{name: "take_last_axis", mlir: `func.func @%[3]s(%%x0: tensor<?x?x64xi8>, %%x1: tensor<?x40xf16>, %%x2: tensor<?x32xf32>, %%x3: tensor<?x16xf64>, %%x4: tensor<?x33xf32>, %%i0: tensor<?x%[2]s>, %%i1: tensor<?x%[2]s>, %%i2: tensor<?x%[2]s>, %%i3: tensor<?x%[2]s>, %%i4: tensor<?x%[2]s>) -> (tensor<?x?x?xi8>, tensor<?x?xf16>, tensor<?x?xf32>, tensor<?x?xf64>, tensor<?x?xf32>) {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%d0 = tensor.dim %%x0, %%c0 : tensor<?x?x64xi8>
  %%d1 = tensor.dim %%x0, %%c1 : tensor<?x?x64xi8>
  %%e0 = tensor.expand_shape %%i0 [[0, 1, 2]] : tensor<?x%[2]s> into tensor<1x1x?x%[2]s>
  %%b0 = tcp.broadcast_to %%e0, %%d0, %%d1 {axes = [0, 1]} : tensor<1x1x?x%[2]s>, index, index -> tensor<?x?x?x%[2]s>
  %%r0 = tcp.gather %%x0, %%b0 {dim = 2 : index%[6]s} : tensor<?x?x64xi8>, tensor<?x?x?x%[2]s> -> tensor<?x?x?xi8>
  %%n = tensor.dim %%x1, %%c0 : tensor<?x40xf16>
  %%e1 = tensor.expand_shape %%i1 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b1 = tcp.broadcast_to %%e1, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r1 = tcp.gather %%x1, %%b1 {dim = 1 : index%[6]s} : tensor<?x40xf16>, tensor<?x?x%[2]s> -> tensor<?x?xf16>
  %%e2 = tensor.expand_shape %%i2 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b2 = tcp.broadcast_to %%e2, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r2 = tcp.gather %%x2, %%b2 {dim = 1 : index%[6]s} : tensor<?x32xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  %%e3 = tensor.expand_shape %%i3 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b3 = tcp.broadcast_to %%e3, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r3 = tcp.gather %%x3, %%b3 {dim = 1 : index%[6]s} : tensor<?x16xf64>, tensor<?x?x%[2]s> -> tensor<?x?xf64>
  %%e4 = tensor.expand_shape %%i4 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b4 = tcp.broadcast_to %%e4, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r4 = tcp.gather %%x4, %%b4 {dim = 1 : index%[6]s} : tensor<?x33xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  return %%r0, %%r1, %%r2, %%r3, %%r4 : tensor<?x?x?xi8>, tensor<?x?xf16>, tensor<?x?xf32>, tensor<?x?xf64>, tensor<?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 9)
			return []*tensor.Tensor{randOf(r, tensor.I8, dim(r, 5), dim(r, 6), 64), randOf(r, tensor.F16, n, 40), randOf(r, tensor.F32, n, 32), randOf(r, tensor.F64, n, 16), randOf(r, tensor.F32, n, 33),
				randIdx(r, oob, it, 64, dim(r, 150)), randIdx(r, oob, it, 40, dim(r, 70)), randIdx(r, oob, it, 32, dim(r, 40)), randIdx(r, oob, it, 16, dim(r, 20)), randIdx(r, oob, it, 33, dim(r, 20))}
		}},
		// Takes along the last axis of rows past the shuffle's tables
		// (gatherrow.Permute with Row's gathers per row, behind
		// Perm.Fast, the loop in its else branch): 1-byte rows of 200
		// and 700 bytes (Row's byte shuffles, its paired loads) and f16
		// of 600 bytes, by up to 300 ids (the steps of eight and the Go
		// loop's tail; under 8 ids, or fewer than one per 16 elements,
		// the else branch); f32 rows of 600 bytes and f64 of 720 keep
		// the loop alone.
		pattern{name: "take_last_axis_long", mlir: `func.func @%[3]s(%%x0: tensor<?x200xi8>, %%x1: tensor<?x700xui8>, %%x2: tensor<?x300xf16>, %%x3: tensor<?x150xf32>, %%x4: tensor<?x90xf64>, %%i0: tensor<?x%[2]s>, %%i1: tensor<?x%[2]s>, %%i2: tensor<?x%[2]s>, %%i3: tensor<?x%[2]s>, %%i4: tensor<?x%[2]s>) -> (tensor<?x?xi8>, tensor<?x?xui8>, tensor<?x?xf16>, tensor<?x?xf32>, tensor<?x?xf64>) {
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%x0, %%c0 : tensor<?x200xi8>
  %%e0 = tensor.expand_shape %%i0 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b0 = tcp.broadcast_to %%e0, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r0 = tcp.gather %%x0, %%b0 {dim = 1 : index%[6]s} : tensor<?x200xi8>, tensor<?x?x%[2]s> -> tensor<?x?xi8>
  %%e1 = tensor.expand_shape %%i1 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b1 = tcp.broadcast_to %%e1, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r1 = tcp.gather %%x1, %%b1 {dim = 1 : index%[6]s} : tensor<?x700xui8>, tensor<?x?x%[2]s> -> tensor<?x?xui8>
  %%e2 = tensor.expand_shape %%i2 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b2 = tcp.broadcast_to %%e2, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r2 = tcp.gather %%x2, %%b2 {dim = 1 : index%[6]s} : tensor<?x300xf16>, tensor<?x?x%[2]s> -> tensor<?x?xf16>
  %%e3 = tensor.expand_shape %%i3 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b3 = tcp.broadcast_to %%e3, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r3 = tcp.gather %%x3, %%b3 {dim = 1 : index%[6]s} : tensor<?x150xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  %%e4 = tensor.expand_shape %%i4 [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b4 = tcp.broadcast_to %%e4, %%n {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r4 = tcp.gather %%x4, %%b4 {dim = 1 : index%[6]s} : tensor<?x90xf64>, tensor<?x?x%[2]s> -> tensor<?x?xf64>
  return %%r0, %%r1, %%r2, %%r3, %%r4 : tensor<?x?xi8>, tensor<?x?xui8>, tensor<?x?xf16>, tensor<?x?xf32>, tensor<?x?xf64>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			n := dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.I8, n, 200), randOf(r, tensor.UI8, n, 700), randOf(r, tensor.F16, n, 300), randOf(r, tensor.F32, n, 150), randOf(r, tensor.F64, n, 90),
				randIdx(r, oob, it, 200, dim(r, 300)), randIdx(r, oob, it, 700, dim(r, 300)), randIdx(r, oob, it, 300, dim(r, 300)), randIdx(r, oob, it, 150, dim(r, 300)), randIdx(r, oob, it, 90, dim(r, 300))}
		}},
	)
}

// TestTakeForms: in the kernel binary, every table of the take patterns
// (take_rows, take_short_rows, take_embedding_2d, take_middle_axis,
// take_middle_axis_12b) is one gatherrow.Take call per worker in the
// modes that check or wrap ids, with either index type: the
// differential test then compares Take's every size class with the
// interpreter. The last-axis takes of take_last_axis and
// take_last_axis_long are gatherrow.Permute calls (byte shuffles, or
// Row's gathers per row), but for the 8-byte elements of rows past the
// shuffles, and the 4-byte ones where gatherrow.WideRowGathers says no. take_flat's four flat takes are one gatherrow.Row
// call each over a worker's part (the rows of its fifth, whose ids have
// two dynamic dims, are one call per row). The gather_nd patterns by two
// components with static rows under 128 bytes (take2_*, gather_nd_elems,
// gather_nd_rows3) are one gatherrow.Take2 call per gather_nd.
func TestTakeForms(t *testing.T) {
	want := map[string]int{"take_rows": 9, "take_short_rows": 10, "take_embedding_2d": 1, "take_middle_axis": 1, "take_middle_axis_12b": 1}
	wantPermute := map[string]int{"take_last_axis": 4, "take_last_axis_long": 3}
	if gatherrow.WideRowGathers() {
		// The f32 rows past the shuffles too.
		wantPermute["take_last_axis"], wantPermute["take_last_axis_long"] = 5, 4
	}
	wantRow := map[string]int{"take_unit_rows": 4, "take_flat": 5}
	wantTake2 := map[string]int{"take2_pixels": 1, "take2_rows": 2, "take2_elems": 1, "gather_nd_elems": 1, "gather_nd_rows3": 1}
	for _, p := range patterns {
		n, ok := want[p.name]
		np, okp := wantPermute[p.name]
		nr, okr := wantRow[p.name]
		n2, ok2 := wantTake2[p.name]
		if !ok && !okp && !okr && !ok2 {
			continue
		}
		for _, mode := range []string{"error", "wrap_negative"} {
			for _, it := range []string{"i32", "i64"} {
				attr := fmt.Sprintf(", mode = %q", mode)
				src := fmt.Sprintf(p.mlir, attr, it, "f", "f32", strings.TrimPrefix(attr, ", "), attr)
				m, err := parser.Parse(p.name+".mlir", src, parser.Options{})
				if err != nil {
					t.Fatal(err)
				}
				code, _, _, err := emitTagged(m, Options{Package: "main", driver: true})
				if err != nil {
					t.Fatal(err)
				}
				for call, want := range map[string]int{"gatherrow.Take(": n, "gatherrow.Permute(": np, "gatherrow.Row(": nr, "gatherrow.Take2(": n2} {
					got := strings.Count(string(code), call)
					if call == "gatherrow.Take(" {
						got += strings.Count(string(code), "gatherrow.TakeNT(") // rows of whole lines
					}
					if got != want {
						t.Errorf("%s (%s, %s): %d %s calls, want %d", p.name, mode, it, got, call, want)
					}
				}
			}
		}
	}
}
