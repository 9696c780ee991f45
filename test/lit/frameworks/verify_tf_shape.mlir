// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @concat_one(%a: tensor<2xf32>, %x: tensor<i32>) {
  // expected-error@+1 {{'tf.ConcatV2' op requires at least 2 values, got 1}}
  %0 = "tf.ConcatV2"(%a, %x) : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @concat_axis(%a: tensor<2xf32>, %x: tensor<1xi32>) {
  // expected-error@+1 {{'tf.ConcatV2' op requires a 0-d axis, got tensor<1xi32>}}
  %0 = "tf.ConcatV2"(%a, %a, %x) : (tensor<2xf32>, tensor<2xf32>, tensor<1xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @concat_elem(%a: tensor<2xf32>, %b: tensor<2xi32>, %x: tensor<i32>) {
  // expected-error@+1 {{'tf.ConcatV2' op requires the values' element type to be the result's f32, got tensor<2xi32>}}
  %0 = "tf.ConcatV2"(%a, %b, %x) : (tensor<2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @reshape_shape(%a: tensor<2xf32>, %s: tensor<i32>) {
  // expected-error@+1 {{'tf.Reshape' op requires a 1-D shape, got tensor<i32>}}
  %0 = "tf.Reshape"(%a, %s) : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @reshape_elem(%a: tensor<2xf32>, %s: tensor<1xi32>) {
  // expected-error@+1 {{'tf.Reshape' op requires the result element type to be the tensor's f32, got tensor<2xi32>}}
  %0 = "tf.Reshape"(%a, %s) : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xi32>
  return
}
