// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @identity_elem(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tf.Identity' op expects compatible operand and result types, got tensor<3xf32> and tensor<3xi32>}}
  %0 = "tf.Identity"(%a) : (tensor<3xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @identity_shape(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tf.Identity' op expects compatible operand and result types, got tensor<3xf32> and tensor<4xf32>}}
  %0 = "tf.Identity"(%a) : (tensor<3xf32>) -> tensor<4xf32>
  return
}
