// RUN: tcp-opt %s -split-input-file --convert-stablehlo-to-tcp -verify-diagnostics

// One negative case per valid StableHLO op that --convert-stablehlo-to-tcp
// cannot bring to tcp; each error is located at the op and names why.

func.func @gather_i4_indices(%x: tensor<3x2xf32>, %i: tensor<4x1xi4>) -> tensor<4x2xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.gather' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.gather' op cannot be converted to tcp: start_indices element type i4 is not an integer of 8, 16, 32 or 64 bits}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xf32>, tensor<4x1xi4>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @dynamic_slice_i4(%x: tensor<4xf32>, %s: tensor<i4>) -> tensor<2xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.dynamic_slice' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.dynamic_slice' op cannot be converted to tcp: start index element type i4 is not an integer of 8, 16, 32 or 64 bits}}
  %0 = "stablehlo.dynamic_slice"(%x, %s) {slice_sizes = array<i64: 2>} : (tensor<4xf32>, tensor<i4>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @iota_dynamic() -> tensor<?xi32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.iota' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.iota' op cannot be converted to tcp: its result shape tensor<?xi32> is not static}}
  %0 = stablehlo.iota dim = 0 : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @dynamic_iota_dynamic_unsigned(%s: tensor<1xi64>) -> tensor<?xui32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.dynamic_iota' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.dynamic_iota' op cannot be converted to tcp: its element type ui32 is not signless}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xui32>
  return %0 : tensor<?xui32>
}

// -----

func.func @dynamic_reshape_dynamic(%x: tensor<?x2xf32>, %s: tensor<2xi64>) -> tensor<2x?xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.dynamic_reshape' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.dynamic_reshape' op cannot be converted to tcp: its operand shape tensor<?x2xf32> is not static and the result shape tensor<2x?xf32> is not a reassociation of it (static dims split or merged, unit dims inserted or removed, each dynamic dim kept)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?x2xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// The shape is only known at run time: a mismatch with the result type is
// an error of the op that a tcp.const could not raise.
func.func @dynamic_iota_shape_operand(%s: tensor<2xi64>) -> tensor<2x3xi32> {
  // expected-error@+2 {{failed to legalize operation 'mhlo.dynamic_iota' that was explicitly marked illegal}}
  // expected-note@+1 {{'mhlo.dynamic_iota' op cannot be converted to tcp: its output_shape is not a constant equal to the result shape tensor<2x3xi32>}}
  %0 = mhlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @dynamic_reshape_shape_operand(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<2x3xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.dynamic_reshape' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.dynamic_reshape' op cannot be converted to tcp: its output_shape is not a constant equal to the result shape tensor<2x3xf32>}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A 64-bit unsigned value has no exact signless path (tcp.cast_indices
// saturates it).
func.func @convert_ui64(%arg0: tensor<2xui64>) -> tensor<2xi64> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.convert'}}
  // expected-note@+1 {{converting ui64 to i64 is not supported (a 64-bit unsigned value has no exact signless path)}}
  %0 = stablehlo.convert %arg0 : (tensor<2xui64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @dynamic_update_slice_i4(%x: tensor<4xf32>, %u: tensor<2xf32>, %s: tensor<i4>) -> tensor<4xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.dynamic_update_slice' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.dynamic_update_slice' op cannot be converted to tcp: start index element type i4 is not an integer of 8, 16, 32 or 64 bits}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4xf32>, tensor<2xf32>, tensor<i4>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
