// RUN: tcp-opt %s --convert-tcp-to-dml -split-input-file -verify-diagnostics

// The index casts --convert-tcp-to-dml cannot express at feature level 4.1
// (casts.go), each a located error.

// A saturating ui64 cast clamps with CLIP on UINT64 (5.0).
func.func @ui64(%x: tensor<3x2xf32>, %i: tensor<4x2xui64>) -> tensor<4x2xf32> {
  // expected-error@below {{'tcp.cast_indices' op cannot be lowered to DirectML: UINT64 data in ELEMENT_WISE_CLIP needs feature level 5.0, got 4.1}}
  %0 = tcp.cast_indices %i : tensor<4x2xui64> -> tensor<4x2xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// Under mode wrap the FLOAT bound below 2^63 would change the value.
func.func @saturating_wrap(%x: tensor<3x2xf32>, %i: tensor<4x2xui64>) -> tensor<4x2xf32> {
  // expected-error@below {{'tcp.cast_indices' op cannot be lowered to DirectML: a saturating ui64 to i64 cast is read under mode "wrap", where clamping to a FLOAT bound below the largest i64 is not exact}}
  %0 = tcp.cast_indices %i : tensor<4x2xui64> -> tensor<4x2xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "wrap"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// DirectML's CAST sign-extends a signless (INT16) source.
func.func @extui(%x: tensor<3x2xf32>, %i: tensor<4x2xi16>) -> tensor<4x2xf32> {
  // expected-error@below {{'arith.extui' op cannot be lowered to DirectML: no DirectML lowering for this op}}
  %0 = arith.extui %i : tensor<4x2xi16> to tensor<4x2xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

