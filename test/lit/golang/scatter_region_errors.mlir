// A combiner region the verifier takes but the Go backend has no code for
// (integer arithmetic on i1, an ordering of i1 values) is a located error
// at the region's op; no output is written.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: scatter_region_errors.mlir:[[@LINE+5]]:10: error: 'arith.addi' op is not supported by the Go backend: i1 values in a combiner region take arith.andi and arith.ori only
// CHECK-NOT: package
func.func @add_i1(%a: tensor<4xi1>, %i: tensor<3xi64>, %u: tensor<3xi1>) -> tensor<4xi1> {
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xi1>, tensor<3xi64>, tensor<3xi1> -> tensor<4xi1> {
  ^bb0(%c: tensor<i1>, %v: tensor<i1>):
    %r = arith.addi %c, %v : tensor<i1>
    tcp.yield %r : tensor<i1>
  }
  return %0 : tensor<4xi1>
}
