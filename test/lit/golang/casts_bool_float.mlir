// jax's x[m.astype(int32)] (bool m) and x[f.astype(int32)] (float f) in
// the Go backend: an i1 element loads as 0 or -1 (tcpB2I) and extui keeps
// its low bit; fptosi loads the float with int() (truncation toward zero)
// after a nest that fails, like the interpreter, on NaN and on values out
// of the result's range.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e bools --backend=go | FileCheck %s --check-prefix=BOOL
// RUN: tcp-run --print=mlir %s -e bools --backend=interp | FileCheck %s --check-prefix=BOOL
// RUN: tcp-run --print=mlir %s -e floats --backend=go | FileCheck %s --check-prefix=FLT
// RUN: tcp-run --print=mlir %s -e floats --backend=interp | FileCheck %s --check-prefix=FLT
// RUN: not tcp-run --print=mlir %s -e nan --backend=go 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not tcp-run --print=mlir %s -e nan --backend=interp 2>&1 | FileCheck %s --check-prefix=NAN

// CHECK-LABEL: func Bools(
// CHECK: [[B:t[0-9]+]] := tcpB2I(
// CHECK: tcpZext1([[B]])
// BOOL: dense<[2.000000e+01, 1.000000e+01, 2.000000e+01]> : tensor<3xf32>
func.func @bools() -> tensor<3xf32> {
  %x = tcp.const {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : tensor<3xf32>
  %m = tcp.const {value = dense<[true, false, true]> : tensor<3xi1>} : tensor<3xi1>
  %0 = arith.extui %m : tensor<3xi1> to tensor<3xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3xf32>, tensor<3xi32> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// 1.9 truncates to 1, -0.5 to 0, 2.99 to 2.
// CHECK-LABEL: func Floats(
// CHECK: does not fit in i32
// FLT: dense<[2.000000e+01, 1.000000e+01, 3.000000e+01]> : tensor<3xf32>
func.func @floats() -> tensor<3xf32> {
  %x = tcp.const {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : tensor<3xf32>
  %f = tcp.const {value = dense<[1.9, -0.5, 2.99]> : tensor<3xf32>} : tensor<3xf32>
  %0 = arith.fptosi %f : tensor<3xf32> to tensor<3xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3xf32>, tensor<3xi32> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// NAN: does not fit in i32
func.func @nan() -> tensor<2xf32> {
  %x = tcp.const {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : tensor<3xf32>
  %f = tcp.const {value = dense<[1.0, 0x7FC00000]> : tensor<2xf32>} : tensor<2xf32>
  %0 = arith.fptosi %f : tensor<2xf32> to tensor<2xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3xf32>, tensor<2xi32> -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
