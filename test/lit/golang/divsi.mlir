// ONNX Div of indices by a constant is arith.divsi, which the Go backend
// fuses into the index read: Go's division truncates toward zero like
// divsi (-7 / 2 = -3). A divisor that is not a nonzero constant splat is
// refused (the interpreter fails a division by zero).
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e f --backend=go | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e f --backend=interp | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func F(
// CHECK: / 2
// OUT: {{^}}dense<[2.000000e+01, 1.000000e+01, 3.000000e+01, 4.000000e+01]> : tensor<4xf32>{{$}}
func.func @f() -> tensor<4xf32> {
  %x = tcp.const {value = dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>} : tensor<4xf32>
  %i = tcp.const {value = dense<[-7, 1, 5, 7]> : tensor<4xi64>} : tensor<4xi64>
  %two = tcp.const {value = dense<2> : tensor<4xi64>} : tensor<4xi64>
  %q = arith.divsi %i, %two : tensor<4xi64>
  %g = tcp.gather %x, %q {dim = 0 : index, mode = "wrap_negative"} : tensor<4xf32>, tensor<4xi64> -> tensor<4xf32>
  return %g : tensor<4xf32>
}
