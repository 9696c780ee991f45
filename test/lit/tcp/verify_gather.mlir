// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.gather (the same table as
// dialect/tcp/verify_test.go), checked with expected-error.

func.func @rank_mismatch(%a: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'tcp.gather' op requires that the input tensor and indices are the same rank, got 2 and 1}}
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2xi64> -> tensor<2xf32>
  return
}

// -----

func.func @rank_0(%a: tensor<f32>, %i: tensor<i64>) {
  // expected-error@+1 {{'tcp.gather' op requires input and indices of rank at least 1}}
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<f32>, tensor<i64> -> tensor<f32>
  return
}

// -----

func.func @dim_out_of_range(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op expects dim in [0, 2), got 2}}
  %0 = tcp.gather %a, %i {dim = 2 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @negative_dim(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op expects dim in [0, 2), got -1}}
  %0 = tcp.gather %a, %i {dim = -1 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @indices_larger_than_input(%a: tensor<3x4xf32>, %i: tensor<4x1xi64>) {
  // expected-error@+1 {{'tcp.gather' op expects indices dim 0 (size 4) to be at most the input dim (size 3)}}
  %0 = tcp.gather %a, %i {dim = 1 : index} : tensor<3x4xf32>, tensor<4x1xi64> -> tensor<4x1xf32>
  return
}

// -----

func.func @result_shape(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op expects the result shape [3, 4] to equal the indices shape [2, 4]}}
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<3x4xf32>
  return
}

// -----

func.func @element_type(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op failed to verify that all of {input, out} have same element type}}
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xi32>
  return
}

// -----

func.func @index_element_type(%a: tensor<3x4xf32>, %i: tensor<2x4xf32>) {
  // expected-error@+1 {{'tcp.gather' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x4xf32>'}}
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @missing_dim(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op requires attribute 'dim'}}
  %0 = tcp.gather %a, %i : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @dim_not_index(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op attribute 'dim' failed to satisfy constraint: index attribute}}
  %0 = tcp.gather %a, %i {dim = 0 : i32} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @bad_mode(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or fill}}
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "raise"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @fill_value_without_fill(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op fill_value is only allowed with mode = "fill", got mode = "clip"}}
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "clip", fill_value = 0.0 : f32} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @fill_value_type(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'tcp.gather' op expects fill_value of type f32 (the result element type), got i64}}
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "fill", fill_value = 0 : i64} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return
}
