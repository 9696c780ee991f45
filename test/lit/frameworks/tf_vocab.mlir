// TensorFlow's ops around the gathers users write, as tf.function prints
// them: run as printed and after --convert-frontends-to-tcp (checked by
// --verify-semantics on random inputs too), with the same values.
// RUN: tcp-opt %s --convert-frontends-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tcp-run --print=mlir %s -e reverse | FileCheck %s --check-prefix=REV
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e reverse | FileCheck %s --check-prefix=REV
// RUN: tcp-run --print=mlir %s -e tnp_take | FileCheck %s --check-prefix=TAKE
// RUN: tcp-opt %s --convert-frontends-to-tcp --canonicalize | tcp-run --print=mlir - -e tnp_take | FileCheck %s --check-prefix=TAKE
// RUN: tcp-run --print=mlir %s -e take_along_axis | FileCheck %s --check-prefix=TAA
// RUN: tcp-opt %s --convert-frontends-to-tcp --canonicalize | tcp-run --print=mlir - -e take_along_axis | FileCheck %s --check-prefix=TAA
// RUN: tcp-run --print=mlir %s -e squeeze_expand | FileCheck %s --check-prefix=SQ
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e squeeze_expand | FileCheck %s --check-prefix=SQ
// CHECK-NOT: "tf.

// tf.reverse(x, [0, -1]): stride -1 from the last element of both dims.
// REV: {{^}}dense<{{\[\[}}6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>{{$}}
// CHECK-LABEL: func.func @reverse
// CHECK: tcp.slice %{{.*}} starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%[[M:.*]], %[[M]]) : tensor<2x3xi32> -> tensor<2x3xi32>
func.func @reverse() -> tensor<2x3xi32> {
  %x = "tf.Const"() <{value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %a = "tf.Const"() <{value = dense<[0, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ReverseV2"(%x, %a) {device = ""} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// tf.experimental.numpy.take(x, i) (mode clip): Relu(Minimum(i, n - 1))
// before the gather, which --canonicalize folds into mode clip.
// TAKE: {{^}}dense<[1.000000e+00, 6.000000e+00, 4.000000e+00]> : tensor<3xf32>{{$}}
// CANON-LABEL: func.func @tnp_take_arg
// CANON-NOT: arith.minsi
// CANON-NOT: arith.maxsi
// CANON: tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index, mode = "clip"}
func.func @tnp_take() -> tensor<3xf32> {
  %x = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>}> : () -> tensor<6xf32>
  %i = "tf.Const"() <{value = dense<[-3, 9, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %0 = call @tnp_take_arg(%x, %i) : (tensor<6xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @tnp_take_arg(%x: tensor<6xf32>, %i: tensor<3xi32>) -> tensor<3xf32> {
  %axis = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %hi = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.Minimum"(%i, %hi) {device = ""} : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %1 = "tf.Relu"(%0) {device = ""} : (tensor<3xi32>) -> tensor<3xi32>
  %2 = "tf.GatherV2"(%x, %1, %axis) <{batch_dims = 0 : i64}> {device = ""} : (tensor<6xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3xf32>
  return %2 : tensor<3xf32>
}

// tf.experimental.numpy.take_along_axis(x, i, 1): SelectV2(i < 0, i + n,
// i), folded into mode wrap_negative.
// TAA: {{^}}dense<{{\[\[}}3.000000e+00, 1.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<2x2xf32>{{$}}
// CANON-LABEL: func.func @take_along_axis_arg
// CANON-NOT: arith.select
// CANON: tcp.gather %{{.*}}, %{{.*}} {dim = 1 : index, mode = "wrap_negative"}
func.func @take_along_axis() -> tensor<2x2xf32> {
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %i = "tf.Const"() <{value = dense<[[-1, 0], [1, 2]]> : tensor<2x2xi64>}> : () -> tensor<2x2xi64>
  %0 = call @take_along_axis_arg(%x, %i) : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
func.func @take_along_axis_arg(%x: tensor<2x3xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
  %axis = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %z = "tf.Const"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
  %0 = "tf.Less"(%i, %z) {device = ""} : (tensor<2x2xi64>, tensor<i64>) -> tensor<2x2xi1>
  %1 = "tf.AddV2"(%i, %n) {device = ""} : (tensor<2x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  %2 = "tf.SelectV2"(%0, %1, %i) {device = ""} : (tensor<2x2xi1>, tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  %3 = "tf.GatherV2"(%x, %2, %axis) <{batch_dims = 1 : i64}> {device = ""} : (tensor<2x3xf32>, tensor<2x2xi64>, tensor<i32>) -> tensor<2x2xf32>
  return %3 : tensor<2x2xf32>
}

// tf.squeeze(tf.expand_dims(x, -1), [2]) and tf.maximum on an index.
// SQ: {{^}}dense<{{\[\[}}1, 3], [3, 3]]> : tensor<2x2xi32>{{$}}
// CHECK-LABEL: func.func @squeeze_expand
// CHECK: tensor.expand_shape
// CHECK: tensor.collapse_shape
func.func @squeeze_expand() -> tensor<2x2xi32> {
  %x = "tf.Const"() <{value = dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %d = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %m = "tf.Const"() <{value = dense<[1, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "tf.ExpandDims"(%x, %d) {device = ""} : (tensor<2x2xi32>, tensor<i32>) -> tensor<2x2x1xi32>
  %1 = "tf.Squeeze"(%0) <{squeeze_dims = [2]}> {device = ""} : (tensor<2x2x1xi32>) -> tensor<2x2xi32>
  %2 = "tf.Maximum"(%1, %m) {device = ""} : (tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %2 : tensor<2x2xi32>
}
