// RUN: tcp-opt %s --canonicalize --split-input-file --verify-semantics | FileCheck %s

// A clamp written as compares and selects (ONNX Greater/Less + Where)
// becomes arith.minsi/maxsi; --verify-semantics runs each function on
// random inputs before and after.

// CHECK-LABEL: func.func @min_form
// CHECK-NEXT:    %[[M:.*]] = arith.minsi %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT:    return %[[M]]
func.func @min_form(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %c = arith.cmpi sgt, %a, %b : tensor<4xi32>
  %s = arith.select %c, %b, %a : tensor<4xi1>, tensor<4xi32>
  return %s : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @max_form
// CHECK-NEXT:    %[[M:.*]] = arith.maxsi %arg0, %arg1 : tensor<4xi64>
// CHECK-NEXT:    return %[[M]]
func.func @max_form(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %c = arith.cmpi sle, %a, %b : tensor<4xi64>
  %s = arith.select %c, %b, %a : tensor<4xi1>, tensor<4xi64>
  return %s : tensor<4xi64>
}

// -----

// MXNet's clip: the second select compares the original index, not the
// first select's result; with the constants 0 <= 4 it is still a max.
// CHECK-LABEL: func.func @clip_chain
// CHECK:         arith.minsi
// CHECK:         arith.maxsi
// CHECK-NOT:     arith.select
func.func @clip_chain(%i: tensor<5xi64>) -> tensor<5xi64> {
  %hi = arith.constant dense<4> : tensor<5xi64>
  %lo = arith.constant dense<0> : tensor<5xi64>
  %gt = arith.cmpi sgt, %i, %hi : tensor<5xi64>
  %w0 = arith.select %gt, %hi, %i : tensor<5xi1>, tensor<5xi64>
  %lt = arith.cmpi slt, %i, %lo : tensor<5xi64>
  %w1 = arith.select %lt, %lo, %w0 : tensor<5xi1>, tensor<5xi64>
  return %w1 : tensor<5xi64>
}

// -----

// Not a clamp when the lower bound exceeds the upper one: kept.
// CHECK-LABEL: func.func @inverted_bounds
// CHECK:         arith.minsi
// CHECK:         arith.select
func.func @inverted_bounds(%i: tensor<5xi64>) -> tensor<5xi64> {
  %hi = arith.constant dense<1> : tensor<5xi64>
  %lo = arith.constant dense<3> : tensor<5xi64>
  %gt = arith.cmpi sgt, %i, %hi : tensor<5xi64>
  %w0 = arith.select %gt, %hi, %i : tensor<5xi1>, tensor<5xi64>
  %lt = arith.cmpi slt, %i, %lo : tensor<5xi64>
  %w1 = arith.select %lt, %lo, %w0 : tensor<5xi1>, tensor<5xi64>
  return %w1 : tensor<5xi64>
}

// -----

// select(a > b, a, b) is a max written the other way round, which this
// pattern does not match: kept.
// CHECK-LABEL: func.func @not_min
// CHECK:         arith.select
func.func @not_min(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %c = arith.cmpi sgt, %a, %b : tensor<4xi32>
  %s = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xi32>
  return %s : tensor<4xi32>
}
