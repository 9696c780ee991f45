// A tensor.insert_slice whose source is read through a float conversion
// is refused when the kernel is built: its two sides would load
// differently.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: insert_slice_convert_errors.mlir:[[@LINE+3]]:8: error: 'tensor.insert_slice' op is not supported by the Go backend: operand #0 reads through a conversion, which insert_slice cannot select
func.func @converted(%x: tensor<3x4xf32>, %s: tensor<4xf16>) -> tensor<3x4xf32> {
  %e = arith.extf %s : tensor<4xf16> to tensor<4xf32>
  %0 = tensor.insert_slice %e into %x[1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
