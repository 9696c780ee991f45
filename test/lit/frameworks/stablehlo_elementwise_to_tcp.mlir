// RUN: tcp-opt %s -split-input-file --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp --verify-semantics | FileCheck %s --check-prefix=SEM

// The index arithmetic jax wraps around its gathers becomes arith on
// tensors, tensor reshapes, tcp.broadcast_to and tcp.transpose; the
// interpreter gives the same values before and after (--verify-semantics).
// SEM-NOT: stablehlo.

// jax's x[i]: negative indices wrap once; the gather clamps the rest.
// CHECK-LABEL: func.func @jax_index
// CHECK:         %[[Z:.*]] = tcp.const {value = dense<0> : tensor<i32>} : tensor<i32>
// CHECK:         %[[ZE:.*]] = tensor.expand_shape %[[Z]] [] : tensor<i32> into tensor<1xi32>
// CHECK:         %[[ZB:.*]] = tcp.broadcast_to %[[ZE]], %{{.*}} {axes = [0]} : tensor<1xi32>, index -> tensor<5xi32>
// CHECK:         %[[LT:.*]] = arith.cmpi slt, %arg1, %[[ZB]] : tensor<5xi32>
// CHECK:         %[[ADD:.*]] = arith.addi %arg1, %{{.*}} : tensor<5xi32>
// CHECK:         %[[SEL:.*]] = arith.select %[[LT]], %[[ADD]], %arg1 : tensor<5xi1>, tensor<5xi32>
// CHECK:         tensor.expand_shape %[[SEL]] {{\[\[}}0, 1]] : tensor<5xi32> into tensor<5x1xi32>
// CHECK:         tcp.gather
func.func @jax_index(%arg0: tensor<4xf32>, %arg1: tensor<5xi32>) -> tensor<5xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
  %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
  %c_0 = stablehlo.constant dense<4> : tensor<i32>
  %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
  %3 = stablehlo.add %arg1, %2 : tensor<5xi32>
  %4 = stablehlo.select %1, %3, %arg1 : tensor<5xi1>, tensor<5xi32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
  %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<4xf32>, tensor<5x1xi32>) -> tensor<5xf32>
  return %6 : tensor<5xf32>
}

// -----

// jnp.take(mode="wrap"): remainder, then the size added back to negatives;
// clamp, and, or, maximum, minimum, subtract and multiply on integers.
// CHECK-LABEL: func.func @arith_ops
// CHECK:         arith.remsi
// CHECK:         arith.maxsi
// CHECK:         arith.minsi
// CHECK:         arith.cmpi sge
// CHECK:         arith.cmpi ult
// CHECK:         arith.andi
// CHECK:         arith.ori
// CHECK:         arith.subi
// CHECK:         arith.muli
// CHECK:         arith.maxsi
// CHECK:         arith.minsi
func.func @arith_ops(%i: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi1>, tensor<4xi32>) {
  %n = stablehlo.constant dense<4> : tensor<4xi32>
  %0 = stablehlo.remainder %i, %n : tensor<4xi32>
  %lo = stablehlo.constant dense<0> : tensor<i32>
  %hi = stablehlo.constant dense<3> : tensor<i32>
  %1 = stablehlo.clamp %lo, %0, %hi : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %2 = stablehlo.compare GE, %0, %z, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = stablehlo.compare LT, %0, %n, UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = stablehlo.and %2, %3 : tensor<4xi1>
  %5 = stablehlo.or %4, %2 : tensor<4xi1>
  %6 = stablehlo.subtract %1, %n : tensor<4xi32>
  %7 = stablehlo.multiply %6, %n : tensor<4xi32>
  %8 = stablehlo.maximum %7, %i : tensor<4xi32>
  %9 = stablehlo.minimum %8, %n : tensor<4xi32>
  return %1, %5, %9 : tensor<4xi32>, tensor<4xi1>, tensor<4xi32>
}

// -----

// Shapes: concatenate, transpose, reshape (through the flat vector when no
// reassociation fits), convert (sign-extend, to i1, to float), and a 0-d
// select predicate broadcast to the result.
// CHECK-LABEL: func.func @shapes
// CHECK:         tensor.concat dim(1)
// CHECK:         tcp.transpose
// CHECK:         tensor.collapse_shape
// CHECK:         tensor.expand_shape
// CHECK:         arith.extsi
// CHECK:         arith.cmpi ne
// CHECK:         arith.sitofp
// CHECK:         tcp.broadcast_to
// CHECK:         arith.select
func.func @shapes(%a: tensor<2x1xi32>, %b: tensor<2x2xi32>, %p: tensor<i1>) -> (tensor<3x2xi64>, tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xi32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x1xi32>, tensor<2x2xi32>) -> tensor<2x3xi32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %2 = stablehlo.reshape %1 : (tensor<3x2xi32>) -> tensor<2x3xi32>
  %3 = stablehlo.reshape %2 : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %4 = stablehlo.convert %3 : (tensor<3x2xi32>) -> tensor<3x2xi64>
  %5 = stablehlo.convert %3 : (tensor<3x2xi32>) -> tensor<3x2xi1>
  %6 = stablehlo.convert %3 : (tensor<3x2xi32>) -> tensor<3x2xf32>
  %7 = stablehlo.select %p, %3, %1 : tensor<i1>, tensor<3x2xi32>
  return %4, %5, %6, %7 : tensor<3x2xi64>, tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xi32>
}

