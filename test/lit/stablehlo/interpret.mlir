// The StableHLO project's interpreter tests for gather, dynamic_slice,
// slice and iota (openxla/stablehlo, stablehlo/tests/interpret/*.mlir),
// retyped as one module, plus the spec's own examples. Each function
// asserts its result with check.*; tcp-run fails if an assertion fails.
// Every case runs twice: on the StableHLO ops, and after
// --convert-stablehlo-to-tcp (which must leave no stablehlo op).

// RUN: tcp-run --print=mlir %s -e gather_op_test
// RUN: tcp-run --print=mlir %s -e gather_op_with_batching_dim_test
// RUN: tcp-run --print=mlir %s -e dynamic_slice
// RUN: tcp-run --print=mlir %s -e dynamic_slice_spec_example
// RUN: tcp-run --print=mlir %s -e slice_op
// RUN: tcp-run --print=mlir %s -e slice_spec_example
// RUN: tcp-run --print=mlir %s -e iota_dim_0
// RUN: tcp-run --print=mlir %s -e iota_dim_1
// RUN: tcp-run --print=mlir %s -e iota_ui64_dim_2
// RUN: tcp-run --print=mlir %s -e iota_f32_dim_1
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e gather_op_test
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e gather_op_with_batching_dim_test
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e dynamic_slice
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e dynamic_slice_spec_example
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e slice_op
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e slice_spec_example
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e iota_dim_0
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e iota_dim_1
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e iota_ui64_dim_2
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e iota_f32_dim_1

// NOHLO-NOT: stablehlo.
// CHECK-LABEL: func.func @gather_op_test
// CHECK: tcp.gather_nd {{.*}}mode = "clip"
// CHECK-LABEL: func.func @gather_op_with_batching_dim_test
// CHECK: tcp.gather_nd {{.*}}batch_dims = 1 : index, mode = "clip"
// CHECK-LABEL: func.func @dynamic_slice(
// CHECK: tcp.gather {{.*}}mode = "clip"
// CHECK: tcp.gather

// Start index [0, 9]: start_index_map = [1, 0] sends 9 to operand dim 0
// (size 3, slice size 1), where it clamps to 2.
func.func @gather_op_test() {
  %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %start_indices = stablehlo.constant dense<[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]]> : tensor<2x3x2xi64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  check.expect_eq_const %result, dense<[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]], [[[9, 10], [11, 12]], [[11, 12], [13, 14]], [[17, 18], [19, 20]]]]> : tensor<2x3x2x2xi64>
  func.return
}

// Operand dim 0 is batched with start-indices dim 1 (also the spec's
// gather example).
func.func @gather_op_with_batching_dim_test() {
  %operand = stablehlo.constant dense<[[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]], [[[25, 26], [27, 28], [29, 30], [31, 32]], [[33, 34], [35, 36], [37, 38], [39, 40]], [[41, 42], [43, 44], [45, 46], [47, 48]]]]> : tensor<2x3x4x2xi64>
  %start_indices = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]], [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [3, 4],
      collapsed_slice_dims = [1],
      operand_batching_dims = [0],
      start_indices_batching_dims = [1],
      start_index_map = [2, 1],
      index_vector_dim = 3>,
    slice_sizes = array<i64: 1, 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64>
  check.expect_eq_const %result, dense<[[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]], [[[33, 34], [35, 36]], [[35, 36], [37, 38]], [[41, 42], [43, 44]]]], [[[[1, 2], [3, 4]], [[13, 14], [15, 16]], [[21, 22], [23, 24]]], [[[43, 44], [45, 46]], [[33, 34], [35, 36]], [[27, 28], [29, 30]]]]]> : tensor<2x2x3x2x2xi64>
  func.return
}

// Starts (3, 3) on a 3x3 operand with slice 3x3 clamp to (0, 0).
func.func @dynamic_slice() {
  %operand = stablehlo.constant dense<[[1, 1, 1], [1, 1, 1], [1, 1, 1]]> : tensor<3x3xi64>
  %start_indices0 = stablehlo.constant dense<3> : tensor<i64>
  %start_indices1 = stablehlo.constant dense<3> : tensor<i64>
  %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
    slice_sizes = array<i64: 3, 3>
  } : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<3x3xi64>
  check.expect_eq_const %result, dense<[[1, 1, 1], [1, 1, 1], [1, 1, 1]]> : tensor<3x3xi64>
  func.return
}

// The spec's example: starts (-1, 3) with slice 2x2 on 4x4 clamp to (0, 2).
func.func @dynamic_slice_spec_example() {
  %operand = stablehlo.constant dense<[[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<4x4xi32>
  %s0 = stablehlo.constant dense<-1> : tensor<i64>
  %s1 = stablehlo.constant dense<3> : tensor<i64>
  %result = "stablehlo.dynamic_slice"(%operand, %s0, %s1) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  check.expect_eq_const %result, dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>
  func.return
}

// Strides (2, 3) from (0, 2) to (3, 6).
func.func @slice_op() {
  %operand = stablehlo.constant dense<[[0, 0, 1, 0, 0, 1], [0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 1]]> : tensor<3x6xi64>
  %result = "stablehlo.slice"(%operand) {
    start_indices = array<i64: 0, 2>,
    limit_indices = array<i64: 3, 6>,
    strides = array<i64: 2, 3>
  } : (tensor<3x6xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %result, dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>
  func.return
}

func.func @slice_spec_example() {
  %operand = stablehlo.constant dense<[[0, 0, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]]> : tensor<3x4xi64>
  %result = "stablehlo.slice"(%operand) {start_indices = array<i64: 1, 2>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 1>} : (tensor<3x4xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %result, dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>
  func.return
}

func.func @iota_dim_0() {
  %0 = stablehlo.iota dim = 0 : tensor<3x4xi8>
  check.expect_eq_const %0, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xi8>
  func.return
}

func.func @iota_dim_1() {
  %0 = stablehlo.iota dim = 1 : tensor<3x4xi64>
  check.expect_eq_const %0, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi64>
  func.return
}

func.func @iota_ui64_dim_2() {
  %0 = stablehlo.iota dim = 2 : tensor<2x3x2xui64>
  check.expect_eq_const %0, dense<[[[0, 1], [0, 1], [0, 1]], [[0, 1], [0, 1], [0, 1]]]> : tensor<2x3x2xui64>
  func.return
}

func.func @iota_f32_dim_1() {
  %0 = stablehlo.iota dim = 1 : tensor<3x4xf32>
  check.expect_almost_eq_const %0, dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<3x4xf32>
  func.return
}
