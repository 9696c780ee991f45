// RUN: tcp-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(convert-torch-to-tcp{convert-func-signatures=true})' | FileCheck %s

// With convert-func-signatures the type converter (!torch.vtensor ->
// builtin tensor) rewrites the function signature too; the
// torch_c.from_builtin_tensor / to_builtin_tensor casts it and the
// rewrites insert meet and fold away, leaving builtin tensors only.

// CHECK-LABEL: func.func @gather(
// CHECK-SAME:      %[[ARG0:.*]]: tensor<1x4x3xf32>, %[[ARG1:.*]]: tensor<1x4x2xi64>) -> tensor<1x4x2xf32> {
// CHECK-NOT:     torch_c
// CHECK:         %[[G:.*]] = tcp.gather %[[ARG0]], %[[ARG1]] {dim = 2 : index, mode = "error"} : tensor<1x4x3xf32>, tensor<1x4x2xi64> -> tensor<1x4x2xf32>
// CHECK-NEXT:    return %[[G]] : tensor<1x4x2xf32>
func.func @gather(%arg0: !torch.vtensor<[1,4,3],f32>, %arg1: !torch.vtensor<[1,4,2],si64>) -> !torch.vtensor<[1,4,2],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %arg0, %int-1, %arg1, %false : !torch.vtensor<[1,4,3],f32>, !torch.int, !torch.vtensor<[1,4,2],si64>, !torch.bool -> !torch.vtensor<[1,4,2],f32>
  return %0 : !torch.vtensor<[1,4,2],f32>
}

// A value that stays a !torch.vtensor (used by an op the pass does not
// convert) keeps a cast back from the converted argument.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:      %[[ARG0:.*]]: tensor<3xf32>) -> tensor<3xf32> {
// CHECK-NEXT:    %[[T:.*]] = torch_c.from_builtin_tensor %[[ARG0]] : tensor<3xf32> -> !torch.vtensor<[3],f32>
// CHECK-NEXT:    %[[U:.*]] = "other.op"(%[[T]]) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
// CHECK-NEXT:    %[[B:.*]] = torch_c.to_builtin_tensor %[[U]] : !torch.vtensor<[3],f32> -> tensor<3xf32>
// CHECK-NEXT:    return %[[B]] : tensor<3xf32>
func.func @mixed(%arg0: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = "other.op"(%arg0) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
