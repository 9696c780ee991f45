// tensor.extract_slice in the Go backend: a view like tcp.slice (offset +
// stride * coordinate per kept dim; a dropped unit dim reads its offset),
// with the window checked at run time when any part of it is dynamic.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e row --backend=go | FileCheck %s --check-prefix=ROW
// RUN: tcp-run --print=mlir %s -e row --backend=interp | FileCheck %s --check-prefix=ROW

// CHECK-LABEL: func Dynamic(
// CHECK: tcpCheckSlice(0,
// CHECK-LABEL: func DynamicDims(
func.func @dynamic(%x: tensor<?x4xf32>, %o: index) -> tensor<4xf32> {
  %0 = tensor.extract_slice %x[%o, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Row 1 (source row 0), columns 3 and 1 (stride -2), of the gathered
// rows [2, 0].
// ROW: dense<[4.000000e+00, 2.000000e+00]> : tensor<2xf32>
func.func @row() -> tensor<2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>} : tensor<3x4xf32>
  %i = tcp.const {value = dense<[[2, 2, 2, 2], [0, 0, 0, 0]]> : tensor<2x4xi32>} : tensor<2x4xi32>
  %g = tcp.gather %x, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi32> -> tensor<2x4xf32>
  %0 = tensor.extract_slice %g[1, 3] [1, 2] [1, -2] : tensor<2x4xf32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}
