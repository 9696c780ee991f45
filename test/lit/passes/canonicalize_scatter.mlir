// RUN: tcp-opt %s --canonicalize | FileCheck %s
// RUN: tcp-opt %s --canonicalize --verify-semantics

// The scatter folds: no indices leave the input; constant iota indices
// covering the whole input under replace give the updates. Anything else
// stays a scatter.

// CHECK-LABEL: func.func @empty_indices(
// CHECK-NEXT:    return %arg0
func.func @empty_indices(%a: tensor<3x4xf32>, %i: tensor<3x0xi64>, %u: tensor<3x0xf32>) -> tensor<3x4xf32> {
  %0 = tcp.scatter %a, %i, %u {dim = 1 : index, mode = "error"} : tensor<3x4xf32>, tensor<3x0xi64>, tensor<3x0xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @iota_replace(
// CHECK-NEXT:    return %arg1
func.func @iota_replace(%a: tensor<2x3xf32>, %u: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %i = tcp.const {value = dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi64>} : tensor<2x3xi64>
  %0 = tcp.scatter %a, %i, %u {dim = 1 : index, mode = "error"} : tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Along dim 0 the iota is [[0, 0, 0], [1, 1, 1]].
// CHECK-LABEL: func.func @iota_dim0(
// CHECK-NEXT:    return %arg1
func.func @iota_dim0(%a: tensor<2x3xi32>, %u: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %i = tcp.const {value = dense<[[0, 0, 0], [1, 1, 1]]> : tensor<2x3xi32>} : tensor<2x3xi32>
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32> -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// add combines with the input: no fold.
// CHECK-LABEL: func.func @iota_add(
// CHECK:         tcp.scatter
func.func @iota_add(%a: tensor<2x3xf32>, %u: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %i = tcp.const {value = dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi64>} : tensor<2x3xi64>
  %0 = tcp.scatter %a, %i, %u {combine = "add", dim = 1 : index} : tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A permutation is not the iota; indices covering part of the input
// leave the rest of it.
// CHECK-LABEL: func.func @not_iota(
// CHECK:         tcp.scatter
// CHECK:         tcp.scatter
func.func @not_iota(%a: tensor<2x3xf32>, %u: tensor<2x3xf32>, %b: tensor<3x3xf32>) -> (tensor<2x3xf32>, tensor<3x3xf32>) {
  %i = tcp.const {value = dense<[[0, 2, 1], [0, 1, 2]]> : tensor<2x3xi64>} : tensor<2x3xi64>
  %0 = tcp.scatter %a, %i, %u {dim = 1 : index} : tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xf32> -> tensor<2x3xf32>
  %j = tcp.const {value = dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi64>} : tensor<2x3xi64>
  %1 = tcp.scatter %b, %j, %u {dim = 1 : index} : tensor<3x3xf32>, tensor<2x3xi64>, tensor<2x3xf32> -> tensor<3x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3x3xf32>
}

// scatter_nd: no tuples fold in every mode; empty slices only under
// clip, wrap and drop (error still checks the tuples).
// CHECK-LABEL: func.func @nd_empty(
// CHECK-NOT:     tcp.scatter_nd {{.*}}mode = "drop"
// CHECK:         %[[E:.*]] = tcp.scatter_nd %arg2, %arg3, %arg4 {mode = "error"}
// CHECK:         return %arg0, %arg2, %[[E]]
func.func @nd_empty(%a: tensor<3x4xf32>, %i: tensor<0x1xi64>, %e: tensor<3x0xf32>, %j: tensor<2x1xi64>, %v: tensor<2x0xf32>) -> (tensor<3x4xf32>, tensor<3x0xf32>, tensor<3x0xf32>) {
  %u = tcp.const {value = dense<0.0> : tensor<0x4xf32>} : tensor<0x4xf32>
  %0 = tcp.scatter_nd %a, %i, %u {mode = "error"} : tensor<3x4xf32>, tensor<0x1xi64>, tensor<0x4xf32> -> tensor<3x4xf32>
  %1 = tcp.scatter_nd %e, %j, %v {mode = "drop"} : tensor<3x0xf32>, tensor<2x1xi64>, tensor<2x0xf32> -> tensor<3x0xf32>
  %2 = tcp.scatter_nd %e, %j, %v {mode = "error"} : tensor<3x0xf32>, tensor<2x1xi64>, tensor<2x0xf32> -> tensor<3x0xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x0xf32>, tensor<3x0xf32>
}
