// Elementwise integer arith is fused into index reads; addi, subi, muli
// (and floordivsi) used as data are computed into a buffer of their own
// (intdata.mlir), the others returned (or gathered as data) are a located
// error.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: arith_returned.mlir:[[@LINE+3]]:8: error: 'arith.maxsi' op is not supported by the Go backend: elementwise integer arith is fused into index reads only; its result is returned or gathered as data
// CHECK-NOT: package
func.func @returned(%i: tensor<4xi32>) -> tensor<4xi32> {
  %a = arith.maxsi %i, %i : tensor<4xi32>
  return %a : tensor<4xi32>
}
