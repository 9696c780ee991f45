// RUN: tcp-opt %s --convert-tcp-to-dml -split-input-file -verify-diagnostics

// Every tcp scatter --convert-tcp-to-dml cannot express exactly gets a
// located error that says why: DirectML applies duplicate writes in no
// documented order and has no scatter reduction, so uniqueness must be
// known; it cannot skip updates (mode drop); and its MIN/MAX leave NaN and signed zeros undocumented.

func.func @not_known_unique(%x: tensor<8x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) -> tensor<8x3xf32> {
  // expected-error@below {{'tcp.scatter_nd' op cannot be lowered to DirectML: DirectML applies duplicate updates in no documented order and has no scatter reduction, so the result is exact only when no two updates write the same element: mark the op unique_indices, use constant indices, or pass assume-unique-indices=true if the indices are known unique}}
  %0 = tcp.scatter_nd %x, %i, %u : tensor<8x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @constant_duplicates(%x: tensor<5xf32>, %u: tensor<3xf32>) -> tensor<5xf32> {
  %i = tcp.const {value = dense<[1, 4, -4]> : tensor<3xi64>} : tensor<3xi64>
  // expected-error@below {{'tcp.scatter' op cannot be lowered to DirectML: the constant indices write one output element twice (updates 0 and 2, in row-major order), and DirectML applies duplicate updates in no documented order; tcp applies them in order, so this scatter keeps its meaning only with unique indices}}
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "wrap_negative"} : tensor<5xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @drop(%x: tensor<5xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<5xf32> {
  // expected-error@below {{'tcp.scatter' op cannot be lowered to DirectML: mode "drop" cannot be expressed: a DirectML scatter cannot skip an update whose index is out of range (only constant indices, checked in range at compile time, are lowered)}}
  %0 = tcp.scatter %x, %i, %u {dim = 0 : index, mode = "drop", unique_indices} : tensor<5xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @drop_constant_out_of_range(%x: tensor<5xf32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  %i = tcp.const {value = dense<[1, 5]> : tensor<2xi64>} : tensor<2xi64>
  // expected-error@below {{'tcp.scatter' op cannot be lowered to DirectML: constant index 5 is out of bounds for a dimension of size 5 (mode drop)}}
  %0 = tcp.scatter %x, %i, %u {dim = 0 : index, mode = "drop"} : tensor<5xf32>, tensor<2xi64>, tensor<2xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @mode_error(%x: tensor<5xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<5xf32> {
  // expected-error@below {{'tcp.scatter' op cannot be lowered to DirectML: mode "error" cannot be expressed: DirectML does not report out-of-range indices (its output for them is undefined); use constant indices or pass assume-in-bounds=true to lower the indices as promised in bounds}}
  %0 = tcp.scatter %x, %i, %u {dim = 0 : index, mode = "error", unique_indices} : tensor<5xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @float_max(%x: tensor<8x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) -> tensor<8x3xf32> {
  // expected-error@below {{'tcp.scatter_nd' op cannot be lowered to DirectML: combine "max" on floats: DirectML does not document what ELEMENT_WISE_MAX does with NaN and signed zeros, which tcp defines (NaN propagates, -0 < +0)}}
  %0 = tcp.scatter_nd %x, %i, %u {combine = "max", unique_indices} : tensor<8x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @empty_tuple(%x: tensor<4xf32>, %i: tensor<2x0xi64>, %u: tensor<2x4xf32>) -> tensor<4xf32> {
  // expected-error@below {{'tcp.scatter_nd' op cannot be lowered to DirectML: tensor tensor<2x0xi64> is empty, and DirectML tensors cannot have zero-size dims}}
  %0 = tcp.scatter_nd %x, %i, %u {unique_indices} : tensor<4xf32>, tensor<2x0xi64>, tensor<2x4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @smaller_indices(%x: tensor<3x5xf32>, %i: tensor<2x2xi64>, %u: tensor<2x2xf32>) -> tensor<3x5xf32> {
  // expected-error@below {{'tcp.scatter' op cannot be lowered to DirectML: DML_SCATTER_ELEMENTS needs indices with the input's sizes off the axis, got indices [2 2] for input [3 5] (dim 1)}}
  %0 = tcp.scatter %x, %i, %u {dim = 1 : index, unique_indices} : tensor<3x5xf32>, tensor<2x2xi64>, tensor<2x2xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
