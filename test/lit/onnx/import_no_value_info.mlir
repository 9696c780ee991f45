// A model without value_info for its intermediate values (as
// torch.onnx.export writes them) imports: the importer infers every type
// itself. (A value_info contradicting the inference is a located error;
// the onnx dialect's verifier rejects such a type before --mlir-to-onnx
// could write it, so frontend/onnximport's TestErrors builds those models.)
// RUN: tcp-translate --mlir-to-onnx --onnx-value-info=false %s -o %t.onnx
// RUN: tcp-translate --import-onnx %t.onnx | FileCheck %s
// RUN: tcp-translate --import-onnx %t.onnx -o %t.mlir
// RUN: tcp-run --print=mlir %t.mlir | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main_graph(
// CHECK: %[[G:.*]] = "onnx.Gather"(%{{.*}}, %{{.*}}) {axis = 1 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK: %[[S:.*]] = "onnx.Slice"(%[[G]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3x2xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
// CHECK: "onnx.GatherElements"(%[[S]], %{{.*}}) {axis = 0 : si64} : (tensor<2x2xf32>, tensor<1x2xi64>) -> tensor<1x2xf32>
// EXEC: {{^}}dense<{{\[\[}}1.100000e+01, 4.000000e+00]]> : tensor<1x2xf32>{{$}}
func.func @main_graph() -> tensor<1x2xf32> {
  %x = onnx.Constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %i = onnx.Constant dense<[2, -1]> : tensor<2xi64>
  %g = "onnx.Gather"(%x, %i) {axis = 1 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %s0 = onnx.Constant dense<-1> : tensor<1xi64>
  %e0 = onnx.Constant dense<-100> : tensor<1xi64>
  %a0 = onnx.Constant dense<0> : tensor<1xi64>
  %p0 = onnx.Constant dense<-2> : tensor<1xi64>
  %s = "onnx.Slice"(%g, %s0, %e0, %a0, %p0) : (tensor<3x2xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
  %j = onnx.Constant dense<[[0, 1]]> : tensor<1x2xi64>
  %r = "onnx.GatherElements"(%s, %j) {axis = 0 : si64} : (tensor<2x2xf32>, tensor<1x2xi64>) -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}
