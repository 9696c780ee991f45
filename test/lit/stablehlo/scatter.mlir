// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-opt %s --canonicalize | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-run --print=mlir %s -e spec_example | FileCheck %s --check-prefix=SPEC
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e spec_example | FileCheck %s --check-prefix=SPEC
// RUN: tcp-run --print=mlir %s -e spec_batching | FileCheck %s --check-prefix=BATCH
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e spec_batching | FileCheck %s --check-prefix=BATCH
// RUN: tcp-run --print=mlir %s -e duplicates_set | FileCheck %s --check-prefix=DUP
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e duplicates_set | FileCheck %s --check-prefix=DUP
// RUN: tcp-run --print=mlir %s -e partial_window | FileCheck %s --check-prefix=PARTIAL
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e partial_window | FileCheck %s --check-prefix=PARTIAL

// stablehlo.scatter with a combiner region becomes one tcp.scatter_nd
// {mode = "drop"} (the spec skips out-of-range updates); every function
// here is also run before and after conversion on random inputs by
// passes/stablehlototcp (TestLitEquivalence).

// NOHLO-NOT: stablehlo.scatter

// jax's x.at[i].add(u): rows, index vector last -> scatter_nd as it is.
// CHECK-LABEL: func.func @at_add(
// CHECK-NEXT: %[[S:.*]] = tcp.scatter_nd %arg0, %arg1, %arg2 {combine = "add", mode = "drop"} : tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32> -> tensor<5x3xf32>
// CHECK-NEXT: return %[[S]]
func.func @at_add(%x: tensor<5x3xf32>, %i: tensor<3x1xi32>, %u: tensor<3x3xf32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// A region returning the update is replace (the default combine, elided);
// unique_indices = true carries over.
// CHECK-LABEL: func.func @set_unique(
// CHECK-NEXT: tcp.scatter_nd %arg0, %arg1, %arg2 {mode = "drop", unique_indices} : tensor<5x3xf32>, tensor<3x1xi64>, tensor<3x3xf32> -> tensor<5x3xf32>
func.func @set_unique(%x: tensor<5x3xf32>, %i: tensor<3x1xi64>, %u: tensor<3x3xf32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<3x1xi64>, tensor<3x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// x.at[:, i].max(u): one scattered dim a > 0 with the updates laid out as
// the input (X[:a] ++ [n] ++ X[a+1:]) is a tcp.scatter along a, with the
// indices broadcast over the other dims.
// CHECK-LABEL: func.func @cols_max(
// CHECK: %[[B:.*]] = tcp.broadcast_to %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x4xi32>, index -> tensor<3x4xi32>
// CHECK: tcp.scatter %arg0, %[[B]], %arg2 {combine = "max", dim = 1 : index, mode = "drop"} : tensor<3x5xf32>, tensor<3x4xi32>, tensor<3x4xf32> -> tensor<3x5xf32>
func.func @cols_max(%x: tensor<3x5xf32>, %i: tensor<4x1xi32>, %u: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<4x1xi32>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// The same with the scatter dim first in the updates: the scattered dim
// is moved first and back around one tcp.scatter_nd.
// CHECK-LABEL: func.func @cols_max_transposed(
// CHECK: tcp.transpose %arg0
// CHECK: tcp.scatter_nd {{.*}} {combine = "max", mode = "drop"} : tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32> -> tensor<5x3xf32>
// CHECK: tcp.transpose
func.func @cols_max_transposed(%x: tensor<3x5xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<3x5xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// Batching dims (jax.vmap) become tcp.scatter_nd's batch_dims.
// CHECK-LABEL: func.func @batched(
// CHECK: tcp.scatter_nd %arg0, {{.*}} {batch_dims = 1 : index, combine = "mul", mode = "drop"} : tensor<3x5xi32>, tensor<3x4x1xi32>, tensor<3x4xi32> -> tensor<3x5xi32>
func.func @batched(%x: tensor<3x5xi32>, %i: tensor<3x4x1xi32>, %u: tensor<3x4xi32>) -> tensor<3x5xi32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.multiply %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<3x5xi32>, tensor<3x4x1xi32>, tensor<3x4xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// The spec's example (openxla/stablehlo, "scatter"): unsorted
// scatter_dims_to_operand_dims, an out-of-range index [0, 9] dropped.
// SPEC: dense<{{\[}}{{\[}}[1, 2], [5, 6], [7, 8], [7, 8]], {{\[}}[10, 11], [12, 13], [14, 15], [16, 17]], {{\[}}[18, 19], [20, 21], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
func.func @spec_example() -> tensor<3x4x2xi64> {
  %inputs = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %scatter_indices = stablehlo.constant dense<[[[0, 2], [1, 0], [2, 1]], [[0, 1], [1, 0], [0, 9]]]> : tensor<2x3x2xi64>
  %updates = stablehlo.constant dense<1> : tensor<2x3x2x2xi64>
  %result = "stablehlo.scatter"(%inputs, %scatter_indices, %updates) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %result : tensor<3x4x2xi64>
}

// The spec's example with batching dims.
// BATCH: dense<{{\[}}{{\[}}{{\[}}[3, 4], [6, 7], [6, 7], [7, 8]], {{\[}}[9, 10], [11, 12], [15, 16], [17, 18]], {{\[}}[17, 18], [19, 20], [22, 23], [24, 25]]], {{\[}}{{\[}}[25, 26], [28, 29], [30, 31], [31, 32]], {{\[}}[35, 36], [38, 39], [38, 39], [39, 40]], {{\[}}[41, 42], [44, 45], [46, 47], [47, 48]]]]> : tensor<2x3x4x2xi64>
func.func @spec_batching() -> tensor<2x3x4x2xi64> {
  %inputs = stablehlo.constant dense<[[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]], [[[25, 26], [27, 28], [29, 30], [31, 32]], [[33, 34], [35, 36], [37, 38], [39, 40]], [[41, 42], [43, 44], [45, 46], [47, 48]]]]> : tensor<2x3x4x2xi64>
  %scatter_indices = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]], [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
  %updates = stablehlo.constant dense<1> : tensor<2x2x3x2x2xi64>
  %result = "stablehlo.scatter"(%inputs, %scatter_indices, %updates) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %result : tensor<2x3x4x2xi64>
}

// Duplicates under replace: the scatter indices in row-major order, so the
// last update of index 1 (30) wins; -1 and 4 are out of range (dropped).
// DUP: dense<[0, 30, 0, 20]> : tensor<4xi32>
func.func @duplicates_set() -> tensor<4xi32> {
  %x = stablehlo.constant dense<0> : tensor<4xi32>
  %i = stablehlo.constant dense<[[1], [3], [1], [-1], [4]]> : tensor<5x1xi32>
  %u = stablehlo.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) : (tensor<4xi32>, tensor<5x1xi32>, tensor<5xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// A window of 3 starting at 4 on a dim of 6: the spec checks each element,
// so 4 and 5 get 1 and 2 and the element past the end is skipped (XLA
// skips the whole window; see stablehlo.scatter's doc). The conversion
// builds one index tuple per update element.
// CHECK-LABEL: func.func @partial_window(
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.addi
// CHECK: tcp.scatter_nd {{.*}} {combine = "add", mode = "drop"} : tensor<6xi32>, tensor<2x3x1xi64>, tensor<2x3xi32> -> tensor<6xi32>
// PARTIAL: dense<[0, 0, 100, 200, 301, 2]> : tensor<6xi32>
func.func @partial_window() -> tensor<6xi32> {
  %x = stablehlo.constant dense<0> : tensor<6xi32>
  %i = stablehlo.constant dense<[[4], [2]]> : tensor<2x1xi32>
  %u = stablehlo.constant dense<[[1, 2, 3], [100, 200, 300]]> : tensor<2x3xi32>
  %0 = call @window_add(%x, %i, %u) : (tensor<6xi32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

func.func @window_add(%x: tensor<6xi32>, %i: tensor<2x1xi32>, %u: tensor<2x3xi32>) -> tensor<6xi32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<6xi32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}
