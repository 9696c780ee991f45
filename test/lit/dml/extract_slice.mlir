// tensor.extract_slice lowers to DML_SLICE1 through tcp.slice; a
// rank-reducing slice is then a collapse_shape view of it. Offsets, sizes
// and strides go into the operator desc, so they must be constants.
// RUN: tcp-opt %s --convert-tcp-to-dml -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @row(
// CHECK: dml.slice1
// CHECK-NOT: tensor.extract_slice
func.func @row(%x: tensor<3x4xf32>) -> tensor<2xf32> {
  %c1 = arith.constant 1 : index
  %0 = tensor.extract_slice %x[%c1, 3] [1, 2] [1, -2] : tensor<3x4xf32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @computed(%x: tensor<3x4xf32>, %o: index) -> tensor<4xf32> {
  // expected-error@below {{'tensor.extract_slice' op cannot be lowered to DirectML: DML_SLICE1 needs a constant offset for dim 0, got a computed value}}
  %0 = tensor.extract_slice %x[%o, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
