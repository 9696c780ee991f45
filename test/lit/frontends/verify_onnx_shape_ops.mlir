// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of onnx.Unsqueeze, Squeeze, Size,
// Expand, ConstantOfShape and Range (dialect/onnx shapeops.go).

func.func @unsqueeze_repeated_axis(%x: tensor<3xi64>) -> tensor<3x1x1xi64> {
  %a = onnx.Constant dense<[1, -2]> : tensor<2xi64>
  // expected-error@+1 {{'onnx.Unsqueeze' op axes [1, -2] are not distinct axes of the rank-3 result}}
  %0 = "onnx.Unsqueeze"(%x, %a) : (tensor<3xi64>, tensor<2xi64>) -> tensor<3x1x1xi64>
  return %0 : tensor<3x1x1xi64>
}

// -----

func.func @squeeze_not_one(%x: tensor<3x2xf32>) -> tensor<2xf32> {
  %a = onnx.Constant dense<[0]> : tensor<1xi64>
  // expected-error@+1 {{'onnx.Squeeze' op dim 0 has size 3, not 1}}
  %0 = "onnx.Squeeze"(%x, %a) : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @size_not_scalar(%x: tensor<3x2xf32>) -> tensor<1xi64> {
  // expected-error@+1 {{'onnx.Size' op expects a 0-d result, got tensor<1xi64>}}
  %0 = "onnx.Size"(%x) : (tensor<3x2xf32>) -> tensor<1xi64>
  return %0 : tensor<1xi64>
}

// -----

func.func @expand_no_broadcast(%x: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %s = onnx.Constant dense<[4, 2]> : tensor<2xi64>
  // expected-error@+1 {{'onnx.Expand' op shape [4, 2] does not broadcast with the input's [3, 2]}}
  %0 = "onnx.Expand"(%x, %s) : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @constant_of_shape_elem(%s: tensor<1xi64>) -> tensor<3xf32> {
  // expected-error@+1 {{'onnx.ConstantOfShape' op expects the result element type i64 (value's), got f32}}
  %0 = "onnx.ConstantOfShape"(%s) {value = dense<0> : tensor<1xi64>} : (tensor<1xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @range_not_scalar(%s: tensor<1xi64>, %l: tensor<i64>) -> tensor<?xi64> {
  // expected-error@+1 {{'onnx.Range' op expects 0-d start, limit and delta, got tensor<1xi64>}}
  %0 = "onnx.Range"(%s, %l, %l) : (tensor<1xi64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
