// Collapsed dims of slice size 0 (the spec allows slice_sizes[d] <= 1 on a
// collapsed dim, and 0 <= slice_sizes[d] <= dim). The spec's clamp
// [0, dim - 0] would let the read start at dim, past the end; the spec
// leaves an out-of-bounds operand index implementation-defined. tcp
// defines it (stablehlo.gather's description): a collapsed dim clamps to
// [0, dim - 1], as with slice size 1, and a collapsed dim of size 0 with a
// non-empty result is a run-time error (no element exists), in the
// interpreter and, after --convert-stablehlo-to-tcp, in tcp (mode clip on
// an empty dim).

// RUN: tcp-run --print=mlir %s -e collapsed_slice_size_0
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e collapsed_slice_size_0
// RUN: not tcp-run --print=mlir %s -e empty_collapsed_dim 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | not tcp-run --print=mlir - -e empty_collapsed_dim 2>&1 | FileCheck %s --check-prefix=EMPTY-TCP
// RUN: tcp-run --print=mlir %s -e empty_collapsed_dim_empty_result
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e empty_collapsed_dim_empty_result

// Starts 5, -1 and 1 on a collapsed dim of size 3 read rows 2, 0 and 1.
func.func @collapsed_slice_size_0() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[[5], [-1], [1]]> : tensor<3x1xi64>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 2>} : (tensor<3x2xi32>, tensor<3x1xi64>) -> tensor<3x2xi32>
  check.expect_eq_const %0, dense<[[5, 6], [1, 2], [3, 4]]> : tensor<3x2xi32>
  func.return
}

// EMPTY: error: {{.*}}collapsed operand dim 0 has size 0, so the non-empty result has no element to read
// EMPTY-TCP: error: {{.*}}cannot do a non-empty take from an empty axes: index 0 for dimension 0 with size 0 (mode clip)
func.func @empty_collapsed_dim() -> tensor<2x3xi32> {
  %x = stablehlo.constant dense<> : tensor<0x3xi32>
  %i = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi64>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 3>} : (tensor<0x3xi32>, tensor<2x1xi64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// No start index: the result is empty, and so nothing is read.
func.func @empty_collapsed_dim_empty_result() {
  %x = stablehlo.constant dense<> : tensor<0x3xi32>
  %i = stablehlo.constant dense<> : tensor<0x1xi64>
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 3>} : (tensor<0x3xi32>, tensor<0x1xi64>) -> tensor<0x3xi32>
  check.expect_eq_const %0, dense<> : tensor<0x3xi32>
  func.return
}
