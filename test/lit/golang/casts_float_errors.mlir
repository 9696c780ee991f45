// fptosi in the Go backend reads f32 or f64 elements only, and like every
// fused cast its result must be read as indices.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: casts_float_errors.mlir:[[@LINE+2]]:8: error: 'arith.fptosi' op is not supported by the Go backend: fptosi from f32 or f64 to 8- to 64-bit integer or index elements only, got f16 to i32
func.func @half(%x: tensor<3xf32>, %f: tensor<2xf16>) -> tensor<2xf32> {
  %0 = arith.fptosi %f : tensor<2xf16> to tensor<2xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3xf32>, tensor<2xi32> -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
