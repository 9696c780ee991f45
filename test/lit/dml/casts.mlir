// Index casts and per-component clip bounds through --convert-tcp-to-dml
// at feature level 4.1: exact widening casts are peeled off gather indices
// (UINT32 read as is, 16-bit cast to INT32), so no 64-bit op is needed;
// gather_nd under clip with components over dims of sizes 3 and 4 clamps
// with CLIP and then MIN against the bounds [2, 3].
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s

// CHECK-LABEL: func.func @unsigned
// CHECK-NEXT: dml.element_wise_clip %arg1 {{.*}}max = 2.000000e+00 : f32{{.*}} : tensor<4xui32> -> tensor<4xui32>
// CHECK-NEXT: dml.gather %arg0, %{{.*}} : tensor<3x2xf32>, tensor<4xui32> -> tensor<4x2xf32>
func.func @unsigned(%x: tensor<3x2xf32>, %i: tensor<4xui32>) -> tensor<4x2xf32> {
  %c2 = arith.constant 2 : index
  %0 = tcp.cast_indices %i : tensor<4xui32> -> tensor<4xi64>
  %e = tensor.expand_shape %0 [[0, 1]] : tensor<4xi64> into tensor<4x1xi64>
  %b = tcp.broadcast_to %e, %c2 {axes = [1]} : tensor<4x1xi64>, index -> tensor<4x2xi64>
  %1 = tcp.gather %x, %b {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// CHECK-LABEL: func.func @narrow
// CHECK-NEXT: dml.cast %arg1 {dimension_count = 2 : index} : tensor<4x2xi16> -> tensor<4x2xi32>
// CHECK-NEXT: dml.element_wise_clip
// CHECK-NEXT: dml.gather_elements
func.func @narrow(%x: tensor<3x2xf32>, %i: tensor<4x2xi16>) -> tensor<4x2xf32> {
  %0 = arith.extsi %i : tensor<4x2xi16> to tensor<4x2xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// CHECK-LABEL: func.func @nd_clip
// CHECK-NEXT: dml.element_wise_clip %arg1 {dimension_count = 2 : index, input_sizes = [4, 2], input_strides = [1, 4], max = 3.000000e+00 : f32, min = 0.000000e+00 : f32} : tensor<2x4xi32> -> tensor<4x2xi32>
// CHECK-NEXT: dml.constant {value = dense<[2, 3]> : tensor<2xi32>}
// CHECK-NEXT: dml.element_wise_min %{{.*}}, %{{.*}} {b_sizes = [4, 2], b_strides = [0, 1], dimension_count = 2 : index}
// CHECK-NEXT: dml.gather_nd1 %arg0
func.func @nd_clip(%x: tensor<3x4xf32>, %i: tensor<2x4xi32>) -> tensor<4xf32> {
  %t = tcp.transpose %i {permutation = array<i64: 1, 0>} : tensor<2x4xi32> -> tensor<4x2xi32>
  %0 = tcp.gather_nd %x, %t {mode = "clip"} : tensor<3x4xf32>, tensor<4x2xi32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
