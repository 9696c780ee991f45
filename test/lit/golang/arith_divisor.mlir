// remsi on an index tensor needs a nonzero constant splat divisor: the
// interpreter fails a division by zero, which the fused kernel cannot
// report in op order.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: arith_divisor.mlir:[[@LINE+3]]:8: error: 'arith.remsi' op is not supported by the Go backend: the divisor must be a nonzero constant splat, since the interpreter fails a division by zero
// CHECK-NOT: package
func.func @bad_divisor(%x: tensor<6xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) -> tensor<4xf32> {
  %r = arith.remsi %i, %j : tensor<4xi32>
  %0 = tcp.gather %x, %r {dim = 0 : index, mode = "clip"} : tensor<6xf32>, tensor<4xi32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
