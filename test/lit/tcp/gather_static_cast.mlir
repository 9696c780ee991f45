// RUN: tcp-opt %s --canonicalize | FileCheck %s
// RUN: tcp-run --print=mlir %s -e f | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --canonicalize | tcp-run --print=mlir - -e f | FileCheck %s --check-prefix=VAL

// A gather whose indices are a tensor.cast to a less static type (a
// frontend's declared type) reads the cast's source: its result type is
// static again, for lowerings that need static shapes; the cast back and
// the function's cast to its result type then fold away (tensor.cast of a
// tensor.cast back to the first type is its source).
// CHECK-LABEL: func.func @g(
// CHECK: %[[G:.*]] = tcp.gather %arg0, %arg1 {dim = 1 : index, mode = "wrap_negative"} : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
// CHECK-NEXT: return %[[G]] : tensor<2x2xf32>
func.func @g(%x: tensor<2x3xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %c = tensor.cast %i : tensor<2x2xi64> to tensor<2x?xi64>
  %g = tcp.gather %x, %c {dim = 1 : index, mode = "wrap_negative"} : tensor<2x3xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
  %r = tensor.cast %g : tensor<2x?xf32> to tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// VAL: {{^}}dense<{{\[\[}}3.000000e+00, 1.000000e+00], [4.000000e+00, 6.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @f() -> tensor<2x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : tensor<2x3xf32>
  %i = tcp.const {value = dense<[[-1, 0], [0, 2]]> : tensor<2x2xi64>} : tensor<2x2xi64>
  %c = tensor.cast %i : tensor<2x2xi64> to tensor<2x?xi64>
  %g = tcp.gather %x, %c {dim = 1 : index, mode = "wrap_negative"} : tensor<2x3xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
  %r = tensor.cast %g : tensor<2x?xf32> to tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
