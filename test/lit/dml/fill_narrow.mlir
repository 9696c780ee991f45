// Mode "fill" on 8- and 16-bit data (bf16 moves as UINT16) below feature
// level 5.1, where ELEMENT_WISE_IF does not take such data: the input is
// padded with a row of the fill value on each side of the gathered dim
// (JOIN) and gathered under clip at the indices plus one, which moves
// bits only. From 5.1 it is the select of the other types.
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml='feature-level=5.1' | FileCheck %s --check-prefix=FL51
// RUN: tcp-run --print=mlir %s -e take | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e take | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-tcp-to-dml='feature-level=5.1' | tcp-run --print=mlir - -e take | FileCheck %s --check-prefix=VAL

// CHECK-LABEL: func.func @take(
// CHECK: dml.join %[[ROW:[0-9]+]], %{{[0-9]+}}, %[[ROW]] {axis = 0 : index
// CHECK: dml.element_wise_add
// CHECK: dml.element_wise_clip {{.*}} {dimension_count = 2 : index, max = 4.000000e+00 : f32, min = 0.000000e+00 : f32}
// CHECK: dml.gather_elements
// CHECK-NOT: dml.element_wise_if
// FL51-LABEL: func.func @take(
// FL51: dml.element_wise_if
// Rows -1, 0, 2, 3 and 2147483647 of x (3 rows): the fill value, row 0,
// row 2, the fill value, the fill value.
// VAL: dense<{{\[\[}}7, 7], [1, 2], [5, 6], [7, 7], [7, 7]]> : tensor<5x2xi16>
func.func @take() -> tensor<5x2xi16> {
  %x = tcp.const {value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>} : tensor<3x2xi16>
  %c = tcp.const {value = dense<[[-1, -1], [0, 0], [2, 2], [3, 3], [2147483647, 2147483647]]> : tensor<5x2xi32>} : tensor<5x2xi32>
  %i = arith.addi %c, %c : tensor<5x2xi32>
  %j = arith.subi %i, %c : tensor<5x2xi32>
  %0 = tcp.gather %x, %j {dim = 0 : index, mode = "fill", fill_value = 7 : i16} : tensor<3x2xi16>, tensor<5x2xi32> -> tensor<5x2xi16>
  return %0 : tensor<5x2xi16>
}
