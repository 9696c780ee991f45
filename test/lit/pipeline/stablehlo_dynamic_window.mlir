// RUN: tcp-pipeline %s --trials 8 --verbose | FileCheck %s

// A window of 3 on a dynamic dim: the conversion concatenates 3 slices
// (tcp has no iota of a run-time size); the Go kernel reads the source
// through a piecewise index map (tcpSel), never materializing the concat.
// CHECK: tensor.concat dim(1)
// CHECK: tcpSel(
// CHECK: 8 of 8 argument sets agree across frontend, tcp, Go kernel{{$}}
// CHECK: OK: every stage computes the frontend's values
func.func @window(%x: tensor<?xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 3>} : (tensor<?xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
