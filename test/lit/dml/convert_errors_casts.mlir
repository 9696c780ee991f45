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
  // expected-error@below {{'arith.extui' op cannot be lowered to DirectML: extui from i16 is not lowered (DirectML's CAST sign-extends INT16 data); only i1, which moves as UINT8 0 or 1, is}}
  %0 = arith.extui %i : tensor<4x2xi16> to tensor<4x2xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}


// -----

// fptosi fails on NaN and out-of-range values; DirectML cannot report
// them, so it is lowered only with assume-in-bounds.
func.func @fptosi(%x: tensor<5xf32>, %f: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@below {{'arith.fptosi' op cannot be lowered to DirectML: DirectML's CAST cannot report a NaN or out-of-range value, which fptosi refuses; assume-in-bounds (tcp-pipeline --assume-in-bounds) lowers it as if every value fits}}
  %0 = arith.fptosi %f : tensor<4xf32> to tensor<4xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<5xf32>, tensor<4xi32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// i1 moves as UINT8 0 or 1: extsi would need true to become -1.
func.func @extsi_i1(%x: tensor<5xf32>, %m: tensor<4xi1>) -> tensor<4xf32> {
  // expected-error@below {{'arith.extsi' op cannot be lowered to DirectML: arith.extsi of i1 is not lowered (i1 moves as UINT8 0 or 1; DirectML's CAST cannot make true -1)}}
  %0 = arith.extsi %m : tensor<4xi1> to tensor<4xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<5xf32>, tensor<4xi32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// DirectML has no bfloat16 type, so there is no CAST to it.
func.func @truncf_bf16(%x: tensor<4xf32>) -> tensor<4xbf16> {
  // expected-error@below {{'arith.truncf' op cannot be lowered to DirectML: arith.truncf of bf16: bf16 data moves through DirectML only as UINT16 bits (DirectML has no bfloat16 type to convert)}}
  %0 = arith.truncf %x : tensor<4xf32> to tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// sitofp from a 64-bit integer would round twice (through float64).
func.func @sitofp_i64(%x: tensor<4xi64>) -> tensor<4xf32> {
  // expected-error@below {{'arith.sitofp' op cannot be lowered to DirectML: sitofp from 8- to 32-bit signless integers only (a 64-bit integer would round twice), got i64}}
  %0 = arith.sitofp %x : tensor<4xi64> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Integer division (ONNX Div, TensorFlow's // of indices) stays refused.
func.func @divsi(%x: tensor<5xf32>, %i: tensor<4xi32>) -> tensor<4xf32> {
  %two = tcp.const {value = dense<2> : tensor<4xi32>} : tensor<4xi32>
  // expected-error@below {{'arith.divsi' op cannot be lowered to DirectML: integer division is not lowered: DML_OPERATOR_ELEMENT_WISE_DIVIDE's rounding of integer quotients is not specified as truncation toward zero, which arith.divsi needs, and a zero divisor has no error path}}
  %q = arith.divsi %i, %two : tensor<4xi32>
  %1 = tcp.gather %x, %q {dim = 0 : index, mode = "clip"} : tensor<5xf32>, tensor<4xi32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
