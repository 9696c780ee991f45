// How a kernel splits its loops over the workers (tcpParallel): a take
// along axis 1 whose outer dim is short (here 2) splits its outer loop and
// its id loop together, each chunk starting and ending inside an outer
// row (reading the ids' index table, computed once before the workers
// start); the index check pass before it is split too. With any worker
// count the result is the interpreter's, and a bad index gives the
// interpreter's error (the first in row-major order).
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e mid --backend=go --workers 3 | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e mid --backend=interp | FileCheck %s --check-prefix=OUT
// RUN: not tcp-run --print=mlir %s -e mid_bad --backend=go --workers 3 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not tcp-run --print=mlir %s -e mid_bad --backend=interp 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func Mid(
// CHECK:         tcpParallel(3, 8, func(lo, hi int) error {
// CHECK-NEXT:      for [[C:i[0-9]+_0]] := lo; [[C]] < hi; [[C]]++ {
// CHECK:         tcpParallel(6, 8, func(lo, hi int) error {
// CHECK-NEXT:      for [[O:i[0-9]+_0]] := lo / 3; [[O]]*3 < hi; [[O]]++ {
// CHECK-NEXT:        [[ROW:t[0-9]+]] := [[TAB:t[0-9]+]][:3]
// CHECK-NEXT:        [[I:i[0-9]+_1]]lo, [[I]]hi := 0, 3
// CHECK-NEXT:        if [[O]]*3 < lo {
// CHECK-NEXT:          [[I]]lo = lo - [[O]]*3
// CHECK-NEXT:        }
// CHECK-NEXT:        if hi-[[O]]*3 < [[I]]hi {
// CHECK-NEXT:          [[I]]hi = hi - [[O]]*3
// CHECK-NEXT:        }
// CHECK-NEXT:        for [[I]] := [[I]]lo; [[I]] < [[I]]hi; [[I]]++ {
// CHECK-LABEL: func MidDims(
// OUT: dense<{{\[\[\[}}8.000000e+00, 9.000000e+00], [0.000000e+00, 1.000000e+00], [1.000000e+01, 1.100000e+01]], {{\[\[}}2.000000e+01, 2.100000e+01], [1.200000e+01, 1.300000e+01], [2.200000e+01, 2.300000e+01]]]> : tensor<2x3x2xf32>
// ERR: parallel_split.mlir:47:8: error: 'tcp.gather' op index 9 is out of bounds for dimension 1 with size 6
func.func @mid() -> tensor<2x3x2xf32> {
  %x = tcp.const {value = dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0]], [[12.0, 13.0], [14.0, 15.0], [16.0, 17.0], [18.0, 19.0], [20.0, 21.0], [22.0, 23.0]]]> : tensor<2x6x2xf32>} : tensor<2x6x2xf32>
  %i = tcp.const {value = dense<[4, 0, 5]> : tensor<3xi64>} : tensor<3xi64>
  %e = tensor.expand_shape %i [[0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
  %c2 = arith.constant 2 : index
  %b = tcp.broadcast_to %e, %c2, %c2 {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<2x3x2xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "error"} : tensor<2x6x2xf32>, tensor<2x3x2xi64> -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}

func.func @mid_bad() -> tensor<2x3x2xf32> {
  %x = tcp.const {value = dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0]], [[12.0, 13.0], [14.0, 15.0], [16.0, 17.0], [18.0, 19.0], [20.0, 21.0], [22.0, 23.0]]]> : tensor<2x6x2xf32>} : tensor<2x6x2xf32>
  %i = tcp.const {value = dense<[4, 9, -7]> : tensor<3xi64>} : tensor<3xi64>
  %e = tensor.expand_shape %i [[0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
  %c2 = arith.constant 2 : index
  %b = tcp.broadcast_to %e, %c2, %c2 {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<2x3x2xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "error"} : tensor<2x6x2xf32>, tensor<2x3x2xi64> -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}
