// RUN: tcp-pipeline %s --trials 8 --verbose | FileCheck %s

// lax.dynamic_update_slice with a constant start: a static
// tensor.insert_slice, which the Go kernel writes as a view and DirectML
// as a scatter_nd at constant indices.
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[3, 0] [2, 3] [1, 1]
// CHECK: dml.scatter_nd
// CHECK: 8 of 8 argument sets agree across frontend, tcp, Go kernel and DirectML
// CHECK: OK: every stage computes the frontend's values
func.func @dus_const(%x: tensor<5x3xf32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %c = stablehlo.constant dense<4> : tensor<i32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %x, %u, %c, %c0 : (tensor<5x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
