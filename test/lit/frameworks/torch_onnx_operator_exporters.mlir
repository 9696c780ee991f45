// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize --verify-semantics | FileCheck %s
// RUN: tcp-run --print=mlir %s -e narrow_flip | FileCheck %s --check-prefix=VAL

// What IREE's iree-import-onnx leaves of torch.onnx.export's models: a
// Slice without its optional steps input (x.narrow), which runs and
// converts with the omitted input as onnx.NoValue; and an Expand whose
// shape is a Where of constants, typed [?,2] by IREE, which converts to the
// static broadcast the evaluated shape gives (then a tensor.cast).

// CHECK-LABEL: func.func @narrow_flip
// CHECK: tcp.const {value = dense<[4, 3, 2]> : tensor<3xi64>}
// VAL: {{^}}dense<[4, 3, 2]> : tensor<3xi64>{{$}}
func.func @narrow_flip() -> !torch.vtensor<[3],si64> {
  %none = torch.constant.none
  %x = torch.vtensor.literal(dense<[1, 2, 3, 4, 5]> : tensor<5xsi64>) : !torch.vtensor<[5],si64>
  %a = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %s = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %e = torch.operator "onnx.Constant"() {torch.onnx.value = dense<4> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Slice"(%x, %s, %e, %a) : (!torch.vtensor<[5],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],si64>
  %s2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %e2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-9223372036854775807> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %p2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %1 = torch.operator "onnx.Slice"(%0, %s2, %e2, %a, %p2) : (!torch.vtensor<[3],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],si64>
  return %1 : !torch.vtensor<[3],si64>
}

// -----

// CHECK-LABEL: func.func @gather_expand
// CHECK: tcp.broadcast_to
// CHECK: tcp.gather
func.func @gather_expand(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[1,2],si64>) -> !torch.vtensor<[3,2],f32> {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<2> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %1 = torch.operator "onnx.ConstantOfShape"(%0) {torch.onnx.value = dense<1> : tensor<1xsi64>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[2],si64>
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<si64>} : () -> !torch.vtensor<[],si64>
  %3 = torch.operator "onnx.Mul"(%1, %2) : (!torch.vtensor<[2],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[2],si64>
  %4 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[3, 2]> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64>
  %5 = torch.operator "onnx.Equal"(%4, %3) : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[2],i1>
  %6 = torch.operator "onnx.Where"(%5, %1, %4) : (!torch.vtensor<[2],i1>, !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[2],si64>
  %7 = torch.operator "onnx.Expand"(%arg1, %6) : (!torch.vtensor<[1,2],si64>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,2],si64>
  %8 = torch.operator "onnx.GatherElements"(%arg0, %7) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[?,2],si64>) -> !torch.vtensor<[3,2],f32>
  return %8 : !torch.vtensor<[3,2],f32>
}
