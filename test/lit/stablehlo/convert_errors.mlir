// RUN: tcp-opt %s -split-input-file --convert-stablehlo-to-tcp -verify-diagnostics

// One negative case per valid StableHLO op that --convert-stablehlo-to-tcp
// cannot bring to tcp; each error is located at the op and names why.

func.func @gather_unsigned_indices(%x: tensor<3x2xf32>, %i: tensor<4x1xui32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{'stablehlo.gather' op cannot be converted to tcp: start_indices element type ui32 is not a signless integer of 8 to 64 bits (tcp index tensors are signless)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xf32>, tensor<4x1xui32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @gather_dynamic_window(%x: tensor<?xf32>, %i: tensor<2x1xi64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.gather' op cannot be converted to tcp: operand dim 0 is dynamic but indexed with slice size 3 (the window decomposition needs its static size)}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 3>} : (tensor<?xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_empty_collapsed_dim(%x: tensor<0x3xf32>, %i: tensor<2x1xi64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.gather' op cannot be converted to tcp: collapsed operand dim 0 has size 0, so no element can be read}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 3>} : (tensor<0x3xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @torch_index_select_unsigned(%x: tensor<4x3xf32>, %i: tensor<2xui8>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'stablehlo.torch_index_select' op cannot be converted to tcp: start_indices element type ui8 is not a signless integer of 8 to 64 bits (tcp index tensors are signless)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = 0 : i64} : (tensor<4x3xf32>, tensor<2xui8>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_unsigned(%x: tensor<4xf32>, %s: tensor<ui32>) -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.dynamic_slice' op cannot be converted to tcp: start index element type ui32 is not a signless integer (arith computes on signless values)}}
  %0 = "stablehlo.dynamic_slice"(%x, %s) {slice_sizes = array<i64: 2>} : (tensor<4xf32>, tensor<ui32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @iota_dynamic() -> tensor<?xi32> {
  // expected-error@+1 {{'stablehlo.iota' op cannot be converted to tcp: its result shape tensor<?xi32> is not static}}
  %0 = stablehlo.iota dim = 0 : tensor<?xi32>
  return %0 : tensor<?xi32>
}
