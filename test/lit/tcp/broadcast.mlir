// RUN: tcp-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// tcp.broadcast (mlir-tcp's name) and tcp.broadcast_to (the design's name)
// are one definition; each prints as written, with mlir-tcp's verifier
// messages (its test/Dialect/misc.mlir broadcast cases).

// CHECK-LABEL: func.func @broadcast_one(
// CHECK-SAME:          %[[ARG0:.*]]: tensor<1x?xf32>,
// CHECK-SAME:          %[[ARG1:.*]]: index) -> tensor<?x?xf32>
// CHECK:         %[[BCAST:.*]] = tcp.broadcast %[[ARG0]], %[[ARG1]] {axes = [0]} : tensor<1x?xf32>, index -> tensor<?x?xf32>
// CHECK:         return %[[BCAST]] : tensor<?x?xf32>
func.func @broadcast_one(%arg0 : tensor<1x?xf32>, %arg1 : index) -> tensor<?x?xf32> {
  %0 = tcp.broadcast %arg0, %arg1 {axes = [0]} : tensor<1x?xf32>, index -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_two_dims(
// CHECK:         tcp.broadcast %{{.*}}, %{{.*}}, %{{.*}} {axes = [1, 3]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>
// CHECK:         tcp.broadcast_to %{{.*}}, %{{.*}}, %{{.*}} {axes = [1, 3]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>
func.func @broadcast_two_dims(%arg0 : tensor<?x1x?x1xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?x?x?xf32> {
  %0 = tcp.broadcast %arg0, %arg1, %arg2 {axes = [1, 3]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>
  %1 = tcp.broadcast_to %arg0, %arg1, %arg2 {axes = [1, 3]} : (tensor<?x1x?x1xf32>, index, index) -> tensor<?x?x?x?xf32>
  return %1 : tensor<?x?x?x?xf32>
}

// -----

func.func @broadcast_rank(%arg0 : tensor<?xf32>, %arg1 : index) -> tensor<?x?xf32> {
  // expected-error@+1{{'tcp.broadcast' op failed to verify that all of {in, out} have same rank}}
  %0 = tcp.broadcast %arg0, %arg1 {axes = [0]} : tensor<?xf32>, index -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @broadcast_elem_type(%arg0 : tensor<1x?xf32>, %arg1 : index) -> tensor<?x?xi32> {
  // expected-error@+1{{'tcp.broadcast' op failed to verify that all of {in, out} have same element type}}
  %0 = tcp.broadcast %arg0, %arg1 {axes = [0]} : tensor<1x?xf32>, index -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

func.func @broadcast_num_axes(%arg0 : tensor<1x1xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?xf32> {
  // expected-error@+1{{'tcp.broadcast' op failed to verify that argument `new_dim_sizes` has the same size as the attribute `axes`}}
  %0 = tcp.broadcast %arg0, %arg1, %arg2 {axes = [0]} : tensor<1x1xf32>, index, index -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @broadcast_unsorted(%arg0 : tensor<?x1x?x1xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?x?x?xf32> {
  // expected-error@+1{{'tcp.broadcast' op failed to verify that attribute `axes` must be in increasing order}}
  %0 = tcp.broadcast %arg0, %arg1, %arg2 {axes = [3, 1]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @broadcast_duplicates(%arg0 : tensor<?x1x?x1xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?x?x?xf32> {
  // expected-error@+1{{'tcp.broadcast' op failed to verify that attribute `axes` must not have any duplicates}}
  %0 = tcp.broadcast %arg0, %arg1, %arg2 {axes = [1, 1]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @broadcast_out_of_bounds(%arg0 : tensor<?x1x?x1xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?x?x?xf32> {
  // expected-error@+1{{'tcp.broadcast' op failed to verify that attribute `axes` are in bounds}}
  %0 = tcp.broadcast %arg0, %arg1, %arg2 {axes = [1, 100]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @broadcast_not_one(%arg0 : tensor<?x7x?x1xf32>, %arg1 : index, %arg2 : index) -> tensor<?x?x?x?xf32> {
  // expected-error@+1{{'tcp.broadcast' op failed to verify that dimensions listed in attribute `axes` have a static size of `1`}}
  %0 = tcp.broadcast %arg0, %arg1, %arg2 {axes = [1, 1]} : tensor<?x7x?x1xf32>, index, index -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @broadcast_unlisted_dim(%arg0 : tensor<1x3xf32>, %arg1 : index) -> tensor<?x4xf32> {
  // expected-error@+1{{'tcp.broadcast_to' op expects result dim 1 (size 4) to equal the input dim (size 3), as it is not in `axes`}}
  %0 = tcp.broadcast_to %arg0, %arg1 {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @broadcast_constant_size(%arg0 : tensor<2x1xi64>) -> tensor<2x5xi64> {
  %c4 = arith.constant 4 : index
  // expected-error@+1{{'tcp.broadcast_to' op expects result dim 1 to be 4 (new_dim_sizes[0]), got 5}}
  %0 = tcp.broadcast_to %arg0, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x5xi64>
  return %0 : tensor<2x5xi64>
}

// -----

func.func @broadcast_negative_size(%arg0 : tensor<2x1xi64>) -> tensor<2x?xi64> {
  %cm1 = arith.constant -1 : index
  // expected-error@+1{{'tcp.broadcast_to' op expects non-negative new_dim_sizes, got -1 for axis 1}}
  %0 = tcp.broadcast_to %arg0, %cm1 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x?xi64>
  return %0 : tensor<2x?xi64>
}
