// Ops the Go backend cannot compile are located errors; no output is written.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: errors.mlir:[[@LINE+3]]:8: error: 'tensor.empty' op is not supported by the Go backend: no Go kernel for this op
// CHECK-NOT: package
func.func @empty(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<5xf32> {
  %0 = tensor.empty() : tensor<5xf32>
  return %0 : tensor<5xf32>
}
