// A model with onnx.Split and no value_info imports: the importer infers
// each output's type.
// RUN: tcp-translate --mlir-to-onnx --onnx-value-info=false %s -o %t.onnx
// RUN: tcp-translate --import-onnx %t.onnx | FileCheck %s
// CHECK: "onnx.Split"(%{{.*}}, %{{.*}}) {axis = 1 : si64} : (tensor<3x6xf32>, tensor<3xi64>) -> (tensor<3x2xf32>, tensor<3x3xf32>, tensor<3x1xf32>)
func.func @main_graph(%x: tensor<3x6xf32>) -> tensor<3x3xf32> {
  %s = onnx.Constant dense<[2, 3, 1]> : tensor<3xi64>
  %0:3 = "onnx.Split"(%x, %s) {axis = 1 : si64} : (tensor<3x6xf32>, tensor<3xi64>) -> (tensor<3x2xf32>, tensor<3x3xf32>, tensor<3x1xf32>)
  return %0#1 : tensor<3x3xf32>
}
