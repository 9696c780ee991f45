// onnx-mlir prints onnx.EntryPoint after @main_graph (older versions with
// an attribute dictionary, newer with properties); it is accepted, runs
// nothing, and --convert-frontends-to-tcp erases it.
// RUN: tcp-opt %s -split-input-file | FileCheck %s
// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp | FileCheck %s --check-prefix=TCP
// RUN: tcp-run --print=mlir %S/entry_point.mlir.in | FileCheck %s --check-prefix=EXEC
// RUN: not tcp-opt %S/entry_point_bad.mlir.in 2>&1 | FileCheck %s --check-prefix=BAD
// EXEC: {{^}}dense<[30, 10]> : tensor<2xi64>{{$}}
// BAD: entry_point_bad.mlir.in:6:3: error: 'onnx.EntryPoint' op func @other is not a function of the enclosing module

// CHECK: "onnx.EntryPoint"() {func = @main_graph} : () -> ()
// TCP-NOT: onnx.
module {
  func.func @main_graph(%arg0: tensor<3x2xf32>, %arg1: tensor<2xi64>) -> tensor<2x2xf32> {
    %0 = "onnx.Gather"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
    onnx.Return %0 : tensor<2x2xf32>
  }
  "onnx.EntryPoint"() {func = @main_graph} : () -> ()
}

// -----

// CHECK: "onnx.EntryPoint"() {func = @main_graph} : () -> ()
module {
  func.func @main_graph(%arg0: tensor<3xf32>) -> tensor<3xf32> {
    onnx.Return %arg0 : tensor<3xf32>
  }
  "onnx.EntryPoint"() <{func = @main_graph}> : () -> ()
}
