// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s
// RUN: tcp-run --print=mlir %s -e jax_index_args | FileCheck %s --check-prefix=IDX
// RUN: tcp-run --print=mlir %s -e shapes | FileCheck %s --check-prefix=SHP
// RUN: tcp-run --print=mlir %s -e arith | FileCheck %s --check-prefix=AR

// The index arithmetic jax wraps around x[i], in StableHLO's printed form:
// negative indices wrap once, and the gather clamps what is still out of
// range (jnp.zeros(4)[i] reads element 0 for i = -7 and element 3 for 9).

// CHECK-LABEL: func.func @jax_index
// CHECK:         stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<i32>) -> tensor<4xi32>
// CHECK:         stablehlo.compare LT, %arg1, %{{.*}}, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK:         stablehlo.add %arg1, %{{.*}} : tensor<4xi32>
// CHECK:         stablehlo.select %{{.*}}, %{{.*}}, %arg1 : tensor<4xi1>, tensor<4xi32>
// CHECK:         stablehlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
// IDX: {{^}}dense<[4.000000e+01, 1.000000e+01, 3.000000e+01, 4.000000e+01]> : tensor<4xf32>{{$}}
func.func @jax_index(%arg0: tensor<4xf32>, %arg1: tensor<4xi32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %c_0 = stablehlo.constant dense<4> : tensor<i32>
  %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %3 = stablehlo.add %arg1, %2 : tensor<4xi32>
  %4 = stablehlo.select %1, %3, %arg1 : tensor<4xi1>, tensor<4xi32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
  %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<4xf32>, tensor<4x1xi32>) -> tensor<4xf32>
  return %6 : tensor<4xf32>
}
func.func @jax_index_args() -> tensor<4xf32> {
  %x = stablehlo.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %i = stablehlo.constant dense<[-1, -7, 2, 9]> : tensor<4xi32>
  %0 = func.call @jax_index(%x, %i) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @shapes
// CHECK:         stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
// CHECK:         stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
// CHECK:         stablehlo.reshape %{{.*}} : (tensor<2x2xi32>) -> tensor<4xi32>
// CHECK:         stablehlo.convert %{{.*}} : (tensor<4xi32>) -> tensor<4xf32>
// SHP: {{^}}dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>{{$}}
func.func @shapes() -> tensor<4xf32> {
  %a = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %b = stablehlo.constant dense<[[3], [4]]> : tensor<2x1xi32>
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  %2 = stablehlo.reshape %1 : (tensor<2x2xi32>) -> tensor<4xi32>
  %3 = stablehlo.convert %2 : (tensor<4xi32>) -> tensor<4xf32>
  return %3 : tensor<4xf32>
}

// remainder has the dividend's sign (jnp.take mode="wrap" adds the size
// back); clamp with 0-d bounds; and of two comparisons (jnp's fill mask).
// CHECK-LABEL: func.func @arith
// CHECK:         stablehlo.remainder %{{.*}}, %{{.*}} : tensor<4xi32>
// CHECK:         stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
// CHECK:         stablehlo.compare GE, %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK:         stablehlo.and %{{.*}}, %{{.*}} : tensor<4xi1>
// AR: {{^}}dense<[-1, 2, 0, 1]> : tensor<4xi32>{{$}}
// AR: {{^}}dense<[0, 2, 0, 1]> : tensor<4xi32>{{$}}
// AR: {{^}}dense<[false, true, true, true]> : tensor<4xi1>{{$}}
func.func @arith() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi1>) {
  %i = stablehlo.constant dense<[-5, 6, -8, 9]> : tensor<4xi32>
  %n = stablehlo.constant dense<4> : tensor<4xi32>
  %0 = stablehlo.remainder %i, %n : tensor<4xi32>
  %lo = stablehlo.constant dense<0> : tensor<i32>
  %hi = stablehlo.constant dense<3> : tensor<i32>
  %1 = stablehlo.clamp %lo, %0, %hi : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %2 = stablehlo.compare GE, %0, %z : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = stablehlo.compare LT, %0, %n, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = stablehlo.and %2, %3 : tensor<4xi1>
  return %0, %1, %4 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>
}
