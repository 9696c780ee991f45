// RUN: tcp-pipeline %s --trials 4 --quiet | FileCheck %s
// RUN: tcp-pipeline %s --trials 1 --verbose | FileCheck %s --check-prefix=IR

// A static window of 200 over 1000 elements: its constant window table
// would have 801 * 200 elements, so the conversion joins 200 slices
// (tensor.concat), which DirectML runs as SLICE1 nodes and a JOIN and the
// Go kernel reads through a piecewise index map.
// IR: tensor.concat dim(1)
// IR: dml.join
// IR: DML_OPERATOR_JOIN
// CHECK: 4 of 4 argument sets agree across frontend, tcp, Go kernel and DirectML
// CHECK: OK: every stage computes the frontend's values
func.func @window(%x: tensor<1000xf32>, %i: tensor<3x1xi32>) -> tensor<3x200xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 200>} : (tensor<1000xf32>, tensor<3x1xi32>) -> tensor<3x200xf32>
  return %0 : tensor<3x200xf32>
}
