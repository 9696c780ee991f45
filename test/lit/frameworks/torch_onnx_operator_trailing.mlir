// RUN: tcp-run --print=mlir %s -e slice_no_steps | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize | tcp-run --print=mlir - -e slice_no_steps | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s
// RUN: tcp-run --print=mlir %s -e split_no_sizes | FileCheck %s --check-prefix=SPLIT
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize | tcp-run --print=mlir - -e split_no_sizes | FileCheck %s --check-prefix=SPLIT

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

// Split's sizes are optional too: without them, num_outputs equal pieces.
// CHECK-LABEL: func.func @split_no_sizes
// CHECK-NOT: torch.operator
// CHECK: tcp.slice %{{.*}} starts(%c0, %c0) sizes(%c2, %c2) strides(%c1, %c1) : tensor<2x4xf32> -> tensor<2x2xf32>
// CHECK: tcp.slice %{{.*}} starts(%c0, %c2) sizes(%c2, %c2) strides(%c1, %c1) : tensor<2x4xf32> -> tensor<2x2xf32>
// SPLIT: {{^}}dense<{{\[\[}}3.000000e+00, 4.000000e+00], [7.000000e+00, 8.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @split_no_sizes() -> !torch.vtensor<[2,2],f32> {
  %x = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>} : () -> !torch.vtensor<[2,4],f32>
  %0:2 = torch.operator "onnx.Split"(%x) {torch.onnx.axis = 1 : si64, torch.onnx.num_outputs = 2 : si64} : (!torch.vtensor<[2,4],f32>) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>)
  return %0#1 : !torch.vtensor<[2,2],f32>
}
