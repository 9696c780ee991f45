// RUN: tcp-pipeline %s --trials 8 | FileCheck %s

// lax.dynamic_update_slice with a run-time start: the offset is read and
// clamped (maxsi/minsi), the Go kernel agrees; DirectML refuses with a
// located error (its scatter needs constant indices; the message is
// checked in test/lit/dml/insert_slice_errors.mlir).
// CHECK: tcp 7 ops: arith.constant x2, tensor.extract, arith.index_cast, arith.maxsi, arith.minsi, tensor.insert_slice
// CHECK: DirectML skipped: this stage cannot be built
// CHECK: 8 of 8 argument sets agree across frontend, tcp, Go kernel{{$}}
// CHECK: OK: every stage computes the frontend's values
func.func @dus_dyn(%x: tensor<5x3xf32>, %u: tensor<2x3xf32>, %s: tensor<i32>) -> tensor<5x3xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %x, %u, %s, %c0 : (tensor<5x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
