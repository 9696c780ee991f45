// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.transpose (the same table as
// dialect/tcp/transpose_test.go).

func.func @size(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tcp.transpose' op expects a permutation of 2 entries (the input rank), got 1}}
  %0 = tcp.transpose %a {permutation = array<i64: 0>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @range(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tcp.transpose' op expects permutation entries in [0, 2), got 2 at position 0}}
  %0 = tcp.transpose %a {permutation = array<i64: 2, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @repeated(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tcp.transpose' op expects permutation to have no repeated entries, got 1 twice}}
  %0 = tcp.transpose %a {permutation = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<3x3xf32>
  return
}

// -----

func.func @shape(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tcp.transpose' op expects result shape [3, 2] (the input shape permuted), got [2, 3]}}
  %0 = tcp.transpose %a {permutation = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @elem(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tcp.transpose' op failed to verify that all of {in, out} have same element type}}
  %0 = tcp.transpose %a {permutation = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xi32>
  return
}
