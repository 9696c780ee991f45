// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @count(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'onnx.Return' op has 0 operands, but enclosing function returns 1}}
  onnx.Return
}

// -----

func.func @type(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'onnx.Return' op type of return operand 0 (tensor<2xf32>) doesn't match function result type (tensor<3xf32>)}}
  onnx.Return %a : tensor<2xf32>
}

