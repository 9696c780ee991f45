// A model with a symbolic batch and no value_info, as torch.onnx.export
// writes expand_as with dynamic_axes: Expand(i, Shape(x)). The importer
// infers the Expand's type from what it knows of the shape vector (dim 1
// of x is 4, dim 0 is x's batch): tensor<?x4xi64>, not tensor<?x?xi64>;
// the model then converts to tcp.broadcast_to with tensor.dim.
// RUN: tcp-translate --mlir-to-onnx --onnx-value-info=false %s -o %t.onnx
// RUN: tcp-translate --import-onnx %t.onnx | FileCheck %s
// RUN: tcp-translate --import-onnx %t.onnx | tcp-opt --convert-onnx-to-tcp --verify-semantics | FileCheck %s --check-prefix=TCP

// CHECK-LABEL: func.func @main_graph(
// CHECK: "onnx.Shape"(%arg0) : (tensor<?x4xf32>) -> tensor<2xi64>
// CHECK: "onnx.Expand"(%arg1, %{{.*}}) : (tensor<1x4xi64>, tensor<2xi64>) -> tensor<?x4xi64>
// CHECK: "onnx.GatherElements"(%arg0, %{{.*}}) {axis = 1 : si64} : (tensor<?x4xf32>, tensor<?x4xi64>) -> tensor<?x4xf32>
// TCP: tensor.dim %arg0
// TCP: tcp.broadcast_to %arg1, %{{.*}} {axes = [0]} : tensor<1x4xi64>, index -> tensor<?x4xi64>
func.func @main_graph(%x: tensor<?x4xf32>, %i: tensor<1x4xi64>) -> tensor<?x4xf32> {
  %s = "onnx.Shape"(%x) : (tensor<?x4xf32>) -> tensor<2xi64>
  %j = "onnx.Expand"(%i, %s) : (tensor<1x4xi64>, tensor<2xi64>) -> tensor<?x4xi64>
  %y = "onnx.GatherElements"(%x, %j) {axis = 1 : si64} : (tensor<?x4xf32>, tensor<?x4xi64>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
