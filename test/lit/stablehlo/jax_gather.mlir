// The jax.lax.gather examples of the jax documentation (seed 002) and the
// worked examples of docs/semantics.md §6, as jax lowers them to StableHLO: run
// on the StableHLO ops, converted to tcp, and run again.

// RUN: tcp-run --print=mlir %s -e jnp_index | FileCheck %s --check-prefix=JNP
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e jnp_index | FileCheck %s --check-prefix=JNP
// RUN: tcp-run --print=mlir %s -e lax_gather_promise_in_bounds | FileCheck %s --check-prefix=JNP
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e lax_gather_promise_in_bounds | FileCheck %s --check-prefix=JNP
// RUN: tcp-run --print=mlir %s -e rows_clamped | FileCheck %s --check-prefix=ROWS
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e rows_clamped | FileCheck %s --check-prefix=ROWS
// RUN: tcp-run --print=mlir %s -e tuples_clamped | FileCheck %s --check-prefix=TUPLES
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e tuples_clamped | FileCheck %s --check-prefix=TUPLES
// RUN: tcp-run --print=mlir %s -e testdata_3_10 | FileCheck %s --check-prefix=T310
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e testdata_3_10 | FileCheck %s --check-prefix=T310
// RUN: tcp-run --print=mlir %s -e testdata_2_3_3 | FileCheck %s --check-prefix=T233
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e testdata_2_3_3 | FileCheck %s --check-prefix=T233
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s

// x = jnp.array([10, 11, 12]); x[jnp.array([0, 1, 1, 2, 2, 2])]: jax
// indexes with indices[:, None], a take along dim 0.
// JNP: {{^}}dense<[10, 11, 11, 12, 12, 12]> : tensor<6xi32>{{$}}
// CHECK-LABEL: func.func @jnp_index
// CHECK: tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index, mode = "clip"} : tensor<3xi32>, tensor<6xi32> -> tensor<6xi32>
func.func @jnp_index() -> tensor<6xi32> {
  %x = stablehlo.constant dense<[10, 11, 12]> : tensor<3xi32>
  %i = stablehlo.constant dense<[[0], [1], [1], [2], [2], [2]]> : tensor<6x1xi32>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<3xi32>, tensor<6x1xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// lax.gather(x, indices[:, None], slice_sizes=(1,),
//   dimension_numbers=GatherDimensionNumbers(offset_dims=(),
//   collapsed_slice_dims=(0,), start_index_map=(0,)),
//   indices_are_sorted=True, mode=PROMISE_IN_BOUNDS): the same result.
// CHECK-LABEL: func.func @lax_gather_promise_in_bounds
// CHECK: tcp.gather {{.*}}mode = "clip"
func.func @lax_gather_promise_in_bounds() -> tensor<6xi32> {
  %x = stablehlo.constant dense<[10, 11, 12]> : tensor<3xi32>
  %i = stablehlo.constant dense<[[0], [1], [1], [2], [2], [2]]> : tensor<6x1xi32>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1>} : (tensor<3xi32>, tensor<6x1xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// Rows of a 3x2 operand; start 5 clamps to 2 and -1 to 0.
// ROWS: {{^}}dense<{{\[\[}}5, 6], [1, 2], [5, 6], [1, 2]]> : tensor<4x2xi64>{{$}}
// CHECK-LABEL: func.func @rows_clamped
// CHECK: tcp.gather {{.*}}{dim = 0 : index, mode = "clip"}
func.func @rows_clamped() -> tensor<4x2xi64> {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %i = stablehlo.constant dense<[[2], [0], [5], [-1]]> : tensor<4x1xi64>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xi64>, tensor<4x1xi64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// gather_nd-like: tuple (1, 7) clamps component-wise to (1, 1).
// TUPLES: {{^}}dense<{{\[\[}}2, 3], [4, 5], [6, 7]]> : tensor<3x2xi64>{{$}}
// CHECK-LABEL: func.func @tuples_clamped
// CHECK: tcp.gather_nd %{{.*}}, %{{.*}} {mode = "clip"} : tensor<2x2x2xi64>, tensor<3x2xi64> -> tensor<3x2xi64>
func.func @tuples_clamped() -> tensor<3x2xi64> {
  %x = stablehlo.constant dense<[[[0, 1], [2, 3]], [[4, 5], [6, 7]]]> : tensor<2x2x2xi64>
  %i = stablehlo.constant dense<[[0, 1], [1, 0], [1, 7]]> : tensor<3x2xi64>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x2x2xi64>, tensor<3x2xi64>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// The clamping configurations of the JAX-generated StableHLO testdata
// (openxla/stablehlo stablehlo/testdata/gather_float32_3_10_int64_3_2 and
// gather_float32_2_3_3_int64_2_3), with the operand replaced by position
// codes so that the result shows where each element was read.

// Windows of 5 on a dim of 10: start 8 clamps to 5.
// T310: {{^}}dense<{{\[\[}}0, 1, 2, 3, 4], [15, 16, 17, 18, 19], [20, 21, 22, 23, 24]]> : tensor<3x5xi32>{{$}}
func.func @testdata_3_10() -> tensor<3x5xi32> {
  %x = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19], [20, 21, 22, 23, 24, 25, 26, 27, 28, 29]]> : tensor<3x10xi32>
  %i = stablehlo.constant dense<[[0, 0], [1, 8], [2, 0]]> : tensor<3x2xi64>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<3x10xi32>, tensor<3x2xi64>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// A full window of 3 on a dim of 3 (start 2 clamps to 0) and a window of 2
// on a dim of 3 (start 1 stays, 0 stays).
// T233: {{^}}dense<{{\[\[\[}}0, 1], [3, 4], [6, 7]], {{\[\[}}10, 11], [13, 14], [16, 17]]]> : tensor<2x3x2xi32>{{$}}
func.func @testdata_2_3_3() -> tensor<2x3x2xi32> {
  %x = stablehlo.constant dense<[[[0, 1, 2], [3, 4, 5], [6, 7, 8]], [[9, 10, 11], [12, 13, 14], [15, 16, 17]]]> : tensor<2x3x3xi32>
  %i = stablehlo.constant dense<[[0, 1, 0], [1, 2, 1]]> : tensor<2x3xi64>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1, 2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 2>}> : (tensor<2x3x3xi32>, tensor<2x3xi64>) -> tensor<2x3x2xi32>
  return %0 : tensor<2x3x2xi32>
}
