// Mode "wrap" on 64-bit indices from feature level 5.0, before
// ELEMENT_WISE_MODULUS_FLOOR takes INT64 (6.0): ((i rem n) + n) rem n with
// MODULUS_TRUNCATE and ADD, exact for every i (the sum stays in (0, 2n)).
// From 6.0 it is one MODULUS_FLOOR.
// RUN: tcp-opt %s --convert-tcp-to-dml='feature-level=5.0' | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml='feature-level=6.0' | FileCheck %s --check-prefix=FL60
// RUN: tcp-run --print=mlir %s -e take | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-tcp-to-dml='feature-level=5.0' | tcp-run --print=mlir - -e take | FileCheck %s --check-prefix=VAL

// CHECK-LABEL: func.func @take(
// CHECK: %[[N:[0-9]+]] = dml.constant {value = dense<3> : tensor<1xi64>}
// CHECK: %[[R:[0-9]+]] = dml.element_wise_modulus_truncate %{{[0-9]+}}, %[[N]]
// CHECK: %[[S:[0-9]+]] = dml.element_wise_add %[[R]], %[[N]]
// CHECK: dml.element_wise_modulus_truncate %[[S]], %[[N]]
// CHECK-NOT: modulus_floor
// FL60-LABEL: func.func @take(
// FL60: dml.element_wise_modulus_floor
// Rows -1, 5, -9223372036854775808 and 9223372036854775807 of x modulo 3
// (floored): 2, 2, 1 and 1.
// VAL: dense<[3.000000e+00, 3.000000e+00, 2.000000e+00, 2.000000e+00]> : tensor<4xf32>
func.func @take() -> tensor<4xf32> {
  %x = tcp.const {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : tensor<3xf32>
  %c = tcp.const {value = dense<[-1, 5, -9223372036854775808, 9223372036854775807]> : tensor<4xi64>} : tensor<4xi64>
  %z = tcp.const {value = dense<0> : tensor<4xi64>} : tensor<4xi64>
  %i = arith.addi %c, %z : tensor<4xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap"} : tensor<3xf32>, tensor<4xi64> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
