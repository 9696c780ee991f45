// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.gather_nd (the same table as
// dialect/tcp/verify_test.go), checked with expected-error.

func.func @dynamic_tuple_length(%a: tensor<3x4xf32>, %i: tensor<2x?xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op expects the last dim of indices (the index tuple length) to be static}}
  %0 = tcp.gather_nd %a, %i : tensor<3x4xf32>, tensor<2x?xi64> -> tensor<2xf32>
  return
}

// -----

func.func @batch_dims_too_large(%a: tensor<3x4xf32>, %i: tensor<3x1xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op expects batch_dims in [0, 2), got 2}}
  %0 = tcp.gather_nd %a, %i {batch_dims = 2 : index} : tensor<3x4xf32>, tensor<3x1xi64> -> tensor<3xf32>
  return
}

// -----

func.func @tuple_too_long(%a: tensor<3x4xf32>, %i: tensor<2x3xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op expects batch_dims + index tuple length <= input rank, got 0 + 3 > 2}}
  %0 = tcp.gather_nd %a, %i : tensor<3x4xf32>, tensor<2x3xi64> -> tensor<2xf32>
  return
}

// -----

func.func @batch_dims_disagree(%a: tensor<2x2x2xi32>, %i: tensor<3x1xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op expects batch dim 0 of indices (size 3) to equal that of input (size 2)}}
  %0 = tcp.gather_nd %a, %i {batch_dims = 1 : index} : tensor<2x2x2xi32>, tensor<3x1xi64> -> tensor<3x2xi32>
  return
}

// -----

func.func @result_rank(%a: tensor<7x11x13x17xf32>, %i: tensor<3x2xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op expects result rank 3 (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got 2}}
  %0 = tcp.gather_nd %a, %i : tensor<7x11x13x17xf32>, tensor<3x2xi64> -> tensor<3x13xf32>
  return
}

// -----

func.func @result_shape(%a: tensor<7x11x13x17xf32>, %i: tensor<3x2xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op expects result shape [3, 13, 17] (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got [3, 11, 17]}}
  %0 = tcp.gather_nd %a, %i : tensor<7x11x13x17xf32>, tensor<3x2xi64> -> tensor<3x11x17xf32>
  return
}

// -----

func.func @element_type(%a: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error@+1 {{'tcp.gather_nd' op failed to verify that all of {input, out} have same element type}}
  %0 = tcp.gather_nd %a, %i : tensor<3x4xf32>, tensor<2x2xi64> -> tensor<2xf16>
  return
}

// -----

// batch_dims equal to the indices' rank (the input's rank is larger).
func.func @batch_dims_at_indices_rank(%a: tensor<2x1x5xf32>, %i: tensor<2x1xi64>) -> tensor<2xf32> {
  // expected-error@+1 {{'tcp.gather_nd' op expects batch_dims in [0, 2), got 2}}
  %0 = tcp.gather_nd %a, %i {batch_dims = 2 : index} : tensor<2x1x5xf32>, tensor<2x1xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
