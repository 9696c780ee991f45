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

// An embedding (the slice-gather recipe) of bf16 rows keeps its one
// DML_GATHER: the table is padded, the indices shifted before the
// recipe's expand and broadcast.
// CHECK-LABEL: func.func @embed(
// CHECK: dml.join %{{[0-9]+}}, %arg0, %{{[0-9]+}} {axis = 0 : index, dimension_count = 2 : index} : tensor<1x4xbf16>, tensor<8x4xbf16>, tensor<1x4xbf16> -> tensor<10x4xbf16>
// CHECK: dml.gather %{{[0-9]+}}, %{{[0-9]+}} {axis = 1 : index, dimension_count = 3 : index, index_dimensions = 2 : index} : tensor<10x4xbf16>, tensor<2x3xi32> -> tensor<2x3x4xbf16>
// CHECK-NOT: dml.element_wise_if
func.func @embed(%x: tensor<8x4xbf16>, %i: tensor<2x3xi32>) -> tensor<2x3x4xbf16> {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %e = tensor.expand_shape %i [[0], [1, 2]] : tensor<2x3xi32> into tensor<2x3x1xi32>
  %b = tcp.broadcast_to %e, %c4 {axes = [2]} : tensor<2x3x1xi32>, index -> tensor<2x3x4xi32>
  %xe = tensor.expand_shape %x [[0, 1], [2]] : tensor<8x4xbf16> into tensor<8x1x4xbf16>
  %xb = tcp.broadcast_to %xe, %c3 {axes = [1]} : tensor<8x1x4xbf16>, index -> tensor<8x3x4xbf16>
  %0 = tcp.gather %xb, %b {dim = 0 : index, mode = "fill", fill_value = 0.0 : bf16} : tensor<8x3x4xbf16>, tensor<2x3x4xi32> -> tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}
