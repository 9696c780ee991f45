// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.assert.

func.func @cond_not_0d(%c: tensor<2xi1>) {
  // expected-error@+1 {{'tcp.assert' op operand #0 must be tensor<i1>, but got 'tensor<2xi1>'}}
  tcp.assert %c, "x"() : (tensor<2xi1>) -> ()
  return
}

// -----

func.func @value_not_0d(%c: tensor<i1>, %v: tensor<2xi32>) {
  // expected-error@+1 {{'tcp.assert' op operand #1 must be 0-d integer tensor, but got 'tensor<2xi32>'}}
  tcp.assert %c, "x {0}"(%v) : (tensor<i1>, tensor<2xi32>) -> ()
  return
}

// -----

func.func @msg_not_string(%c: tensor<i1>) {
  // expected-error@+1 {{'tcp.assert' op attribute 'msg' failed to satisfy constraint: string attribute}}
  "tcp.assert"(%c) {msg = 3 : i64} : (tensor<i1>) -> ()
  return
}
