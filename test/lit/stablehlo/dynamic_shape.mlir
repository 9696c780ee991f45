// stablehlo.dynamic_iota and stablehlo.dynamic_reshape take their shape
// from an operand at run time; a shape that disagrees with the static dims
// of the result type, or (dynamic_reshape) with the operand's element
// count, is a run-time error.

// RUN: tcp-run --print=mlir %s -e dynamic_iota
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e dynamic_iota
// RUN: tcp-run --print=mlir %s -e dynamic_reshape
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e dynamic_reshape
// RUN: tcp-run --print=mlir %s -e dynamic_iota_dynamic_type
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e dynamic_iota_dynamic_type
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s

func.func @dynamic_iota() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  %1 = mhlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %1, dense<[[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]> : tensor<2x3xf32>
  func.return
}

func.func @dynamic_reshape() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi32>
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xi64>, tensor<2xi32>) -> tensor<3x2xi64>
  check.expect_eq_const %0, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  func.return
}

// The dynamic dim takes its size from the operand; a constant operand
// makes it a tcp.const of that shape.
// CHECK-LABEL: func.func @dynamic_iota_dynamic_type
// CHECK: %[[C:.*]] = tcp.const {value = dense<{{\[\[}}0], [1], [2]]> : tensor<3x1xi64>} : tensor<3x1xi64>
// CHECK: tensor.cast %[[C]] : tensor<3x1xi64> to tensor<?x1xi64>
func.func @dynamic_iota_dynamic_type() {
  %s = stablehlo.constant dense<[3, 1]> : tensor<2xi64>
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<?x1xi64>
  %1 = tensor.cast %0 : tensor<?x1xi64> to tensor<3x1xi64>
  check.expect_eq_const %1, dense<[[0], [1], [2]]> : tensor<3x1xi64>
  func.return
}
