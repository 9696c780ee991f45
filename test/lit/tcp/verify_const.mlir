// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.const (the same table as
// dialect/tcp/verify_test.go), checked with expected-error.

func.func @type() {
  // expected-error@+1 {{'tcp.const' op expects the type of value (tensor<2xi32>) to equal the result type (tensor<2xi64>); tcp.const cannot be used to cast types}}
  %0 = tcp.const {value = dense<[1, 2]> : tensor<2xi32>} : tensor<2xi64>
  return
}

// -----

func.func @missing_value() {
  // expected-error@+1 {{'tcp.const' op requires attribute 'value'}}
  %0 = tcp.const : tensor<2xi64>
  return
}

// -----

func.func @value_kind() {
  // expected-error@+1 {{'tcp.const' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = tcp.const {value = 1 : i64} : tensor<2xi64>
  return
}
