// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e slice | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize | tcp-run --print=mlir - -e slice | FileCheck %s --check-prefix=VAL

// IREE's iree-import-onnx keeps initializers as dense_resource blobs in the
// file's dialect_resources section (4 alignment bytes, then the elements);
// they parse as dense elements.

// CHECK-LABEL: func.func @slice
// CHECK:         torch.operator "onnx.Constant"() {torch.onnx.value = dense<[3, 0]> : tensor<2xsi64>}
// CHECK:         torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>}
// VAL: {{^}}dense<[4.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>{{$}}
func.func @slice() -> !torch.vtensor<[3],f32> {
  %x = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> !torch.vtensor<[4],f32>
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<starts> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64>
  %s = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<"the.steps"> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %st = torch.operator "onnx.Constant"() {torch.onnx.value = dense<3> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %en = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %ax = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %1 = torch.operator "onnx.Slice"(%x, %st, %en, %ax, %s) : (!torch.vtensor<[4],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],f32>
  return %1 : !torch.vtensor<[3],f32>
}

{-#
  dialect_resources: {
    builtin: {
      starts: "0x0800000003000000000000000000000000000000",
      "the.steps": "0x08000000FFFFFFFFFFFFFFFF"
    }
  }
#-}
