// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// tcp.scatter and tcp.scatter_nd print in the layout of tcp.gather: the
// operands, the attributes (defaults elided), then the operand types and
// the result type. The parenthesized operand type list is accepted. The
// generic form keeps attributes as written.

// CHECK-LABEL: func.func @scatter(
// CHECK:         %[[S:.*]] = tcp.scatter %arg0, %arg1, %arg2 {dim = 0 : index} : tensor<?x?xf32>, tensor<2x?xi64>, tensor<2x?xf32> -> tensor<?x?xf32>
// CHECK:         %[[A:.*]] = tcp.scatter %[[S]], %arg1, %arg2 {combine = "add", dim = 1 : index, mode = "drop"} : tensor<?x?xf32>, tensor<2x?xi64>, tensor<2x?xf32> -> tensor<?x?xf32>
// CHECK:         return %[[A]]
// GENERIC:       "tcp.scatter"(%arg0, %arg1, %arg2) {combine = "replace", dim = 0 : index, mode = "promise_in_bounds"} : (tensor<?x?xf32>, tensor<2x?xi64>, tensor<2x?xf32>) -> tensor<?x?xf32>
// GENERIC:       "tcp.scatter"(%0, %arg1, %arg2) {combine = "add", dim = 1 : index, mode = "drop"}
func.func @scatter(%a: tensor<?x?xf32>, %i: tensor<2x?xi64>, %u: tensor<2x?xf32>) -> tensor<?x?xf32> {
  %0 = tcp.scatter %a, %i, %u {dim = 0 : index, combine = "replace", mode = "promise_in_bounds"} : tensor<?x?xf32>, tensor<2x?xi64>, tensor<2x?xf32> -> tensor<?x?xf32>
  %1 = tcp.scatter %0, %i, %u {dim = 1 : index, combine = "add", mode = "drop"} : (tensor<?x?xf32>, tensor<2x?xi64>, tensor<2x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @scatter_nd(
// CHECK:         tcp.scatter_nd %arg0, %arg1, %arg2 {batch_dims = 1 : index, combine = "max", mode = "wrap_negative", unique_indices} : tensor<2x5xi32>, tensor<2x3x1xi64>, tensor<2x3xi32> -> tensor<2x5xi32>
// GENERIC:       "tcp.scatter_nd"(%arg0, %arg1, %arg2) {batch_dims = 1 : index, combine = "max", mode = "wrap_negative", unique_indices}
func.func @scatter_nd(%d: tensor<2x5xi32>, %i: tensor<2x3x1xi64>, %u: tensor<2x3xi32>) -> tensor<2x5xi32> {
  %0 = tcp.scatter_nd %d, %i, %u {batch_dims = 1 : index, combine = "max", mode = "wrap_negative", unique_indices} : tensor<2x5xi32>, tensor<2x3x1xi64>, tensor<2x3xi32> -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}
