// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.scatter and tcp.scatter_nd.
// Generated from dialect/tcp/scatter_test.go by `go test ./dialect/tcp -update`.

func.func @scatter_rank_mismatch(%a: tensor<3x4xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>) {
  // expected-error@+1 {{'tcp.scatter' op requires input, indices and updates of the same rank, got 2, 1 and 1}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2xi64>, tensor<2xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_updates_rank(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<8xf32>) {
  // expected-error@+1 {{'tcp.scatter' op requires input, indices and updates of the same rank, got 2, 2 and 1}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<8xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_rank_0(%a: tensor<f32>, %i: tensor<i64>, %u: tensor<f32>) {
  // expected-error@+1 {{'tcp.scatter' op requires input, indices and updates of rank at least 1}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<f32>, tensor<i64>, tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @scatter_dim_out_of_range(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op expects dim in [0, 2), got 2}}
  %0 = tcp.scatter %a, %i, %u {dim = 2 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_negative_dim(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op expects dim in [0, 2), got -1}}
  %0 = tcp.scatter %a, %i, %u {dim = -1 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_updates_shape(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x3xf32>) {
  // expected-error@+1 {{'tcp.scatter' op expects the updates shape [2, 3] to equal the indices shape [2, 4]}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x3xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_indices_larger_than_input(%a: tensor<3x4xf32>, %i: tensor<4x1xi64>, %u: tensor<4x1xf32>) {
  // expected-error@+1 {{'tcp.scatter' op expects indices dim 0 (size 4) to be at most the input dim (size 3)}}
  %0 = tcp.scatter %a, %i, %u {dim = 1 : index} : tensor<3x4xf32>, tensor<4x1xi64>, tensor<4x1xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_result_shape(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op expects the result shape [2, 4] to equal the input shape [3, 4]}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @scatter_result_rank(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op expects the result shape [12] to equal the input shape [3, 4]}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<12xf32>
  return
}

// -----

func.func @scatter_updates_element_type(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf16>) {
  // expected-error@+1 {{'tcp.scatter' op failed to verify that all of {input, updates, out} have same element type}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf16> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_result_element_type(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op failed to verify that all of {input, updates, out} have same element type}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf64>
  return
}

// -----

func.func @scatter_index_element_type(%a: tensor<3x4xf32>, %i: tensor<2x4xi16>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x4xi16>'}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi16>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_missing_dim(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op requires attribute 'dim'}}
  %0 = tcp.scatter %a, %i, %u : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_fill_mode(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op does not take mode = "fill": a scatter has no value to fill (mode = "drop" skips out-of-range updates)}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index, mode = "fill"} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_bad_mode(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or drop}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index, mode = "raise"} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_bad_combine(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op attribute 'combine' failed to satisfy constraint: string attribute whose value is replace, or add, or mul, or min, or max, or and, or or, or region}}
  %0 = tcp.scatter %a, %i, %u {combine = "sub", dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_and_on_floats(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op combine = "and" needs integer or i1 elements, got f32}}
  %0 = tcp.scatter %a, %i, %u {combine = "and", dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_add_on_i1(%a: tensor<3x4xi1>, %i: tensor<2x4xi64>, %u: tensor<2x4xi1>) {
  // expected-error@+1 {{'tcp.scatter' op combine = "add" is not defined on i1 (use "or" for add, "and" for mul)}}
  %0 = tcp.scatter %a, %i, %u {combine = "add", dim = 0 : index} : tensor<3x4xi1>, tensor<2x4xi64>, tensor<2x4xi1> -> tensor<3x4xi1>
  return
}

// -----

func.func @scatter_unique_indices_not_unit(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter' op attribute 'unique_indices' failed to satisfy constraint: unit attribute}}
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index, unique_indices = true} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_rank_0_indices(%a: tensor<3x4xf32>, %i: tensor<i64>, %u: tensor<4xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op requires input and indices of rank at least 1, got 2 and 0}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<i64>, tensor<4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_dynamic_tuple_length(%a: tensor<3x4xf32>, %i: tensor<2x?xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op expects the last dim of indices (the index tuple length) to be static}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x?xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_batch_dims(%a: tensor<3x4xf32>, %i: tensor<3x1xi64>, %u: tensor<3xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op expects batch_dims in [0, 2), got 2}}
  %0 = tcp.scatter_nd %a, %i, %u {batch_dims = 2 : index} : tensor<3x4xf32>, tensor<3x1xi64>, tensor<3xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_tuple_too_long(%a: tensor<3x4xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op expects batch_dims + index tuple length <= input rank, got 0 + 3 > 2}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x3xi64>, tensor<2xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_batch_dim_mismatch(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op expects batch dim 0 of indices (size 2) to equal that of input (size 3)}}
  %0 = tcp.scatter_nd %a, %i, %u {batch_dims = 1 : index} : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_updates_shape(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op expects updates shape [2, 4] (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got [2, 3]}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x3xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_updates_rank(%a: tensor<3x4xf32>, %i: tensor<2x2xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op expects updates shape [2] (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got [2, 4]}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x2xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_result_shape(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op expects the result shape [3, 5] to equal the input shape [3, 4]}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<3x5xf32>
  return
}

// -----

func.func @scatter_nd_element_type(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xi32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op failed to verify that all of {input, updates, out} have same element type}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xi32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_index_element_type(%a: tensor<3x4xf32>, %i: tensor<2x1xf32>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x1xf32>'}}
  %0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xf32>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_fill_mode(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.scatter_nd' op does not take mode = "fill": a scatter has no value to fill (mode = "drop" skips out-of-range updates)}}
  %0 = tcp.scatter_nd %a, %i, %u {mode = "fill"} : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @scatter_nd_or_on_floats(%a: tensor<3x4xf64>, %i: tensor<2x1xi64>, %u: tensor<2x4xf64>) {
  // expected-error@+1 {{'tcp.scatter_nd' op combine = "or" needs integer or i1 elements, got f64}}
  %0 = tcp.scatter_nd %a, %i, %u {combine = "or"} : tensor<3x4xf64>, tensor<2x1xi64>, tensor<2x4xf64> -> tensor<3x4xf64>
  return
}

// -----

func.func @scatter_nd_mul_on_i1(%a: tensor<3x4xi1>, %i: tensor<2x1xi64>, %u: tensor<2x4xi1>) {
  // expected-error@+1 {{'tcp.scatter_nd' op combine = "mul" is not defined on i1 (use "or" for add, "and" for mul)}}
  %0 = tcp.scatter_nd %a, %i, %u {combine = "mul"} : tensor<3x4xi1>, tensor<2x1xi64>, tensor<2x4xi1> -> tensor<3x4xi1>
  return
}

// -----

func.func @gather_drop_mode(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or fill}}
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "drop"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_nd_drop_mode(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or fill}}
  %0 = tcp.gather_nd %a, %i {mode = "drop"} : tensor<3x4xf32>, tensor<2x1xi64> -> tensor<2x4xf32>
  return
}
