// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of stablehlo.dynamic_slice, slice,
// torch_index_select, iota, constant and the check ops, and for the parse
// of #stablehlo.gather; StableHLO's messages where StableHLO has one.

func.func @attr_duplicate(%x: tensor<3xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{duplicated `collapsed_slice_dims` entry}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @attr_unknown_field(%x: tensor<3xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{expected one of: `offset_dims`, `collapsed_slice_dims`, `operand_batching_dims`, `start_indices_batching_dims`, `start_index_map`, `index_vector_dim`}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_missing_slice_sizes(%x: tensor<3xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'stablehlo.gather' op requires attribute 'slice_sizes'}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_dims_kind(%x: tensor<3xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'stablehlo.gather' op attribute 'dimension_numbers' failed to satisfy constraint: gather dimension numbers}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = 1 : i64, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @dynamic_slice_c2_sizes(%x: tensor<4x4xf32>, %s: tensor<i64>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op has mismatched number of slice sizes (1) and number of start indices (2)}}
  %0 = "stablehlo.dynamic_slice"(%x, %s, %s) {slice_sizes = array<i64: 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2xf32>
  return
}

// -----

func.func @dynamic_slice_c2_rank(%x: tensor<4x4xf32>, %s: tensor<i64>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op has mismatched number of start indices (1) and the rank of operand (2)}}
  %0 = "stablehlo.dynamic_slice"(%x, %s) {slice_sizes = array<i64: 2>} : (tensor<4x4xf32>, tensor<i64>) -> tensor<2xf32>
  return
}

// -----

func.func @dynamic_slice_c3(%x: tensor<4x4xf32>, %s: tensor<i64>, %t: tensor<i32>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op start indices must have same element type}}
  %0 = "stablehlo.dynamic_slice"(%x, %s, %t) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_0d(%x: tensor<4x4xf32>, %s: tensor<1xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op start indices must be 0-dimensional tensors, got tensor<1xi64>}}
  %0 = "stablehlo.dynamic_slice"(%x, %s, %s) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_c4_negative(%x: tensor<4x4xf32>, %s: tensor<i64>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op has negative size index to dynamic slice: -1}}
  %0 = "stablehlo.dynamic_slice"(%x, %s, %s) {slice_sizes = array<i64: -1, 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_c4_size(%x: tensor<4x4xf32>, %s: tensor<i64>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op has slice size 5 greater than dimension size 4 in dimension 0 of operand}}
  %0 = "stablehlo.dynamic_slice"(%x, %s, %s) {slice_sizes = array<i64: 5, 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<5x2xf32>
  return
}

// -----

func.func @dynamic_slice_c5(%x: tensor<4x4xf32>, %s: tensor<i64>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  %0 = "stablehlo.dynamic_slice"(%x, %s, %s) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_slice_c1(%x: tensor<4x4xf32>, %s: tensor<i64>) {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op failed to verify that all of {operand, result} have same element type}}
  %0 = "stablehlo.dynamic_slice"(%x, %s, %s) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf16>
  return
}

// -----

func.func @slice_c2_same_size(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op failed to verify that all of {start_indices, limit_indices, strides} have same size}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3>, strides = array<i64: 2, 3>} : (tensor<3x6xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @slice_c2_rank(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op the number of elements in start_indices (1) does not match the rank of the operand (2)}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0>, limit_indices = array<i64: 3>, strides = array<i64: 2>} : (tensor<3x6xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_c3_negative(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op negative start index -1 in dimension 0}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: -1, 2>, limit_indices = array<i64: 3, 6>, strides = array<i64: 2, 3>} : (tensor<3x6xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @slice_c3_limit(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op limit index 7 is larger than dimension size 6 in dimension 1}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 7>, strides = array<i64: 2, 3>} : (tensor<3x6xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @slice_c3_start(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op start index 5 is larger than limit index 4 in dimension 1}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 5>, limit_indices = array<i64: 3, 4>, strides = array<i64: 2, 3>} : (tensor<3x6xf32>) -> tensor<2x0xf32>
  return
}

// -----

func.func @slice_c4(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op stride must be positive but got 0 in dimension 0}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 6>, strides = array<i64: 0, 3>} : (tensor<3x6xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @slice_c5(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 6>, strides = array<i64: 2, 3>} : (tensor<3x6xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @slice_c1(%x: tensor<3x6xf32>) {
  // expected-error@+1 {{'stablehlo.slice' op failed to verify that all of {operand, result} have same element type}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 6>, strides = array<i64: 2, 3>} : (tensor<3x6xf32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @torch_index_select_dims(%x: tensor<4x3xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'stablehlo.torch_index_select' op expects 0 <= batch_dims <= dim < rank(operand) and batch_dims <= rank(index), got batch_dims = 0, dim = 2, operand rank 2, index rank 1}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = 2 : i64} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return
}

// -----

func.func @torch_index_select_batch(%x: tensor<4x3xf32>, %i: tensor<3x2xi64>) {
  // expected-error@+1 {{'stablehlo.torch_index_select' op expects batch dim 0 of index (size 3) to equal that of operand (size 4)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<4x3xf32>, tensor<3x2xi64>) -> tensor<4x2xf32>
  return
}

// -----

func.func @torch_index_select_result(%x: tensor<4x3xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'stablehlo.torch_index_select' op inferred type(s) 'tensor<4x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = 1 : i64} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @iota_scalar() {
  // expected-error@+1 {{'stablehlo.iota' op does not support scalars.}}
  %0 = stablehlo.iota dim = 0 : tensor<i32>
  return
}

// -----

func.func @iota_dim() {
  // expected-error@+1 {{'stablehlo.iota' op iota dimension cannot go beyond the output rank.}}
  %0 = stablehlo.iota dim = 2 : tensor<3x4xi32>
  return
}

// -----

func.func @iota_elem() {
  // expected-error@+1 {{'stablehlo.iota' op result #0 must be ranked tensor of integer or floating-point values, but got 'tensor<3xindex>'}}
  %0 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<3xindex>
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{'stablehlo.constant' op failed to verify that all of {value, output} have same type}}
  %0 = "stablehlo.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi64>
  return
}

// -----

func.func @expect_eq_types(%a: tensor<2xi64>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'check.expect_eq' op failed to verify that all of {lhs, rhs} have same type}}
  "check.expect_eq"(%a, %b) : (tensor<2xi64>, tensor<2xi32>) -> ()
  return
}

// -----

func.func @expect_eq_const_type(%a: tensor<2xi64>) {
  // expected-error@+1 {{'check.expect_eq_const' op failed to verify that all of {lhs, value} have same type}}
  "check.expect_eq_const"(%a) {value = dense<[1, 2]> : tensor<2xi32>} : (tensor<2xi64>) -> ()
  return
}

// -----

func.func @concatenate_c1(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op requires the same element type for all operands and results}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_c4_rank0(%a: tensor<f32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op rank-0 values cannot be concatenated}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @concatenate_c4_dim(%a: tensor<2xf32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op dimension 1 is out-of-bounds for input rank 1}}
  %0 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_c2_rank(%a: tensor<2xf32>, %b: tensor<2x1xf32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op operands (0) and (1) do not match rank}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_c2_shape(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op shapes of operand (0) and (1) are not compatible at non-concat index 1: (2, 3) != (2, 4)}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_c6(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<5x3xf32>'}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @reshape_c2(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.reshape' op number of output elements (8) doesn't match expected number of elements (6)}}
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reshape_static(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.reshape' op expects a statically shaped result, got tensor<?xf32>}}
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @reshape_c1(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.reshape' op failed to verify that all of {operand, result} have same element type}}
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<6xi32>
  return
}

// -----

func.func @dynamic_iota_scalar(%s: tensor<0xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_iota' op does not support scalars.}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<0xi64>) -> tensor<i32>
  return
}

// -----

func.func @dynamic_iota_dim(%s: tensor<2xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_iota' op iota dimension cannot go beyond the output rank.}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<?x4xi32>
  return
}

// -----

func.func @dynamic_iota_shape_size(%s: tensor<3xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_iota' op expects output_shape to have 2 elements (the result rank), got 3}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<?x4xi32>
  return
}

// -----

func.func @dynamic_iota_shape_type(%s: tensor<2xf32>) {
  // expected-error@+1 {{'stablehlo.dynamic_iota' op operand #0 must be 1-D tensor of integer or index values, but got 'tensor<2xf32>'}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xf32>) -> tensor<?x4xi32>
  return
}

// -----

func.func @dynamic_iota_elem(%s: tensor<1xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_iota' op result #0 must be ranked tensor of integer or floating-point values, but got 'tensor<?xindex>'}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xindex>
  return
}

// -----

func.func @dynamic_reshape_elem(%x: tensor<2x3xf32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_reshape' op failed to verify that all of {operand, result} have same element type}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xi32>
  return
}

// -----

func.func @dynamic_reshape_count(%x: tensor<2x3xf32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_reshape' op number of output elements (8) doesn't match expected number of elements (6)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return
}

// -----

func.func @dynamic_reshape_shape_size(%x: tensor<?x3xf32>, %s: tensor<3xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_reshape' op expects output_shape to have 2 elements (the result rank), got 3}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<3x?xf32>
  return
}

// -----

func.func @dynamic_reshape_shape_rank(%x: tensor<?x3xf32>, %s: tensor<1x2xi64>) {
  // expected-error@+1 {{'stablehlo.dynamic_reshape' op operand #1 must be 1-D tensor of integer or index values, but got 'tensor<1x2xi64>'}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?x3xf32>, tensor<1x2xi64>) -> tensor<3x?xf32>
  return
}

// -----

func.func @reverse_dim_range(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.reverse' op dimension 2 is out of range [0, 2)}}
  %0 = stablehlo.reverse %x, dims = [2] : tensor<2x3xf32>
  return
}

// -----

func.func @reverse_dim_twice(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.reverse' op dimension 1 appears more than once in dimensions}}
  %0 = stablehlo.reverse %x, dims = [1, 1] : tensor<2x3xf32>
  return
}

// -----

func.func @reverse_result_type(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.reverse' op requires the result type to be the operand's tensor<2x3xf32>, got tensor<2x3xf64>}}
  %0 = stablehlo.reverse %x, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf64>
  return
}

// -----

func.func @convert_short_form_arity(%x: tensor<2xi32>) {
  // expected-error@+1 {{expected a function type with 1 inputs and 1 result, got (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>}}
  %0 = stablehlo.convert %x : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
  return
}
