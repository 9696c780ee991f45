// assume-unique-indices=true stands for unique_indices on every scatter
// (without it, non-constant indices are refused: see
// convert_errors_scatter.mlir); i1 max is BIT_OR.
// RUN: tcp-opt %s --convert-tcp-to-dml='assume-unique-indices=true' | FileCheck %s
// RUN: not tcp-opt %s --convert-tcp-to-dml 2>&1 | FileCheck %s --check-prefix=REFUSED

// CHECK-LABEL: func.func @bool_max
// CHECK-NEXT:    dml.gather_elements %arg0, %arg1 {axis = 0 : index, dimension_count = 1 : index}
// CHECK-NEXT:    dml.element_wise_bit_or
// CHECK-NEXT:    dml.scatter_elements
// REFUSED: error: 'tcp.scatter' op cannot be lowered to DirectML: DirectML applies duplicate updates in no documented order
func.func @bool_max(%x: tensor<6xi1>, %i: tensor<3xi32>, %u: tensor<3xi1>) -> tensor<6xi1> {
  %0 = tcp.scatter %x, %i, %u {combine = "max", dim = 0 : index} : tensor<6xi1>, tensor<3xi32>, tensor<3xi1> -> tensor<6xi1>
  return %0 : tensor<6xi1>
}
