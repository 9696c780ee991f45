// RUN: tcp-opt %s -split-input-file --convert-tf-to-tcp | FileCheck %s
// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp | FileCheck %s

// tf.GatherV2 (axis as an operand, batch_dims), tf.Gather, tf.GatherNd and
// tf.Const as TensorFlow prints them become tcp with mode "error".

// The design's tf.gather example (docs/semantics.md §5.4).
// CHECK-LABEL: func.func @gather_v2
// CHECK-NEXT:    %[[IE:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : index
// CHECK-NEXT:    %[[IB:.*]] = tcp.broadcast_to %[[IE]], %[[C3]], %[[C5]] {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %[[IB]] {dim = 1 : index, mode = "error"} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
// CHECK-NEXT:    return %[[G]] : tensor<3x3x5xf32>
func.func @gather_v2(%input: tensor<3x4x5xf32>, %indices: tensor<3xi64>) -> tensor<3x3x5xf32> {
  %axis = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%input, %indices, %axis) {batch_dims = 0 : i64} : (tensor<3x4x5xf32>, tensor<3xi64>, tensor<i32>) -> tensor<3x3x5xf32>
  return %0 : tensor<3x3x5xf32>
}

// -----

// A 1-element vector axis of -1 and 2-D i32 indices (legalize-tf.mlir's
// gatherV2VectorIndices shape): the params are broadcast too.
// CHECK-LABEL: func.func @gather_v2_vector_axis
// CHECK:         tensor.expand_shape %arg1 {{\[\[}}0, 1, 2], [3]] : tensor<3x5xi32> into tensor<1x1x3x5xi32>
// CHECK:         tcp.broadcast_to %{{.*}} {axes = [0, 1]} : tensor<1x1x3x5xi32>, index, index -> tensor<1x2x3x5xi32>
// CHECK:         tensor.expand_shape %arg0 {{\[\[}}0], [1], [2, 3]] : tensor<1x2x20xf32> into tensor<1x2x20x1xf32>
// CHECK:         tcp.broadcast_to %{{.*}} {axes = [3]} : tensor<1x2x20x1xf32>, index -> tensor<1x2x20x5xf32>
// CHECK:         tcp.gather %{{.*}}, %{{.*}} {dim = 2 : index, mode = "error"} : tensor<1x2x20x5xf32>, tensor<1x2x3x5xi32> -> tensor<1x2x3x5xf32>
func.func @gather_v2_vector_axis(%arg0 : tensor<1x2x20xf32>, %arg1 : tensor<3x5xi32>) -> tensor<1x2x3x5xf32> {
  %0 = "tf.Const"() { value = dense<[-1]> : tensor<1xi32> } : () -> tensor<1xi32>
  %1 = "tf.GatherV2"(%arg0, %arg1, %0) {batch_dims = 0 : i64} : (tensor<1x2x20xf32>, tensor<3x5xi32>, tensor<1xi32>) -> tensor<1x2x3x5xf32>
  func.return %1 : tensor<1x2x3x5xf32>
}

// -----

// batch_dims = 1 (legalize-tf.mlir's gatherWithBatchDims).
// CHECK-LABEL: func.func @gather_v2_batch_dims
// CHECK:         tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] : tensor<2x5xi32> into tensor<2x5x1xi32>
// CHECK:         tcp.broadcast_to %{{.*}} {axes = [2]} : tensor<2x5x1xi32>, index -> tensor<2x5x6xi32>
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 1 : index, mode = "error"} : tensor<2x3x6xf32>, tensor<2x5x6xi32> -> tensor<2x5x6xf32>
func.func @gather_v2_batch_dims(%arg0 : tensor<2x3x6xf32>, %arg1 : tensor<2x5xi32>) -> tensor<2x5x6xf32> {
  %0 = "tf.Const"() { value = dense<[1]> : tensor<1xi32> } : () -> tensor<1xi32>
  %1 = "tf.GatherV2"(%arg0, %arg1, %0) {batch_dims = 1 : i64} : (tensor<2x3x6xf32>, tensor<2x5xi32>, tensor<1xi32>) -> tensor<2x5x6xf32>
  func.return %1 : tensor<2x5x6xf32>
}

// -----

// batch_dims equal to the indices rank (tf-ops.mlir), negative axis: one
// index per row, the gathered dim collapsed.
// CHECK-LABEL: func.func @gather_v2_batch_dims_rank
// CHECK-NEXT:    %[[IE:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1]] : tensor<16xi32> into tensor<16x1xi32>
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %[[IE]] {dim = 1 : index, mode = "error"} : tensor<16x4xf32>, tensor<16x1xi32> -> tensor<16x1xf32>
// CHECK-NEXT:    %[[R:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1]] : tensor<16x1xf32> into tensor<16xf32>
func.func @gather_v2_batch_dims_rank(%arg0: tensor<16x4xf32>, %arg1: tensor<16xi32>) -> tensor<16xf32> {
  %0 = "tf.Const"() { value = dense<[-1]> : tensor<1xi32> } : () -> tensor<1xi32>
  %1 = "tf.GatherV2"(%arg0, %arg1, %0) <{batch_dims = 1 : i64}> {device = ""} : (tensor<16x4xf32>, tensor<16xi32>, tensor<1xi32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// Dynamic dims.
// CHECK-LABEL: func.func @gather_v2_dynamic
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf32>
// CHECK:         tcp.broadcast_to %{{.*}}, %[[D]] {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x?xi64>
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "error"} : tensor<?x?xf32>, tensor<?x?xi64> -> tensor<?x?xf32>
func.func @gather_v2_dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<?xi64>) -> tensor<?x?xf32> {
  %axis = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.GatherV2"(%arg0, %arg1, %axis) {batch_dims = 0 : i64} : (tensor<?x?xf32>, tensor<?xi64>, tensor<i64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// The legacy tf.Gather is GatherV2 with axis 0.
// CHECK-LABEL: func.func @gather_legacy
// CHECK:         tcp.broadcast_to %{{.*}} {axes = [1]} : tensor<3x1xi32>, index -> tensor<3x2xi32>
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "error"} : tensor<5x2xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
func.func @gather_legacy(%arg0: tensor<5x2xf32>, %arg1: tensor<3xi32>) -> tensor<3x2xf32> {
  %0 = "tf.Gather"(%arg0, %arg1) {validate_indices = true} : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @gather_nd
// CHECK-NEXT:    %[[G:.*]] = tcp.gather_nd %arg0, %arg1 {mode = "error"} : tensor<4x3x2xf32>, tensor<2x2xi32> -> tensor<2x2xf32>
// CHECK-NEXT:    return %[[G]]
func.func @gather_nd(%arg0: tensor<4x3x2xf32>, %arg1: tensor<2x2xi32>) -> tensor<2x2xf32> {
  %0 = "tf.GatherNd"(%arg0, %arg1) <{bad_indices_policy = ""}> : (tensor<4x3x2xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// tf.Const becomes tcp.const; a less static result type gets a cast.
// CHECK-LABEL: func.func @const
// CHECK-NEXT:    %[[C:.*]] = tcp.const {value = dense<[0, 5]> : tensor<2xi64>} : tensor<2xi64>
// CHECK-NEXT:    %[[R:.*]] = tensor.cast %[[C]] : tensor<2xi64> to tensor<?xi64>
// CHECK-NEXT:    return %[[R]] : tensor<?xi64>
func.func @const() -> tensor<?xi64> {
  %0 = "tf.Const"() {value = dense<[0, 5]> : tensor<2xi64>} : () -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
