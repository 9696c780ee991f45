// RUN: tcp-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// tcp.gather on dynamic dims and tcp.slice on tensor.dim operands print in
// mlir-tcp's own syntax (its test/Dialect/data_movement.mlir cases).

// CHECK-LABEL: func.func @gather_dynamic(
// CHECK-SAME:          %[[ARG0:.*]]: tensor<?x?xf32>,
// CHECK-SAME:          %[[ARG1:.*]]: tensor<2x?xi64>) -> tensor<2x?xf32>
// CHECK:         %[[GATHER:.*]] = tcp.gather %[[ARG0]], %[[ARG1]] {dim = 0 : index} : tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
// CHECK:         return %[[GATHER]] : tensor<2x?xf32>
func.func @gather_dynamic(%arg0 : tensor<?x?xf32>, %arg1 : tensor<2x?xi64>) -> tensor<2x?xf32> {
  %0 = tcp.gather %arg0, %arg1 { dim = 0 : index } :
                tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_with_dims(
// CHECK-SAME:          %[[ARG0:.*]]: tensor<1x56x?x?xf32>) -> tensor<1x28x?x?xf32>
// CHECK:           %[[D1:.*]] = tensor.dim %[[ARG0]]
// CHECK:           %[[D2:.*]] = tensor.dim %[[ARG0]]
// CHECK:           %[[SLICE:.*]] = tcp.slice %[[ARG0]] starts(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}, %[[D1]], %[[D2]])
// CHECK-SAME:                                strides(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : tensor<1x56x?x?xf32> -> tensor<1x28x?x?xf32>
// CHECK:           return %[[SLICE]] : tensor<1x28x?x?xf32>
func.func @slice_with_dims(%arg0: tensor<1x56x?x?xf32>) -> tensor<1x28x?x?xf32> {
  %c28 = arith.constant 28 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c2 : tensor<1x56x?x?xf32>
  %dim_0 = tensor.dim %arg0, %c3 : tensor<1x56x?x?xf32>
  %1 = tcp.slice %arg0 starts ( %c0, %c0, %c0, %c0 ) sizes ( %c1, %c28, %dim, %dim_0 ) strides ( %c1, %c2, %c1, %c1 ) : tensor<1x56x?x?xf32> -> tensor<1x28x?x?xf32>
  return %1 : tensor<1x28x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @gather_nd_modes(
// CHECK:         tcp.gather_nd %{{.*}}, %{{.*}} {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>
// CHECK:         tcp.gather_nd %{{.*}}, %{{.*}} : tensor<7x11x13x17xf32>, tensor<3x2xi64> -> tensor<3x13x17xf32>
// CHECK:         tcp.gather_nd %{{.*}}, %{{.*}} {fill_value = 0 : i32, mode = "fill"} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2x2xi32>
// CHECK-NOT:     batch_dims = 0
func.func @gather_nd_modes(%d: tensor<2x2x2xi32>, %i: tensor<2x1xi64>, %a: tensor<7x11x13x17xf32>, %b: tensor<3x2xi64>) -> tensor<2x2xi32> {
  %0 = tcp.gather_nd %d, %i {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>
  %1 = tcp.gather_nd %a, %b {batch_dims = 0 : index} : tensor<7x11x13x17xf32>, tensor<3x2xi64> -> tensor<3x13x17xf32>
  %2 = tcp.gather_nd %d, %i {mode = "fill", fill_value = 0 : i32} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// The default mode and the default fill value are elided when printed.
// CHECK-LABEL: func.func @defaults_elided(
// CHECK:         tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index} : tensor<5xf32>, tensor<6xi64> -> tensor<6xf32>
// CHECK:         tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index, mode = "fill"} : tensor<5xf32>, tensor<6xi64> -> tensor<6xf32>
// CHECK:         tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index, fill_value = 0.000000e+00 : f32, mode = "fill"} : tensor<5xf32>, tensor<6xi64> -> tensor<6xf32>
func.func @defaults_elided(%a: tensor<5xf32>, %i: tensor<6xi64>) -> tensor<6xf32> {
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "promise_in_bounds"} : tensor<5xf32>, tensor<6xi64> -> tensor<6xf32>
  %1 = tcp.gather %a, %i {dim = 0 : index, mode = "fill", fill_value = 0x7FC00000 : f32} : tensor<5xf32>, tensor<6xi64> -> tensor<6xf32>
  %2 = tcp.gather %a, %i {dim = 0 : index, mode = "fill", fill_value = 0.0 : f32} : tensor<5xf32>, tensor<6xi64> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @constants() -> tensor<f32>
// CHECK:         %[[CONST0:.*]] = tcp.const {value = dense<2.500000e+00> : tensor<f32>} : tensor<f32>
// CHECK:         %[[CONST1:.*]] = tcp.const {value = dense<[3, 6, 10]> : tensor<3xi32>} : tensor<3xi32>
// CHECK:         %[[CONST2:.*]] = tcp.const
// CHECK-SAME{LITERAL}: value = dense<[[2, 3, 5], [20, 25, 30]]> : tensor<2x3xi64>} : tensor<2x3xi64>
// CHECK:         return %[[CONST0]] : tensor<f32>
func.func @constants() -> tensor<f32> {
  %0 = tcp.const {value = dense<2.5> : tensor<f32>} : tensor<f32>
  %1 = tcp.const {value = dense<[3, 6, 10]> : tensor<3xi32>} : tensor<3xi32>
  %2 = tcp.const {value = dense<[[2, 3, 5], [20, 25, 30]]> : tensor<2x3xi64>} : tensor<2x3xi64>
  return %0 : tensor<f32>
}
