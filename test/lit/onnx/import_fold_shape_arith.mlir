// --import-onnx folds the shape arithmetic exporters compute at run time
// (MXNet's gather_nd: Shape, Sub, Concat, Pad of the index's static
// shape) into onnx.Constant, so that the Reshape to the computed shape has
// a static type; the model has no value_info, as MXNet writes it. What
// reads the function's arguments stays. A node whose evaluation fails (Mod
// by zero) is not folded.
// RUN: tcp-translate --mlir-to-onnx --onnx-value-info=false %s -o %t.onnx
// RUN: tcp-translate --import-onnx %t.onnx | FileCheck %s
// RUN: tcp-translate --import-onnx %t.onnx -o %t.mlir
// RUN: tcp-opt %t.mlir --pass-pipeline='builtin.module(convert-frontends-to-tcp,canonicalize,cse)' --verify-semantics | FileCheck %s --check-prefix=TCP

// CHECK-LABEL: func.func @main_graph(
// CHECK-NOT:   "onnx.Shape"
// CHECK-NOT:   "onnx.Pad"
// CHECK:       onnx.Constant dense<[2, 3, 1, 1]> : tensor<4xi64>
// CHECK:       "onnx.Reshape"(%arg1, %{{.*}}) : (tensor<2x3xi64>, tensor<4xi64>) -> tensor<2x3x1x1xi64>
// CHECK:       "onnx.Transpose"(%{{.*}}) {perm = [3 : si64, 1 : si64, 2 : si64, 0 : si64]} : (tensor<2x3x1x1xi64>) -> tensor<1x3x1x2xi64>
// CHECK:       onnx.Constant dense<[3, 2]> : tensor<2xi64>
// CHECK:       "onnx.Reshape"(%{{.*}}, %{{.*}}) : (tensor<1x3x1x2xi64>, tensor<2xi64>) -> tensor<3x2xi64>
// CHECK:       "onnx.GatherND"
// CHECK:       "onnx.Mod"(%{{.*}}, %{{.*}}) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>

// TCP-LABEL: func.func @main_graph(
// TCP:       tcp.transpose
// TCP:       tcp.gather_nd %arg0, %{{.*}} {mode = "wrap_negative"}
func.func @main_graph(%x: tensor<4x5xf32>, %i: tensor<2x3xi64>) -> (tensor<3xf32>, tensor<1xi64>) {
  %shape = "onnx.Shape"(%i) : (tensor<2x3xi64>) -> tensor<2xi64>
  %rank = "onnx.Shape"(%shape) : (tensor<2xi64>) -> tensor<1xi64>
  %four = onnx.Constant dense<4> : tensor<1xi64>
  %extra = "onnx.Sub"(%four, %rank) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %zero = onnx.Constant dense<0> : tensor<1xi64>
  %pads = "onnx.Concat"(%zero, %extra) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %one = onnx.Constant dense<1> : tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %shape4 = "onnx.Pad"(%shape, %pads, %one, %none) : (tensor<2xi64>, tensor<2xi64>, tensor<1xi64>, none) -> tensor<4xi64>
  %r = "onnx.Reshape"(%i, %shape4) : (tensor<2x3xi64>, tensor<4xi64>) -> tensor<2x3x1x1xi64>
  %t = "onnx.Transpose"(%r) {perm = [3, 1, 2, 0]} : (tensor<2x3x1x1xi64>) -> tensor<1x3x1x2xi64>
  %s0 = "onnx.Slice"(%shape, %zero, %one, %none, %none) : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<1xi64>
  %two = onnx.Constant dense<2> : tensor<1xi64>
  %s1 = "onnx.Slice"(%shape, %one, %two, %none, %none) : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<1xi64>
  %back = "onnx.Concat"(%s1, %s0) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %idx = "onnx.Reshape"(%t, %back) : (tensor<1x3x1x2xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  %g = "onnx.GatherND"(%x, %idx) : (tensor<4x5xf32>, tensor<3x2xi64>) -> tensor<3xf32>
  %bad = "onnx.Mod"(%one, %zero) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  return %g, %bad : tensor<3xf32>, tensor<1xi64>
}
