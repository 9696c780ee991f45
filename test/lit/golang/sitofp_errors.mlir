// arith.sitofp from a 64-bit integer to f16 or bf16 would round twice
// through float64 in the Go backend; it is refused.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: sitofp_errors.mlir:[[@LINE+2]]:8: error: 'arith.sitofp' op is not supported by the Go backend: sitofp from i64 to bf16 would round twice through float64; integers of at most 32 bits only
func.func @wide(%x: tensor<2xi64>) -> tensor<2xbf16> {
  %0 = arith.sitofp %x : tensor<2xi64> to tensor<2xbf16>
  return %0 : tensor<2xbf16>
}
