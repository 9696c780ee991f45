// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=RT
// RUN: tcp-run --print=mlir %s -e gather_args | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize --verify-semantics | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize | tcp-run --print=mlir - -e gather_args | FileCheck %s --check-prefix=VAL

// IREE's iree-import-onnx form: every ONNX node a torch.operator "onnx.X"
// with torch.onnx. attributes on !torch.vtensor values. It runs as ONNX
// (negative indices wrap once) and converts through the onnx dialect to
// tcp; --torch-func-backend-type-conversion then gives the function builtin
// tensor arguments and results.

// RT-LABEL: func.func @gather
// RT:         %0 = torch.operator "onnx.Gather"(%arg0, %arg1) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,2],f32>
// CHECK-LABEL: func.func @gather(%arg0: tensor<2x3xf32>, %arg1: tensor<2xi64>) -> tensor<2x2xf32>
// CHECK-NOT:     torch_c
// CHECK-NOT:     torch.operator
// CHECK:         tcp.gather %{{.*}}, %{{.*}} {dim = 1 : index, mode = "wrap_negative"}
// CHECK-NOT:     torch_c
// CHECK-NOT:     torch.operator
// CHECK:         return %{{.*}} : tensor<2x2xf32>
func.func @gather(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,2],f32> attributes {torch.onnx_meta.opset_version = 28 : si64} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Gather"(%arg0, %arg1) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// A caller keeps its !torch types (the callee is called, so it keeps its
// signature too).
// VAL: {{^}}dense<{{\[\[}}3.000000e+00, 1.000000e+00], [5.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @gather_args() -> tensor<2x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : tensor<2x3xf32>
  %i = tcp.const {value = dense<[[-1, 0], [1, -3]]> : tensor<2x2xi64>} : tensor<2x2xi64>
  %xv = torch_c.from_builtin_tensor %x : tensor<2x3xf32> -> !torch.vtensor<[2,3],f32>
  %iv = torch_c.from_builtin_tensor %i : tensor<2x2xi64> -> !torch.vtensor<[2,2],si64>
  %0 = torch.operator "onnx.GatherElements"(%xv, %iv) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,2],si64>) -> !torch.vtensor<[2,2],f32>
  %1 = torch_c.to_builtin_tensor %0 : !torch.vtensor<[2,2],f32> -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
