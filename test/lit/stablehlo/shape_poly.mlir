// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --frontends-to-tcp-pipeline --verify-semantics | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | tcp-opt --convert-stablehlo-to-tcp | FileCheck %s
// NOHLO-NOT: stablehlo.

// jax.export with symbolic dims (jax.export.symbolic_shape): sizes come
// from stablehlo.get_dimension_size and reach dynamic_broadcast_in_dim,
// dynamic_reshape and dynamic_gather through reshapes and concatenates;
// the conversion traces each size back to a tensor.dim. passes/stablehlototcp
// (TestLitEquivalence) runs every function before and after on random
// inputs with random dynamic dims.

// get_dimension_size is a tensor<i32>.
// CHECK-LABEL: func.func @dim_size(
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK: tensor.from_elements %[[I]] : tensor<i32>
func.func @dim_size(%arg0: tensor<?x4xf32>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// x[i] with i of shape (m,) symbolic: the constants broadcast to the
// run-time size of i.
// CHECK-LABEL: func.func @index_dynamic_indices(
// CHECK: %[[M:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?xi32>
// CHECK: tcp.broadcast_to %{{.*}}, %[[M]] {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
// CHECK: tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "clip"} : tensor<5x2xf32>, tensor<?x2xi32> -> tensor<?x2xf32>
func.func @index_dynamic_indices(%arg0: tensor<5x2xf32>, %arg1: tensor<?xi32>) -> tensor<?x2xf32> {
  %n = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %c_0 = stablehlo.constant dense<5> : tensor<i32>
  %c_1 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %1 = stablehlo.dynamic_broadcast_in_dim %c_1, %0, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
  %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
  %4 = stablehlo.dynamic_broadcast_in_dim %c_0, %0, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
  %5 = stablehlo.add %arg1, %4 : tensor<?xi32>
  %6 = stablehlo.select %2, %5, %arg1 : tensor<?xi1>, tensor<?xi32>
  %8 = stablehlo.concatenate %0, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %9 = stablehlo.dynamic_broadcast_in_dim %6, %8, dims = [0] : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x1xi32>
  %10 = "stablehlo.gather"(%arg0, %9) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<5x2xf32>, tensor<?x1xi32>) -> tensor<?x2xf32>
  return %10 : tensor<?x2xf32>
}

// jnp.take(x, i, axis=1, mode='clip') with x of shape (n, 4) symbolic: a
// dynamic_gather whose slice size at dim 0 is the run-time n, a take.
// CHECK-LABEL: func.func @take_dynamic_rows(
// CHECK: tensor.dim %arg0
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK-NEXT: tcp.broadcast_to %{{.*}}, %[[N]] {axes = [0]} : tensor<1x7xi32>, index -> tensor<?x7xi32>
// CHECK: tcp.gather %arg0, %{{.*}} {dim = 1 : index, mode = "clip"} : tensor<?x4xf32>, tensor<?x7xi32> -> tensor<?x7xf32>
func.func @take_dynamic_rows(%arg1: tensor<?x4xf32>, %arg2: tensor<7xi32>) -> tensor<?x7xf32> {
  %n = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %0 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<7xi32>) -> tensor<7x1xi32>
  %1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = "stablehlo.dynamic_gather"(%arg1, %0, %2) {dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>} : (tensor<?x4xf32>, tensor<7x1xi32>, tensor<2xi32>) -> tensor<?x7xf32>
  return %3 : tensor<?x7xf32>
}

// A dynamic_reshape that inserts a unit dim, and a reduce over it (jax's
// fill mask of take_along_axis on a symbolic batch).
// CHECK-LABEL: func.func @reshape_reduce(
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<?x2xi32> into tensor<?x2x1xi32>
// CHECK: tensor.collapse_shape
// CHECK: arith.andi
func.func @reshape_reduce(%arg0: tensor<?x2xi32>) -> tensor<?x2xi1> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x2xi32>) -> tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<1xi32>
  %c1 = stablehlo.constant dense<1> : tensor<1xi32>
  %0 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %1 = stablehlo.concatenate %0, %c2, %c1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %2 = stablehlo.dynamic_reshape %arg0, %1 : (tensor<?x2xi32>, tensor<3xi32>) -> tensor<?x2x1xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %3 = stablehlo.dynamic_broadcast_in_dim %z, %1, dims = [] : (tensor<i32>, tensor<3xi32>) -> tensor<?x2x1xi32>
  %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<?x2x1xi32>, tensor<?x2x1xi32>) -> tensor<?x2x1xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %5 = stablehlo.reduce(%4 init: %t) applies stablehlo.and across dimensions = [2] : (tensor<?x2x1xi1>, tensor<i1>) -> tensor<?x2xi1>
  return %5 : tensor<?x2xi1>
}

// x[::-1] on a symbolic dim: jax builds the reversed positions from a
// dynamic_iota of the run-time size, a tcp.iota.
// CHECK-LABEL: func.func @iota_dynamic(
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: tcp.iota(%[[N]]) {dim = 0 : index} : tensor<?xi32>
func.func @iota_dynamic(%arg0: tensor<?x4xf32>) -> tensor<?xi32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %0 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %1 = stablehlo.dynamic_iota %0, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  return %1 : tensor<?xi32>
}

// lax.dynamic_slice_in_dim(x, i, 2, axis=1) on a symbolic batch: limit is
// start + size, so the sizes are that addend (no tensor value in a size).
// CHECK-LABEL: func.func @real_dynamic_slice(
// CHECK: %[[B:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x5xf32>
// CHECK: tcp.slice %arg0 starts(%{{.*}}, %{{.*}}) sizes(%[[B]], %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<?x5xf32> -> tensor<?x2xf32>
func.func @real_dynamic_slice(%arg0: tensor<?x5xf32>, %i: tensor<i32>) -> tensor<?x2xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x5xf32>) -> tensor<i32>
  %c0 = stablehlo.constant dense<0> : tensor<1xi32>
  %c1 = stablehlo.constant dense<1> : tensor<1xi32>
  %c2 = stablehlo.constant dense<2> : tensor<1xi32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %j = stablehlo.clamp %z, %i, %c3 : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
  %jr = stablehlo.reshape %j : (tensor<i32>) -> tensor<1xi32>
  %start = stablehlo.concatenate %c0, %jr, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %nr = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %size = stablehlo.concatenate %nr, %c2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %limit = stablehlo.add %start, %size : tensor<2xi32>
  %strides = stablehlo.concatenate %c1, %c1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = stablehlo.real_dynamic_slice %arg0, %start, %limit, %strides : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// x[1:] on a symbolic dim: a dynamic_gather of one window whose size is
// b - 1, a tcp.slice at the clamped start.
// CHECK-LABEL: func.func @drop_first(
// CHECK: %[[B:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[S:.*]] = arith.addi %[[B]], %{{.*}} : index
// CHECK: tcp.slice %arg0 starts(%{{.*}}, %{{.*}}) sizes(%[[S]], %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<?x3xf32> -> tensor<?x3xf32>
func.func @drop_first(%arg1: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %n = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<3> : tensor<1xi32>
  %c_0 = stablehlo.constant dense<-1> : tensor<i32>
  %c_1 = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.add %n, %c_0 : tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.concatenate %3, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %5 = "stablehlo.dynamic_gather"(%arg1, %0, %4) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0]>, indices_are_sorted = true} : (tensor<?x3xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<?x3xf32>
  return %5 : tensor<?x3xf32>
}
