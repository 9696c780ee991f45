// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp --verify-semantics | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-run --print=mlir %s -e wrap_add
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e wrap_add
// NOHLO-NOT: stablehlo.

// Unsigned index arithmetic as jax prints it around a gather (jnp.take with
// uint8/uint16/uint32 ids): arith has signless integers only, so a uiN
// value that takes part in arithmetic is carried in its wide form, the
// zero-extended value in i32 (ui8, ui16) or i64 (ui32); add, subtract and
// multiply wrap to N bits with arith.andi. passes/stablehlototcp
// (TestLitEquivalence) also runs every function before and after on random
// inputs, ui values over their whole range.

// jnp.take(x, i) with uint32 ids: the negative-index fix-up compares
// unsigned (never true) and the ids reach the gather as values.
// CHECK-LABEL: func.func @take_fill_ui32(
// CHECK: %[[W:.*]] = tcp.cast_indices %arg1 : tensor<4xui32> -> tensor<4xi64>
// CHECK: arith.cmpi slt, %[[W]], %{{.*}} : tensor<4xi64>
// CHECK: %[[A:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<4xi64>
// CHECK: arith.andi %[[A]], %{{.*}} : tensor<4xi64>
// CHECK: arith.trunci %{{.*}} : tensor<4x1xi64> to tensor<4x1xi32>
func.func @take_fill_ui32(%arg0: tensor<6x2xf32>, %arg1: tensor<4xui32>) -> tensor<4x2xf32> {
  %c = stablehlo.constant dense<0> : tensor<ui32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<4xui32>
  %1 = stablehlo.compare LT, %arg1, %0, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %c_0 = stablehlo.constant dense<6> : tensor<ui32>
  %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<4xui32>
  %3 = stablehlo.add %arg1, %2 : tensor<4xui32>
  %4 = stablehlo.select %1, %3, %arg1 : tensor<4xi1>, tensor<4xui32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xui32>) -> tensor<4x1xui32>
  %6 = stablehlo.convert %5 : (tensor<4x1xui32>) -> tensor<4x1xi32>
  %7 = "stablehlo.gather"(%arg0, %6) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<6x2xf32>, tensor<4x1xi32>) -> tensor<4x2xf32>
  return %7 : tensor<4x2xf32>
}

// jnp.take(x, i, mode='wrap') with uint8 ids: the remainder result goes
// straight into the gather as its start indices (i32, the wide form of
// ui8, which DirectML compares and gathers with).
// CHECK-LABEL: func.func @take_wrap_ui8(
// CHECK: %[[W:.*]] = tcp.cast_indices %arg1 : tensor<5xui8> -> tensor<5xi32>
// CHECK: arith.remsi %[[W]], %{{.*}} : tensor<5xi32>
// CHECK: tcp.gather %arg0, %{{.*}} : tensor<6x3xf32>, tensor<5x3xi32> -> tensor<5x3xf32>
func.func @take_wrap_ui8(%arg0: tensor<6x3xf32>, %arg1: tensor<5xui8>) -> tensor<5x3xf32> {
  %c = stablehlo.constant dense<6> : tensor<ui8>
  %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<5xui8>
  %3 = stablehlo.remainder %arg1, %2 : tensor<5xui8>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<5xui8>) -> tensor<5x1xui8>
  %5 = "stablehlo.gather"(%arg0, %4) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<6x3xf32>, tensor<5x1xui8>) -> tensor<5x3xf32>
  return %5 : tensor<5x3xf32>
}

// Wrapping: 250 + 10 is 4 in ui8, 3 - 5 is 65534 in ui16, 70000 * 70000
// is 605032704 in ui32; converted back to signless values.
// CHECK-LABEL: func.func @wrap_add(
// CHECK: arith.andi %{{.*}}, %{{.*}} : tensor<2xi32>
func.func @wrap_add() {
  %a = stablehlo.constant dense<[250, 7]> : tensor<2xui8>
  %b = stablehlo.constant dense<[10, 1]> : tensor<2xui8>
  %0 = stablehlo.add %a, %b : tensor<2xui8>
  %1 = stablehlo.convert %0 : (tensor<2xui8>) -> tensor<2xi32>
  check.expect_eq_const %1, dense<[4, 8]> : tensor<2xi32>
  %c = stablehlo.constant dense<3> : tensor<ui16>
  %d = stablehlo.constant dense<5> : tensor<ui16>
  %2 = stablehlo.subtract %c, %d : tensor<ui16>
  %3 = stablehlo.convert %2 : (tensor<ui16>) -> tensor<i32>
  check.expect_eq_const %3, dense<65534> : tensor<i32>
  %e = stablehlo.constant dense<70000> : tensor<ui32>
  %4 = stablehlo.multiply %e, %e : tensor<ui32>
  %5 = stablehlo.convert %4 : (tensor<ui32>) -> tensor<i64>
  check.expect_eq_const %5, dense<605032704> : tensor<i64>
  func.return
}

// Unsigned max, min, clamp and comparisons on arguments: the wide form
// keeps the unsigned order (ui32 values of 2^31 and more are large).
// CHECK-LABEL: func.func @order_ui32(
// CHECK: arith.maxsi %{{.*}} : tensor<3xi64>
// CHECK: arith.minsi %{{.*}} : tensor<3xi64>
func.func @order_ui32(%a: tensor<3xui32>, %b: tensor<3xui32>) -> (tensor<3xi64>, tensor<3xi64>, tensor<3xi1>, tensor<3xi64>) {
  %0 = stablehlo.maximum %a, %b : tensor<3xui32>
  %1 = stablehlo.minimum %a, %b : tensor<3xui32>
  %2 = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xi1>
  %lo = stablehlo.constant dense<5> : tensor<ui32>
  %hi = stablehlo.constant dense<3000000000> : tensor<ui32>
  %3 = stablehlo.clamp %lo, %a, %hi : (tensor<ui32>, tensor<3xui32>, tensor<ui32>) -> tensor<3xui32>
  %r0 = stablehlo.convert %0 : (tensor<3xui32>) -> tensor<3xi64>
  %r1 = stablehlo.convert %1 : (tensor<3xui32>) -> tensor<3xi64>
  %r3 = stablehlo.convert %3 : (tensor<3xui32>) -> tensor<3xi64>
  return %r0, %r1, %2, %r3 : tensor<3xi64>, tensor<3xi64>, tensor<3xi1>, tensor<3xi64>
}

// A convert into an unsigned type (i32 -> ui16 wraps, f32 -> ui8
// truncates), then shape ops and a float convert of the wide value.
// CHECK-LABEL: func.func @to_unsigned(
// CHECK: arith.extsi %{{.*}} : tensor<2x2xi32> to tensor<2x2xi64>
// CHECK: tensor.concat
// CHECK: tcp.transpose
// CHECK: arith.sitofp %{{.*}} : tensor<2x4xi64> to tensor<2x4xf32>
func.func @to_unsigned(%a: tensor<2x2xi32>, %b: tensor<2x2xui32>) -> tensor<2x4xf32> {
  %0 = stablehlo.convert %a : (tensor<2x2xi32>) -> tensor<2x2xui32>
  %1 = stablehlo.concatenate %0, %b, dim = 0 : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<4x2xui32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<4x2xui32>) -> tensor<2x4xui32>
  %3 = stablehlo.convert %2 : (tensor<2x4xui32>) -> tensor<2x4xf32>
  return %3 : tensor<2x4xf32>
}

// Unsigned data that only moves keeps its type: jnp.take(x, i, mode='fill')
// of uint32 data selects against the fill value 2^32 - 1.
// CHECK-LABEL: func.func @data_ui32(
// CHECK: tcp.gather %arg0, %{{.*}} : tensor<7xui32>
// CHECK: arith.select %{{.*}} : tensor<4xi1>, tensor<4xui32>
func.func @data_ui32(%arg0: tensor<7xui32>, %arg1: tensor<4x1xi32>, %m: tensor<4xi1>) -> tensor<4xui32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>} : (tensor<7xui32>, tensor<4x1xi32>) -> tensor<4xui32>
  %c = stablehlo.constant dense<4294967295> : tensor<ui32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<4xui32>
  %2 = stablehlo.select %m, %0, %1 : tensor<4xi1>, tensor<4xui32>
  return %2 : tensor<4xui32>
}
