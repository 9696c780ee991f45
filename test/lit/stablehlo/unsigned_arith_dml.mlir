// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-opt --convert-tcp-to-dml | FileCheck %s

// jax's uint8 and uint16 ids reach DirectML: their wide form is i32, which
// DirectML compares, adds and gathers with at the default feature level.

// CHECK-LABEL: func.func @take_wrap_ui8(
// CHECK: dml.cast %arg1
// CHECK: dml.element_wise_modulus_truncate
// CHECK: dml.gather
func.func @take_wrap_ui8(%arg0: tensor<6x3xf32>, %arg1: tensor<5xui8>) -> tensor<5x3xf32> {
  %c = stablehlo.constant dense<6> : tensor<ui8>
  %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<5xui8>
  %3 = stablehlo.remainder %arg1, %2 : tensor<5xui8>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<5xui8>) -> tensor<5x1xui8>
  %5 = "stablehlo.gather"(%arg0, %4) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<6x3xf32>, tensor<5x1xui8>) -> tensor<5x3xf32>
  return %5 : tensor<5x3xf32>
}

// CHECK-LABEL: func.func @take_fill_ui16(
// CHECK: dml.gather
func.func @take_fill_ui16(%arg0: tensor<6x2xf32>, %arg1: tensor<4xui16>) -> tensor<4x2xf32> {
  %c = stablehlo.constant dense<0> : tensor<ui16>
  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui16>) -> tensor<4xui16>
  %1 = stablehlo.compare LT, %arg1, %0, UNSIGNED : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  %c_0 = stablehlo.constant dense<6> : tensor<ui16>
  %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui16>) -> tensor<4xui16>
  %3 = stablehlo.add %arg1, %2 : tensor<4xui16>
  %4 = stablehlo.select %1, %3, %arg1 : tensor<4xi1>, tensor<4xui16>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xui16>) -> tensor<4x1xui16>
  %6 = stablehlo.convert %5 : (tensor<4x1xui16>) -> tensor<4x1xi32>
  %7 = "stablehlo.gather"(%arg0, %6) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<6x2xf32>, tensor<4x1xi32>) -> tensor<4x2xf32>
  return %7 : tensor<4x2xf32>
}
