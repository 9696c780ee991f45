// RUN: tcp-opt %s -split-input-file -verify-diagnostics --convert-frontends-to-tcp

// An Expand to a shape known only at run time, where the input's dim is
// neither 1 nor the shape's (so whether it broadcasts is decided at run
// time), is not converted.
func.func @expand_dynamic(%x: tensor<2x1xf32>, %s: tensor<2xi64>) -> tensor<2x?xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Expand' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Expand' op cannot be converted to tcp: dim 0 of the input has size 2 and the shape's size for it is known only at run time (ONNX raises unless it is 1 or 2)}}
  %0 = "onnx.Expand"(%x, %s) : (tensor<2x1xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

func.func @constant_of_shape_negative() -> tensor<2xi64> {
  %s = onnx.Constant dense<-2> : tensor<1xi64>
  // expected-error@+1 {{'onnx.ConstantOfShape' op expects non-negative dims, got [-2]}}
  %0 = "onnx.ConstantOfShape"(%s) {value = dense<1> : tensor<1xi64>} : (tensor<1xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @expand_mismatch(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %s = onnx.Constant dense<[2, 4]> : tensor<2xi64>
  // expected-error@+1 {{'onnx.Expand' op shape [2, 4] does not broadcast with the input's [2, 3]}}
  %0 = "onnx.Expand"(%x, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Split sizes known only at run time are not converted.
func.func @split_dynamic(%x: tensor<2x4xf32>, %s: tensor<2xi64>) -> tensor<2x?xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Split' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Split' op cannot be converted to tcp: the split sizes are not a constant}}
  %0:2 = "onnx.Split"(%x, %s) {axis = 1 : si64} : (tensor<2x4xf32>, tensor<2xi64>) -> (tensor<2x?xf32>, tensor<2x?xf32>)
  return %0#0 : tensor<2x?xf32>
}
