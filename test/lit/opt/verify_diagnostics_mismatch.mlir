// RUN: not tcp-opt %s -verify-diagnostics 2>&1 | FileCheck %s

// A missing or unexpected diagnostic fails --verify-diagnostics with
// mlir-opt's messages.

func.func @f(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // CHECK: error: unexpected error: 'tcp.gather' op expects dim in [0, 2), got 7
  // CHECK: error: expected error "this is not the message" was not produced
  // expected-error@+1 {{this is not the message}}
  %0 = tcp.gather %a, %i {dim = 7 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
