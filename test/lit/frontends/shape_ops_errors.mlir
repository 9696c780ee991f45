// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp -verify-diagnostics

// The refused cases of the onnx shape ops and the tf casts: located errors
// that say why.

func.func @range_runtime(%s: tensor<i64>, %l: tensor<i64>, %d: tensor<i64>) -> tensor<4xi64> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Range' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Range' op cannot be converted to tcp: start, limit and delta are not constants (a Range of runtime values has a length known only at run time, and the result type tensor<4xi64> is not tensor<?xi64>)}}
  %r = "onnx.Range"(%s, %l, %d) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4xi64>
  return %r : tensor<4xi64>
}

// -----

func.func @reshape_minus_one_dynamic(%x: tensor<?x3x4xf32>) -> tensor<?x12xf32> {
  %s = onnx.Constant dense<[0, -1]> : tensor<2xi64>
  // expected-error@+2 {{failed to legalize operation 'onnx.Reshape' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Reshape' op cannot be converted to tcp: the data type tensor<?x3x4xf32> is not static}}
  %y = "onnx.Reshape"(%x, %s) : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
  return %y : tensor<?x12xf32>
}

// -----

func.func @expand_dynamic(%i: tensor<1x2xi64>, %s: tensor<2xi64>) -> tensor<?x2xi64> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Expand' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Expand' op cannot be converted to tcp: dim 1 of the input has size 2 and the shape's size for it is known only at run time (ONNX raises unless it is 1 or 2)}}
  %j = "onnx.Expand"(%i, %s) : (tensor<1x2xi64>, tensor<2xi64>) -> tensor<?x2xi64>
  return %j : tensor<?x2xi64>
}

// -----

// A dynamic dim against a size of another tensor: whether it broadcasts
// (a 1 at run time) is decided only at run time.
func.func @expand_dynamic_dim_runtime(%i: tensor<?x2xi64>, %x: tensor<?x2xf32>) -> tensor<?x2xi64> {
  %s = "onnx.Shape"(%x) : (tensor<?x2xf32>) -> tensor<2xi64>
  // expected-error@+2 {{failed to legalize operation 'onnx.Expand' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Expand' op cannot be converted to tcp: dim 0 of the input is dynamic and the shape's size for it is not the constant 1 or that dim's own size: whether it broadcasts is decided at run time (specialize the input's shape)}}
  %j = "onnx.Expand"(%i, %s) : (tensor<?x2xi64>, tensor<2xi64>) -> tensor<?x2xi64>
  return %j : tensor<?x2xi64>
}

// -----

func.func @tf_cast_uint64(%i: tensor<3xui64>) -> tensor<3xi64> {
  // expected-error@+2 {{failed to legalize operation 'tf.Cast' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.Cast' op cannot be converted to tcp: casting ui64 is not supported (a 64-bit unsigned value has no exact signless path)}}
  %0 = "tf.Cast"(%i) <{Truncate = false}> {device = ""} : (tensor<3xui64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

func.func @tf_transpose_runtime_perm(%x: tensor<3x5xf32>, %p: tensor<2xi32>) -> tensor<*xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.Transpose' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.Transpose' op cannot be converted to tcp: perm is not a constant permutation of [0, 2)}}
  %0 = "tf.Transpose"(%x, %p) {device = ""} : (tensor<3x5xf32>, tensor<2xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @pad_negative(%x: tensor<4xf32>) -> tensor<3xf32> {
  %p = onnx.Constant dense<[-1, 0]> : tensor<2xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-error@+2 {{failed to legalize operation 'onnx.Pad' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Pad' op cannot be converted to tcp: negative pads [-1 0] (which remove elements) are not supported}}
  %y = "onnx.Pad"(%x, %p, %none, %none) : (tensor<4xf32>, tensor<2xi64>, none, none) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

func.func @tf_abs_float(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{failed to legalize operation 'tf.Abs' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.Abs' op cannot be converted to tcp: element type f32 is not supported (signed integer index arithmetic)}}
  %0 = "tf.Abs"(%x) {device = ""} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @tf_call_not_inlined(%i: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error@+2 {{failed to legalize operation 'tf.PartitionedCall' that was explicitly marked illegal}}
  // expected-note@+1 {{'tf.PartitionedCall' op cannot be converted to tcp: the call was not inlined (run --inline first; a callee must be a func.func with one block)}}
  %0 = "tf.PartitionedCall"(%i) <{config = "", config_proto = "", executor_type = "", f = @branch}> : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func private @branch(%arg0: tensor<3xi32>) -> tensor<3xi32> {
  return %arg0 : tensor<3xi32>
}

// -----

func.func @onnx_cast_bool_float(%b: tensor<3xi1>) -> tensor<3xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Cast' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Cast' op cannot be converted to tcp: casting i1 to f32 is not supported (bool casts to and from integers only)}}
  %0 = "onnx.Cast"(%b) {to = 1 : si64} : (tensor<3xi1>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @onnx_min_float(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Min' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Min' op cannot be converted to tcp: element type f32 is not supported (integer index arithmetic)}}
  %0 = "onnx.Min"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// x.reshape(x.shape[0], -1) with dynamic_axes: a shape computed from a
// dynamic dim, with a -1 that ONNX infers at run time (and raises for on an
// empty batch).
func.func @reshape_computed_shape_dynamic(%x: tensor<?x2x4xf32>) -> tensor<?x?xf32> {
  %s = "onnx.Shape"(%x) {start = 0 : si64, end = 1 : si64} : (tensor<?x2x4xf32>) -> tensor<1xi64>
  %m1 = onnx.Constant dense<[-1]> : tensor<1xi64>
  %shp = "onnx.Concat"(%s, %m1) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  // expected-error@+2 {{failed to legalize operation 'onnx.Reshape' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Reshape' op cannot be converted to tcp: the data type tensor<?x2x4xf32> is not static: its shape is computed at run time, and with dynamic data only a constant shape converts}}
  %y = "onnx.Reshape"(%x, %shp) : (tensor<?x2x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
