// RUN: tcp-run --print=mlir %s -e slice_no_steps | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize | tcp-run --print=mlir - -e slice_no_steps | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s

// A node may omit its trailing optional inputs, and iree-import-onnx writes
// only the inputs it has: torch.onnx.export's Slice for torch.narrow(x, 1,
// 1, 2) gives starts, ends and axes, no steps. The omitted ones are absent
// (onnx.NoValue), in the interpreter and in the conversion.

// CHECK-LABEL: func.func @slice_no_steps
// CHECK-NOT: torch.operator
// CHECK: tcp.slice %{{.*}} starts(%c0, %c1) sizes(%c2, %c2) strides(%c1, %c1) : tensor<2x4xf32> -> tensor<2x2xf32>
// CHECK-NOT: torch.operator
// VAL: {{^}}dense<{{\[\[}}2.000000e+00, 3.000000e+00], [6.000000e+00, 7.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @slice_no_steps() -> !torch.vtensor<[2,2],f32> {
  %x = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>} : () -> !torch.vtensor<[2,4],f32>
  %s = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %e = torch.operator "onnx.Constant"() {torch.onnx.value = dense<3> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %a = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Slice"(%x, %s, %e, %a) : (!torch.vtensor<[2,4],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}
