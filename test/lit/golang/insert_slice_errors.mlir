// A constant tensor.insert_slice window outside its static dest is
// refused when the kernel is built.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: insert_slice_errors.mlir:[[@LINE+2]]:8: error: 'tensor.insert_slice' op is not supported by the Go backend: the window of dim 0 (offset 3, size 1, stride 1) is outside the source size 3
func.func @outside(%x: tensor<3x4xf32>, %s: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = tensor.insert_slice %s into %x[3, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
