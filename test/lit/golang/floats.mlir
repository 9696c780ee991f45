// Float conversions of data in the Go backend (jax's x[i].astype(float16)):
// arith.truncf and arith.extf are applied to each element as it is
// stored, never materialized; f16 rounds once, to nearest even.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e astype --backend=go | FileCheck %s --check-prefix=VAL
// RUN: tcp-run --print=mlir %s -e astype --backend=interp | FileCheck %s --check-prefix=VAL

// CHECK: func tcpF32ToF16(
// CHECK-LABEL: func Astype(
// CHECK: r0[{{.*}}] = tcpF32ToF16(
// 1 + 2^-11 is a tie: it rounds to the even 1; 70000 overflows to inf.
// VAL: dense<[0x7C00, 1.000000e+00, 2.500000e+00, 1.000000e+00]> : tensor<4xf16>
func.func @astype() -> tensor<4xf16> {
  %x = tcp.const {value = dense<[1.00048828125, 2.5, 70000.0]> : tensor<3xf32>} : tensor<3xf32>
  %i = tcp.const {value = dense<[2, 0, 1, 0]> : tensor<4xi32>} : tensor<4xi32>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3xf32>, tensor<4xi32> -> tensor<4xf32>
  %1 = arith.truncf %0 : tensor<4xf32> to tensor<4xf16>
  return %1 : tensor<4xf16>
}
