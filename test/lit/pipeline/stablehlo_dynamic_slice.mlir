// RUN: tcp-pipeline %s --trials 8 --verbose | FileCheck %s

// dynamic_slice of a dynamic operand: the start is a tensor.extract
// clamped with maxsi/minsi; the Go kernel loads it before its loop
// (DirectML needs static shapes).
// CHECK: tensor.extract
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tcp.slice
// CHECK: := max(
// CHECK: := min(
// CHECK: 8 of 8 argument sets agree across frontend, tcp, Go kernel{{$}}
// CHECK: OK: every stage computes the frontend's values
func.func @dynamic_slice(%x: tensor<?xf32>, %s: tensor<i32>) -> tensor<2xf32> {
  %0 = "stablehlo.dynamic_slice"(%x, %s) {slice_sizes = array<i64: 2>} : (tensor<?xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

