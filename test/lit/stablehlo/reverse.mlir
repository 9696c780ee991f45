// stablehlo.reverse (jnp.flip, x[::-1], lax.rev) and the single-type form
// of convert and clamp that jax and stablehlo-opt print.
// RUN: tcp-opt %s | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-run --print=mlir %s -e reverse_spec_example
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e reverse_spec_example
// RUN: tcp-run --print=mlir %s -e short_forms
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e short_forms
// NOHLO-NOT: stablehlo.

// The spec's example.
// ROUNDTRIP-LABEL: func.func @reverse_spec_example(
// ROUNDTRIP: stablehlo.reverse %{{.*}}, dims = [1, 0] : tensor<3x2xi32>
func.func @reverse_spec_example() {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %result = "stablehlo.reverse"(%operand) {dimensions = array<i64: 1, 0>} : (tensor<3x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %result, dense<[[6, 5], [4, 3], [2, 1]]> : tensor<3x2xi32>
  func.return
}

// jax's printed form: a tcp.slice from the last element with stride -1.
// ROUNDTRIP-LABEL: func.func @flip(
// ROUNDTRIP: stablehlo.reverse %arg0, dims = [0] : tensor<5x2xf32>
// CHECK-LABEL: func.func @flip(
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK: tcp.slice %arg0 starts(%[[C4]], %[[C0]]) sizes(%[[C5]], %[[C2]]) strides(%[[CM1]], %[[C1]]) : tensor<5x2xf32> -> tensor<5x2xf32>
func.func @flip(%arg0: tensor<5x2xf32>) -> tensor<5x2xf32> {
  %0 = stablehlo.reverse %arg0, dims = [0] : tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// A dynamic dim starts at its size - 1.
// CHECK-LABEL: func.func @flip_dynamic(
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xi64>
// CHECK: %[[S:.*]] = arith.subi %[[D]], %{{.*}} : index
// CHECK: tcp.slice %arg0 starts(%[[S]], %{{.*}}) sizes(%[[D]], %{{.*}})
func.func @flip_dynamic(%arg0: tensor<?x3xi64>) -> tensor<?x3xi64> {
  %0 = "mhlo.reverse"(%arg0) {dimensions = array<i64: 0>} : (tensor<?x3xi64>) -> tensor<?x3xi64>
  return %0 : tensor<?x3xi64>
}


// convert and clamp with one type for all operands and the result, as jax
// prints them around its indices (the functional form still parses).
// ROUNDTRIP-LABEL: func.func @short_forms(
// ROUNDTRIP: stablehlo.convert %{{.*}} : tensor<i32>
// ROUNDTRIP: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi32>
// ROUNDTRIP: stablehlo.convert %{{.*}} : (tensor<4xi32>) -> tensor<4xi64>
// ROUNDTRIP: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<i64>, tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
func.func @short_forms() {
  %lo = stablehlo.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
  %hi = stablehlo.constant dense<3> : tensor<i32>
  %x = stablehlo.constant dense<[-2, 1, 5, 3]> : tensor<4xi32>
  %c = stablehlo.convert %hi : tensor<i32>
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %0 = stablehlo.clamp %lo, %x, %b : tensor<4xi32>
  %1 = stablehlo.convert %0 : (tensor<4xi32>) -> tensor<4xi64>
  %lo64 = stablehlo.constant dense<1> : tensor<i64>
  %hi64 = stablehlo.constant dense<2> : tensor<i64>
  %2 = stablehlo.clamp %lo64, %1, %hi64 : (tensor<i64>, tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
  check.expect_eq_const %0, dense<[0, 1, 3, 3]> : tensor<4xi32>
  check.expect_eq_const %2, dense<[1, 1, 2, 2]> : tensor<4xi64>
  func.return
}
