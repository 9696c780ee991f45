// tcp-pipeline reports invalid input as a located error, exit status 1,
// before any stage runs.
// RUN: not tcp-pipeline %s 2>&1 | FileCheck %s

// CHECK: errors.mlir:[[@LINE+3]]:10: error: use of undeclared SSA value name
// CHECK-NOT: == 2. tcp
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %b : tensor<2xf32>
}
