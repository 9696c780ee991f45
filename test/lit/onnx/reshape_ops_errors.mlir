// RUN: tcp-opt %s -split-input-file -verify-diagnostics
// RUN: not tcp-opt %s -split-input-file 2>&1 | FileCheck %s

// The verifier rules of onnx.Unsqueeze, onnx.Squeeze and onnx.Flatten.

func.func @squeeze_not_unit(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = onnx.Constant dense<1> : tensor<1xi64>
  // expected-error@+1 {{'onnx.Squeeze' op dim 1 has size 3, not 1}}
  %0 = "onnx.Squeeze"(%x, %a) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK: reshape_ops_errors.mlir:9:8: error: 'onnx.Squeeze' op dim 1 has size 3, not 1

// -----

func.func @unsqueeze_repeated(%x: tensor<2xf32>) -> tensor<2x1x1xf32> {
  %a = onnx.Constant dense<[1, -2]> : tensor<2xi64>
  // expected-error@+1 {{'onnx.Unsqueeze' op axes [1, -2] are not distinct axes of the rank-3 result}}
  %0 = "onnx.Unsqueeze"(%x, %a) : (tensor<2xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

func.func @unsqueeze_wrong_result(%x: tensor<2xf32>) -> tensor<2x1xf32> {
  %a = onnx.Constant dense<0> : tensor<1xi64>
  // expected-error@+1 {{'onnx.Unsqueeze' op expects the result shape [1, 2] (data with 1s inserted at axes), got [2, 1]}}
  %0 = "onnx.Unsqueeze"(%x, %a) : (tensor<2xf32>, tensor<1xi64>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @flatten_axis(%x: tensor<2x3xf32>) -> tensor<6x1xf32> {
  // expected-error@+1 {{'onnx.Flatten' op expects axis in [-2, 2], got 3}}
  %0 = "onnx.Flatten"(%x) {axis = 3 : si64} : (tensor<2x3xf32>) -> tensor<6x1xf32>
  return %0 : tensor<6x1xf32>
}

// -----

// Without axes, a dynamic dim may or may not be 1.
func.func @squeeze_all_dynamic(%x: tensor<?x1xf32>) -> tensor<?xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-error@+1 {{'onnx.Squeeze' op dim 0 is dynamic: Squeeze without axes needs static dims}}
  %0 = "onnx.Squeeze"(%x, %none) : (tensor<?x1xf32>, none) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
