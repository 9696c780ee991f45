// onnx.ConstantOfShape, onnx.Equal, onnx.Div and onnx.Expand, as
// torch.onnx.export writes x.gather(1, i.view(-1, 1).expand(-1, 3)): the
// Expand's shape is Where(Equal(s, ConstantOfShape * -1), ConstantOfShape,
// s). They run, and convert to tcp with the same result.
// RUN: tcp-run --print=mlir %s -e main_graph | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp --canonicalize | tcp-run --print=mlir - -e main_graph | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp --canonicalize | tcp-run --print=mlir - -e main_graph --backend=go | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=TCP
// TCP-LABEL: func.func @main_graph(
// TCP-NOT: onnx.
// TCP: tcp.broadcast_to
// TCP: tcp.gather
// EXEC: {{^}}dense<{{\[\[}}3.000000e+00, 3.000000e+00, 3.000000e+00], [4.000000e+00, 4.000000e+00, 4.000000e+00]]> : tensor<2x3xf32>{{$}}
// EXEC: {{^}}dense<[3, -3]> : tensor<2xi64>{{$}}
func.func @main_graph() -> (tensor<2x3xf32>, tensor<2xi64>) {
  %x = onnx.Constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %i = onnx.Constant dense<[[2], [-3]]> : tensor<2x1xi64>
  %two = onnx.Constant dense<2> : tensor<1xi64>
  %ones = "onnx.ConstantOfShape"(%two) {value = dense<1> : tensor<1xi64>} : (tensor<1xi64>) -> tensor<2xi64>
  %m1 = onnx.Constant dense<-1> : tensor<1xi64>
  %neg = "onnx.Mul"(%ones, %m1) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2xi64>
  %s = onnx.Constant dense<[-1, 3]> : tensor<2xi64>
  %eq = "onnx.Equal"(%s, %neg) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
  %shape = "onnx.Where"(%eq, %ones, %s) : (tensor<2xi1>, tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  %e = "onnx.Expand"(%i, %shape) : (tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x3xi64>
  %g = "onnx.GatherElements"(%x, %e) {axis = 1 : si64} : (tensor<2x3xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  %a = onnx.Constant dense<[7, -7]> : tensor<2xi64>
  %d = "onnx.Div"(%a, %two) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2xi64>
  return %g, %d : tensor<2x3xf32>, tensor<2xi64>
}
