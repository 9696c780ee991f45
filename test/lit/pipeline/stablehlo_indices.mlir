// StableHLO gathers whose conversion uses index casts, tensor.extract and
// per-component clip bounds, through every stage of tcp-pipeline: the
// StableHLO interpreter, tcp, DirectML (interpreted) and the compiled Go
// kernel must agree on random inputs.
// RUN: tcp-pipeline %s -e unsigned --trials 8 --verbose | FileCheck %s --check-prefix=UNSIGNED
// RUN: tcp-pipeline %s -e narrow --trials 8 --verbose | FileCheck %s --check-prefix=NARROW
// RUN: tcp-pipeline %s -e tuples --trials 8 --verbose | FileCheck %s --check-prefix=TUPLES
// RUN: tcp-pipeline %s -e columns --trials 8 --quiet | FileCheck %s --check-prefix=COLUMNS

// Unsigned start indices: tcp.cast_indices, read by DirectML as UINT32 and
// by the Go kernel as a conversion at the index load.
// UNSIGNED: tcp.cast_indices %{{.*}} : tensor<4xui32> -> tensor<4xi64>
// UNSIGNED: dml.element_wise_clip %{{.*}} : tensor<4xui32> -> tensor<4xui32>
// UNSIGNED: func Unsigned(
// UNSIGNED: 8 of 8 argument sets agree across frontend, tcp, Go kernel and DirectML
// UNSIGNED: OK: every stage computes the frontend's values
func.func @unsigned(%x: tensor<3x2xf32>, %i: tensor<4x1xui32>) -> tensor<4x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xf32>, tensor<4x1xui32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// 16-bit start indices: arith.extsi, cast to INT32 for DirectML.
// NARROW: arith.extsi %{{.*}} : tensor<4xi16> to tensor<4xi64>
// NARROW: dml.cast %{{.*}} : tensor<4xi16> -> tensor<4xi32>
// NARROW: OK: every stage computes the frontend's values
func.func @narrow(%x: tensor<3x2xf32>, %i: tensor<4x1xi16>) -> tensor<4x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xf32>, tensor<4x1xi16>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// Index tuples over dims of sizes 3 and 4: CLIP, then MIN with [2, 3].
// TUPLES: tcp.gather_nd %{{.*}} {mode = "clip"}
// TUPLES: dml.constant {value = dense<[2, 3]> : tensor<2xi32>}
// TUPLES: dml.element_wise_min
// TUPLES: OK: every stage computes the frontend's values
func.func @tuples(%x: tensor<3x4xf32>, %i: tensor<5x2xi32>) -> tensor<5xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<5x2xi32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// Whole columns (a transpose of the gathered rows).
// COLUMNS: 8 of 8 argument sets agree across frontend, tcp, Go kernel and DirectML
// COLUMNS: OK: every stage computes the frontend's values
func.func @columns(%x: tensor<3x4xf32>, %i: tensor<5xi32>) -> tensor<3x5xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 3, 1>} : (tensor<3x4xf32>, tensor<5xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
