// tcp.transpose lowers to permuted strides: folded into a consumer's
// input desc, or an ELEMENT_WISE_IDENTITY over a strided input desc when
// it is returned.
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e returned | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @returned
// CHECK: dml.element_wise_identity %{{.*}} {dimension_count = 2 : index, input_sizes = [3, 2], input_strides = [1, 3]} : tensor<2x3xi32> -> tensor<3x2xi32>
// OUT: dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
func.func @returned() -> tensor<3x2xi32> {
  %x = tcp.const {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : tensor<2x3xi32>
  %0 = tcp.transpose %x {permutation = array<i64: 1, 0>} : tensor<2x3xi32> -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// CHECK-LABEL: func.func @gathered
// CHECK: dml.gather_elements %arg0, %arg1 {axis = 2 : index, dimension_count = 3 : index, input_sizes = [4, 2, 3], input_strides = [1, 12, 4]} : tensor<2x3x4xf32>, tensor<4x2x2xi64> -> tensor<4x2x2xf32>
// CHECK-NOT: tcp.transpose
func.func @gathered(%x: tensor<2x3x4xf32>, %i: tensor<4x2x2xi64>) -> tensor<4x2x2xf32> {
  %0 = tcp.transpose %x {permutation = array<i64: 2, 0, 1>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %1 = tcp.gather %0, %i {dim = 2 : index} : tensor<4x2x3xf32>, tensor<4x2x2xi64> -> tensor<4x2x2xf32>
  return %1 : tensor<4x2x2xf32>
}
