// Float comparisons (torch's x > 0.1, x == y on f32) lower to DirectML's
// logical comparisons, which are HLSL's: false when an operand is NaN, as
// arith.cmpf's ordered predicates; une is LOGICAL_NOT of EQUALS (true on
// NaN). The interpreter gives the same values before and after, NaN
// included.
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-run --print=mlir %s -e compare | FileCheck %s --check-prefix=VALUES
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e compare | FileCheck %s --check-prefix=VALUES

// CHECK-LABEL: func.func @compare
// CHECK: dml.element_wise_logical_greater_than %{{.*}}, %{{.*}} {dimension_count = 1 : index} : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
// CHECK: dml.element_wise_logical_greater_than_or_equal
// CHECK: dml.element_wise_logical_less_than
// CHECK: dml.element_wise_logical_less_than_or_equal
// CHECK: dml.element_wise_logical_equals
// CHECK: %[[EQ:.*]] = dml.element_wise_logical_equals
// CHECK: dml.element_wise_logical_not %[[EQ]]
// CHECK-NOT: arith.cmpf
// VALUES: dense<[false, true, false, false]> : tensor<4xi1>
// VALUES-NEXT: dense<[false, true, true, false]> : tensor<4xi1>
// VALUES-NEXT: dense<[true, false, false, false]> : tensor<4xi1>
// VALUES-NEXT: dense<[true, false, true, false]> : tensor<4xi1>
// VALUES-NEXT: dense<[false, false, true, false]> : tensor<4xi1>
// VALUES-NEXT: dense<[true, true, false, true]> : tensor<4xi1>
func.func @compare() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = tcp.const {value = dense<[1.0, 3.0, 2.0, 0x7FC00000]> : tensor<4xf32>} : tensor<4xf32>
  %b = tcp.const {value = dense<[2.0, 1.0, 2.0, 1.0]> : tensor<4xf32>} : tensor<4xf32>
  %0 = arith.cmpf ogt, %a, %b : tensor<4xf32>
  %1 = arith.cmpf oge, %a, %b : tensor<4xf32>
  %2 = arith.cmpf olt, %a, %b : tensor<4xf32>
  %3 = arith.cmpf ole, %a, %b : tensor<4xf32>
  %4 = arith.cmpf oeq, %a, %b : tensor<4xf32>
  %5 = arith.cmpf une, %a, %b : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
