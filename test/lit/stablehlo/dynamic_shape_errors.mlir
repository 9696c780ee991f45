// Run-time errors of stablehlo.dynamic_iota and stablehlo.dynamic_reshape:
// the shape operand disagrees with the static dims of the result type, or
// does not hold the operand's element count.

// RUN: not tcp-run --print=mlir %s -e iota_shape_mismatch 2>&1 | FileCheck %s --check-prefix=IOTA
// RUN: not tcp-run --print=mlir %s -e reshape_count_mismatch 2>&1 | FileCheck %s --check-prefix=RESHAPE

// IOTA: error: 'stablehlo.dynamic_iota' op output_shape dense<[2, 4]> : tensor<2xi64> does not fit the result type tensor<2x3xi32>
func.func @iota_shape_mismatch() -> tensor<2x3xi32> {
  %s = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// RESHAPE: error: 'stablehlo.dynamic_reshape' op shape [4, 2] has 8 elements, input [6] has 6
func.func @reshape_count_mismatch() -> tensor<?x2xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %s = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
