// RUN: tcp-opt %s --convert-frontends-to-tcp -split-input-file -verify-diagnostics

// What --convert-frontends-to-tcp refuses of TensorFlow's ops around
// gathers: a located error naming why.

func.func @reverse_axis_not_constant(%x: tensor<2x3xf32>, %a: tensor<1xi32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.ReverseV2' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.ReverseV2' op cannot be converted to tcp: axis is not a constant}}
  %0 = "tf.ReverseV2"(%x, %a) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @minimum_float(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.Minimum'}}
  // expected-note@+1 {{'tf.Minimum' op cannot be converted to tcp: element type f32 is not supported (signed integer index arithmetic)}}
  %0 = "tf.Minimum"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @add_dynamic(%a: tensor<?xi32>, %b: tensor<i32>) -> tensor<?xi32> {
  // expected-error@+2 {{failed to legalize operation 'tf.AddV2'}}
  // expected-note@+1 {{'tf.AddV2' op cannot be converted to tcp: the result type tensor<?xi32> is not static}}
  %0 = "tf.AddV2"(%a, %b) : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @less_float(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error@+2 {{failed to legalize operation 'tf.Less'}}
  // expected-note@+1 {{'tf.Less' op cannot be converted to tcp: comparing f32 is not supported (integer comparisons only)}}
  %0 = "tf.Less"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @expand_dims_not_constant(%x: tensor<2xf32>, %d: tensor<i32>) -> tensor<1x2xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.ExpandDims'}}
  // expected-note@+1 {{'tf.ExpandDims' op cannot be converted to tcp: dim is not a one-element constant}}
  %0 = "tf.ExpandDims"(%x, %d) : (tensor<2xf32>, tensor<i32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}
