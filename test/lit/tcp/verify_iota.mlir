// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.iota.

func.func @sizes_count(%n: index) {
  // expected-error@+1 {{'tcp.iota' op expects 2 sizes, one per result dim, got 1}}
  %0 = tcp.iota(%n) {dim = 0 : index} : tensor<?x3xi32>
  return
}

// -----

func.func @dim_range(%n: index) {
  // expected-error@+1 {{'tcp.iota' op expects dim in [0, 1), got 1}}
  %0 = tcp.iota(%n) {dim = 1 : index} : tensor<?xi32>
  return
}

// -----

func.func @static_mismatch() {
  %c4 = arith.constant 4 : index
  // expected-error@+1 {{'tcp.iota' op expects size 4 of dim 0 to be its static size 3}}
  %0 = tcp.iota(%c4) {dim = 0 : index} : tensor<3xi32>
  return
}

// -----

func.func @unsigned(%n: index) {
  // expected-error@+1 {{'tcp.iota' op result #0 must be ranked tensor of signless integer or float values, but got 'tensor<?xui32>'}}
  %0 = tcp.iota(%n) {dim = 0 : index} : tensor<?xui32>
  return
}
