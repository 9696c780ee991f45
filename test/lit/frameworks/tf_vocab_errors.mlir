// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative test per verifier rule of TensorFlow's ops around gathers
// (what the conversion refuses: tf_vocab_convert_errors.mlir).

func.func @reverse_axis_rank(%x: tensor<2x3xf32>, %a: tensor<i32>) {
  // expected-error@+1 {{'tf.ReverseV2' op requires a 1-D axis, got tensor<i32>}}
  %0 = "tf.ReverseV2"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_shape(%x: tensor<2x3xf32>, %a: tensor<1xi32>) {
  // expected-error@+1 {{'tf.ReverseV2' op requires the output shape to be the input's tensor<2x3xf32>, got tensor<3x2xf32>}}
  %0 = "tf.ReverseV2"(%x, %a) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @squeeze_not_one(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'tf.Squeeze' op can not squeeze dim[1], expected a dimension of 1, got 3}}
  %0 = "tf.Squeeze"(%x) {squeeze_dims = [1]} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @squeeze_range(%x: tensor<2x1xf32>) {
  // expected-error@+1 {{'tf.Squeeze' op squeeze dim 2 is out of range [-2, 2)}}
  %0 = "tf.Squeeze"(%x) {squeeze_dims = [2]} : (tensor<2x1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @squeeze_result(%x: tensor<2x1xf32>) {
  // expected-error@+1 {{'tf.Squeeze' op requires the output shape [2] (the squeezed input), got tensor<1x2xf32>}}
  %0 = "tf.Squeeze"(%x) : (tensor<2x1xf32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @expand_dims_rank(%x: tensor<2xf32>, %d: tensor<i32>) {
  // expected-error@+1 {{'tf.ExpandDims' op requires the output rank to be the input's plus one (2), got tensor<2xf32>}}
  %0 = "tf.ExpandDims"(%x, %d) : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @minimum_broadcast(%a: tensor<3xi32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'tf.Minimum' op requires operands that broadcast together, got [[3] [2]]}}
  %0 = "tf.Minimum"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @add_result(%a: tensor<3xi32>, %b: tensor<i32>) {
  // expected-error@+1 {{'tf.AddV2' op requires the output shape to be the broadcast shape [3], got tensor<4xi32>}}
  %0 = "tf.AddV2"(%a, %b) : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  return
}

// -----

func.func @select_condition(%c: tensor<3xi32>, %a: tensor<3xi32>) {
  // expected-error@+1 {{'tf.SelectV2' op operand #0 must be tensor of i1 values, but got 'tensor<3xi32>'}}
  %0 = "tf.SelectV2"(%c, %a, %a) : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @less_result(%a: tensor<3xi32>) {
  // expected-error@+1 {{'tf.Less' op result #0 must be tensor of i1 values, but got 'tensor<3xi32>'}}
  %0 = "tf.Less"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @relu_elem(%a: tensor<3xi32>) {
  // expected-error@+1 {{'tf.Relu' op failed to verify that all of {features, activations} have same element type}}
  %0 = "tf.Relu"(%a) : (tensor<3xi32>) -> tensor<3xf32>
  return
}
