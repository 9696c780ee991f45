// RUN: tcp-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: tcp-opt %s --canonicalize --split-input-file --verify-semantics | FileCheck %s

// Index arithmetic that frameworks wrap around a gather folds into the
// gather's index mode when the result is the same for every index
// (passes/idioms). The index may reach the gather through the slice-gather
// recipe's expand_shape and broadcast_to.

// clamp(i, 0, n - 1) (stablehlo.clamp converts to maxsi then minsi) is
// mode clip, whatever the gather's mode was.
// CHECK-LABEL: func.func @clamp_to_clip
// CHECK-NOT:     arith.maxsi
// CHECK-NOT:     arith.minsi
// CHECK:         %[[E:.*]] = tensor.expand_shape %arg1
// CHECK:         %[[B:.*]] = tcp.broadcast_to %[[E]]
// CHECK:         tcp.gather %arg0, %[[B]] {dim = 0 : index, mode = "clip"}
func.func @clamp_to_clip(%x: tensor<6x3xf32>, %i: tensor<4xi32>) -> tensor<4x3xf32> {
  %lo = tcp.const {value = dense<0> : tensor<4xi32>} : tensor<4xi32>
  %hi = tcp.const {value = dense<5> : tensor<4xi32>} : tensor<4xi32>
  %m = arith.maxsi %i, %lo : tensor<4xi32>
  %c = arith.minsi %m, %hi : tensor<4xi32>
  %e = tensor.expand_shape %c [[0, 1]] : tensor<4xi32> into tensor<4x1xi32>
  %c3 = arith.constant 3 : index
  %b = tcp.broadcast_to %e, %c3 {axes = [1]} : tensor<4x1xi32>, index -> tensor<4x3xi32>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "error"} : tensor<6x3xf32>, tensor<4x3xi32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// The other order, constants first, and a fill gather (its fill_value
// goes with the mode).
// CHECK-LABEL: func.func @clamp_other_order
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %arg1 {dim = 1 : index, mode = "clip"} : tensor<2x5xi64>, tensor<2x7xi64>
// CHECK-NEXT:    return %[[G]]
func.func @clamp_other_order(%x: tensor<2x5xi64>, %i: tensor<2x7xi64>) -> tensor<2x7xi64> {
  %lo = arith.constant dense<0> : tensor<2x7xi64>
  %hi = arith.constant dense<4> : tensor<2x7xi64>
  %m = arith.minsi %hi, %i : tensor<2x7xi64>
  %c = arith.maxsi %lo, %m : tensor<2x7xi64>
  %0 = tcp.gather %x, %c {dim = 1 : index, mode = "fill", fill_value = 7 : i64} : tensor<2x5xi64>, tensor<2x7xi64> -> tensor<2x7xi64>
  return %0 : tensor<2x7xi64>
}

// Bounds other than [0, n - 1] are not a mode.
// CHECK-LABEL: func.func @clamp_other_bounds
// CHECK:         arith.minsi
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "error"}
func.func @clamp_other_bounds(%x: tensor<6xf32>, %i: tensor<4xi32>) -> tensor<4xf32> {
  %lo = arith.constant dense<0> : tensor<4xi32>
  %hi = arith.constant dense<4> : tensor<4xi32>
  %m = arith.maxsi %i, %lo : tensor<4xi32>
  %c = arith.minsi %m, %hi : tensor<4xi32>
  %0 = tcp.gather %x, %c {dim = 0 : index, mode = "error"} : tensor<6xf32>, tensor<4xi32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// gather_nd: each component against its own dim, so the dims must agree.
// The clamp stays for its other user.
// CHECK-LABEL: func.func @clamp_gather_nd
// CHECK:         %[[C:.*]] = arith.minsi
// CHECK:         tcp.gather_nd %arg0, %arg1 {mode = "clip"} : tensor<4x4x2xf32>
// CHECK:         tcp.gather_nd %arg2, %[[C]] : tensor<4x5x2xf32>
func.func @clamp_gather_nd(%x: tensor<4x4x2xf32>, %i: tensor<3x2xi64>, %y: tensor<4x5x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %lo = arith.constant dense<0> : tensor<3x2xi64>
  %hi = arith.constant dense<3> : tensor<3x2xi64>
  %m = arith.maxsi %i, %lo : tensor<3x2xi64>
  %c = arith.minsi %m, %hi : tensor<3x2xi64>
  %0 = tcp.gather_nd %x, %c : tensor<4x4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  %1 = tcp.gather_nd %y, %c : tensor<4x5x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// select(i < 0, i + n, i) under error or promise_in_bounds is mode
// wrap_negative. Under wrap_negative itself it stays: the select and the
// mode wrap twice (i = -7 reads element 3 of 5), which no mode expresses.
// CHECK-LABEL: func.func @select_to_wrap_negative
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "wrap_negative"}
// CHECK:         tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "wrap_negative"}
// CHECK:         %[[S:.*]] = arith.select
// CHECK:         tcp.gather %arg0, %[[S]] {dim = 0 : index, mode = "wrap_negative"}
func.func @select_to_wrap_negative(%x: tensor<5xf32>, %i: tensor<3xi64>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %z = arith.constant dense<0> : tensor<3xi64>
  %n = arith.constant dense<5> : tensor<3xi64>
  %lt = arith.cmpi slt, %i, %z : tensor<3xi64>
  %w = arith.addi %i, %n : tensor<3xi64>
  %s = arith.select %lt, %w, %i : tensor<3xi1>, tensor<3xi64>
  %e = tensor.expand_shape %s [[0, 1]] : tensor<3xi64> into tensor<3x1xi64>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<3x1xi64> into tensor<3xi64>
  %0 = tcp.gather %x, %c {dim = 0 : index, mode = "error"} : tensor<5xf32>, tensor<3xi64> -> tensor<3xf32>
  %ge = arith.cmpi sge, %i, %z : tensor<3xi64>
  %w2 = arith.addi %n, %i : tensor<3xi64>
  %s2 = arith.select %ge, %i, %w2 : tensor<3xi1>, tensor<3xi64>
  %1 = tcp.gather %x, %s2 {dim = 0 : index} : tensor<5xf32>, tensor<3xi64> -> tensor<3xf32>
  %lt3 = arith.cmpi slt, %i, %z : tensor<3xi64>
  %w3 = arith.addi %i, %n : tensor<3xi64>
  %s3 = arith.select %lt3, %w3, %i : tensor<3xi1>, tensor<3xi64>
  %2 = tcp.gather %x, %s3 {dim = 0 : index, mode = "wrap_negative"} : tensor<5xf32>, tensor<3xi64> -> tensor<3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// Under clip (jax's x[i]) the select is "wrap once, then clamp": no mode.
// A wrong n, or an index value with another user, stays too.
// CHECK-LABEL: func.func @select_stays
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "clip"}
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "error"}
// CHECK:         %[[E:.*]] = tensor.expand_shape
// CHECK:         tcp.gather %arg2, %[[E]]
// CHECK:         return
func.func @select_stays(%x: tensor<5xf32>, %i: tensor<3xi64>, %y: tensor<5x1xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x1xf32>, tensor<3x1xi64>) {
  %z = arith.constant dense<0> : tensor<3xi64>
  %n = arith.constant dense<5> : tensor<3xi64>
  %lt = arith.cmpi slt, %i, %z : tensor<3xi64>
  %w = arith.addi %i, %n : tensor<3xi64>
  %s = arith.select %lt, %w, %i : tensor<3xi1>, tensor<3xi64>
  %0 = tcp.gather %x, %s {dim = 0 : index, mode = "clip"} : tensor<5xf32>, tensor<3xi64> -> tensor<3xf32>
  %n4 = arith.constant dense<4> : tensor<3xi64>
  %w4 = arith.addi %i, %n4 : tensor<3xi64>
  %s4 = arith.select %lt, %w4, %i : tensor<3xi1>, tensor<3xi64>
  %1 = tcp.gather %x, %s4 {dim = 0 : index, mode = "error"} : tensor<5xf32>, tensor<3xi64> -> tensor<3xf32>
  %e = tensor.expand_shape %s [[0, 1]] : tensor<3xi64> into tensor<3x1xi64>
  %2 = tcp.gather %y, %e {dim = 0 : index, mode = "error"} : tensor<5x1xf32>, tensor<3x1xi64> -> tensor<3x1xf32>
  return %0, %1, %2, %e : tensor<3xf32>, tensor<3xf32>, tensor<3x1xf32>, tensor<3x1xi64>
}

// -----

// jnp's fill mode: jax gathers under its own clamp and selects the fill
// value where an in-range mask of the index is false. The mask and the
// gather's index must read the same index values at every position (here
// both broadcast the 4x1 index along dim 1): then it is mode fill.
// CHECK-LABEL: func.func @masked_gather_to_fill
// CHECK-NOT:     arith.select
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, fill_value = -1.000000e+00 : f32, mode = "fill"}
// CHECK-NEXT:    return
func.func @masked_gather_to_fill(%x: tensor<6x3xf32>, %j: tensor<4x1xi32>) -> tensor<4x3xf32> {
  %z = tcp.const {value = dense<0> : tensor<4x1xi32>} : tensor<4x1xi32>
  %hi = tcp.const {value = dense<5> : tensor<4x1xi32>} : tensor<4x1xi32>
  %fill = tcp.const {value = dense<-1.0> : tensor<4x3xf32>} : tensor<4x3xf32>
  %c3 = arith.constant 3 : index
  %ge = arith.cmpi sge, %j, %z : tensor<4x1xi32>
  %le = arith.cmpi sle, %j, %hi : tensor<4x1xi32>
  %in = arith.andi %ge, %le : tensor<4x1xi1>
  %b = tcp.broadcast_to %j, %c3 {axes = [1]} : tensor<4x1xi32>, index -> tensor<4x3xi32>
  %g = tcp.gather %x, %b {dim = 0 : index, mode = "clip"} : tensor<6x3xf32>, tensor<4x3xi32> -> tensor<4x3xf32>
  %m = tcp.broadcast_to %in, %c3 {axes = [1]} : tensor<4x1xi1>, index -> tensor<4x3xi1>
  %r = arith.select %m, %g, %fill : tensor<4x3xi1>, tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// The mask reshaped on its way (collapse, then expand): the same
// positions, so still fill; the integer fill value is kept exactly.
// CHECK-LABEL: func.func @masked_gather_reshaped_mask
// CHECK:         tcp.gather %arg0, %arg1 {dim = 0 : index, fill_value = 7 : i64, mode = "fill"}
func.func @masked_gather_reshaped_mask(%x: tensor<4x4xi64>, %j: tensor<4x4xi32>) -> tensor<4x4xi64> {
  %z = arith.constant dense<0> : tensor<4x4x1xi32>
  %n = arith.constant dense<4> : tensor<4x4x1xi32>
  %fill = arith.constant dense<7> : tensor<4x4xi64>
  %e = tensor.expand_shape %j [[0], [1, 2]] : tensor<4x4xi32> into tensor<4x4x1xi32>
  %ge = arith.cmpi sge, %e, %z : tensor<4x4x1xi32>
  %lt = arith.cmpi slt, %e, %n : tensor<4x4x1xi32>
  %in = arith.andi %lt, %ge : tensor<4x4x1xi1>
  %m = tensor.collapse_shape %in [[0], [1, 2]] : tensor<4x4x1xi1> into tensor<4x4xi1>
  %g = tcp.gather %x, %j {dim = 0 : index, mode = "clip"} : tensor<4x4xi64>, tensor<4x4xi32> -> tensor<4x4xi64>
  %r = arith.select %m, %g, %fill : tensor<4x4xi1>, tensor<4x4xi64>
  return %r : tensor<4x4xi64>
}

// Not fill: a bound other than the dim size, a mask of another index, and
// a gather that can fail (mode error).
// CHECK-LABEL: func.func @masked_gather_stays
// CHECK-COUNT-3: arith.select
func.func @masked_gather_stays(%x: tensor<4x4xf32>, %j: tensor<4x4xi32>, %jt: tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %z = arith.constant dense<0> : tensor<4x4xi32>
  %n = arith.constant dense<4> : tensor<4x4xi32>
  %n3 = arith.constant dense<3> : tensor<4x4xi32>
  %fill = arith.constant dense<0.0> : tensor<4x4xf32>
  %ge = arith.cmpi sge, %j, %z : tensor<4x4xi32>
  %lt3 = arith.cmpi slt, %j, %n3 : tensor<4x4xi32>
  %in3 = arith.andi %ge, %lt3 : tensor<4x4xi1>
  %g = tcp.gather %x, %j {dim = 1 : index, mode = "clip"} : tensor<4x4xf32>, tensor<4x4xi32> -> tensor<4x4xf32>
  %r0 = arith.select %in3, %g, %fill : tensor<4x4xi1>, tensor<4x4xf32>
  %get = arith.cmpi sge, %jt, %z : tensor<4x4xi32>
  %ltt = arith.cmpi slt, %jt, %n : tensor<4x4xi32>
  %int = arith.andi %get, %ltt : tensor<4x4xi1>
  %r1 = arith.select %int, %g, %fill : tensor<4x4xi1>, tensor<4x4xf32>
  %lt = arith.cmpi slt, %j, %n : tensor<4x4xi32>
  %in = arith.andi %ge, %lt : tensor<4x4xi1>
  %ge2 = tcp.gather %x, %j {dim = 1 : index, mode = "error"} : tensor<4x4xf32>, tensor<4x4xi32> -> tensor<4x4xf32>
  %r2 = arith.select %in, %ge2, %fill : tensor<4x4xi1>, tensor<4x4xf32>
  return %r0, %r1, %r2 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

// Not fill: mask and index come from one index vector, but the mask
// places it along the other dim (its positions are the transpose).
// CHECK-LABEL: func.func @masked_gather_transposed_mask
// CHECK:         arith.select
func.func @masked_gather_transposed_mask(%x: tensor<4x4xf32>, %r: tensor<4xi32>) -> tensor<4x4xf32> {
  %z = arith.constant dense<0> : tensor<4xi32>
  %n = arith.constant dense<4> : tensor<4xi32>
  %fill = arith.constant dense<0.0> : tensor<4x4xf32>
  %c4 = arith.constant 4 : index
  %ge = arith.cmpi sge, %r, %z : tensor<4xi32>
  %lt = arith.cmpi slt, %r, %n : tensor<4xi32>
  %in = arith.andi %ge, %lt : tensor<4xi1>
  %ie = tensor.expand_shape %r [[0, 1]] : tensor<4xi32> into tensor<4x1xi32>
  %ib = tcp.broadcast_to %ie, %c4 {axes = [1]} : tensor<4x1xi32>, index -> tensor<4x4xi32>
  %me = tensor.expand_shape %in [[0, 1]] : tensor<4xi1> into tensor<1x4xi1>
  %mb = tcp.broadcast_to %me, %c4 {axes = [0]} : tensor<1x4xi1>, index -> tensor<4x4xi1>
  %g = tcp.gather %x, %ib {dim = 0 : index, mode = "clip"} : tensor<4x4xf32>, tensor<4x4xi32> -> tensor<4x4xf32>
  %s = arith.select %mb, %g, %fill : tensor<4x4xi1>, tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

// Python's i % n (torch.take_along_dim's remainder: remsi, then + n where
// the remainder is negative) before a gather is mode wrap, whatever the
// gather's mode was: i % n is always in range.
// CHECK-LABEL: func.func @floor_mod_to_wrap
// CHECK-NOT:     arith.remsi
// CHECK:         %[[B:.*]] = tcp.broadcast_to %arg1
// CHECK:         tcp.gather %arg0, %[[B]] {dim = 1 : index, mode = "wrap"} : tensor<3x5xf32>, tensor<3x4xi64>
func.func @floor_mod_to_wrap(%x: tensor<3x5xf32>, %i: tensor<1x4xi64>) -> tensor<3x4xf32> {
  %c3 = arith.constant 3 : index
  %b = tcp.broadcast_to %i, %c3 {axes = [0]} : tensor<1x4xi64>, index -> tensor<3x4xi64>
  %n = tcp.const {value = dense<5> : tensor<3x4xi64>} : tensor<3x4xi64>
  %z = tcp.const {value = dense<0> : tensor<3x4xi64>} : tensor<3x4xi64>
  %r = arith.remsi %b, %n : tensor<3x4xi64>
  %neg = arith.cmpi slt, %r, %z : tensor<3x4xi64>
  %w = arith.addi %r, %n : tensor<3x4xi64>
  %s = arith.select %neg, %w, %r : tensor<3x4xi1>, tensor<3x4xi64>
  %0 = tcp.gather %x, %s {dim = 1 : index, mode = "error"} : tensor<3x5xf32>, tensor<3x4xi64> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A wrap_negative gather of remsi(i, n) (what the wrap_negative fold leaves
// of the same chain) is mode wrap too.
// CHECK-LABEL: func.func @remsi_wrap_negative_to_wrap
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "wrap"} : tensor<4xi32>, tensor<6xi32>
// CHECK-NEXT:    return %[[G]]
func.func @remsi_wrap_negative_to_wrap(%x: tensor<4xi32>, %i: tensor<6xi32>) -> tensor<6xi32> {
  %n = arith.constant dense<4> : tensor<6xi32>
  %r = arith.remsi %i, %n : tensor<6xi32>
  %0 = tcp.gather %x, %r {dim = 0 : index, mode = "wrap_negative"} : tensor<4xi32>, tensor<6xi32> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

// A divisor other than the dim size is not a mode.
// CHECK-LABEL: func.func @floor_mod_other_divisor
// CHECK:         arith.remsi
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "error"}
func.func @floor_mod_other_divisor(%x: tensor<6xf32>, %i: tensor<4xi64>) -> tensor<4xf32> {
  %n = arith.constant dense<4> : tensor<4xi64>
  %z = arith.constant dense<0> : tensor<4xi64>
  %r = arith.remsi %i, %n : tensor<4xi64>
  %neg = arith.cmpi slt, %r, %z : tensor<4xi64>
  %w = arith.addi %r, %n : tensor<4xi64>
  %s = arith.select %neg, %w, %r : tensor<4xi1>, tensor<4xi64>
  %0 = tcp.gather %x, %s {dim = 0 : index, mode = "error"} : tensor<6xf32>, tensor<4xi64> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
