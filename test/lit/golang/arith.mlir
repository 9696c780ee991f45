// Elementwise integer arith on index tensors in the Go backend: jax's
// index wrapping (remsi, cmpi, andi, addi, select) is computed at the
// index load of the gather, never materialized (the rejected cases are
// arith_divisor.mlir and arith_returned.mlir).
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e wrapped --backend=go | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e wrapped --backend=interp | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func Wrap(
// CHECK: % 6
// CHECK: tcpB2I(
// CHECK: tcpSel(
// CHECK-NOT: make(
// CHECK-LABEL: func WrapDims(
func.func @wrap(%x: tensor<6x3xf32>, %i: tensor<?xi32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %i, %c0 : tensor<?xi32>
  %k6 = arith.constant dense<6> : tensor<1xi32>
  %kz = arith.constant dense<0> : tensor<1xi32>
  %f6 = tcp.broadcast_to %k6, %n {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
  %fz = tcp.broadcast_to %kz, %n {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
  %r = arith.remsi %i, %f6 : tensor<?xi32>
  %ne = arith.cmpi ne, %r, %fz : tensor<?xi32>
  %lt = arith.cmpi slt, %r, %fz : tensor<?xi32>
  %m = arith.andi %lt, %ne : tensor<?xi1>
  %a = arith.addi %r, %f6 : tensor<?xi32>
  %w = arith.select %m, %a, %r : tensor<?xi1>, tensor<?xi32>
  %e = tensor.expand_shape %w [[0, 1]] : tensor<?xi32> into tensor<?x1xi32>
  %b = tcp.broadcast_to %e, %c3 {axes = [1]} : tensor<?x1xi32>, index -> tensor<?x3xi32>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "promise_in_bounds"} : tensor<6x3xf32>, tensor<?x3xi32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// jax's fill: a select of the gathered rows with a NaN splat under an
// in-bounds mask is a guard on the copied row, not a temporary.
// CHECK-LABEL: func Fill(
// CHECK: tcpB2I(
// CHECK: math.Float32frombits(0x7fc00000)
// CHECK-NOT: make(
// CHECK-LABEL: func FillDims(
func.func @fill(%x: tensor<6x3xf32>, %i: tensor<4xi32>) -> tensor<4x3xf32> {
  %c3 = arith.constant 3 : index
  %k0 = arith.constant dense<0> : tensor<4xi32>
  %k5 = arith.constant dense<5> : tensor<4xi32>
  %nan = tcp.const {value = dense<0x7FC00000> : tensor<4x3xf32>} : tensor<4x3xf32>
  %ge = arith.cmpi sge, %i, %k0 : tensor<4xi32>
  %le = arith.cmpi sle, %i, %k5 : tensor<4xi32>
  %ok = arith.andi %ge, %le : tensor<4xi1>
  %e = tensor.expand_shape %i [[0, 1]] : tensor<4xi32> into tensor<4x1xi32>
  %b = tcp.broadcast_to %e, %c3 {axes = [1]} : tensor<4x1xi32>, index -> tensor<4x3xi32>
  %g = tcp.gather %x, %b {dim = 0 : index, mode = "clip"} : tensor<6x3xf32>, tensor<4x3xi32> -> tensor<4x3xf32>
  %oe = tensor.expand_shape %ok [[0, 1]] : tensor<4xi1> into tensor<4x1xi1>
  %ob = tcp.broadcast_to %oe, %c3 {axes = [1]} : tensor<4x1xi1>, index -> tensor<4x3xi1>
  %0 = arith.select %ob, %g, %nan : tensor<4x3xi1>, tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -1 wraps to 5, 7 to 1, -13 to 5, 2 stays.
// OUT: dense<[5.000000e+00, 1.000000e+00, 5.000000e+00, 2.000000e+00]> : tensor<4xf32>
func.func @wrapped() -> tensor<4xf32> {
  %x = tcp.const {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>} : tensor<6xf32>
  %i = tcp.const {value = dense<[-1, 7, -13, 2]> : tensor<4xi32>} : tensor<4xi32>
  %k6 = arith.constant dense<6> : tensor<4xi32>
  %kz = arith.constant dense<0> : tensor<4xi32>
  %r = arith.remsi %i, %k6 : tensor<4xi32>
  %lt = arith.cmpi slt, %r, %kz : tensor<4xi32>
  %a = arith.addi %r, %k6 : tensor<4xi32>
  %w = arith.select %lt, %a, %r : tensor<4xi1>, tensor<4xi32>
  %0 = tcp.gather %x, %w {dim = 0 : index, mode = "error"} : tensor<6xf32>, tensor<4xi32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
