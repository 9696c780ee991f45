// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp -verify-diagnostics

// The ONNX and TensorFlow scatters the conversion refuses, with the reason,
// and one case per verifier rule.

func.func @tf_scatter_nd_shape_not_constant(%i: tensor<4x1xi32>, %u: tensor<4x3xf32>, %shape: tensor<2xi32>) -> tensor<5x3xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.ScatterNd' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.ScatterNd' op cannot be converted to tcp: operand #2 (shape) is not a constant; the output shape must be known at compile time}}
  %0 = "tf.ScatterNd"(%i, %u, %shape) : (tensor<4x1xi32>, tensor<4x3xf32>, tensor<2xi32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @tf_segment_num_not_constant(%x: tensor<6xf32>, %s: tensor<6xi32>, %n: tensor<i32>) -> tensor<?xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.UnsortedSegmentSum' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.UnsortedSegmentSum' op cannot be converted to tcp: operand #2 (num_segments) is not a constant; the number of segments must be known at compile time}}
  %0 = "tf.UnsortedSegmentSum"(%x, %s, %n) : (tensor<6xf32>, tensor<6xi32>, tensor<i32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @tf_tuple_dynamic(%x: tensor<5x3xf32>, %i: tensor<4x?xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.TensorScatterAdd' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.TensorScatterAdd' op cannot be converted to tcp: the index tuple length (the last dim of indices) is dynamic; tcp.scatter_nd needs it static}}
  %0 = "tf.TensorScatterAdd"(%x, %i, %u) : (tensor<5x3xf32>, tensor<4x?xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @onnx_mul_on_bool(%x: tensor<4xi1>, %i: tensor<2xi64>, %u: tensor<2xi1>) -> tensor<4xi1> {
  // expected-error@+2 {{failed to legalize operation 'onnx.ScatterElements' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.ScatterElements' op cannot be converted to tcp: reduction "mul" is not defined by tcp for element type i1}}
  %0 = "onnx.ScatterElements"(%x, %i, %u) {axis = 0 : si64, reduction = "mul"} : (tensor<4xi1>, tensor<2xi64>, tensor<2xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @onnx_unranked_data(%x: tensor<*xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.ScatterND' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.ScatterND' op cannot be converted to tcp: expects a ranked tensor for data, got tensor<*xf32>}}
  %0 = "onnx.ScatterND"(%x, %i, %u) : (tensor<*xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_bad_reduction(%x: tensor<4xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'onnx.ScatterElements' op attribute 'reduction' failed to satisfy constraint: string attribute whose value is none, or add, or mul, or max, or min}}
  %0 = "onnx.ScatterElements"(%x, %i, %u) {reduction = "sum"} : (tensor<4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @onnx_updates_shape(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x2xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'onnx.ScatterElements' op expects updates of the shape of indices [2, 3], got [2, 2]}}
  %0 = "onnx.ScatterElements"(%x, %i, %u) {axis = 0 : si64} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x2xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @onnx_axis(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'onnx.ScatterElements' op expects axis in [-2, 1], got 2}}
  %0 = "onnx.ScatterElements"(%x, %i, %u) {axis = 2 : si64} : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @onnx_nd_updates(%x: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'onnx.ScatterND' op expects updates of shape [2, 3] (indices.shape[:-1] ++ data.shape[m:]), got [2, 4]}}
  %0 = "onnx.ScatterND"(%x, %i, %u) : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @onnx_nd_tuple(%x: tensor<4x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'onnx.ScatterND' op expects the index tuple length 3 to be at most the data rank 2}}
  %0 = "onnx.ScatterND"(%x, %i, %u) : (tensor<4x3xf32>, tensor<2x3xi64>, tensor<2xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @tf_updates_shape(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x2xf32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{'tf.TensorScatterUpdate' op requires updates of shape [4, 3] (indices.shape[:-1] ++ tensor.shape[m:]), got [4, 2]}}
  %0 = "tf.TensorScatterUpdate"(%x, %i, %u) : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x2xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @tf_bad_policy(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{'tf.TensorScatterMax' op attribute 'bad_indices_policy' failed to satisfy constraint: string attribute whose value is , or DEFAULT, or ERROR, or IGNORE}}
  %0 = "tf.TensorScatterMax"(%x, %i, %u) <{bad_indices_policy = "SKIP"}> : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @tf_segment_prefix(%x: tensor<6x2xf32>, %s: tensor<5xi32>) -> tensor<4x2xf32> {
  %cst = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  // expected-error@+1 {{'tf.UnsortedSegmentSum' op requires segment_ids.shape [5] to be a prefix of data.shape [6, 2]}}
  %0 = "tf.UnsortedSegmentSum"(%x, %s, %cst) : (tensor<6x2xf32>, tensor<5xi32>, tensor<i32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @tf_scatter_nd_shape_rank(%i: tensor<4x1xi32>, %u: tensor<4x3xf32>, %shape: tensor<2x1xi32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{'tf.ScatterNd' op requires shape to be a 1-D tensor, got tensor<2x1xi32>}}
  %0 = "tf.ScatterNd"(%i, %u, %shape) : (tensor<4x1xi32>, tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @tf_segment_zero(%x: tensor<6xf32>, %s: tensor<6xi32>) -> tensor<0xf32> {
  %cst = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error@+2 {{failed to legalize operation 'tf.UnsortedSegmentMin' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.UnsortedSegmentMin' op cannot be converted to tcp: num_segments 0 leaves no row for the neutral updates of negative ids; at least 1 is supported}}
  %0 = "tf.UnsortedSegmentMin"(%x, %s, %cst) : (tensor<6xf32>, tensor<6xi32>, tensor<i32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}
