// A tensor.insert_slice whose source is a gather (its reads load indices)
// and whose window sizes are not all constants > 0 is refused when the
// kernel is built: an empty source has no element to load them at.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s

// CHECK: insert_slice_dynamic_gather_errors.mlir:[[@LINE+3]]:8: error: 'tensor.insert_slice' op is not supported by the Go backend: source reads indices (a gather), and its window sizes are not all constants > 0 (an empty source has no element to read them at)
func.func @gathered(%x: tensor<5x4xf32>, %i: tensor<?x4xi32>, %n: index) -> tensor<5x4xf32> {
  %g = tcp.gather %x, %i {dim = 0 : index} : tensor<5x4xf32>, tensor<?x4xi32> -> tensor<?x4xf32>
  %0 = tensor.insert_slice %g into %x[0, 0] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
