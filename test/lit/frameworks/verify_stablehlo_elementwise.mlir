// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @add_types(%a: tensor<3xi32>, %b: tensor<3xi64>) {
  // expected-error@+1 {{'stablehlo.add' op requires the same type for all operands and results}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<3xi32>, tensor<3xi64>) -> tensor<3xi32>
  return
}

// -----

func.func @compare_types(%a: tensor<3xi32>, %b: tensor<3xi64>) {
  // expected-error@+1 {{'stablehlo.compare' op requires the same type for lhs and rhs, got tensor<3xi32> and tensor<3xi64>}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<3xi32>, tensor<3xi64>) -> tensor<3xi1>
  return
}

// -----

func.func @compare_result(%a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.compare' op expects result type tensor<3xi1>, got tensor<2xi1>}}
  %0 = stablehlo.compare LT, %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_keyword(%a: tensor<3xi32>) {
  // expected-error@+1 {{expected comparison_direction keyword (one of EQ, NE, GE, GT, LE, LT)}}
  %0 = stablehlo.compare LESS, %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  return
}

// -----

func.func @select_pred(%p: tensor<2xi1>, %a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.select' op requires pred to be 0-d or of the result's shape, got tensor<2xi1> for tensor<3xi32>}}
  %0 = stablehlo.select %p, %a, %a : tensor<2xi1>, tensor<3xi32>
  return
}

// -----

func.func @clamp_bound(%lo: tensor<2xi32>, %a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.clamp' op requires min to be 0-d or of the operand's type, got tensor<2xi32> for tensor<3xi32>}}
  %0 = stablehlo.clamp %lo, %a, %lo : (tensor<2xi32>, tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @clamp_result(%lo: tensor<i32>, %a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.clamp' op requires the result type to be the operand's tensor<3xi32>, got tensor<1x3xi32>}}
  %0 = stablehlo.clamp %lo, %a, %lo : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<1x3xi32>
  return
}

// -----

func.func @convert_shape(%a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.convert' op requires the same shape for operand and result, got tensor<3xi32> and tensor<4xf32>}}
  %0 = stablehlo.convert %a : (tensor<3xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @bcast_size(%a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions size (0) does not match operand rank (1)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<3xi32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @bcast_range(%a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<3xi32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @bcast_dup(%a: tensor<1x1xi32>) {
  // expected-error@+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions should not have duplicates, got 0 twice}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 0] : (tensor<1x1xi32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @bcast_dim(%a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.broadcast_in_dim' op size of operand dimension 0 (3) is not equal to 1 or size of result dimension 1 (2)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xi32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @reshape_count(%a: tensor<3xi32>) {
  // expected-error@+1 {{'stablehlo.reshape' op number of output elements (4) doesn't match expected number of elements (3)}}
  %0 = stablehlo.reshape %a : (tensor<3xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @concat_dim(%a: tensor<2x1xi32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op dimension 2 is out-of-bounds for input rank 2}}
  %0 = stablehlo.concatenate %a, %a, dim = 2 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @concat_rank(%a: tensor<2x1xi32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op operands (0) and (1) do not match rank}}
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @concat_other(%a: tensor<2x1xi32>, %b: tensor<3x1xi32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op shapes of operand (0) and (1) are not compatible at non-concat index 0: (2, 1) != (3, 1)}}
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x1xi32>, tensor<3x1xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @concat_sum(%a: tensor<2x1xi32>) {
  // expected-error@+1 {{'stablehlo.concatenate' op inferred type(s) 'tensor<2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x3xi32>'}}
  %0 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @concat_none() {
  // expected-error@+1 {{'stablehlo.concatenate' op expects at least one input}}
  %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<2xi32>
  return
}

// -----

func.func @transpose_perm(%a: tensor<2x3xi32>) {
  // expected-error@+1 {{'stablehlo.transpose' op permutation [0 0] is not a permutation of [0, 2)}}
  %0 = stablehlo.transpose %a, dims = [0, 0] : (tensor<2x3xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @transpose_shape(%a: tensor<2x3xi32>) {
  // expected-error@+1 {{'stablehlo.transpose' op result dimension 0 is 2, operand dimension 1 is 3}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<2x2xi32>
  return
}
