// RUN: tcp-opt %s -split-input-file --canonicalize --verify-semantics | FileCheck %s

// TensorFlow's gather_nd(batch_dims=1): the batch coordinate of each row
// concatenated in front of the row's index. The canonicalizer folds it into
// tcp.gather_nd with batch_dims (the coordinates are always in range, so
// mode "error" raises exactly when it did).

// CHECK-LABEL: func.func @batch1
// CHECK-NOT:     tensor.concat
// CHECK:         %[[G:.*]] = tcp.gather_nd %arg0, %arg1 {batch_dims = 1 : index, mode = "error"} : tensor<2x4x3xf32>, tensor<2x2xi64> -> tensor<2xf32>
// CHECK:         return %[[G]]
func.func @batch1(%x: tensor<2x4x3xf32>, %i: tensor<2x2xi64>) -> tensor<2xf32> {
  %c = tcp.const {value = dense<[[0], [1]]> : tensor<2x1xi64>} : tensor<2x1xi64>
  %idx = tensor.concat dim(1) %c, %i : (tensor<2x1xi64>, tensor<2x2xi64>) -> tensor<2x3xi64>
  %0 = tcp.gather_nd %x, %idx {mode = "error"} : tensor<2x4x3xf32>, tensor<2x3xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Two batch dims, with inner index dims.
// CHECK-LABEL: func.func @batch2
// CHECK:         tcp.gather_nd %arg0, %arg1 {batch_dims = 2 : index, mode = "clip"} : tensor<2x3x4xf32>, tensor<2x3x5x1xi32> -> tensor<2x3x5xf32>
func.func @batch2(%x: tensor<2x3x4xf32>, %i: tensor<2x3x5x1xi32>) -> tensor<2x3x5xf32> {
  %c = tcp.const {value = dense<[[[[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], [[0, 1], [0, 1], [0, 1], [0, 1], [0, 1]], [[0, 2], [0, 2], [0, 2], [0, 2], [0, 2]]], [[[1, 0], [1, 0], [1, 0], [1, 0], [1, 0]], [[1, 1], [1, 1], [1, 1], [1, 1], [1, 1]], [[1, 2], [1, 2], [1, 2], [1, 2], [1, 2]]]]> : tensor<2x3x5x2xi32>} : tensor<2x3x5x2xi32>
  %idx = tensor.concat dim(3) %c, %i : (tensor<2x3x5x2xi32>, tensor<2x3x5x1xi32>) -> tensor<2x3x5x3xi32>
  %0 = tcp.gather_nd %x, %idx {mode = "clip"} : tensor<2x3x4xf32>, tensor<2x3x5x3xi32> -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Not the coordinates: left alone.
// CHECK-LABEL: func.func @not_iota
// CHECK:         tensor.concat
// CHECK:         tcp.gather_nd %arg0, %{{.*}} {mode = "error"}
func.func @not_iota(%x: tensor<2x4x3xf32>, %i: tensor<2x2xi64>) -> tensor<2xf32> {
  %c = tcp.const {value = dense<[[1], [0]]> : tensor<2x1xi64>} : tensor<2x1xi64>
  %idx = tensor.concat dim(1) %c, %i : (tensor<2x1xi64>, tensor<2x2xi64>) -> tensor<2x3xi64>
  %0 = tcp.gather_nd %x, %idx {mode = "error"} : tensor<2x4x3xf32>, tensor<2x3xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
