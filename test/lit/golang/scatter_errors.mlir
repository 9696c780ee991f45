// Scatters the Go backend refuses, with located errors and no output: a
// scatter result read by another op (it is computed in place in its
// destination, so it can only be returned), and arithmetic combines on
// half-precision floats.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: scatter_errors.mlir:[[@LINE+3]]:8: error: 'tcp.scatter' op is not supported by the Go backend: a scatter result can only be returned by the function or be the input of another scatter (it is computed in place in its destination), not used by tcp.gather
// CHECK-NOT: package
func.func @scatter_read(%x: tensor<3xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>, %j: tensor<2xi64>) -> tensor<2xf32> {
  %0 = tcp.scatter %x, %i, %u {dim = 0 : index} : tensor<3xf32>, tensor<2xi64>, tensor<2xf32> -> tensor<3xf32>
  %1 = tcp.gather %0, %j {dim = 0 : index} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// CHECK: scatter_errors.mlir:[[@LINE+2]]:8: error: 'tcp.scatter' op is not supported by the Go backend: combine "add" on f16 (half-precision arithmetic)
func.func @half_add(%x: tensor<3xf16>, %i: tensor<2xi64>, %u: tensor<2xf16>) -> tensor<3xf16> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index} : tensor<3xf16>, tensor<2xi64>, tensor<2xf16> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}
