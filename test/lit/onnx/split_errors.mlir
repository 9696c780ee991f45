// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @split_sum(%x: tensor<2x5xf32>) -> tensor<2x2xf32> {
  %s = onnx.Constant dense<[2, 2]> : tensor<2xi64>
  // expected-error@+1 {{'onnx.Split' op split sizes [2 2] add up to 4, the dim has 5}}
  %0:2 = "onnx.Split"(%x, %s) {axis = 1 : si64} : (tensor<2x5xf32>, tensor<2xi64>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return %0#0 : tensor<2x2xf32>
}

// -----

func.func @split_count(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %s = onnx.Constant dense<[2, 2]> : tensor<2xi64>
  // expected-error@+1 {{'onnx.Split' op split has 2 sizes for 3 outputs}}
  %0:3 = "onnx.Split"(%x, %s) {axis = 1 : si64} : (tensor<2x4xf32>, tensor<2xi64>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x0xf32>)
  return %0#0 : tensor<2x2xf32>
}
