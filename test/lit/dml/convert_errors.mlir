// RUN: tcp-opt %s --convert-tcp-to-dml -split-input-file -verify-diagnostics
// RUN: not tcp-opt %s --convert-tcp-to-dml=feature-level=7.0 2>&1 | FileCheck %s --check-prefix=BADLEVEL

// Every tcp construct --convert-tcp-to-dml cannot express at feature level
// 4.1 gets a located error that says why (never a silent change of meaning).

// BADLEVEL: unknown DirectML feature level "7.0", want one of 1.0, 2.0, 2.1, 3.0, 3.1, 4.0, 4.1, 5.0, 5.1, 5.2, 6.0, 6.1, 6.2, 6.3, 6.4

func.func @mode_error(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // expected-error@below {{'tcp.gather' op cannot be lowered to DirectML: mode "error" cannot be expressed: DirectML does not report out-of-range indices (its output for them is undefined); use constant indices or pass assume-in-bounds=true to lower the indices as promised in bounds}}
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @mode_clip(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // expected-error@below {{mode "clip" on 64-bit indices needs ELEMENT_WISE_CLIP on INT64, which needs feature level 5.0, got 4.1}}
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @clip_nd_sizes(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) -> tensor<2xf32> {
  // expected-error@below {{mode "clip" on 64-bit indices needs ELEMENT_WISE_CLIP and ELEMENT_WISE_MIN on INT64, which need feature level 5.0, got 4.1}}
  %0 = tcp.gather_nd %x, %i {mode = "clip"} : tensor<3x4xf32>, tensor<2x2xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @mode_wrap(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error@below {{mode "wrap" on 64-bit indices needs ELEMENT_WISE_MODULUS_TRUNCATE and ADD on INT64 (MODULUS_FLOOR from 6.0), which need feature level 5.0, got 4.1}}
  %0 = tcp.gather_nd %x, %i {mode = "wrap"} : tensor<3x4xf32>, tensor<2x1xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @wrap_nd_sizes(%x: tensor<3x4xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  // expected-error@below {{mode "wrap" on non-constant indices needs one divisor for all index components, but the indexed dims differ in size}}
  %0 = tcp.gather_nd %x, %i {mode = "wrap"} : tensor<3x4xf32>, tensor<2x2xi32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @mode_fill(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // expected-error@below {{mode "fill" on non-constant indices is lowered as a clip, an in-range mask and ELEMENT_WISE_IF; the clip of 64-bit indices needs ELEMENT_WISE_CLIP on INT64, which needs feature level 5.0, got 4.1}}
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "fill"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @mode_fill_gather_nd(%x: tensor<3x4xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  // expected-error@below {{mode "fill" of tcp.gather_nd on non-constant indices is not lowered (its in-range mask would reduce over each index tuple)}}
  %0 = tcp.gather_nd %x, %i {mode = "fill"} : tensor<3x4xf32>, tensor<2x2xi32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @fill_constant_out_of_range(%x: tensor<3xf32>) -> tensor<2xf32> {
  %i = tcp.const {value = dense<[0, 7]> : tensor<2xi64>} : tensor<2xi64>
  // expected-error@below {{mode "fill" with the out-of-range constant index 7 (size 3) needs a masked select (ELEMENT_WISE_IF), which is not lowered}}
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "fill"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @error_constant_out_of_range(%x: tensor<3xf32>) -> tensor<2xf32> {
  %i = tcp.const {value = dense<[0, -1]> : tensor<2xi64>} : tensor<2xi64>
  // expected-error@below {{constant index -1 is out of bounds for a dimension of size 3 (mode error)}}
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @non_constant_slice(%x: tensor<4xf32>, %s: index) -> tensor<2xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error@below {{DML_SLICE1 needs constant starts, got a non-constant value for dim 0}}
  %0 = tcp.slice %x starts(%s) sizes(%c2) strides(%c1) : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic(%x: tensor<?x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // expected-error@below {{tensor must have a static shape, got tensor<?x4xf32> (dim 0 is dynamic): give the function's dynamic argument dims sizes with specialize-dims{shapes=...} (tcp-pipeline --specialize-dims) before lowering}}
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<?x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @empty(%x: tensor<3x4xf32>, %i: tensor<0x4xi64>) -> tensor<0x4xf32> {
  // expected-error@below {{tensor tensor<0x4xi64> is empty, and DirectML tensors cannot have zero-size dims}}
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<0x4xi64> -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

// -----

func.func @rank9(%x: tensor<1x1x1x1x1x1x1x1x2xf32>, %i: tensor<1x1x1x1x1x1x1x1x2xi64>) -> tensor<1x1x1x1x1x1x1x1x2xf32> {
  // expected-error@below {{DML_OPERATOR_GATHER_ELEMENTS needs 9 dims, more than DirectML's 8}}
  %0 = tcp.gather %x, %i {dim = 8 : index} : tensor<1x1x1x1x1x1x1x1x2xf32>, tensor<1x1x1x1x1x1x1x1x2xi64> -> tensor<1x1x1x1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x2xf32>
}

// -----

func.func @no_lowering(%x: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error@below {{'tensor.extract' op cannot be lowered to DirectML: no DirectML lowering for this op}}
  %0 = tensor.extract %x[%c0] : tensor<4xf32>
  return %0 : f32
}

// -----

// An empty result (as a framework's x[[]] folds to) has no DirectML
// tensor to live in, not even as a graph output.
func.func @empty_result(%x: tensor<0x4xf32>) -> tensor<0x3xf32> {
  // expected-error@below {{'tcp.const' op cannot be lowered to DirectML: the constant tensor<0x3xf32> is empty, and DirectML tensors cannot have zero-size dims (every size of a DML_BUFFER_TENSOR_DESC is at least 1, so no operator, graph input or graph output can hold it; an empty result is not lowered)}}
  %0 = tcp.const {value = dense<> : tensor<0x3xf32>} : tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}
