// onnx.Unsqueeze, onnx.Squeeze, onnx.Flatten and onnx.Mul, as
// torch.onnx.export (dynamo=False) writes them around gathers:
// x.gather(-1, i.unsqueeze(-1)).squeeze(-1), and x[i, j] as
// Gather(Flatten(x), i * size + j). They run, and convert to tcp with the
// same result (reshape_ops_import.mlir: a model of them without
// value_info imports; on constants, as here, --import-onnx folds them).
// RUN: tcp-translate --mlir-to-onnx --onnx-value-info=false %s -o %t.onnx
// RUN: tcp-translate --import-onnx %t.onnx -o %t.mlir
// RUN: tcp-run --print=mlir %t.mlir | FileCheck %s --check-prefix=EXEC
// RUN: tcp-run --print=mlir %s | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp --canonicalize | tcp-run --print=mlir - | FileCheck %s --check-prefix=EXEC
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=TCP

// TCP-NOT: onnx.
// TCP: tensor.expand_shape
// TCP: tcp.gather
// TCP: tensor.collapse_shape
// TCP: arith.muli
// TCP-NOT: onnx.
// EXEC: {{^}}dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>{{$}}
// EXEC: {{^}}dense<{{\[\[}}6.000000e+00], [2.000000e+00]]> : tensor<2x1xf32>{{$}}
func.func @main_graph() -> (tensor<2xf32>, tensor<2x1xf32>) {
  %x = onnx.Constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %i = onnx.Constant dense<[2, -3]> : tensor<2xi64>
  %a = onnx.Constant dense<-1> : tensor<1xi64>
  %u = "onnx.Unsqueeze"(%i, %a) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2x1xi64>
  %g = "onnx.GatherElements"(%x, %u) {axis = -1 : si64} : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2x1xf32>
  %s = "onnx.Squeeze"(%g, %a) : (tensor<2x1xf32>, tensor<1xi64>) -> tensor<2xf32>
  %f = "onnx.Flatten"(%x) {axis = 2 : si64} : (tensor<2x3xf32>) -> tensor<6x1xf32>
  %r = onnx.Constant dense<[1, 0]> : tensor<2xi64>
  %three = onnx.Constant dense<3> : tensor<1xi64>
  %m = "onnx.Mul"(%r, %three) : (tensor<2xi64>, tensor<1xi64>) -> tensor<2xi64>
  %c = onnx.Constant dense<[2, 1]> : tensor<2xi64>
  %k = "onnx.Add"(%m, %c) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  %y = "onnx.Gather"(%f, %k) {axis = 0 : si64} : (tensor<6x1xf32>, tensor<2xi64>) -> tensor<2x1xf32>
  return %s, %y : tensor<2xf32>, tensor<2x1xf32>
}
