// RUN: tcp-opt %s -split-input-file --convert-stablehlo-to-tcp -verify-diagnostics

// The stablehlo.scatter cases --convert-stablehlo-to-tcp refuses, each with
// the reason, and verifier rules of the op.

func.func @variadic_mixed(%x: tensor<4xf32>, %y: tensor<4xi32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>, %v: tensor<2xi32>) -> tensor<4xi32> {
  // An arg-max: the index result follows the value comparison, so the
  // region does not split into one scatter per input.
  // expected-error@+2 {{failed to legalize operation 'stablehlo.scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.scatter' op cannot be converted to tcp: a scatter of 2 inputs whose update_computation computes result #1 from argument #0 (another input's element or update) is not supported: tcp's scatters have one input, and the region does not split into one per input}}
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %gt = stablehlo.compare GT, %c, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = stablehlo.select %gt, %c, %a : tensor<i1>, tensor<f32>
    %k = stablehlo.select %gt, %d, %b : tensor<i1>, tensor<i32>
    stablehlo.return %m, %k : tensor<f32>, tensor<i32>
  }) : (tensor<4xf32>, tensor<4xi32>, tensor<2x1xi32>, tensor<2xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#1 : tensor<4xi32>
}

// -----

func.func @region_op(%x: tensor<4xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.scatter' op cannot be converted to tcp: its update_computation holds stablehlo.remainder, which a tcp combiner region does not take}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %e = stablehlo.remainder %a, %b : tensor<f32>
    %r = stablehlo.add %e, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_partial_window(%x: tensor<?xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<?xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.scatter' op cannot be converted to tcp: a scatter whose windows are partial needs static shapes, got tensor<?xf32>, tensor<2x1xi32> and tensor<2x3xf32>}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<?xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @and_on_floats(%x: tensor<4xi1>, %i: tensor<2x1xi1>, %u: tensor<2xi1>) -> tensor<4xi1> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.scatter' op cannot be converted to tcp: scatter indices of element type i1 are not supported (8 to 64-bit integers)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %1 = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<4xi1>, tensor<2x1xi1>, tensor<2xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @c2(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{'stablehlo.scatter' op Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. 3 but got 2.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @c4_scatter_dims(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{'stablehlo.scatter' op expects bounds of the scatter dimensions of updates to be same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension 0, expected bound is 2, but got 4.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @c18_batching(%x: tensor<3x5xf32>, %i: tensor<2x4x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{'stablehlo.scatter' op input_batching_dims[0] and scatter_indices_batching_dims[0] must have compatible sizes, but got 3 and 2.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<2x4x1xi32>, tensor<2x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @c20(%x: tensor<3x5xf32>, %i: tensor<3x4x1xi32>, %u: tensor<3x4xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{'stablehlo.scatter' op has duplicated dimension from scatter_dims_to_operand_dims and input_batching_dims: 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<3x4x1xi32>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @c23_args(%x: tensor<5xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'stablehlo.scatter' op update_computation argument #1 must be tensor<f32>, got tensor<i32>}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @bad_dims_attr(%x: tensor<5xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{expected one of: `update_window_dims`, `inserted_window_dims`, `input_batching_dims`, `scatter_indices_batching_dims`, `scatter_dims_to_operand_dims`, `index_vector_dim`}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<offset_dims = [0]>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
