// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of stablehlo.get_dimension_size,
// dynamic_broadcast_in_dim, dynamic_gather and custom_call @shape_assertion.

func.func @dim_out_of_range(%x: tensor<?x4xf32>) -> tensor<i32> {
  // expected-error@+1 {{'stablehlo.get_dimension_size' op requires dimension attribute in range [0, 2); found (2)}}
  %0 = stablehlo.get_dimension_size %x, dim = 2 : (tensor<?x4xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @dim_result_i64(%x: tensor<?x4xf32>) -> tensor<i64> {
  // expected-error@+1 {{'stablehlo.get_dimension_size' op result #0 must be tensor<i32>, but got 'tensor<i64>'}}
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @dbid_dims_size(%x: tensor<3xi32>, %s: tensor<2xi32>) -> tensor<?x3xi32> {
  // expected-error@+1 {{'stablehlo.dynamic_broadcast_in_dim' op broadcast_dimensions size (2) does not match operand rank (1)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<3xi32>, tensor<2xi32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// -----

func.func @dbid_dims_range(%x: tensor<3xi32>, %s: tensor<2xi32>) -> tensor<?x3xi32> {
  // expected-error@+1 {{'stablehlo.dynamic_broadcast_in_dim' op broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [2] : (tensor<3xi32>, tensor<2xi32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// -----

func.func @dbid_dims_duplicate(%x: tensor<3x3xi32>, %s: tensor<2xi32>) -> tensor<3x3xi32> {
  // expected-error@+1 {{'stablehlo.dynamic_broadcast_in_dim' op broadcast_dimensions should not have duplicates, got 1 twice}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1, 1] : (tensor<3x3xi32>, tensor<2xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// -----

func.func @dbid_size_mismatch(%x: tensor<3xi32>, %s: tensor<2xi32>) -> tensor<?x4xi32> {
  // expected-error@+1 {{'stablehlo.dynamic_broadcast_in_dim' op size of operand dimension 0 (3) is not equal to 1 or size of result dimension 1 (4)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xi32>, tensor<2xi32>) -> tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}

// -----

func.func @dbid_shape_length(%x: tensor<3xi32>, %s: tensor<3xi32>) -> tensor<?x3xi32> {
  // expected-error@+1 {{'stablehlo.dynamic_broadcast_in_dim' op expects output_shape to have 2 elements (the result rank), got 3}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xi32>, tensor<3xi32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// -----

func.func @dynamic_gather_sizes_length(%x: tensor<?x4xf32>, %i: tensor<7x1xi32>, %s: tensor<3xi32>) -> tensor<?x7xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_gather' op slice_sizes size (3) not equal to (implied) operand rank (2)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>} : (tensor<?x4xf32>, tensor<7x1xi32>, tensor<3xi32>) -> tensor<?x7xf32>
  return %0 : tensor<?x7xf32>
}

// -----

func.func @dynamic_gather_bad_dims(%x: tensor<?x4xf32>, %i: tensor<7x1xi32>, %s: tensor<2xi32>) -> tensor<?x7xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_gather' op offset_dims size (2) plus collapse_slice_dims size (1) plus operand_batching_dims size (0) is not equal to operand rank (2)}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>} : (tensor<?x4xf32>, tensor<7x1xi32>, tensor<2xi32>) -> tensor<?x7xf32>
  return %0 : tensor<?x7xf32>
}

// -----

func.func @shape_assertion_types(%p: tensor<i32>, %n: tensor<i32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op @shape_assertion expects a tensor<i1> assertion and 0-d integer values, and no results}}
  stablehlo.custom_call @shape_assertion(%p, %n) {error_message = "x"} : (tensor<i32>, tensor<i32>) -> ()
  return
}

// -----

func.func @custom_call_no_target(%p: tensor<i1>) {
  // expected-error@+1 {{expected a call target name (@name)}}
  stablehlo.custom_call shape_assertion(%p) : (tensor<i1>) -> ()
  return
}

// -----

func.func @rds_bounds_type(%x: tensor<?x5xf32>, %s: tensor<2xi32>, %l: tensor<2xi64>) -> tensor<?x2xf32> {
  // expected-error@+1 {{'stablehlo.real_dynamic_slice' op requires start_indices, limit_indices and strides of one type, got tensor<2xi32> and tensor<2xi64>}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %s : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi64>, tensor<2xi32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

func.func @rds_bounds_length(%x: tensor<?x5xf32>, %s: tensor<3xi32>) -> tensor<?x2xf32> {
  // expected-error@+1 {{'stablehlo.real_dynamic_slice' op start_indices has 3 elements, expected the operand rank 2}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?x5xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

func.func @rds_rank(%x: tensor<?x5xf32>, %s: tensor<2xi32>) -> tensor<?xf32> {
  // expected-error@+1 {{'stablehlo.real_dynamic_slice' op expects a result of the operand's rank 2, got tensor<?xf32>}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
