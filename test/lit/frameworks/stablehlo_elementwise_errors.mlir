// RUN: tcp-opt %s -split-input-file --convert-stablehlo-to-tcp -verify-diagnostics

// One error per case the elementwise conversion cannot convert yet.

func.func @float_compare_totalorder(%a: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.compare' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.compare' op cannot be converted to tcp: compare_type TOTALORDER on floats is not supported (FLOAT only)}}
  %0 = stablehlo.compare LT, %a, %a, TOTALORDER : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @float_remainder(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.remainder' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.remainder' op cannot be converted to tcp: element type f32 is not supported (no arith op)}}
  %0 = stablehlo.remainder %a, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @unsigned_add(%a: tensor<3xui32>) -> tensor<3xui32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.add' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.add' op cannot be converted to tcp: its unsigned result (tensor<3xui32>) is used by 'func.return' (operand #0), which would need it back in an unsigned type}}
  %0 = stablehlo.add %a, %a : tensor<3xui32>
  return %0 : tensor<3xui32>
}

// -----

func.func @float_clamp(%l: tensor<f32>, %a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.clamp' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.clamp' op cannot be converted to tcp: clamping f32 is not supported (signless integers only)}}
  %0 = stablehlo.clamp %l, %a, %l : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @transposing_broadcast(%a: tensor<2x3xi32>) -> tensor<3x2xi32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.broadcast_in_dim' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.broadcast_in_dim' op cannot be converted to tcp: broadcast dimensions [1 0] are not increasing (a transposing broadcast)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

func.func @sign_dynamic(%a: tensor<?xi32>) -> tensor<?xi32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.sign' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.sign' op cannot be converted to tcp: the sign of a tensor of dynamic shape is not supported}}
  %0 = stablehlo.sign %a : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @sign_unsigned(%a: tensor<3xui32>) -> tensor<3xui32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.sign' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.sign' op cannot be converted to tcp: the sign of element type ui32 is not supported (floats and signless integers wider than i1 only)}}
  %0 = stablehlo.sign %a : tensor<3xui32>
  return %0 : tensor<3xui32>
}
