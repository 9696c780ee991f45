// RUN: tcp-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not tcp-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=ERR

// --split-input-file processes each chunk independently and joins the
// outputs with `// -----`; --verify-diagnostics matches expected-* comments
// (@+N, @-N, @above, @below) with file-absolute line numbers in every chunk.

// CHECK-LABEL: func.func @ok
func.func @ok(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @below(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // expected-error@below {{'tcp.gather' op expects dim in [0, 2), got 5}}
  %0 = tcp.gather %a, %i {dim = 5 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// ERR: split_verify.mlir:[[# @LINE - 3]]:8: error: 'tcp.gather' op expects dim in [0, 2), got 5

// -----

func.func @minus(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x5xf32> {
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x5xf32>
  // expected-error@-1 {{expects the result shape [2, 5] to equal the indices shape [2, 4]}}
  return %0 : tensor<2x5xf32>
}
// ERR: split_verify.mlir:[[# @LINE - 4]]:8: error: 'tcp.gather' op expects the result shape [2, 5]

// -----

// CHECK-LABEL: func.func @last
func.func @last() {
  return
}
