// stablehlo.dynamic_update_slice (lax.dynamic_update_slice,
// lax.dynamic_update_index_in_dim): the pretty form jax prints, the
// generic form, the spec's semantics (starts clamped so that the update
// fits) and the conversion to tensor.insert_slice.
// RUN: tcp-opt %s | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-run --print=mlir %s -e spec_example
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e spec_example
// RUN: tcp-run --print=mlir %s -e clamped
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e clamped
// NOHLO-NOT: stablehlo.

// The spec's example: a 2x2 update at start (1, 1) of a 4x4.
// ROUNDTRIP-LABEL: func.func @spec_example(
// ROUNDTRIP: stablehlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
// CHECK-LABEL: func.func @spec_example(
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[1, 1] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<4x4xi32>
func.func @spec_example() {
  %operand = stablehlo.constant dense<[[1, 1, 0, 0], [1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1]]> : tensor<4x4xi32>
  %update = stablehlo.constant dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>
  %s0 = stablehlo.constant dense<1> : tensor<i64>
  %s1 = stablehlo.constant dense<1> : tensor<i64>
  %result = "stablehlo.dynamic_update_slice"(%operand, %update, %s0, %s1) : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  check.expect_eq_const %result, dense<[[1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1], [1, 1, 1, 1]]> : tensor<4x4xi32>
  func.return
}

// Out-of-range starts clamp: 7 writes at 5 - 2 = 3 and -4 at 0, constant
// starts fold the clamp into static offsets.
// CHECK-LABEL: func.func @clamped(
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[3] [2] [1] : tensor<2xi32> into tensor<5xi32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0] [2] [1] : tensor<2xi32> into tensor<5xi32>
func.func @clamped() {
  %x = stablehlo.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
  %u = stablehlo.constant dense<[8, 9]> : tensor<2xi32>
  %hi = stablehlo.constant dense<7> : tensor<i32>
  %lo = stablehlo.constant dense<-4> : tensor<i32>
  %a = stablehlo.dynamic_update_slice %x, %u, %hi : (tensor<5xi32>, tensor<2xi32>, tensor<i32>) -> tensor<5xi32>
  %b = stablehlo.dynamic_update_slice %x, %u, %lo : (tensor<5xi32>, tensor<2xi32>, tensor<i32>) -> tensor<5xi32>
  check.expect_eq_const %a, dense<[0, 1, 2, 8, 9]> : tensor<5xi32>
  check.expect_eq_const %b, dense<[8, 9, 2, 3, 4]> : tensor<5xi32>
  func.return
}

// jax's printed form of lax.dynamic_update_slice(x, v, (i, 0)): a run-time
// start is read and clamped to [0, 5 - 2]; the full dim's start is 0.
// ROUNDTRIP-LABEL: func.func @jax_form(
// ROUNDTRIP: stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %{{.*}} : (tensor<5x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>
// CHECK-LABEL: func.func @jax_form(
// CHECK: %[[E:.*]] = tensor.extract %arg2[] : tensor<i32>
// CHECK: %[[I:.*]] = arith.index_cast %[[E]] : i32 to index
// CHECK: %[[M:.*]] = arith.maxsi %[[I]], %{{.*}} : index
// CHECK: %[[S:.*]] = arith.minsi %[[M]], %{{.*}} : index
// CHECK: tensor.insert_slice %arg1 into %arg0[%[[S]], 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<5x3xf32>
func.func @jax_form(%arg0: tensor<5x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<i32>) -> tensor<5x3xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %c : (tensor<5x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// A 0-d operand: no start indices.
// ROUNDTRIP-LABEL: func.func @scalar(
// ROUNDTRIP: stablehlo.dynamic_update_slice %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-LABEL: func.func @scalar(
// CHECK: tensor.insert_slice %arg1 into %arg0[] [] [] : tensor<f32> into tensor<f32>
func.func @scalar(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
