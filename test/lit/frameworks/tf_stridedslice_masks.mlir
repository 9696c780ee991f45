// TensorFlow's StridedSlice masks as tf.function prints x[:, 2], x[..., 1],
// x[tf.newaxis, :, 1] and x[1, -2]: run as printed and after conversion
// (tcp.slice, then collapse_shape without the shrunk dims and
// expand_shape with the new axes), with the same values.
// RUN: tcp-run --print=mlir %s -e shrink_col | FileCheck %s --check-prefix=COL
// RUN: tcp-opt %s --convert-frontends-to-tcp --verify-semantics | tcp-run --print=mlir - -e shrink_col | FileCheck %s --check-prefix=COL
// RUN: tcp-run --print=mlir %s -e ellipsis_shrink | FileCheck %s --check-prefix=ELL
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e ellipsis_shrink | FileCheck %s --check-prefix=ELL
// RUN: tcp-run --print=mlir %s -e new_axis | FileCheck %s --check-prefix=NEW
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e new_axis | FileCheck %s --check-prefix=NEW
// RUN: tcp-run --print=mlir %s -e shrink_pair | FileCheck %s --check-prefix=PAIR
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e shrink_pair | FileCheck %s --check-prefix=PAIR
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s
// CHECK-NOT: "tf.

// x[:, 2] (shrink_axis_mask 2).
// COL: {{^}}dense<[3.000000e+00, 7.000000e+00, 1.100000e+01]> : tensor<3xf32>{{$}}
// CHECK-LABEL: func.func @shrink_col
// CHECK: %[[S:.*]] = tcp.slice %{{.*}} : tensor<3x4xf32> -> tensor<3x1xf32>
// CHECK: tensor.collapse_shape %[[S]] {{\[\[}}0, 1]] : tensor<3x1xf32> into tensor<3xf32>
func.func @shrink_col() -> tensor<3xf32> {
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>}> : () -> tensor<3x4xf32>
  %b = "tf.Const"() <{value = dense<[0, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e = "tf.Const"() <{value = dense<[0, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 1 : i64, ellipsis_mask = 0 : i64, end_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// x[..., -1] (ellipsis_mask 1, shrink_axis_mask 2) on a 2x2x3 input.
// ELL: {{^}}dense<{{\[\[}}3, 6], [9, 12]]> : tensor<2x2xi32>{{$}}
func.func @ellipsis_shrink() -> tensor<2x2xi32> {
  %x = "tf.Const"() <{value = dense<[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]> : tensor<2x2x3xi32>}> : () -> tensor<2x2x3xi32>
  %b = "tf.Const"() <{value = dense<[0, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e = "tf.Const"() <{value = dense<[0, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, ellipsis_mask = 1 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<2x2x3xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// x[tf.newaxis, ::-1, 1] (new_axis_mask 1, shrink_axis_mask 4, a reversed
// dim between them).
// NEW: {{^}}dense<{{\[\[}}8, 5, 2]]> : tensor<1x3xi32>{{$}}
// CHECK-LABEL: func.func @new_axis
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3xi32> into tensor<1x3xi32>
func.func @new_axis() -> tensor<1x3xi32> {
  %x = "tf.Const"() <{value = dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>}> : () -> tensor<3x3xi32>
  %b = "tf.Const"() <{value = dense<[0, 0, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %e = "tf.Const"() <{value = dense<[0, 0, 2]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %s = "tf.Const"() <{value = dense<[1, -1, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 2 : i64, ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 4 : i64}> : (tensor<3x3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>
  return %0 : tensor<1x3xi32>
}

// x[1, -2] (shrink_axis_mask 3): the trailing dim is taken whole.
// PAIR: {{^}}dense<[9, 10]> : tensor<2xi32>{{$}}
func.func @shrink_pair() -> tensor<2xi32> {
  %x = "tf.Const"() <{value = dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi32>}> : () -> tensor<2x3x2xi32>
  %b = "tf.Const"() <{value = dense<[1, -2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e = "tf.Const"() <{value = dense<[2, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 3 : i64}> : (tensor<2x3x2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
