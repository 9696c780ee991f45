// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp | FileCheck %s
// RUN: tcp-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=NOFRONT

// The ONNX and TensorFlow scatters as onnx-mlir and TensorFlow print them,
// converted to tcp.scatter / tcp.scatter_nd. Every function here is also
// run before and after conversion on random inputs by passes/frontends
// (TestConversionsPreserveSemantics).

// NOFRONT-NOT: onnx.Scatter
// NOFRONT-NOT: "tf.

// CHECK-LABEL: func.func @onnx_scatter_elements(
// CHECK-NEXT: %[[S:.*]] = tcp.scatter %arg0, %arg1, %arg2 {combine = "add", dim = 1 : index, mode = "wrap_negative"} : tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32> -> tensor<3x5xf32>
// CHECK-NEXT: return %[[S]]
func.func @onnx_scatter_elements(%x: tensor<3x5xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>) -> tensor<3x5xf32> {
  %0 = "onnx.ScatterElements"(%x, %i, %u) <{axis = -1 : si64, reduction = "add"}> : (tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// An unranked result (before shape inference) gets a tensor.cast.
// CHECK-LABEL: func.func @onnx_scatter_elements_unranked(
// CHECK-NEXT: %[[S:.*]] = tcp.scatter %arg0, %arg1, %arg2 {dim = 0 : index, mode = "wrap_negative"} : tensor<4xi32>, tensor<3xi32>, tensor<3xi32> -> tensor<4xi32>
// CHECK-NEXT: tensor.cast %[[S]] : tensor<4xi32> to tensor<*xi32>
func.func @onnx_scatter_elements_unranked(%x: tensor<4xi32>, %i: tensor<3xi32>, %u: tensor<3xi32>) -> tensor<*xi32> {
  %0 = "onnx.ScatterElements"(%x, %i, %u) {axis = 0 : si64} : (tensor<4xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// -----

// CHECK-LABEL: func.func @onnx_scatter_nd(
// CHECK-NEXT: tcp.scatter_nd %arg0, %arg1, %arg2 {combine = "max", mode = "wrap_negative"} : tensor<4x3x2xf32>, tensor<5x2xi64>, tensor<5x2xf32> -> tensor<4x3x2xf32>
func.func @onnx_scatter_nd(%x: tensor<4x3x2xf32>, %i: tensor<5x2xi64>, %u: tensor<5x2xf32>) -> tensor<4x3x2xf32> {
  %0 = "onnx.ScatterND"(%x, %i, %u) {reduction = "max"} : (tensor<4x3x2xf32>, tensor<5x2xi64>, tensor<5x2xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

// CHECK-LABEL: func.func @tf_tensor_scatter_update(
// CHECK-NEXT: tcp.scatter_nd %arg0, %arg1, %arg2 {mode = "error"} : tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32> -> tensor<5x3xf32>
func.func @tf_tensor_scatter_update(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %0 = "tf.TensorScatterUpdate"(%x, %i, %u) <{bad_indices_policy = ""}> {device = ""} : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Sub is add of the negated updates; IGNORE drops out-of-range tuples.
// CHECK-LABEL: func.func @tf_tensor_scatter_sub_ignore(
// CHECK-NEXT: %[[N:.*]] = arith.negf %arg2 : tensor<4x3xf32>
// CHECK-NEXT: tcp.scatter_nd %arg0, %arg1, %[[N]] {combine = "add", mode = "drop"} : tensor<5x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<5x3xf32>
func.func @tf_tensor_scatter_sub_ignore(%x: tensor<5x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %0 = "tf.TensorScatterSub"(%x, %i, %u) <{bad_indices_policy = "IGNORE"}> {device = ""} : (tensor<5x3xf32>, tensor<4x1xi64>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Integer sub subtracts from a constant zero; i16 indices are widened.
// CHECK-LABEL: func.func @tf_tensor_scatter_sub_int(
// CHECK: arith.extsi %arg1 : tensor<3x1xi16> to tensor<3x1xi64>
// CHECK: arith.subi
// CHECK: tcp.scatter_nd {{.*}} {combine = "add", mode = "error"}
func.func @tf_tensor_scatter_sub_int(%x: tensor<6xi32>, %i: tensor<3x1xi16>, %u: tensor<3xi32>) -> tensor<6xi32> {
  %0 = "tf.TensorScatterSub"(%x, %i, %u) {device = ""} : (tensor<6xi32>, tensor<3x1xi16>, tensor<3xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

// CHECK-LABEL: func.func @tf_scatter_nd(
// CHECK: %[[Z:.*]] = tcp.const {value = dense<0.000000e+00> : tensor<5x3xf32>}
// CHECK: tcp.scatter_nd %[[Z]], %arg0, %arg1 {combine = "add", mode = "error"} : tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32> -> tensor<5x3xf32>
func.func @tf_scatter_nd(%i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %cst = "tf.Const"() <{value = dense<[5, 3]> : tensor<2xi32>}> {device = ""} : () -> tensor<2xi32>
  %0 = "tf.ScatterNd"(%i, %u, %cst) <{bad_indices_policy = ""}> {device = ""} : (tensor<4x1xi32>, tensor<4x3xf32>, tensor<2xi32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// A negative segment id's row becomes a neutral update (-inf for max) at
// row 0, so mode error raises only for ids >= 4; rows start at the lowest
// finite f32.
// CHECK-LABEL: func.func @tf_unsorted_segment_max(
// CHECK: %[[NEG:.*]] = arith.cmpi slt
// CHECK: arith.select %[[NEG]]
// CHECK: tcp.const {value = dense<0xFF800000> : tensor<6x2xf32>}
// CHECK: arith.select
// CHECK: tcp.const {value = dense<-3.40282347E+38> : tensor<4x2xf32>}
// CHECK: tcp.scatter_nd {{.*}} {combine = "max", mode = "error"} : tensor<4x2xf32>, tensor<6x1xi32>, tensor<6x2xf32> -> tensor<4x2xf32>
// CHECK-NEXT: return
func.func @tf_unsorted_segment_max(%x: tensor<6x2xf32>, %s: tensor<6xi32>) -> tensor<4x2xf32> {
  %cst = "tf.Const"() <{value = dense<4> : tensor<i32>}> {device = ""} : () -> tensor<i32>
  %0 = "tf.UnsortedSegmentMax"(%x, %s, %cst) {device = ""} : (tensor<6x2xf32>, tensor<6xi32>, tensor<i32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func @tf_unsorted_segment_prod_2d(
// CHECK: tcp.scatter_nd {{.*}} {combine = "mul", mode = "error"} : tensor<3xf32>, tensor<2x3x1xi64>, tensor<2x3xf32> -> tensor<3xf32>
func.func @tf_unsorted_segment_prod_2d(%x: tensor<2x3xf32>, %s: tensor<2x3xi64>) -> tensor<3xf32> {
  %cst = "tf.Const"() <{value = dense<3> : tensor<i64>}> {device = ""} : () -> tensor<i64>
  %0 = "tf.UnsortedSegmentProd"(%x, %s, %cst) {device = ""} : (tensor<2x3xf32>, tensor<2x3xi64>, tensor<i64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
