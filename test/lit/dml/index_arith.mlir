// Index arithmetic as jax wraps it around gathers (a floor modulo built
// from remsi, cmpi, andi, addi and select) lowers to DirectML's integer
// elementwise operators; splat constants become one-element inputs read
// through zero strides. The interpreter gives the same values before and
// after, and the emitters write the operator descs in struct order.
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-run --print=mlir %s -e normalize | FileCheck %s --check-prefix=VALUES
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e normalize | FileCheck %s --check-prefix=VALUES
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-translate --mlir-to-dml-json | FileCheck %s --check-prefix=JSON
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-translate --mlir-to-dml-cpp | FileCheck %s --check-prefix=CPP

// CHECK: %[[FOUR:.*]] = dml.constant {value = dense<4> : tensor<1xi32>} : tensor<1xi32>
// CHECK: %[[R:.*]] = dml.element_wise_modulus_truncate %{{.*}}, %[[FOUR]] {b_sizes = [2, 3], b_strides = [0, 0], dimension_count = 2 : index} : tensor<2x3xi32>, tensor<1xi32> -> tensor<2x3xi32>
// CHECK: %[[NEG:.*]] = dml.element_wise_logical_less_than %[[R]], %{{.*}} {b_sizes = [2, 3], b_strides = [0, 0], dimension_count = 2 : index} : tensor<2x3xi32>, tensor<1xi32> -> tensor<2x3xi1>
// CHECK: %[[EQ:.*]] = dml.element_wise_logical_equals %[[R]], %{{.*}}
// CHECK: %[[NZ:.*]] = dml.element_wise_logical_not %[[EQ]] {dimension_count = 2 : index} : tensor<2x3xi1> -> tensor<2x3xi1>
// CHECK: %[[FIX:.*]] = dml.element_wise_logical_and %[[NEG]], %[[NZ]]
// CHECK: %[[UP:.*]] = dml.element_wise_add %[[R]], %[[FOUR]]
// CHECK: dml.element_wise_if %[[FIX]], %[[UP]], %[[R]] {dimension_count = 2 : index} : tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32> -> tensor<2x3xi32>
// CHECK-NOT: arith.
// VALUES: dense<{{\[\[}}1.000000e+01, 5.000000e+00, 9.000000e+00], [7.000000e+00, 2.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// JSON: "Type": "DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE"
// JSON: "Type": "DML_OPERATOR_ELEMENT_WISE_IF"
// JSON-NEXT: "Desc": {
// JSON-NEXT: "ConditionTensor": {
// CPP: DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC n{{[0-9]+}}_desc = {&n{{[0-9]+}}_Input, &n{{[0-9]+}}_Output};
// CPP: DML_ELEMENT_WISE_IF_OPERATOR_DESC n{{[0-9]+}}_desc = {&n{{[0-9]+}}_Condition, &n{{[0-9]+}}_A, &n{{[0-9]+}}_B, &n{{[0-9]+}}_Output};
func.func @normalize() -> tensor<2x3xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>} : tensor<4x3xf32>
  %i = tcp.const {value = dense<[[-1, 5, 2], [-6, 0, 9]]> : tensor<2x3xi32>} : tensor<2x3xi32>
  %zero = tcp.const {value = dense<0> : tensor<2x3xi32>} : tensor<2x3xi32>
  %n = tcp.const {value = dense<4> : tensor<2x3xi32>} : tensor<2x3xi32>
  %r = arith.remsi %i, %n : tensor<2x3xi32>
  %neg = arith.cmpi slt, %r, %zero : tensor<2x3xi32>
  %nz = arith.cmpi ne, %r, %zero : tensor<2x3xi32>
  %fix = arith.andi %neg, %nz : tensor<2x3xi1>
  %up = arith.addi %r, %n : tensor<2x3xi32>
  %j = arith.select %fix, %up, %r : tensor<2x3xi1>, tensor<2x3xi32>
  %0 = tcp.gather %x, %j {dim = 0 : index, mode = "clip"} : tensor<4x3xf32>, tensor<2x3xi32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
