// RUN: tcp-opt %s --inline | FileCheck %s
// RUN: tcp-opt %s --inline --verify-semantics | FileCheck %s
// RUN: tcp-opt %s --inline --convert-frontends-to-tcp --canonicalize | FileCheck %s --check-prefix=TCP

// jax's jnp.take: @main calls the private @_take, which calls @_where.
// --inline copies the bodies into @main and erases the private functions.

// CHECK-LABEL: func.func public @main
// CHECK-NOT:     call
// CHECK:         stablehlo.compare LT
// CHECK:         stablehlo.select
// CHECK:         stablehlo.gather
// CHECK-NOT:     call
// CHECK:         return
// CHECK-NOT:     func.func private
// CHECK-LABEL: func.func @recursive
// CHECK:         call @recursive
// TCP-LABEL: func.func public @main
// TCP-NOT:     stablehlo
// TCP:         tcp.gather
func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<3xi32>) -> tensor<3xf32> {
  %0 = call @_take(%arg0, %arg1) : (tensor<4xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @_take(%arg0: tensor<4xf32>, %arg1: tensor<3xi32>) -> tensor<3xf32> {
  %c = stablehlo.constant dense<0> : tensor<3xi32>
  %n = stablehlo.constant dense<4> : tensor<3xi32>
  %1 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %2 = stablehlo.add %arg1, %n : tensor<3xi32>
  %3 = call @_where(%1, %2, %arg1) : (tensor<3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
  %5 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<4xf32>, tensor<3x1xi32>) -> tensor<3xf32>
  return %5 : tensor<3xf32>
}
func.func private @_where(%arg0: tensor<3xi1>, %arg1: tensor<3xi32>, %arg2: tensor<3xi32>) -> tensor<3xi32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3xi1>, tensor<3xi32>
  return %0 : tensor<3xi32>
}

// A recursive call stays.
func.func @recursive(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = call @recursive(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
