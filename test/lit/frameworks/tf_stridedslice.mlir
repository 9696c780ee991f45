// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=RT
// RUN: tcp-run --print=mlir %s -e strided | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e strided | FileCheck %s --check-prefix=VAL

// x[1:, ::-2] as TensorFlow prints it: begin_mask bit 1 (omitted begin of
// dim 1), end_mask bits 0 and 1 (omitted ends), a negative stride.

// RT-LABEL: func.func @strided
// RT:         "tf.StridedSlice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {begin_mask = 2 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 3 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
// CHECK-LABEL: func.func @strided
// CHECK-NOT:     "tf.
// CHECK:         tcp.slice %{{.*}} starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<3x4xf32> -> tensor<2x2xf32>
// VAL: {{^}}dense<{{\[\[}}8.000000e+00, 6.000000e+00], [1.200000e+01, 1.000000e+01]]> : tensor<2x2xf32>{{$}}
func.func @strided() -> tensor<2x2xf32> {
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>}> : () -> tensor<3x4xf32>
  %b = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e = "tf.Const"() <{value = dense<0> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<[1, -2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 2 : i64, ellipsis_mask = 0 : i64, end_mask = 3 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64}> {device = ""} : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
