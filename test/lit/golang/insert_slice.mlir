// tensor.insert_slice in the Go backend: a piecewise view (the source's
// element inside the window, dest's outside, chosen per element), with
// the window checked against dest and the source's sizes against the
// window at run time when any part of them is dynamic.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e rows --backend=go | FileCheck %s --check-prefix=ROWS
// RUN: tcp-run --print=mlir %s -e rows --backend=interp | FileCheck %s --check-prefix=ROWS

// CHECK-LABEL: func Dynamic(
// CHECK: tcpCheckSlice(0,
// CHECK: tcpSel(
// CHECK-LABEL: func DynamicDims(
func.func @dynamic(%x: tensor<?x4xf32>, %s: tensor<4xf32>, %o: index) -> tensor<?x4xf32> {
  %0 = tensor.insert_slice %s into %x[%o, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// The gathered [[1, 2], [9, 10]] (columns 0 and 1 of rows 0 and 2)
// written into rows 2 and 0 (stride -2), columns 1 and 2, of x.
// ROWS: dense<{{\[\[}}1.000000e+00, 9.000000e+00, 1.000000e+01, 4.000000e+00], [5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00], [9.000000e+00, 1.000000e+00, 2.000000e+00, 1.200000e+01]]> : tensor<3x4xf32>
func.func @rows() -> tensor<3x4xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>} : tensor<3x4xf32>
  %i = tcp.const {value = dense<[[0, 0], [2, 2]]> : tensor<2x2xi32>} : tensor<2x2xi32>
  %g = tcp.gather %x, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x2xi32> -> tensor<2x2xf32>
  %0 = tensor.insert_slice %g into %x[2, 1] [2, 2] [-2, 1] : tensor<2x2xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
