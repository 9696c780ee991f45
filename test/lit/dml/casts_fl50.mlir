// A saturating ui64 cast clamps below 2^63 with CLIP on UINT64, which
// needs feature level 5.0 (convert_errors_casts.mlir has the 4.1 error).
// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=5.0 | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=5.0 | tcp-run --print=mlir - -e big | FileCheck %s --check-prefix=VALUES
// RUN: tcp-run --print=mlir %s -e big | FileCheck %s --check-prefix=VALUES

// CHECK-LABEL: func.func @saturating
// CHECK-NEXT: dml.element_wise_clip %arg1 {dimension_count = 2 : index, max = 9.22337149E+18 : f32, min = 0.000000e+00 : f32} : tensor<4x2xui64> -> tensor<4x2xui64>
// CHECK-NEXT: dml.cast %{{.*}} : tensor<4x2xui64> -> tensor<4x2xi64>
func.func @saturating(%x: tensor<3x2xf32>, %i: tensor<4x2xui64>) -> tensor<4x2xf32> {
  %0 = tcp.cast_indices %i : tensor<4x2xui64> -> tensor<4x2xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// 2^64 - 1 and 2^63 saturate to 2^63 - 1 and clip to the last row.
// VALUES: dense<{{\[\[}}5.000000e+00, 6.000000e+00], [5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<3x2xf32>
func.func @big() -> tensor<3x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : tensor<3x2xf32>
  %i = tcp.const {value = dense<[[18446744073709551615, 18446744073709551615], [9223372036854775808, 9223372036854775808], [0, 0]]> : tensor<3x2xui64>} : tensor<3x2xui64>
  %0 = tcp.cast_indices %i : tensor<3x2xui64> -> tensor<3x2xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}
