// Unsigned start indices. The spec clamps the value of every start index
// to [0, dim - slice_size]; a ui64 of 2^63 or more is a large positive
// value, clamped to the top of the range (never read as a negative number).
// --convert-stablehlo-to-tcp turns unsigned indices into i64 with
// tcp.cast_indices (exact, except that ui64 values of 2^63 and above
// saturate to 2^63 - 1, which every clamp treats as the value). Each
// function asserts its result with check.* before and after conversion.

// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-run --print=mlir %s -e gather_ui64_large
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e gather_ui64_large
// RUN: tcp-run --print=mlir %s -e gather_nd_ui32
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e gather_nd_ui32
// RUN: tcp-run --print=mlir %s -e torch_index_select_ui8
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e torch_index_select_ui8
// RUN: tcp-run --print=mlir %s -e dynamic_slice_ui64
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e dynamic_slice_ui64
// RUN: tcp-run --print=mlir %s -e window_ui16
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e window_ui16

// 2^64 - 1 and 2^63 clamp to 2 (the last row), 0 and 1 stay.
// CHECK-LABEL: func.func @gather_ui64_large
// CHECK: tcp.cast_indices %{{.*}} : tensor<4xui64> -> tensor<4xi64>
// CHECK: tcp.gather {{.*}}mode = "clip"
func.func @gather_ui64_large() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[[18446744073709551615], [9223372036854775808], [0], [1]]> : tensor<4x1xui64>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xi32>, tensor<4x1xui64>) -> tensor<4x2xi32>
  check.expect_eq_const %0, dense<[[5, 6], [5, 6], [1, 2], [3, 4]]> : tensor<4x2xi32>
  func.return
}

// Tuples (1, 4294967295) and (4000000000, 0): each component clamps to its
// own dim ([0, 2] and [0, 3]).
// CHECK-LABEL: func.func @gather_nd_ui32
// CHECK: tcp.cast_indices %{{.*}} : tensor<2x2xui32> -> tensor<2x2xi64>
// CHECK: tcp.gather_nd {{.*}}mode = "clip"
func.func @gather_nd_ui32() {
  %x = stablehlo.constant dense<[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<3x4xi32>
  %i = stablehlo.constant dense<[[1, 4294967295], [4000000000, 0]]> : tensor<2x2xui32>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xi32>, tensor<2x2xui32>) -> tensor<2xi32>
  check.expect_eq_const %0, dense<[13, 20]> : tensor<2xi32>
  func.return
}

// CHECK-LABEL: func.func @torch_index_select_ui8
// CHECK: tcp.cast_indices %{{.*}} : tensor<2xui8> -> tensor<2xi64>
func.func @torch_index_select_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> : tensor<4x3xi32>
  %i = stablehlo.constant dense<[255, 1]> : tensor<2xui8>
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = 0 : i64} : (tensor<4x3xi32>, tensor<2xui8>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[10, 11, 12], [4, 5, 6]]> : tensor<2x3xi32>
  func.return
}

// The start 2^64 - 1 clamps to 6 - 2 = 4.
// CHECK-LABEL: func.func @dynamic_slice_ui64
// CHECK: tcp.cast_indices %{{.*}} : tensor<ui64> -> tensor<i64>
// CHECK: tcp.gather {{.*}}mode = "clip"
func.func @dynamic_slice_ui64() {
  %x = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %s = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %0 = "stablehlo.dynamic_slice"(%x, %s) {slice_sizes = array<i64: 2>} : (tensor<6xi32>, tensor<ui64>) -> tensor<2xi32>
  check.expect_eq_const %0, dense<[4, 5]> : tensor<2xi32>
  func.return
}

// A window of 3 on a dim of 5: 65535 clamps to 5 - 3 = 2.
// CHECK-LABEL: func.func @window_ui16
// CHECK: tcp.cast_indices %{{.*}} : tensor<2x1xui16> -> tensor<2x1xi64>
func.func @window_ui16() {
  %x = stablehlo.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
  %i = stablehlo.constant dense<[[65535], [1]]> : tensor<2x1xui16>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 3>} : (tensor<5xi32>, tensor<2x1xui16>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[2, 3, 4], [1, 2, 3]]> : tensor<2x3xi32>
  func.return
}
