// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of the tf ops (TensorFlow's messages
// where it has them, tensorflow/compiler/mlir/tensorflow/tests/tf-ops.mlir).

func.func @axis_rank(%a: tensor<16x2x3xf32>, %i: tensor<16x5xi32>) {
  %0 = "tf.Const"() { value = dense<[[-4]]> : tensor<1x1xi32> } : () -> tensor<1x1xi32>
  // expected-error@+1 {{'tf.GatherV2' op requires axis to have rank at most 1}}
  %1 = "tf.GatherV2"(%a, %i, %0) {batch_dims = -1 : i64} : (tensor<16x2x3xf32>, tensor<16x5xi32>, tensor<1x1xi32>) -> tensor<16x2x5xf32>
  return
}

// -----

func.func @axis_values(%a: tensor<16x2x3xf32>, %i: tensor<16x5xi32>) {
  %0 = "tf.Const"() { value = dense<[1, 2]> : tensor<2xi32> } : () -> tensor<2xi32>
  // expected-error@+1 {{'tf.GatherV2' op expects the axis to hold one value, got 2}}
  %1 = "tf.GatherV2"(%a, %i, %0) {batch_dims = 0 : i64} : (tensor<16x2x3xf32>, tensor<16x5xi32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @batch_dims_range(%a: tensor<16x2x3xf32>, %i: tensor<16x5xi32>) {
  %0 = "tf.Const"() { value = dense<[-1]> : tensor<1xi32> } : () -> tensor<1xi32>
  // expected-error@+1 {{'tf.GatherV2' op batch_dims (-3) must be in range [-2, 3)}}
  %1 = "tf.GatherV2"(%a, %i, %0) {batch_dims = -3 : i64} : (tensor<16x2x3xf32>, tensor<16x5xi32>, tensor<1xi32>) -> tensor<16x2x5xf32>
  return
}

// -----

func.func @axis_range(%a: tensor<16x2x3xf32>, %i: tensor<16x5xi32>) {
  %0 = "tf.Const"() { value = dense<[-4]> : tensor<1xi32> } : () -> tensor<1xi32>
  // expected-error@+1 {{'tf.GatherV2' op axis (-4) must be in range [-3, 3)}}
  %1 = "tf.GatherV2"(%a, %i, %0) {batch_dims = -1 : i64} : (tensor<16x2x3xf32>, tensor<16x5xi32>, tensor<1xi32>) -> tensor<16x2x5xf32>
  return
}

// -----

func.func @axis_below_batch_dims(%a: tensor<16x2x3xf32>, %i: tensor<16x5xi32>) {
  %0 = "tf.Const"() { value = dense<[0]> : tensor<1xi32> } : () -> tensor<1xi32>
  // expected-error@+1 {{'tf.GatherV2' op requires axis (0) to be greater than or equal to batch_dims (1)}}
  %1 = "tf.GatherV2"(%a, %i, %0) {batch_dims = -1 : i64} : (tensor<16x2x3xf32>, tensor<16x5xi32>, tensor<1xi32>) -> tensor<16x2x5xf32>
  return
}

// -----

func.func @batch_mismatch(%a: tensor<16x2x3xf32>, %i: tensor<8x5xi32>) {
  %0 = "tf.Const"() { value = dense<1> : tensor<i32> } : () -> tensor<i32>
  // expected-error@+1 {{'tf.GatherV2' op expects batch dim 0 of indices (size 8) to equal that of params (size 16)}}
  %1 = "tf.GatherV2"(%a, %i, %0) {batch_dims = 1 : i64} : (tensor<16x2x3xf32>, tensor<8x5xi32>, tensor<i32>) -> tensor<16x5x3xf32>
  return
}

// -----

func.func @result_shape(%a: tensor<16x2x3xf32>, %i: tensor<16x5xi32>) {
  %0 = "tf.Const"() { value = dense<[-1]> : tensor<1xi32> } : () -> tensor<1xi32>
  // expected-error@+1 {{'tf.GatherV2' op has invalid output type; should be compatible with inferred type 'tensor<16x2x5xf32>', got 'tensor<16x2x5x3xf32>'}}
  %1 = "tf.GatherV2"(%a, %i, %0) {batch_dims = -1 : i64} : (tensor<16x2x3xf32>, tensor<16x5xi32>, tensor<1xi32>) -> tensor<16x2x5x3xf32>
  return
}

// -----

func.func @index_type(%a: tensor<3xf32>, %i: tensor<2xi8>) {
  // expected-error@+1 {{'tf.Gather' op operand #1 must be tensor of 16-bit, 32-bit or 64-bit signless integer values, but got 'tensor<2xi8>'}}
  %0 = "tf.Gather"(%a, %i) : (tensor<3xf32>, tensor<2xi8>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_rank(%a: tensor<f32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'tf.Gather' op expects params of rank at least 1, got 0}}
  %0 = "tf.Gather"(%a, %i) : (tensor<f32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_result_elem(%a: tensor<3xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'tf.Gather' op expects the result element type to be f32 (that of params), got f16}}
  %0 = "tf.Gather"(%a, %i) : (tensor<3xf32>, tensor<2xi32>) -> tensor<2xf16>
  return
}

// -----

func.func @gather_nd_rank(%a: tensor<3xf32>, %i: tensor<i32>) {
  // expected-error@+1 {{'tf.GatherNd' op requires indices of rank at least 1, got 0}}
  %0 = "tf.GatherNd"(%a, %i) : (tensor<3xf32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @gather_nd_tuple(%a: tensor<3xf32>, %i: tensor<2x2xi32>) {
  // expected-error@+1 {{'tf.GatherNd' op expects indices.shape[-1] <= rank(params), got 2 > 1}}
  %0 = "tf.GatherNd"(%a, %i) : (tensor<3xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_policy(%a: tensor<3xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'tf.GatherNd' op attribute 'bad_indices_policy' failed to satisfy constraint: string attribute whose value is , or DEFAULT, or ERROR}}
  %0 = "tf.GatherNd"(%a, %i) {bad_indices_policy = "IGNORE"} : (tensor<3xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @const_type() {
  // expected-error@+1 {{'tf.Const' op expects a result type compatible with the value type tensor<2xi64>, got tensor<3xi64>}}
  %0 = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<3xi64>
  return
}

// -----

func.func @gather_v2_result_elem(%p: tensor<16x2xf32>, %i: tensor<3xi32>) {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{'tf.GatherV2' op expects the result element type to be f32 (that of params), got i32}}
  %0 = "tf.GatherV2"(%p, %i, %a) {batch_dims = 0 : i64} : (tensor<16x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @gather_nd_result(%p: tensor<4x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'tf.GatherNd' op has invalid output type; should be compatible with inferred type 'tensor<2x3xf32>', got 'tensor<2x4xf32>'}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_nd_result_elem(%p: tensor<4x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'tf.GatherNd' op expects the result element type to be f32 (that of params), got f16}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf16>
  return
}

// -----

func.func @gather_result(%p: tensor<5x2xf32>, %i: tensor<3xi32>) {
  // expected-error@+1 {{'tf.Gather' op has invalid output type; should be compatible with inferred type 'tensor<3x2xf32>', got 'tensor<3x5xf32>'}}
  %0 = "tf.Gather"(%p, %i) : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @const_elem() {
  // expected-error@+1 {{'tf.Const' op expects a result type compatible with the value type tensor<2xi64>, got tensor<2xi32>}}
  %0 = "tf.Const"() {value = dense<1> : tensor<2xi64>} : () -> tensor<2xi32>
  return
}
