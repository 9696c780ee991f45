// RUN: tcp-opt %s --convert-tcp-to-dml -split-input-file -verify-diagnostics

// The index arithmetic --convert-tcp-to-dml cannot express (arith.go),
// each a located error.

// DirectML's MODULUS_TRUNCATE cannot report a zero divisor, which the
// interpreter does: only constant divisors are lowered.
func.func @remsi_computed(%i: tensor<4xi32>, %n: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@below {{'arith.remsi' op cannot be lowered to DirectML: arith.remsi needs a constant divisor: DirectML's MODULUS_TRUNCATE has no division-by-zero error, got a computed divisor}}
  %0 = arith.remsi %i, %n : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @remsi_zero(%i: tensor<4xi32>) -> tensor<4xi32> {
  %n = tcp.const {value = dense<[3, 0, 2, 5]> : tensor<4xi32>} : tensor<4xi32>
  // expected-error@below {{'arith.remsi' op cannot be lowered to DirectML: arith.remsi divides by zero (element 1 of the constant divisor), which DirectML cannot report}}
  %0 = arith.remsi %i, %n : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// DirectML compares INT32 as signed.
func.func @unsigned_predicate(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error@below {{'arith.cmpi' op cannot be lowered to DirectML: predicate ult on i32: DirectML compares INT32 data as signed}}
  %0 = arith.cmpi ult, %a, %b : tensor<4xi32>
  return %0 : tensor<4xi1>
}

// -----

// i1 moves as UINT8, which DirectML compares as unsigned.
func.func @signed_predicate_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error@below {{'arith.cmpi' op cannot be lowered to DirectML: predicate slt on i1: DirectML compares UINT8 data as unsigned}}
  %0 = arith.cmpi slt, %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @i1_add(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error@below {{'arith.addi' op cannot be lowered to DirectML: i1 arithmetic is not lowered (DirectML would compute it on UINT8 without wrapping at 1 bit)}}
  %0 = arith.addi %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @scalar_condition(%c: i1, %a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@below {{'arith.select' op cannot be lowered to DirectML: operands must be tensors, got i1}}
  %0 = arith.select %c, %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// The integer elementwise operators take 64-bit data from 5.0 (our
// reading; see dml.element_wise_add).
func.func @add_i64(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error@below {{'arith.addi' op cannot be lowered to DirectML: INT64 data in ELEMENT_WISE_ADD needs feature level 5.0, got 4.1}}
  %0 = arith.addi %a, %b : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// DirectML's float comparisons are ordered; an unordered predicate (true
// on NaN) other than une has no operator.
func.func @cmpf_unordered(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@below {{'arith.cmpf' op cannot be lowered to DirectML: predicate ult: DirectML's comparisons are ordered (false on NaN) and its not-equals is NOT(EQUALS); only oeq, une, olt, ole, ogt and oge are lowered}}
  %0 = arith.cmpf ult, %a, %b : tensor<4xf32>
  return %0 : tensor<4xi1>
}

// -----

func.func @cmpf_f64(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xi1> {
  // expected-error@below {{'arith.cmpf' op cannot be lowered to DirectML: only f32 and f16 comparisons are lowered, got f64}}
  %0 = arith.cmpf olt, %a, %b : tensor<4xf64>
  return %0 : tensor<4xi1>
}

// -----

// Float arithmetic (torch's y[1] += v) stays in the Go backend.
func.func @addf(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@below {{'arith.addf' op cannot be lowered to DirectML: float arithmetic is not lowered: DirectML's float operators follow Direct3D's float rules, which let float32 denormals flush to zero, so values could differ from arith's IEEE result}}
  %0 = arith.addf %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// tcp.bitcast reinterprets bits; DirectML's CAST converts values.
func.func @bitcast(%a: tensor<4xi8>) -> tensor<4xui8> {
  // expected-error@below {{'tcp.bitcast' op cannot be lowered to DirectML: tcp.bitcast of i8 to ui8: DirectML's CAST converts values (it may clamp), it does not reinterpret bits}}
  %0 = tcp.bitcast %a : tensor<4xi8> -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
