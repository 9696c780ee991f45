// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=RT
// RUN: tcp-run --print=mlir %s -e batch_gather_nd | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e batch_gather_nd | FileCheck %s --check-prefix=VAL

// tf.gather_nd(x, i, batch_dims=1) as TensorFlow's converter prints it: the
// batch coordinates concatenated in front of the indices (tf.ConcatV2), the
// batch dims flattened and restored (tf.Reshape).

// RT-LABEL: func.func @batch_gather_nd
// RT:         "tf.ConcatV2"(%{{.*}}, %{{.*}}, %{{.*}}) {device = ""} : (tensor<2x1xi64>, tensor<2x1xi64>, tensor<i32>) -> tensor<2x2xi64>
// RT:         "tf.Reshape"(%{{.*}}, %{{.*}}) {device = ""} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2x1xf32>
// CHECK-LABEL: func.func @batch_gather_nd
// CHECK-NOT:     "tf.
// CHECK:         tensor.concat dim(1)
// CHECK:         tcp.gather_nd
// CHECK:         tensor.expand_shape
// CHECK-NOT:     "tf.
// VAL: {{^}}dense<{{\[\[}}2.000000e+00], [3.000000e+00]]> : tensor<2x1xf32>{{$}}
func.func @batch_gather_nd() -> tensor<2x1xf32> {
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %i = "tf.Const"() <{value = dense<[[1], [0]]> : tensor<2x1xi64>}> : () -> tensor<2x1xi64>
  %b = "tf.Const"() <{value = dense<[[0], [1]]> : tensor<2x1xi64>}> : () -> tensor<2x1xi64>
  %axis = "tf.Const"() <{value = dense<-1> : tensor<i32>}> {device = ""} : () -> tensor<i32>
  %s = "tf.Const"() <{value = dense<[2, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ConcatV2"(%b, %i, %axis) {device = ""} : (tensor<2x1xi64>, tensor<2x1xi64>, tensor<i32>) -> tensor<2x2xi64>
  %1 = "tf.GatherNd"(%x, %0) <{bad_indices_policy = ""}> {device = ""} : (tensor<2x2xf32>, tensor<2x2xi64>) -> tensor<2xf32>
  %2 = "tf.Reshape"(%1, %s) {device = ""} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2x1xf32>
  return %2 : tensor<2x1xf32>
}
