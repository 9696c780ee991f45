// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s

// The frontend ops print as their projects print them: generic form with
// an attribute dictionary (the <{...}> properties form is read as
// attributes), onnx.Constant in onnx-mlir's custom form.

// CHECK-LABEL: func.func @onnx
// CHECK-NEXT:    %[[C:.*]] = onnx.Constant dense<[1, -2]> : tensor<2xi64>
// CHECK-NEXT:    %[[N:.*]] = "onnx.NoValue"() {value} : () -> none
// CHECK-NEXT:    "onnx.Gather"(%arg0, %[[C]]) {axis = -1 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK-NEXT:    "onnx.GatherElements"(%arg0, %arg1) {axis = 1 : si64} : (tensor<3x4xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
// CHECK-NEXT:    "onnx.GatherND"(%arg0, %arg2) {batch_dims = 0 : si64} : (tensor<3x4xf32>, tensor<?x2xi64>) -> tensor<?xf32>
// CHECK-NEXT:    "onnx.Slice"(%arg0, %[[C]], %[[C]], %[[N]], %[[N]]) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, none, none) -> tensor<*xf32>
func.func @onnx(%arg0: tensor<3x4xf32>, %arg1: tensor<3x2xi64>, %arg2: tensor<?x2xi64>) {
  %c = "onnx.Constant"() {value = dense<[1, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %n = "onnx.NoValue"() {value} : () -> none
  %0 = "onnx.Gather"(%arg0, %c) <{axis = -1 : si64}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %1 = "onnx.GatherElements"(%arg0, %arg1) {axis = 1 : si64} : (tensor<3x4xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  %2 = "onnx.GatherND"(%arg0, %arg2) <{batch_dims = 0 : si64}> : (tensor<3x4xf32>, tensor<?x2xi64>) -> tensor<?xf32>
  %3 = "onnx.Slice"(%arg0, %c, %c, %n, %n) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, none, none) -> tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @tf
// CHECK-NEXT:    %[[A:.*]] = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
// CHECK-NEXT:    "tf.GatherV2"(%arg0, %arg1, %[[A]]) {batch_dims = 0 : i64} : (tensor<3x4xf32>, tensor<2xi16>, tensor<i32>) -> tensor<3x2xf32>
// CHECK-NEXT:    "tf.Gather"(%arg0, %arg1) {validate_indices = true} : (tensor<3x4xf32>, tensor<2xi16>) -> tensor<2x4xf32>
// CHECK-NEXT:    "tf.GatherNd"(%arg0, %arg2) {bad_indices_policy = ""} : (tensor<3x4xf32>, tensor<5x2xi64>) -> tensor<5xf32>
func.func @tf(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi16>, %arg2: tensor<5x2xi64>) {
  %a = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%arg0, %arg1, %a) {batch_dims = 0 : i64} : (tensor<3x4xf32>, tensor<2xi16>, tensor<i32>) -> tensor<3x2xf32>
  %1 = "tf.Gather"(%arg0, %arg1) {validate_indices = true} : (tensor<3x4xf32>, tensor<2xi16>) -> tensor<2x4xf32>
  %2 = "tf.GatherNd"(%arg0, %arg2) <{bad_indices_policy = ""}> : (tensor<3x4xf32>, tensor<5x2xi64>) -> tensor<5xf32>
  return
}
