// Functions are canonicalized and cse'd in parallel by default; one thread
// with --mlir-disable-threading; the output is the same.
// RUN: tcp-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s
// RUN: tcp-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-disable-threading | FileCheck %s

// CHECK-LABEL: func.func @a
// CHECK-NEXT: %[[G:.*]] = tcp.gather
// CHECK-NEXT: return %[[G]], %[[G]]
func.func @a(%x: tensor<4xf32>, %i: tensor<2xi64>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  %1 = tcp.gather %x, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @b
// CHECK-NEXT: %[[G:.*]] = tcp.gather
// CHECK-NEXT: return %[[G]], %[[G]]
func.func @b(%x: tensor<4xf32>, %i: tensor<2xi64>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  %1 = tcp.gather %x, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  %2 = tcp.gather %x, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
