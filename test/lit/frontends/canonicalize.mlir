// RUN: tcp-opt %s --canonicalize | FileCheck %s

// The conversions are also the frontend ops' canonicalization patterns:
// --canonicalize brings frontend gathers to the tcp form (with constants
// hoisted and shared as canonicalize does), and leaves an op it cannot
// convert (a non-constant axis) alone.

// CHECK-LABEL: func.func @onnx_gather
// CHECK-NOT:     onnx.
// CHECK:         tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
func.func @onnx_gather(%arg0: tensor<3x2xf32>, %arg1: tensor<2x2xi64>) -> tensor<2x2x2xf32> {
  %0 = "onnx.Gather"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}

// CHECK-LABEL: func.func @tf_gather
// CHECK-NOT:     tf.
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 1 : index, mode = "error"} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
func.func @tf_gather(%input: tensor<3x4x5xf32>, %indices: tensor<3xi64>) -> tensor<3x3x5xf32> {
  %axis = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%input, %indices, %axis) {batch_dims = 0 : i64} : (tensor<3x4x5xf32>, tensor<3xi64>, tensor<i32>) -> tensor<3x3x5xf32>
  return %0 : tensor<3x3x5xf32>
}

// CHECK-LABEL: func.func @not_convertible
// CHECK:         "tf.GatherV2"(%arg0, %arg1, %arg2)
func.func @not_convertible(%input: tensor<3x4x5xf32>, %indices: tensor<3xi64>, %axis: tensor<i32>) -> tensor<*xf32> {
  %0 = "tf.GatherV2"(%input, %indices, %axis) {batch_dims = 0 : i64} : (tensor<3x4x5xf32>, tensor<3xi64>, tensor<i32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
