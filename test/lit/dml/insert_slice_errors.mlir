// tensor.insert_slice cases the DirectML lowering refuses, each with a
// located reason: a computed window entry (the indices of the scatter it
// becomes are constants) and a window outside dest.
// RUN: tcp-opt %s --convert-tcp-to-dml -split-input-file -verify-diagnostics

func.func @computed(%x: tensor<3x4xf32>, %s: tensor<4xf32>, %o: index) -> tensor<3x4xf32> {
  // expected-error@below {{'tensor.insert_slice' op cannot be lowered to DirectML: the scatter it becomes needs a constant offset for dim 0, got a computed value}}
  %0 = tensor.insert_slice %s into %x[%o, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @outside(%x: tensor<3x4xf32>, %s: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error@below {{'tensor.insert_slice' op cannot be lowered to DirectML: the window of dim 0 (offset 2, size 2, stride 1) is outside dest's size 3}}
  %0 = tensor.insert_slice %s into %x[2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
