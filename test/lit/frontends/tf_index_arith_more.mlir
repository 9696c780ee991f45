// RUN: tcp-opt %s -split-input-file --pass-pipeline='builtin.module(inline,convert-frontends-to-tcp)' --verify-semantics | FileCheck %s

// tf.Sub (n - 1 - i), tf.Mul (i * n + j), tf.Abs, tf.Pack (tf.stack of
// index columns) each checked by the interpreter on random
// inputs.

// CHECK-LABEL: func.func @sub_mul
// CHECK: arith.subi
// CHECK: arith.muli
func.func @sub_mul(%i: tensor<5xi64>, %j: tensor<5xi64>) -> tensor<5xi64> {
  %n = "tf.Const"() <{value = dense<4> : tensor<i64>}> : () -> tensor<i64>
  %0 = "tf.Sub"(%n, %i) {device = ""} : (tensor<i64>, tensor<5xi64>) -> tensor<5xi64>
  %1 = "tf.Mul"(%0, %j) {device = ""} : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
  return %1 : tensor<5xi64>
}

// -----

// CHECK-LABEL: func.func @abs
// CHECK: arith.cmpi slt
// CHECK: arith.subi
// CHECK: arith.select
func.func @abs(%i: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tf.Abs"(%i) {device = ""} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @stack_gather_nd
// CHECK: tensor.concat dim(1)
// CHECK: tcp.gather_nd
func.func @stack_gather_nd(%x: tensor<4x3xf32>, %i: tensor<5xi32>, %j: tensor<5xi32>) -> tensor<5xf32> {
  %0 = "tf.Pack"(%i, %j) {axis = -1 : i64, device = ""} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5x2xi32>
  %1 = "tf.GatherNd"(%x, %0) {device = ""} : (tensor<4x3xf32>, tensor<5x2xi32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}

// -----

// i // 2 (tf.FloorDiv: toward negative infinity, -7 // 2 = -4) and -i
// (tf.Neg).
// CHECK-LABEL: func.func @floordiv_neg
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: arith.select
// CHECK: arith.subi
func.func @floordiv_neg(%i: tensor<6xi64>) -> (tensor<6xi64>, tensor<6xi64>) {
  %two = "tf.Const"() <{value = dense<2> : tensor<i64>}> : () -> tensor<i64>
  %0 = "tf.FloorDiv"(%i, %two) {device = ""} : (tensor<6xi64>, tensor<i64>) -> tensor<6xi64>
  %1 = "tf.Neg"(%i) {device = ""} : (tensor<6xi64>) -> tensor<6xi64>
  return %0, %1 : tensor<6xi64>, tensor<6xi64>
}
