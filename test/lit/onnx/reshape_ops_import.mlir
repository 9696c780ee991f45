// A model of onnx.Unsqueeze, onnx.Squeeze, onnx.Flatten and onnx.Mul
// without value_info imports: the importer infers each type.
// RUN: tcp-translate --mlir-to-onnx --onnx-value-info=false %s -o %t.onnx
// RUN: tcp-translate --import-onnx %t.onnx | FileCheck %s

// CHECK-LABEL: func.func @main_graph(
// CHECK: "onnx.Unsqueeze"(%{{.*}}, %{{.*}}) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2x1xi64>
// CHECK: "onnx.GatherElements"(%{{.*}}, %{{.*}}) {axis = -1 : si64} : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2x1xf32>
// CHECK: "onnx.Squeeze"(%{{.*}}, %{{.*}}) : (tensor<2x1xf32>, tensor<1xi64>) -> tensor<2xf32>
// CHECK: "onnx.Flatten"(%{{.*}}) {axis = 2 : si64} : (tensor<2x3xf32>) -> tensor<6x1xf32>
// CHECK: "onnx.Mul"(%{{.*}}, %{{.*}}) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2xi64>
// CHECK: "onnx.Squeeze"(%{{.*}}, %{{.*}}) : (tensor<1x2x1xf32>, none) -> tensor<2xf32>
func.func @main_graph(%x: tensor<2x3xf32>, %i: tensor<2xi64>, %r: tensor<2xi64>, %z: tensor<1x2x1xf32>) -> (tensor<2xf32>, tensor<2x1xf32>, tensor<2xf32>) {
  %a = onnx.Constant dense<-1> : tensor<1xi64>
  %u = "onnx.Unsqueeze"(%i, %a) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2x1xi64>
  %g = "onnx.GatherElements"(%x, %u) {axis = -1 : si64} : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2x1xf32>
  %s = "onnx.Squeeze"(%g, %a) : (tensor<2x1xf32>, tensor<1xi64>) -> tensor<2xf32>
  %f = "onnx.Flatten"(%x) {axis = 2 : si64} : (tensor<2x3xf32>) -> tensor<6x1xf32>
  %three = onnx.Constant dense<3> : tensor<1xi64>
  %m = "onnx.Mul"(%r, %three) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2xi64>
  %y = "onnx.Gather"(%f, %m) {axis = 0 : si64} : (tensor<6x1xf32>, tensor<2xi64>) -> tensor<2x1xf32>
  %none = "onnx.NoValue"() {value} : () -> none
  %q = "onnx.Squeeze"(%z, %none) : (tensor<1x2x1xf32>, none) -> tensor<2xf32>
  return %s, %y, %q : tensor<2xf32>, tensor<2x1xf32>, tensor<2xf32>
}
