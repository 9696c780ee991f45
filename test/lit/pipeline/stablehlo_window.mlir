// RUN: tcp-pipeline %s --trials 8 --quiet | FileCheck %s
// RUN: tcp-pipeline %s --trials 8 --quiet --feature-level 5.0 | FileCheck %s --check-prefix=FL50
// RUN: tcp-pipeline %s --trials 8 --quiet 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

// A window gather with 64-bit starts through every stage: below feature
// level 5.0 the DirectML stage is skipped with a located error (clip on
// INT64 indices), the others agree.
// ERR: stablehlo_window.mlir:[[@LINE+7]]:8: error: 'tcp.gather_nd' op cannot be lowered to DirectML: mode "clip" on 64-bit indices needs ELEMENT_WISE_CLIP on INT64, which needs feature level 5.0, got 4.1
// CHECK: skipped: this stage cannot be built
// CHECK: 8 of 8 argument sets agree across frontend, tcp, Go kernel{{$}}
// CHECK: OK: every stage computes the frontend's values
// FL50: 8 of 8 argument sets agree across frontend, tcp, Go kernel and DirectML
// FL50: OK: every stage computes the frontend's values
func.func @window(%x: tensor<10xf32>, %i: tensor<2x1xi64>) -> tensor<2x5xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 5>} : (tensor<10xf32>, tensor<2x1xi64>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

