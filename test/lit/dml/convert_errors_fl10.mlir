// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=1.0 -verify-diagnostics

// At 1.0 only DML_GATHER exists (elementwise gathers need 2.1).
func.func @elements_at_1_0(%x: tensor<3x4xf32>, %i: tensor<2x4xi32>) -> tensor<2x4xf32> {
  // expected-error@below {{'tcp.gather' op cannot be lowered to DirectML: it needs DML_OPERATOR_GATHER_ELEMENTS, which needs feature level 2.1, got 1.0}}
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
