// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp -verify-diagnostics

// One negative case per op the conversions cannot bring to tcp: the
// dialect-conversion driver's error is located at the first op that failed,
// and its note says why.

func.func @tf_axis_not_constant(%input: tensor<3x4x5xf32>, %indices: tensor<3xi64>, %axis: tensor<i32>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.GatherV2' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.GatherV2' op cannot be converted to tcp: operand #2 (axis) is not a constant; the gather axis must be known at compile time}}
  %0 = "tf.GatherV2"(%input, %indices, %axis) {batch_dims = 0 : i64} : (tensor<3x4x5xf32>, tensor<3xi64>, tensor<i32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @tf_i16_indices(%input: tensor<3x4xf32>, %indices: tensor<2xi16>) -> tensor<2x4xf32> {
  %axis = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+2 {{failed to legalize operation 'tf.GatherV2' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.GatherV2' op cannot be converted to tcp: operand #1 (indices) has element type i16; tcp gathers take i32 or i64 indices}}
  %0 = "tf.GatherV2"(%input, %indices, %axis) {batch_dims = 0 : i64} : (tensor<3x4xf32>, tensor<2xi16>, tensor<i32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @tf_gather_nd_i16(%input: tensor<3x4xf32>, %indices: tensor<2x1xi16>) -> tensor<2x4xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.GatherNd' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.GatherNd' op cannot be converted to tcp: operand #1 (indices) has element type i16; tcp gathers take i32 or i64 indices}}
  %0 = "tf.GatherNd"(%input, %indices) : (tensor<3x4xf32>, tensor<2x1xi16>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @tf_gather_nd_dynamic_tuple(%input: tensor<3x4xf32>, %indices: tensor<2x?xi32>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.GatherNd' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.GatherNd' op cannot be converted to tcp: the index tuple length (the last dim of indices) is dynamic; tcp.gather_nd needs it static}}
  %0 = "tf.GatherNd"(%input, %indices) : (tensor<3x4xf32>, tensor<2x?xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @tf_unranked_params(%input: tensor<*xf32>, %indices: tensor<2xi32>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.Gather' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.Gather' op cannot be converted to tcp: expects a ranked tensor for params, got tensor<*xf32>}}
  %0 = "tf.Gather"(%input, %indices) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_unranked_data(%data: tensor<*xf32>, %indices: tensor<2xi64>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Gather' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Gather' op cannot be converted to tcp: expects a ranked tensor for data, got tensor<*xf32>}}
  %0 = "onnx.Gather"(%data, %indices) {axis = 0 : si64} : (tensor<*xf32>, tensor<2xi64>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_gather_elements_unranked(%data: tensor<3x3xf32>, %indices: tensor<*xi64>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.GatherElements' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.GatherElements' op cannot be converted to tcp: expects a ranked tensor for indices, got tensor<*xi64>}}
  %0 = "onnx.GatherElements"(%data, %indices) {axis = 0 : si64} : (tensor<3x3xf32>, tensor<*xi64>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_gather_elements_larger_indices(%data: tensor<3x2xf32>, %indices: tensor<2x3xi64>) -> tensor<2x3xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.GatherElements' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.GatherElements' op cannot be converted to tcp: indices dim 1 (size 3) exceeds the data dim (size 2)}}
  %0 = "onnx.GatherElements"(%data, %indices) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @onnx_gather_nd_dynamic_tuple(%data: tensor<3x3xf32>, %indices: tensor<2x?xi64>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.GatherND' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.GatherND' op cannot be converted to tcp: the index tuple length (the last dim of indices) is dynamic; tcp.gather_nd needs it static}}
  %0 = "onnx.GatherND"(%data, %indices) {batch_dims = 0 : si64} : (tensor<3x3xf32>, tensor<2x?xi64>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_slice_starts_not_constant(%data: tensor<4xf32>, %starts: tensor<1xi64>) -> tensor<*xf32> {
  %ends = onnx.Constant dense<[3]> : tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-error@+2 {{failed to legalize operation 'onnx.Slice' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Slice' op cannot be converted to tcp: operand #1 (starts) is not a constant}}
  %0 = "onnx.Slice"(%data, %starts, %ends, %none, %none) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_slice_steps_not_constant(%data: tensor<4xf32>, %steps: tensor<1xi64>) -> tensor<*xf32> {
  %c = onnx.Constant dense<[1]> : tensor<1xi64>
  // expected-error@+2 {{failed to legalize operation 'onnx.Slice' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Slice' op cannot be converted to tcp: operand #4 (steps) is not a constant}}
  %0 = "onnx.Slice"(%data, %c, %c, %c, %steps) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_slice_dynamic_sliced_dim(%data: tensor<?xf32>) -> tensor<*xf32> {
  %c = onnx.Constant dense<[1]> : tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-error@+2 {{failed to legalize operation 'onnx.Slice' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Slice' op cannot be converted to tcp: dim 0 of data is sliced but dynamic; its size is needed to clamp starts and ends (only a whole dim, forward or reversed, is sliced without it)}}
  %0 = "onnx.Slice"(%data, %c, %c, %none, %none) : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @onnx_slice_zero_step(%data: tensor<4xf32>) -> tensor<*xf32> {
  %c = onnx.Constant dense<[1]> : tensor<1xi64>
  %z = onnx.Constant dense<[0]> : tensor<1xi64>
  // expected-error@+2 {{failed to legalize operation 'onnx.Slice' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Slice' op cannot be converted to tcp: onnx slice: step for axis 0 is 0}}
  %0 = "onnx.Slice"(%data, %c, %c, %z, %z) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// onnx.Pad converts with constant pads only.
func.func @onnx_pad_not_constant(%x: tensor<2xi64>, %p: tensor<2xi64>) -> tensor<4xi64> {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-error@+2 {{failed to legalize operation 'onnx.Pad' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Pad' op cannot be converted to tcp: pads is not a constant}}
  %0 = "onnx.Pad"(%x, %p, %none, %none) : (tensor<2xi64>, tensor<2xi64>, none, none) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Comparing floats has no conversion (the exporters compare indices).
func.func @onnx_greater_float(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Greater' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Greater' op cannot be converted to tcp: comparing f32 is not supported (signless integers only)}}
  %0 = "onnx.Greater"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}
