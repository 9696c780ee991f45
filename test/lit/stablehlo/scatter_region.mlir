// RUN: tcp-run --print=mlir %s -e region_apply | FileCheck %s --check-prefix=APPLY
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-opt | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e region_apply | FileCheck %s --check-prefix=APPLY
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e region_apply --backend=go | FileCheck %s --check-prefix=APPLY
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e variadic | FileCheck %s --check-prefix=VAR
// RUN: tcp-run --print=mlir %s -e variadic | FileCheck %s --check-prefix=VAR

// A region of scalar ops that is no single combiner (jax's
// .at[i].apply(lambda v: v * 2 + 1)) becomes combine = "region": the
// interpreter and the Go kernel run it for every update; index 0 twice:
// 2*(2*1+1)+1.
// APPLY: dense<[7.000000e+00, 2.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-LABEL: func.func @region_apply
// CHECK: tcp.scatter_nd %{{.*}} {combine = "region", mode = "drop"} : tensor<3xf32>, tensor<3x1xi32>, tensor<3xf32> -> tensor<3xf32> {
// CHECK-NEXT: ^bb0(%[[C:.*]]: tensor<f32>, %[[U:.*]]: tensor<f32>):
// CHECK-DAG: %[[ONE:.*]] = tcp.const {value = dense<1.000000e+00> : tensor<f32>} : tensor<f32>
// CHECK-DAG: %[[TWO:.*]] = tcp.const {value = dense<2.000000e+00> : tensor<f32>} : tensor<f32>
// CHECK: %[[M:.*]] = arith.mulf %[[C]], %[[TWO]] : tensor<f32>
// CHECK: %[[R:.*]] = arith.addf %[[M]], %[[ONE]] : tensor<f32>
// CHECK: tcp.yield %[[R]] : tensor<f32>
// CHECK-NEXT: }
func.func @region_apply() -> tensor<3xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = stablehlo.constant dense<[[0], [2], [0]]> : tensor<3x1xi32>
  %u = stablehlo.constant dense<0.0> : tensor<3xf32>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %two = stablehlo.constant dense<2.0> : tensor<f32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %m = stablehlo.multiply %a, %two : tensor<f32>
    %r = stablehlo.add %m, %one : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<3xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// A scatter of two inputs whose region computes each result from its own
// pair of arguments is split into one scatter per input: an add (one
// combiner) and a region (v * v - y on i32: 2*2 - 10, then 3*3 + 6).
// VAR: dense<[1.100000e+01, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// VAR: dense<[15, 20, 30]> : tensor<3xi32>
// CHECK-LABEL: func.func @variadic
// CHECK: tcp.scatter_nd %{{.*}} {combine = "add", mode = "drop"} : tensor<3xf32>
// CHECK: tcp.scatter_nd %{{.*}} {combine = "region", mode = "drop"} : tensor<3xi32>
// CHECK: arith.muli
// CHECK: arith.subi
// CHECK: tcp.yield
func.func @variadic() -> (tensor<3xf32>, tensor<3xi32>) {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %i = stablehlo.constant dense<[[0], [0]]> : tensor<2x1xi32>
  %u = stablehlo.constant dense<[4.0, 6.0]> : tensor<2xf32>
  %v = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %s = stablehlo.add %a, %c : tensor<f32>
    %m = stablehlo.multiply %d, %d : tensor<i32>
    %n = stablehlo.subtract %m, %b : tensor<i32>
    stablehlo.return %s, %n : tensor<f32>, tensor<i32>
  }) : (tensor<3xf32>, tensor<3xi32>, tensor<2x1xi32>, tensor<2xf32>, tensor<2xi32>) -> (tensor<3xf32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}
