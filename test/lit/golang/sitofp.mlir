// An ONNX Cast of gathered integer data to float (Cast(Gather(x, i),
// to=FLOAT)) is arith.sitofp: the Go backend converts each element with
// Go's integer-to-float conversion (one rounding, to nearest even, as the
// interpreter does), to f16 and bf16 through float64 (exact for integers
// of at most 32 bits); from a 64-bit integer to f16 or bf16 it would round
// twice and is refused.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e f --backend=go | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e f --backend=interp | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e half --backend=go | FileCheck %s --check-prefix=HALF
// RUN: tcp-run --print=mlir %s -e half --backend=interp | FileCheck %s --check-prefix=HALF

// 16777217 rounds to 16777216 (0x4B800000) in f32.
// CHECK-LABEL: func F(
// CHECK: float32(
// OUT: {{^}}dense<{{\[\[}}1.000000e+00, 0x4B800000], [7.000000e+00, -3.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @f() -> tensor<2x2xf32> {
  %x = tcp.const {value = dense<[[1, 16777217], [-3, 7]]> : tensor<2x2xi32>} : tensor<2x2xi32>
  %i = tcp.const {value = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : tensor<2x2xi64>
  %g = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<2x2xi32>, tensor<2x2xi64> -> tensor<2x2xi32>
  %0 = arith.sitofp %g : tensor<2x2xi32> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// 2049 is between two f16 values (2048, 2050): to even, 2048.
// HALF: dense<[2.048000e+03, -5.000000e+00]> : tensor<2xf16>
func.func @half() -> tensor<2xf16> {
  %x = tcp.const {value = dense<[2049, -5]> : tensor<2xi16>} : tensor<2xi16>
  %0 = arith.sitofp %x : tensor<2xi16> to tensor<2xf16>
  return %0 : tensor<2xf16>
}
