// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.cast_indices (the same table
// as dialect/tcp/castindices_test.go).

func.func @float_operand(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tcp.cast_indices' op operand #0 must be ranked tensor of 8, 16, 32 or 64-bit integer of any signedness values, but got 'tensor<2xf32>'}}
  %0 = tcp.cast_indices %a : tensor<2xf32> -> tensor<2xi64>
  return
}

// -----

func.func @i1_operand(%a: tensor<2xi1>) {
  // expected-error@+1 {{'tcp.cast_indices' op operand #0 must be ranked tensor of 8, 16, 32 or 64-bit integer of any signedness values, but got 'tensor<2xi1>'}}
  %0 = tcp.cast_indices %a : tensor<2xi1> -> tensor<2xi64>
  return
}

// -----

func.func @unsigned_result(%a: tensor<2xui32>) {
  // expected-error@+1 {{'tcp.cast_indices' op result #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xui64>'}}
  %0 = tcp.cast_indices %a : tensor<2xui32> -> tensor<2xui64>
  return
}

// -----

func.func @shape(%a: tensor<2xui32>) {
  // expected-error@+1 {{'tcp.cast_indices' op expects the result shape to be the operand shape [2], got [3]}}
  %0 = tcp.cast_indices %a : tensor<2xui32> -> tensor<3xi64>
  return
}

// -----

func.func @rank(%a: tensor<2x?xui32>) {
  // expected-error@+1 {{'tcp.cast_indices' op expects the result shape to be the operand shape [2, ?], got [2]}}
  %0 = tcp.cast_indices %a : tensor<2x?xui32> -> tensor<2xi64>
  return
}
