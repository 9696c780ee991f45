// RUN: tcp-opt %s -split-input-file -verify-diagnostics
// RUN: not tcp-opt %s -split-input-file 2>&1 | FileCheck %s

// The verifier rules of onnx.Unsqueeze, onnx.Squeeze and onnx.Flatten.

func.func @squeeze_not_unit(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = onnx.Constant dense<1> : tensor<1xi64>
  // expected-error@+1 {{'onnx.Squeeze' op cannot squeeze dim 1 of size 3 (only a dim of size 1)}}
  %0 = "onnx.Squeeze"(%x, %a) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK: reshape_ops_errors.mlir:9:8: error: 'onnx.Squeeze' op cannot squeeze dim 1 of size 3 (only a dim of size 1)

// -----

func.func @unsqueeze_repeated(%x: tensor<2xf32>) -> tensor<2x1x1xf32> {
  %a = onnx.Constant dense<[1, -2]> : tensor<2xi64>
  // expected-error@+1 {{'onnx.Unsqueeze' op axis -2 is repeated}}
  %0 = "onnx.Unsqueeze"(%x, %a) : (tensor<2xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

func.func @unsqueeze_wrong_result(%x: tensor<2xf32>) -> tensor<2x1xf32> {
  %a = onnx.Constant dense<0> : tensor<1xi64>
  // expected-error@+1 {{'onnx.Unsqueeze' op expects the result shape [1, 2] (the data's dims with 1s at axes), got [2, 1]}}
  %0 = "onnx.Unsqueeze"(%x, %a) : (tensor<2xf32>, tensor<1xi64>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @flatten_axis(%x: tensor<2x3xf32>) -> tensor<6x1xf32> {
  // expected-error@+1 {{'onnx.Flatten' op axis 3 is out of range [-2, 2] for data of rank 2}}
  %0 = "onnx.Flatten"(%x) {axis = 3 : si64} : (tensor<2x3xf32>) -> tensor<6x1xf32>
  return %0 : tensor<6x1xf32>
}

// -----

// Without axes, a dynamic dim may or may not be 1.
func.func @squeeze_all_dynamic(%x: tensor<?x1xf32>) -> tensor<?xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-error@+1 {{'onnx.Squeeze' op without axes, dim 0 (dynamic) may or may not be squeezed}}
  %0 = "onnx.Squeeze"(%x, %none) : (tensor<?x1xf32>, none) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
