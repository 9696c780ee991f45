package golang

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential pattern for the row copies of index_select along dim 0
// with static rows (nest.go's arrayRowCopy): one 16-byte chunk or less,
// several chunks with and without a shorter last one, rows of exactly
// maxArrayRun bytes and rows just above it (a copy), in every element
// size, and rows long enough to be touched ahead (256 bytes: 8 rows
// ahead; over 1 KiB: 4 ahead), in every mode and index type; and rows
// about maxArrayRun (128 bytes): 65, 80, 127, 128 and 132 bytes.

func init() {
	patterns = append(patterns,
		pattern{name: "row_sizes", mlir: `func.func @%[3]s(%%x0: tensor<?x1xf32>, %%x1: tensor<?x3xf32>, %%x2: tensor<?x4xf32>, %%x3: tensor<?x5xf32>, %%x4: tensor<?x16xf32>, %%x5: tensor<?x17xf32>, %%x6: tensor<?x5xf16>, %%x7: tensor<?x32xf16>, %%x8: tensor<?x8xbf16>, %%x9: tensor<?x33xbf16>, %%x10: tensor<?x24xi8>, %%x11: tensor<?x64xi8>, %%x12: tensor<?x2xf64>, %%x13: tensor<?x8xf64>, %%x14: tensor<?x9xf64>, %%x15: tensor<?x7xi32>, %%x16: tensor<?x3xi64>, %%x17: tensor<?x64xf32>, %%x18: tensor<?x520xf16>, %%i: tensor<?x%[2]s>) -> (tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x4xf32>, tensor<?x5xf32>, tensor<?x16xf32>, tensor<?x17xf32>, tensor<?x5xf16>, tensor<?x32xf16>, tensor<?x8xbf16>, tensor<?x33xbf16>, tensor<?x24xi8>, tensor<?x64xi8>, tensor<?x2xf64>, tensor<?x8xf64>, tensor<?x9xf64>, tensor<?x7xi32>, tensor<?x3xi64>, tensor<?x64xf32>, tensor<?x520xf16>) {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%c0 = arith.constant 1 : index
  %%b0 = tcp.broadcast_to %%e, %%c0 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x1x%[2]s>
  %%r0 = tcp.gather %%x0, %%b0 {dim = 0 : index%[6]s} : tensor<?x1xf32>, tensor<?x1x%[2]s> -> tensor<?x1xf32>
  %%c1 = arith.constant 3 : index
  %%b1 = tcp.broadcast_to %%e, %%c1 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x3x%[2]s>
  %%r1 = tcp.gather %%x1, %%b1 {dim = 0 : index%[6]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%c2 = arith.constant 4 : index
  %%b2 = tcp.broadcast_to %%e, %%c2 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x4x%[2]s>
  %%r2 = tcp.gather %%x2, %%b2 {dim = 0 : index%[6]s} : tensor<?x4xf32>, tensor<?x4x%[2]s> -> tensor<?x4xf32>
  %%c3 = arith.constant 5 : index
  %%b3 = tcp.broadcast_to %%e, %%c3 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x5x%[2]s>
  %%r3 = tcp.gather %%x3, %%b3 {dim = 0 : index%[6]s} : tensor<?x5xf32>, tensor<?x5x%[2]s> -> tensor<?x5xf32>
  %%c4 = arith.constant 16 : index
  %%b4 = tcp.broadcast_to %%e, %%c4 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x16x%[2]s>
  %%r4 = tcp.gather %%x4, %%b4 {dim = 0 : index%[6]s} : tensor<?x16xf32>, tensor<?x16x%[2]s> -> tensor<?x16xf32>
  %%c5 = arith.constant 17 : index
  %%b5 = tcp.broadcast_to %%e, %%c5 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x17x%[2]s>
  %%r5 = tcp.gather %%x5, %%b5 {dim = 0 : index%[6]s} : tensor<?x17xf32>, tensor<?x17x%[2]s> -> tensor<?x17xf32>
  %%c6 = arith.constant 5 : index
  %%b6 = tcp.broadcast_to %%e, %%c6 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x5x%[2]s>
  %%r6 = tcp.gather %%x6, %%b6 {dim = 0 : index%[6]s} : tensor<?x5xf16>, tensor<?x5x%[2]s> -> tensor<?x5xf16>
  %%c7 = arith.constant 32 : index
  %%b7 = tcp.broadcast_to %%e, %%c7 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x32x%[2]s>
  %%r7 = tcp.gather %%x7, %%b7 {dim = 0 : index%[6]s} : tensor<?x32xf16>, tensor<?x32x%[2]s> -> tensor<?x32xf16>
  %%c8 = arith.constant 8 : index
  %%b8 = tcp.broadcast_to %%e, %%c8 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x8x%[2]s>
  %%r8 = tcp.gather %%x8, %%b8 {dim = 0 : index%[6]s} : tensor<?x8xbf16>, tensor<?x8x%[2]s> -> tensor<?x8xbf16>
  %%c9 = arith.constant 33 : index
  %%b9 = tcp.broadcast_to %%e, %%c9 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x33x%[2]s>
  %%r9 = tcp.gather %%x9, %%b9 {dim = 0 : index%[6]s} : tensor<?x33xbf16>, tensor<?x33x%[2]s> -> tensor<?x33xbf16>
  %%c10 = arith.constant 24 : index
  %%b10 = tcp.broadcast_to %%e, %%c10 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x24x%[2]s>
  %%r10 = tcp.gather %%x10, %%b10 {dim = 0 : index%[6]s} : tensor<?x24xi8>, tensor<?x24x%[2]s> -> tensor<?x24xi8>
  %%c11 = arith.constant 64 : index
  %%b11 = tcp.broadcast_to %%e, %%c11 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x64x%[2]s>
  %%r11 = tcp.gather %%x11, %%b11 {dim = 0 : index%[6]s} : tensor<?x64xi8>, tensor<?x64x%[2]s> -> tensor<?x64xi8>
  %%c12 = arith.constant 2 : index
  %%b12 = tcp.broadcast_to %%e, %%c12 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x2x%[2]s>
  %%r12 = tcp.gather %%x12, %%b12 {dim = 0 : index%[6]s} : tensor<?x2xf64>, tensor<?x2x%[2]s> -> tensor<?x2xf64>
  %%c13 = arith.constant 8 : index
  %%b13 = tcp.broadcast_to %%e, %%c13 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x8x%[2]s>
  %%r13 = tcp.gather %%x13, %%b13 {dim = 0 : index%[6]s} : tensor<?x8xf64>, tensor<?x8x%[2]s> -> tensor<?x8xf64>
  %%c14 = arith.constant 9 : index
  %%b14 = tcp.broadcast_to %%e, %%c14 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x9x%[2]s>
  %%r14 = tcp.gather %%x14, %%b14 {dim = 0 : index%[6]s} : tensor<?x9xf64>, tensor<?x9x%[2]s> -> tensor<?x9xf64>
  %%c15 = arith.constant 7 : index
  %%b15 = tcp.broadcast_to %%e, %%c15 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x7x%[2]s>
  %%r15 = tcp.gather %%x15, %%b15 {dim = 0 : index%[6]s} : tensor<?x7xi32>, tensor<?x7x%[2]s> -> tensor<?x7xi32>
  %%c16 = arith.constant 3 : index
  %%b16 = tcp.broadcast_to %%e, %%c16 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x3x%[2]s>
  %%r16 = tcp.gather %%x16, %%b16 {dim = 0 : index%[6]s} : tensor<?x3xi64>, tensor<?x3x%[2]s> -> tensor<?x3xi64>
  %%c17 = arith.constant 64 : index
  %%b17 = tcp.broadcast_to %%e, %%c17 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x64x%[2]s>
  %%r17 = tcp.gather %%x17, %%b17 {dim = 0 : index%[6]s} : tensor<?x64xf32>, tensor<?x64x%[2]s> -> tensor<?x64xf32>
  %%c18 = arith.constant 520 : index
  %%b18 = tcp.broadcast_to %%e, %%c18 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x520x%[2]s>
  %%r18 = tcp.gather %%x18, %%b18 {dim = 0 : index%[6]s} : tensor<?x520xf16>, tensor<?x520x%[2]s> -> tensor<?x520xf16>
  return %%r0, %%r1, %%r2, %%r3, %%r4, %%r5, %%r6, %%r7, %%r8, %%r9, %%r10, %%r11, %%r12, %%r13, %%r14, %%r15, %%r16, %%r17, %%r18 : tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x4xf32>, tensor<?x5xf32>, tensor<?x16xf32>, tensor<?x17xf32>, tensor<?x5xf16>, tensor<?x32xf16>, tensor<?x8xbf16>, tensor<?x33xbf16>, tensor<?x24xi8>, tensor<?x64xi8>, tensor<?x2xf64>, tensor<?x8xf64>, tensor<?x9xf64>, tensor<?x7xi32>, tensor<?x3xi64>, tensor<?x64xf32>, tensor<?x520xf16>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a := dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.F32, a, 1), randOf(r, tensor.F32, a, 3), randOf(r, tensor.F32, a, 4), randOf(r, tensor.F32, a, 5), randOf(r, tensor.F32, a, 16), randOf(r, tensor.F32, a, 17), randOf(r, tensor.F16, a, 5), randOf(r, tensor.F16, a, 32), randOf(r, tensor.BF16, a, 8), randOf(r, tensor.BF16, a, 33), randOf(r, tensor.I8, a, 24), randOf(r, tensor.I8, a, 64), randOf(r, tensor.F64, a, 2), randOf(r, tensor.F64, a, 8), randOf(r, tensor.F64, a, 9), randOf(r, tensor.I32, a, 7), randOf(r, tensor.I64, a, 3), randOf(r, tensor.F32, a, 64), randOf(r, tensor.F16, a, 520), randIdx(r, oob, it, a, dim(r, 12))}
		}},
		pattern{name: "row_sizes_128", mlir: `func.func @%[3]s(%%x0: tensor<?x32xf32>, %%x1: tensor<?x33xf32>, %%x2: tensor<?x16xf64>, %%x3: tensor<?x40xf16>, %%x4: tensor<?x65xi8>, %%x5: tensor<?x127xi8>, %%i: tensor<?x%[2]s>) -> (tensor<?x32xf32>, tensor<?x33xf32>, tensor<?x16xf64>, tensor<?x40xf16>, tensor<?x65xi8>, tensor<?x127xi8>) {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%c0 = arith.constant 32 : index
  %%b0 = tcp.broadcast_to %%e, %%c0 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x32x%[2]s>
  %%r0 = tcp.gather %%x0, %%b0 {dim = 0 : index%[6]s} : tensor<?x32xf32>, tensor<?x32x%[2]s> -> tensor<?x32xf32>
  %%c1 = arith.constant 33 : index
  %%b1 = tcp.broadcast_to %%e, %%c1 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x33x%[2]s>
  %%r1 = tcp.gather %%x1, %%b1 {dim = 0 : index%[6]s} : tensor<?x33xf32>, tensor<?x33x%[2]s> -> tensor<?x33xf32>
  %%c2 = arith.constant 16 : index
  %%b2 = tcp.broadcast_to %%e, %%c2 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x16x%[2]s>
  %%r2 = tcp.gather %%x2, %%b2 {dim = 0 : index%[6]s} : tensor<?x16xf64>, tensor<?x16x%[2]s> -> tensor<?x16xf64>
  %%c3 = arith.constant 40 : index
  %%b3 = tcp.broadcast_to %%e, %%c3 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x40x%[2]s>
  %%r3 = tcp.gather %%x3, %%b3 {dim = 0 : index%[6]s} : tensor<?x40xf16>, tensor<?x40x%[2]s> -> tensor<?x40xf16>
  %%c4 = arith.constant 65 : index
  %%b4 = tcp.broadcast_to %%e, %%c4 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x65x%[2]s>
  %%r4 = tcp.gather %%x4, %%b4 {dim = 0 : index%[6]s} : tensor<?x65xi8>, tensor<?x65x%[2]s> -> tensor<?x65xi8>
  %%c5 = arith.constant 127 : index
  %%b5 = tcp.broadcast_to %%e, %%c5 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x127x%[2]s>
  %%r5 = tcp.gather %%x5, %%b5 {dim = 0 : index%[6]s} : tensor<?x127xi8>, tensor<?x127x%[2]s> -> tensor<?x127xi8>
  return %%r0, %%r1, %%r2, %%r3, %%r4, %%r5 : tensor<?x32xf32>, tensor<?x33xf32>, tensor<?x16xf64>, tensor<?x40xf16>, tensor<?x65xi8>, tensor<?x127xi8>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a := dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.F32, a, 32), randOf(r, tensor.F32, a, 33), randOf(r, tensor.F64, a, 16), randOf(r, tensor.F16, a, 40), randOf(r, tensor.I8, a, 65), randOf(r, tensor.I8, a, 127), randIdx(r, oob, it, a, dim(r, 12))}
		}},
	)
}
