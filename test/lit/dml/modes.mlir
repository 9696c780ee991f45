// Index modes through --convert-tcp-to-dml: constant indices get the mode
// applied at compile time; mode "error" on non-constant indices lowers only
// with assume-in-bounds=true.

// RUN: tcp-opt %s --convert-tcp-to-dml='assume-in-bounds=true' | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml='assume-in-bounds=true' | tcp-run --print=mlir - -e take_clip | FileCheck %s --check-prefix=CLIP
// RUN: tcp-run --print=mlir %s -e take_clip | FileCheck %s --check-prefix=CLIP
// RUN: tcp-opt %s --convert-tcp-to-dml='assume-in-bounds=true' | tcp-run --print=mlir - -e take_wrap | FileCheck %s --check-prefix=WRAP
// RUN: tcp-run --print=mlir %s -e take_wrap | FileCheck %s --check-prefix=WRAP
// RUN: tcp-opt %s --convert-tcp-to-dml='assume-in-bounds=true' | tcp-run --print=mlir - -e clip_args | FileCheck %s --check-prefix=CLIPARGS
// RUN: tcp-run --print=mlir %s -e clip_args | FileCheck %s --check-prefix=CLIPARGS
// RUN: tcp-opt %s --convert-tcp-to-dml='assume-in-bounds=true' | tcp-run --print=mlir - -e wrap_args | FileCheck %s --check-prefix=WRAPARGS
// RUN: tcp-run --print=mlir %s -e wrap_args | FileCheck %s --check-prefix=WRAPARGS
// RUN: tcp-opt %s --convert-tcp-to-dml='assume-in-bounds=true' | tcp-run --print=mlir - -e fill_args | FileCheck %s --check-prefix=FILLARGS
// RUN: tcp-run --print=mlir %s -e fill_args | FileCheck %s --check-prefix=FILLARGS

// docs/semantics.md §2's worked example: [10, 20, 30, 40, 50] at [-7, -1, 0, 4, 5, 7].
// CHECK-LABEL: func.func @take_clip
// CHECK: dml.constant {value = dense<[0, 0, 0, 4, 4, 4]> : tensor<6xi64>}
// CLIP: dense<[10, 10, 10, 50, 50, 50]> : tensor<6xi32>
func.func @take_clip() -> tensor<6xi32> {
  %x = tcp.const {value = dense<[10, 20, 30, 40, 50]> : tensor<5xi32>} : tensor<5xi32>
  %i = tcp.const {value = dense<[-7, -1, 0, 4, 5, 7]> : tensor<6xi64>} : tensor<6xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<5xi32>, tensor<6xi64> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// CHECK-LABEL: func.func @take_wrap
// CHECK: dml.constant {value = dense<[3, 4, 0, 4, 0, 2]> : tensor<6xi64>}
// WRAP: dense<[40, 50, 10, 50, 10, 30]> : tensor<6xi32>
func.func @take_wrap() -> tensor<6xi32> {
  %x = tcp.const {value = dense<[10, 20, 30, 40, 50]> : tensor<5xi32>} : tensor<5xi32>
  %i = tcp.const {value = dense<[-7, -1, 0, 4, 5, 7]> : tensor<6xi64>} : tensor<6xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap"} : tensor<5xi32>, tensor<6xi64> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// torch.index_select (mode "error") on argument indices: lowered as
// promised in bounds only because assume-in-bounds=true.
// CHECK-LABEL: func.func @index_select
// CHECK: dml.gather %arg0, %arg1 {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x4xf32>, tensor<2xi64> -> tensor<2x4xf32>
func.func @index_select(%x: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<2x4xf32> {
  %ie = tensor.expand_shape %i [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
  %c4 = arith.constant 4 : index
  %ib = tcp.broadcast_to %ie, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  %0 = tcp.gather %x, %ib {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Scalar indices (ONNX Gather with a 0-d index, then a collapse): one
// GATHER whose rank-0 indices read as {1, 1}; the collapse stays a reshape.
// CHECK-LABEL: func.func @scalar_index
// CHECK: dml.gather %{{.*}}, %{{.*}} {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x4xf32>, tensor<i64> -> tensor<1x4xf32>
// CHECK: tensor.collapse_shape
func.func @scalar_index(%x: tensor<3x4xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  %ie = tensor.expand_shape %i [] : tensor<i64> into tensor<1x1xi64>
  %c4 = arith.constant 4 : index
  %ib = tcp.broadcast_to %ie, %c4 {axes = [1]} : tensor<1x1xi64>, index -> tensor<1x4xi64>
  %g = tcp.gather %x, %ib {dim = 0 : index, mode = "wrap_negative"} : tensor<3x4xf32>, tensor<1x4xi64> -> tensor<1x4xf32>
  %0 = tensor.collapse_shape %g [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
  return %0 : tensor<4xf32>
}

// TF GatherV2 with batch_dims = 1 (params 2x3x4, indices [[3,0],[1,1]],
// axis 2): not the b = 0 recipe, so GATHER_ELEMENTS reads the broadcast
// indices through a zero-stride view.
// CHECK-LABEL: func.func @batch_dims
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1
// CHECK: dml.gather_elements %arg0, %[[E]] {axis = 2 : index, dimension_count = 3 : index, indices_sizes = [2, 3, 2], indices_strides = [2, 0, 1]} : tensor<2x3x4xf32>, tensor<2x1x2xi32> -> tensor<2x3x2xf32>
func.func @batch_dims(%x: tensor<2x3x4xf32>, %i: tensor<2x2xi32>) -> tensor<2x3x2xf32> {
  %ie = tensor.expand_shape %i [[0, 1], [2]] : tensor<2x2xi32> into tensor<2x1x2xi32>
  %c3 = arith.constant 3 : index
  %ib = tcp.broadcast_to %ie, %c3 {axes = [1]} : tensor<2x1x2xi32>, index -> tensor<2x3x2xi32>
  %0 = tcp.gather %x, %ib {dim = 2 : index} : tensor<2x3x4xf32>, tensor<2x3x2xi32> -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}

// Mode "clip" on computed (non-constant) indices: an ELEMENT_WISE_CLIP of
// the indices into [0, 4] before the GATHER (FL 3.0 for integers).
// CHECK-LABEL: func.func @clip_args
// CHECK: %[[C:.*]] = dml.element_wise_clip %{{.*}} {dimension_count = 1 : index, max = 4.000000e+00 : f32, min = 0.000000e+00 : f32} : tensor<6xi32> -> tensor<6xi32>
// CHECK: dml.gather %{{.*}}, %[[C]]
// CLIPARGS: dense<[10, 10, 10, 50, 50, 50]> : tensor<6xi32>
func.func @clip_args() -> tensor<6xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %x = tcp.const {value = dense<[10, 20, 30, 40, 50]> : tensor<5xi32>} : tensor<5xi32>
  %k = tcp.const {value = dense<[-7, -1, 0, 4, 5, 7]> : tensor<6xi32>} : tensor<6xi32>
  %i = tcp.slice %k starts(%c0) sizes(%c6) strides(%c1) : tensor<6xi32> -> tensor<6xi32>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<5xi32>, tensor<6xi32> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// Mode "fill" on computed indices: the gather under clip, an in-range
// mask of the indices, and ELEMENT_WISE_IF with the fill value.
// CHECK-LABEL: func.func @fill_args
// CHECK-DAG: %[[C:.*]] = dml.element_wise_clip %[[I:[^ ]*]] {dimension_count = 1 : index, max = 4.000000e+00 : f32, min = 0.000000e+00 : f32}
// CHECK-DAG: %[[G:.*]] = dml.gather %{{.*}}, %[[C]]
// CHECK-DAG: %[[GE:.*]] = dml.element_wise_logical_greater_than_or_equal %[[I]]
// CHECK-DAG: %[[LT:.*]] = dml.element_wise_logical_less_than %[[I]]
// CHECK-DAG: %[[M:.*]] = dml.element_wise_logical_and %[[GE]], %[[LT]]
// CHECK: dml.element_wise_if %[[M]], %[[G]]
// FILLARGS: dense<[-1, 50, 10, 50, -1, -1]> : tensor<6xi32>
func.func @fill_args() -> tensor<6xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %x = tcp.const {value = dense<[10, 20, 30, 40, 50]> : tensor<5xi32>} : tensor<5xi32>
  %k = tcp.const {value = dense<[-7, 4, 0, 4, 5, 7]> : tensor<6xi32>} : tensor<6xi32>
  %i = tcp.slice %k starts(%c0) sizes(%c6) strides(%c1) : tensor<6xi32> -> tensor<6xi32>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "fill", fill_value = -1 : i32} : tensor<5xi32>, tensor<6xi32> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// Mode "wrap" on computed indices: ELEMENT_WISE_MODULUS_FLOOR by a
// one-element constant 5 read through a zero-stride view.
// CHECK-LABEL: func.func @wrap_args
// CHECK: %[[K:.*]] = dml.constant {value = dense<5> : tensor<1xi32>} : tensor<1xi32>
// CHECK: %[[M:.*]] = dml.element_wise_modulus_floor %{{.*}}, %[[K]] {b_sizes = [6], b_strides = [0], dimension_count = 1 : index} : tensor<6xi32>, tensor<1xi32> -> tensor<6xi32>
// CHECK: dml.gather %{{.*}}, %[[M]]
// WRAPARGS: dense<[40, 50, 10, 50, 10, 30]> : tensor<6xi32>
func.func @wrap_args() -> tensor<6xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %x = tcp.const {value = dense<[10, 20, 30, 40, 50]> : tensor<5xi32>} : tensor<5xi32>
  %k = tcp.const {value = dense<[-7, -1, 0, 4, 5, 7]> : tensor<6xi32>} : tensor<6xi32>
  %i = tcp.slice %k starts(%c0) sizes(%c6) strides(%c1) : tensor<6xi32> -> tensor<6xi32>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap"} : tensor<5xi32>, tensor<6xi32> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}
