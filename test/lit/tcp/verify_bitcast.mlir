// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.bitcast.

func.func @widths_differ(%a: tensor<2xi8>) {
  // expected-error@+1 {{'tcp.bitcast' op expects operand and result element types of one width, got i8 and ui16}}
  %0 = tcp.bitcast %a : tensor<2xi8> -> tensor<2xui16>
  return
}

// -----

func.func @shapes_differ(%a: tensor<2xi8>) {
  // expected-error@+1 {{'tcp.bitcast' op expects the result shape to be the operand shape [2], got [3]}}
  %0 = tcp.bitcast %a : tensor<2xi8> -> tensor<3xui8>
  return
}

// -----

func.func @float_operand(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tcp.bitcast' op operand #0 must be ranked tensor of 8, 16, 32 or 64-bit integer of any signedness values, but got 'tensor<2xf32>'}}
  %0 = tcp.bitcast %a : tensor<2xf32> -> tensor<2xi32>
  return
}
