// RUN: tcp-run --print=mlir %s -e chunk | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-run --print=mlir - -e chunk | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s

// x.chunk(3)[2] as torch.onnx.export writes it and iree-import-onnx prints
// it: the Slice's starts and ends are shape arithmetic (Shape, Gather, Add,
// Div, Mul) that the import leaves unfolded. The conversion evaluates that
// arithmetic on constants with the ops' own semantics.
// CHECK-LABEL: func.func @chunk
// CHECK: tcp.slice
// CHECK-NOT: onnx.
// VAL: {{^}}dense<{{\[\[}}5.000000e+00], [6.000000e+00]]> : tensor<2x1xf32>{{$}}
func.func @chunk() -> !torch.vtensor<[2,1],f32> {
  %x = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]> : tensor<6x1xf32>} : () -> !torch.vtensor<[6,1],f32>
  %s = torch.operator "onnx.Shape"(%x) : (!torch.vtensor<[6,1],f32>) -> !torch.vtensor<[2],si64>
  %zero = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %n = torch.operator "onnx.Gather"(%s, %zero) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[2],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64>
  %two = torch.operator "onnx.Constant"() {torch.onnx.value = dense<2> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %three = torch.operator "onnx.Constant"() {torch.onnx.value = dense<3> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %a = torch.operator "onnx.Add"(%n, %two) : (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64>
  %c = torch.operator "onnx.Div"(%a, %three) : (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64>
  %b = torch.operator "onnx.Mul"(%c, %two) : (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64>
  %e = torch.operator "onnx.Mul"(%c, %three) : (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Slice"(%x, %b, %e, %zero) : (!torch.vtensor<[6,1],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[2,1],f32>
  return %0 : !torch.vtensor<[2,1],f32>
}
