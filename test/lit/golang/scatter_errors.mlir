// Scatters the Go backend refuses, with located errors and no output: a
// scatter result read by another op than func.return or a scatter (it is
// computed in place in its destination).
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: scatter_errors.mlir:[[@LINE+3]]:8: error: 'tcp.scatter' op is not supported by the Go backend: a scatter result can only be returned by the function or be the input of another scatter (it is computed in place in its destination), not used by tcp.gather
// CHECK-NOT: package
func.func @scatter_read(%x: tensor<3xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>, %j: tensor<2xi64>) -> tensor<2xf32> {
  %0 = tcp.scatter %x, %i, %u {dim = 0 : index} : tensor<3xf32>, tensor<2xi64>, tensor<2xf32> -> tensor<3xf32>
  %1 = tcp.gather %0, %j {dim = 0 : index} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
