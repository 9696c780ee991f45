// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s

// The StableHLO ops parse in the forms the StableHLO project prints (the
// attribute dictionary, the properties form <{...}>, the pretty forms of
// slice and dynamic_slice, mhlo spellings) and print back; #stablehlo.gather prints as StableHLO prints it: fields in
// declaration order on one line, empty lists and a zero index_vector_dim
// omitted, whatever the order and layout of the input.

// CHECK-LABEL: func.func @gather_forms(
// CHECK-NEXT: %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
// CHECK-NEXT: %1 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
// CHECK-NEXT: %2 = "stablehlo.gather"(%arg0, %arg2) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = true, slice_sizes = array<i64: 1, 4, 2>} : (tensor<3x4x2xi64>, tensor<1x5xi32>) -> tensor<5x4x2xi64>
// CHECK-NEXT: %3 = "mhlo.gather"(%arg0, %arg1) {dimension_numbers = #mhlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = dense<[1, 2, 2]> : tensor<3xi64>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
// GENERIC-LABEL: "func.func"
// GENERIC: #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>
func.func @gather_forms(%x: tensor<3x4x2xi64>, %i: tensor<2x3x2xi64>, %j: tensor<1x5xi32>) {
  %0 = "stablehlo.gather"(%x, %i) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  %1 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<index_vector_dim = 2, start_index_map = [1, 0], operand_batching_dims = [], collapsed_slice_dims = [0], offset_dims = [2, 3]>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  %2 = "stablehlo.gather"(%x, %j) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 0>, indices_are_sorted = true, slice_sizes = array<i64: 1, 4, 2>} : (tensor<3x4x2xi64>, tensor<1x5xi32>) -> tensor<5x4x2xi64>
  %3 = "mhlo.gather"(%x, %i) {dimension_numbers = #mhlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = dense<[1, 2, 2]> : tensor<3xi64>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  return
}

// Batching dims (newer StableHLO).
// CHECK-LABEL: func.func @gather_batching(
// CHECK-NEXT: "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
func.func @gather_batching(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// CHECK-LABEL: func.func @other_ops(
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT: %[[M:.*]] = mhlo.constant dense<3> : tensor<i64>
// CHECK-NEXT: %[[I:.*]] = stablehlo.iota dim = 1 : tensor<2x3xf32>
// CHECK-NEXT: mhlo.iota dim = 0 : tensor<4xi32>
// CHECK-NEXT: stablehlo.dynamic_slice %arg0, %[[M]], %[[M]], sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
// CHECK-NEXT: stablehlo.slice %arg0 [1:3, 2:4] : (tensor<4x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: stablehlo.dynamic_slice %arg0, %[[M]], %[[M]], sizes = [1, 4] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
// CHECK-NEXT: mhlo.slice %arg0 [0:4:2, 1:4:3] : (tensor<4x4xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: "stablehlo.torch_index_select"(%arg0, %[[C]]) {batch_dims = 0 : i64, dim = 0 : i64} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %[[C]] : (tensor<2xi64>) -> tensor<2x1xi64>
// CHECK-NEXT: stablehlo.concatenate %[[R]], %[[R]], dim = 1 : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
// CHECK-NEXT: check.expect_eq %[[C]], %[[C]] : tensor<2xi64>
// CHECK-NEXT: check.expect_eq_const %[[C]], dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT: check.expect_almost_eq_const %[[I]], dense<0.000000e+00> : tensor<2x3xf32>
// GENERIC: "stablehlo.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
// GENERIC: "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
// GENERIC: "stablehlo.dynamic_slice"(%arg0, %{{.*}}, %{{.*}}) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
// GENERIC: "stablehlo.slice"(%arg0) {limit_indices = array<i64: 3, 4>, start_indices = array<i64: 1, 2>, strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
// GENERIC: "stablehlo.concatenate"(%{{.*}}, %{{.*}}) {dimension = 1 : i64} : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
// GENERIC: "check.expect_eq_const"(%{{.*}}) {value = dense<[1, 2]> : tensor<2xi64>} : (tensor<2xi64>) -> ()
func.func @other_ops(%x: tensor<4x4xf32>) {
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %m = mhlo.constant dense<3> : tensor<i64>
  %i = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %j = mhlo.iota dim = 0 : tensor<4xi32>
  %0 = "stablehlo.dynamic_slice"(%x, %m, %m) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  %1 = "stablehlo.slice"(%x) {start_indices = array<i64: 1, 2>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  %d = stablehlo.dynamic_slice %x, %m, %m, sizes = [1, 4] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  %e = mhlo.slice %x [0:4:2, 1:4:3] : (tensor<4x4xf32>) -> tensor<2x1xf32>
  %2 = "stablehlo.torch_index_select"(%x, %c) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  %r = stablehlo.reshape %c : (tensor<2xi64>) -> tensor<2x1xi64>
  %cc = stablehlo.concatenate %r, %r, dim = 1 : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
  check.expect_eq %c, %c : tensor<2xi64>
  check.expect_eq_const %c, dense<[1, 2]> : tensor<2xi64>
  check.expect_almost_eq_const %i, dense<0.0> : tensor<2x3xf32>
  return
}

// The shape-operand forms (onnx-mlir's gather_elements lowering).
// CHECK-LABEL: func.func @dynamic_shape_ops(
// CHECK-NEXT: stablehlo.dynamic_iota %arg0, dim = 1 : (tensor<3xi64>) -> tensor<?x?x1xi64>
// CHECK-NEXT: mhlo.dynamic_iota %arg2, dim = 0 : (tensor<3xindex>) -> tensor<2x2x1xi32>
// CHECK-NEXT: stablehlo.dynamic_reshape %arg1, %arg0 : (tensor<?x?xi64>, tensor<3xi64>) -> tensor<?x?x1xi64>
// CHECK-NEXT: mhlo.dynamic_reshape %arg1, %arg2 : (tensor<?x?xi64>, tensor<3xindex>) -> tensor<?x?x1xi64>
// GENERIC: "stablehlo.dynamic_iota"(%arg0) {iota_dimension = 1 : i64} : (tensor<3xi64>) -> tensor<?x?x1xi64>
// GENERIC: "stablehlo.dynamic_reshape"(%arg1, %arg0) : (tensor<?x?xi64>, tensor<3xi64>) -> tensor<?x?x1xi64>
func.func @dynamic_shape_ops(%s: tensor<3xi64>, %i: tensor<?x?xi64>, %t: tensor<3xindex>) {
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 1 : i64} : (tensor<3xi64>) -> tensor<?x?x1xi64>
  %1 = mhlo.dynamic_iota %t, dim = 0 : (tensor<3xindex>) -> tensor<2x2x1xi32>
  %2 = "stablehlo.dynamic_reshape"(%i, %s) : (tensor<?x?xi64>, tensor<3xi64>) -> tensor<?x?x1xi64>
  %3 = mhlo.dynamic_reshape %i, %t : (tensor<?x?xi64>, tensor<3xindex>) -> tensor<?x?x1xi64>
  return
}
