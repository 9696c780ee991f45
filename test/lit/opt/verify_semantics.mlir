// RUN: tcp-opt %s --verify-semantics --canonicalize --cse | FileCheck %s
// RUN: tcp-opt %s --verify-semantics --pass-pipeline='builtin.module(func.func(canonicalize,cse),canonicalize)' | FileCheck %s

// --verify-semantics runs every function on random inputs (dynamic dims
// drawn at random, index tensors in and out of range) before and after
// each pass and fails on any difference; correct passes go through and
// print their output as usual.

// CHECK-LABEL: func.func @gather_modes
// CHECK:         tcp.slice
// CHECK:         tcp.gather {{.*}}mode = "clip"
func.func @gather_modes(%x: tensor<?x4xf32>, %i: tensor<2x4xi64>) -> (tensor<3x4xf32>, tensor<2x4xf32>) {
  %iota = tcp.const {value = dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xi64>} : tensor<3x4xi64>
  %0 = tcp.gather %x, %iota {dim = 0 : index, mode = "error"} : tensor<?x4xf32>, tensor<3x4xi64> -> tensor<3x4xf32>
  %1 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<?x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %2 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<?x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0, %2 : tensor<3x4xf32>, tensor<2x4xf32>
}

// CHECK-LABEL: func.func @calls
// CHECK:         call @callee
func.func @calls(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %0 = call @callee(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func private @callee(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %0 = tcp.slice %x starts(%c0) sizes(%d) strides(%c1) : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A dead gather is erased although it could raise an error (mode error):
// a documented exception of the check, as dead-code elimination erases
// dead Pure ops.
// CHECK-LABEL: func.func @dead_error
// CHECK-NEXT:    return %arg0
func.func @dead_error(%x: tensor<3xf32>, %i: tensor<2xi64>) -> tensor<3xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %x : tensor<3xf32>
}
