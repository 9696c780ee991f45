// onnx.Split, as torch.onnx.export writes torch.split(x, 2, dim=1),
// x.chunk and x.unbind: each output one tcp.slice. It runs, converts with
// the same results, and a model of it without value_info imports.
// RUN: tcp-run --print=mlir %s -e main_graph | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e main_graph | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp --canonicalize | tcp-run --print=mlir - -e main_graph --backend=go | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=TCP
// TCP-LABEL: func.func @main_graph(
// TCP-NOT: onnx.Split
// TCP: tcp.slice %{{.*}} starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<2x5xf32> -> tensor<2x1xf32>
// EXEC: {{^}}dense<{{\[\[}}2.000000e+00, 3.000000e+00], [7.000000e+00, 8.000000e+00]]> : tensor<2x2xf32>{{$}}
// EXEC: {{^}}dense<{{\[\[}}5.000000e+00], [1.000000e+01]]> : tensor<2x1xf32>{{$}}
// EXEC: {{^}}dense<{{\[\[}}3.000000e+00, 4.000000e+00], [8.000000e+00, 9.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @main_graph() -> (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>) {
  %x = onnx.Constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0]]> : tensor<2x5xf32>
  %s = onnx.Constant dense<[1, 2, 1, 1]> : tensor<4xi64>
  %0:4 = "onnx.Split"(%x, %s) {axis = -1 : si64} : (tensor<2x5xf32>, tensor<4xi64>) -> (tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %none = "onnx.NoValue"() {value} : () -> none
  // Without split: pieces of ceil(5 / 3) = 2, the last one 1.
  %1:3 = "onnx.Split"(%x, %none) {axis = 1 : si64} : (tensor<2x5xf32>, none) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>)
  return %0#1, %1#2, %1#1 : tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>
}
