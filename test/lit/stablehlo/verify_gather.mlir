// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per constraint of stablehlo.gather (the StableHLO spec's
// C1-C23 and I2), with StableHLO's verifier messages; the Go table in
// dialect/stablehlo/verify_test.go has the same cases.

func.func @c1(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{offset_dims size (2) plus collapse_slice_dims size (2) plus operand_batching_dims size (0) is not equal to operand rank (3)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c2(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, 3]. got: 4.}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 4>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c3(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{start_index_map size (1) is not equal to size of index dimension (2) of start_indices (2)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c3_implicit(%x: tensor<3x4x2xf32>, %i: tensor<2x3xi64>) {
  // expected-error@+1 {{start_index_map size (2) is not equal to size of index dimension (2) of start_indices (1)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c4_sorted(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{expects offset_dims to be sorted, got: [3, 2]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c4_unique(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{expects offset_dims to not repeat, got: [2, 2]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c5(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects each element of offset_dims to be in range [0, implied-result-rank) i.e. [0, 4). got: 4.}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 4], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c6(%x: tensor<2x3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{has duplicated dimension from collapsed_slice_dims and operand_batching_dims: 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c7(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{expects collapsed_slice_dims to be sorted, got: [1, 0]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @c8(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects each element of collapsed_slice_dims to be in range [0, rank-of('operand')) i.e. [0, 3). got: 3.}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c9(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects that for each dim in collapsed_slice_dims, slice_sizes[dim] should be <= 1, but got 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c10(%x: tensor<2x2x3x4xf32>, %i: tensor<2x2x3x2xi64>) {
  // expected-error@+1 {{expects operand_batching_dims to be sorted, got: [1, 0]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [2, 3], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x2x3x4xf32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xf32>
  return
}

// -----

func.func @c11(%x: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects each element of operand_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 3). got: 3.}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [3], start_indices_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @c12(%x: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects that for each dim in operand_batching_dims, slice_sizes[dim] should be <= 1, but got 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 2, 1, 2>} : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @c13(%x: tensor<2x2x4xf32>, %i: tensor<2x2x3x1xi64>) {
  // expected-error@+1 {{expects start_indices_batching_dims to not repeat, got: [0, 0]}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x2x4xf32>, tensor<2x2x3x1xi64>) -> tensor<2x2x3x2xf32>
  return
}

// -----

func.func @c14(%x: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects each element of start_indices_batching_dims to be in range [0, rank-of('start_indices')) i.e. [0, 3). got: 3.}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [3], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @c15(%x: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{expects start_indices_batching_dims not to include index_vector_dim 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @c16(%x: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{operand_batching_dims and start_indices_batching_dims should have the same size}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @c17(%x: tensor<2x3x4xf32>, %i: tensor<3x3x2xi64>) {
  // expected-error@+1 {{operand_batching_dims[0] and start_indices_batching_dims[0] must have compatible sizes, but got 2 and 3}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>, tensor<3x3x2xi64>) -> tensor<3x3x2xf32>
  return
}

// -----

func.func @c18(%x: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{has duplicated dimension from start_index_map and operand_batching_dims: 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>} : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @c19(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{Expects each element of start_index_map to be in range [0, rank-of('operand')) i.e. [0, 3). got: 3.}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [3, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c20(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{slice_sizes size (2) not equal to operand rank (3)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c21(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{slice size (5) is out of bounds for operand dimension (4) at index 1}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 5, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x5x2xf32>
  return
}

// -----

func.func @c21_negative(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{slice size (-1) is out of bounds for operand dimension (4) at index 1}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, -1, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @c22(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{inferred type(s) 'tensor<2x3x2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3x2x3xf32>'}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x3xf32>
  return
}

// -----

func.func @c23(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>) {
  // expected-error@+1 {{failed to verify that all of {operand, result} have same element type}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return
}

// -----

func.func @i2(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xf32>) {
  // expected-error@+1 {{operand #1 must be ranked tensor of integer values, but got 'tensor<2x3x2xf32>'}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xf32>) -> tensor<2x3x2x2xf32>
  return
}
