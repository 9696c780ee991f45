// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of stablehlo.dynamic_update_slice.

func.func @result_type(%x: tensor<4xf32>, %u: tensor<2xf32>, %s: tensor<i32>) -> tensor<5xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_update_slice' op requires the result type to be the operand's tensor<4xf32>, got tensor<5xf32>}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @update_rank(%x: tensor<4xf32>, %u: tensor<1x2xf32>, %s: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_update_slice' op update rank (2) does not match operand rank (1)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4xf32>, tensor<1x2xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @starts_count(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %s: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_update_slice' op has mismatched number of start indices (1) and the rank of operand (2)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @start_rank(%x: tensor<4xf32>, %u: tensor<2xf32>, %s: tensor<1xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_update_slice' op start indices must be 0-dimensional tensors, got tensor<1xi32>}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4xf32>, tensor<2xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @start_types(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %s: tensor<i32>, %t: tensor<i64>) -> tensor<4x4xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_update_slice' op start indices must have same element type}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s, %t : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @too_big(%x: tensor<4xf32>, %u: tensor<5xf32>, %s: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_update_slice' op expects update size 5 to be at most operand size 4 in dimension 0}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4xf32>, tensor<5xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @elem_type(%x: tensor<4xf32>, %u: tensor<2xi32>, %s: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_update_slice' op}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4xf32>, tensor<2xi32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
