// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of tcp.slice (the same table as
// dialect/tcp/verify_test.go), checked with expected-error.

func.func @operand_count(%a: tensor<4x4xf32>, %s: index) {
  // expected-error@+1 {{'tcp.slice' op expects 2 starts, sizes and strides (the input rank), got 1}}
  %0 = tcp.slice %a starts(%s) sizes(%s) strides(%s) : tensor<4x4xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @rank(%a: tensor<4x4xf32>, %s: index) {
  // expected-error@+1 {{'tcp.slice' op failed to verify that all of {in, out} have same rank}}
  %0 = tcp.slice %a starts(%s, %s) sizes(%s, %s) strides(%s, %s) : tensor<4x4xf32> -> tensor<?xf32>
  return
}

// -----

func.func @element_type(%a: tensor<4x4xf32>, %s: index) {
  // expected-error@+1 {{'tcp.slice' op failed to verify that all of {in, out} have same element type}}
  %0 = tcp.slice %a starts(%s, %s) sizes(%s, %s) strides(%s, %s) : tensor<4x4xf32> -> tensor<?x?xf16>
  return
}

// -----

func.func @zero_stride(%a: tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'tcp.slice' op expects non-zero strides, got stride 0 in dim 1}}
  %0 = tcp.slice %a starts(%c0, %c0) sizes(%c2, %c2) strides(%c1, %c0) : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @size_vs_result(%a: tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'tcp.slice' op expects result dim 1 to be 2 (the size operand), got 4}}
  %0 = tcp.slice %a starts(%c0, %c0) sizes(%c2, %c2) strides(%c1, %c1) : tensor<4x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @negative_size(%a: tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm1 = arith.constant -1 : index
  // expected-error@+1 {{'tcp.slice' op expects non-negative sizes, got -1 in dim 1}}
  %0 = tcp.slice %a starts(%c0, %c0) sizes(%c2, %cm1) strides(%c1, %c1) : tensor<4x4xf32> -> tensor<2x?xf32>
  return
}

// -----

func.func @out_of_bounds(%a: tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm2 = arith.constant -2 : index
  // expected-error@+1 {{'tcp.slice' op expects the slice of dim 0 to stay in bounds: start 0, size 2, stride -2 on a dim of size 4}}
  %0 = tcp.slice %a starts(%c0, %c1) sizes(%c2, %c2) strides(%cm2, %c2) : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

// The exact edge: start 2, two elements of stride 2 end at 4, one past a
// dim of size 4.
func.func @last_at_the_dim(%a: tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'tcp.slice' op expects the slice of dim 0 to stay in bounds: start 2, size 2, stride 2 on a dim of size 4}}
  %0 = tcp.slice %a starts(%c2, %c0) sizes(%c2, %c2) strides(%c2, %c1) : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}
