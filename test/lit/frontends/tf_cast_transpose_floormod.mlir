// RUN: tcp-opt %s -split-input-file --convert-tf-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s -split-input-file --pass-pipeline='builtin.module(convert-frontends-to-tcp,canonicalize,cse)' --verify-semantics | FileCheck %s --check-prefix=CANON

// tf.Cast of uint8 ids, tf.transpose around a gather, and
// tf.experimental.numpy.take(mode='wrap')'s FloorMod, as
// tf.mlir.experimental.convert_function prints them; each conversion is
// checked by the interpreter on random inputs (--verify-semantics).

// CHECK-LABEL: func.func @cast_uint8_ids
// CHECK: tcp.cast_indices %arg1 : tensor<2x3xui8> -> tensor<2x3xi64>
// CHECK: arith.trunci
func.func @cast_uint8_ids(%w: tensor<7x2xf32>, %i: tensor<2x3xui8>) -> tensor<2x3x2xf32> {
  %cst = "tf.Const"() <{value = dense<0> : tensor<i32>}> {device = ""} : () -> tensor<i32>
  %0 = "tf.Cast"(%i) <{Truncate = false}> {device = ""} : (tensor<2x3xui8>) -> tensor<2x3xi32>
  %1 = "tf.GatherV2"(%w, %0, %cst) <{batch_dims = 0 : i64}> {device = ""} : (tensor<7x2xf32>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3x2xf32>
  return %1 : tensor<2x3x2xf32>
}

// -----

// CHECK-LABEL: func.func @cast_kinds
// CHECK: arith.extsi
// CHECK: arith.sitofp
// CHECK: arith.cmpi ne
func.func @cast_kinds(%i: tensor<4xi32>) -> (tensor<4xi64>, tensor<4xf32>, tensor<4xi1>) {
  %0 = "tf.Cast"(%i) <{Truncate = false}> {device = ""} : (tensor<4xi32>) -> tensor<4xi64>
  %1 = "tf.Cast"(%i) <{Truncate = false}> {device = ""} : (tensor<4xi32>) -> tensor<4xf32>
  %2 = "tf.Cast"(%i) <{Truncate = false}> {device = ""} : (tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xf32>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @transpose_gather
// CHECK: tcp.transpose %arg0 {permutation = array<i64: 1, 0>}
// CHECK: tcp.gather
// CHECK: tcp.transpose
func.func @transpose_gather(%x: tensor<3x5xf32>, %i: tensor<4xi64>) -> tensor<3x4xf32> {
  %cst = "tf.Const"() <{value = dense<0> : tensor<i32>}> {device = ""} : () -> tensor<i32>
  %p = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> {device = ""} : () -> tensor<2xi32>
  %0 = "tf.Transpose"(%x, %p) {device = ""} : (tensor<3x5xf32>, tensor<2xi32>) -> tensor<5x3xf32>
  %1 = "tf.GatherV2"(%0, %i, %cst) <{batch_dims = 0 : i64}> {device = ""} : (tensor<5x3xf32>, tensor<4xi64>, tensor<i32>) -> tensor<4x3xf32>
  %2 = "tf.Transpose"(%1, %p) {device = ""} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %2 : tensor<3x4xf32>
}

// -----

// FloorMod by the axis size, then a gather: mode "wrap".
// CHECK-LABEL: func.func @take_wrap
// CHECK: arith.remsi
// CHECK: arith.select
// CANON-LABEL: func.func @take_wrap
// CANON: tcp.gather %{{.*}}, %{{.*}} {dim = 1 : index, mode = "wrap"}
func.func @take_wrap(%x: tensor<3x4xf32>, %i: tensor<2x2xi32>) -> tensor<3x2x2xf32> {
  %cst = "tf.Const"() <{value = dense<1> : tensor<i32>}> {device = ""} : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.FloorMod"(%i, %n) {device = ""} : (tensor<2x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  %1 = "tf.GatherV2"(%x, %0, %cst) <{batch_dims = 0 : i64}> {device = ""} : (tensor<3x4xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<3x2x2xf32>
  return %1 : tensor<3x2x2xf32>
}

// -----

// FloorMod by a runtime divisor: the remainder takes the divisor's sign.
// CHECK-LABEL: func.func @floormod_runtime
// CHECK: arith.remsi
// CHECK: arith.andi
// CHECK: arith.select
func.func @floormod_runtime(%a: tensor<5xi64>, %b: tensor<5xi64>) -> tensor<5xi64> {
  %0 = "tf.FloorMod"(%a, %b) {device = ""} : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}
