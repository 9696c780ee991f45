// The DML_GATHER and DML_SLICE1 reference examples, written in tcp as a
// frontend produces them, lowered with --convert-tcp-to-dml and run with
// DirectML's semantics (interp/dml.go). Each must give the documented
// output (docs/semantics.md §7.2, §7.5; example 3 uses the consistent
// IndexDimensions = 1).

// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s --check-prefix=IR
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e gather1 | FileCheck %s --check-prefix=GATHER1
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e gather2 | FileCheck %s --check-prefix=GATHER2
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e gather3 | FileCheck %s --check-prefix=GATHER3
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e gather4 | FileCheck %s --check-prefix=GATHER4
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e gather5 | FileCheck %s --check-prefix=GATHER5
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e slice1 | FileCheck %s --check-prefix=SLICE1
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e slice2 | FileCheck %s --check-prefix=SLICE2
// Below FL 3.0 the same programs use 4-D descs and UINT32 indices.
// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=2.1 | FileCheck %s --check-prefix=FL21
// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=2.1 | tcp-run --print=mlir - -e gather4 | FileCheck %s --check-prefix=GATHER4
// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=2.1 | tcp-run --print=mlir - -e slice2 | FileCheck %s --check-prefix=SLICE2

// IR: module attributes {dml.feature_level = "4.1"}

// Example 1: 1-D remapping, output[x] = input[indices[x]].
// IR-LABEL: func.func @gather1
// IR: dml.gather %{{.*}}, %{{.*}} {axis = 0 : index, dimension_count = 1 : index, index_dimensions = 1 : index} : tensor<4xf32>, tensor<5xi64> -> tensor<5xf32>
// IR-NOT: tcp.
// GATHER1: dense<[1.400000e+01, 1.200000e+01, 1.400000e+01, 1.100000e+01, 1.300000e+01]> : tensor<5xf32>
func.func @gather1() -> tensor<5xf32> {
  %x = tcp.const {value = dense<[11.0, 12.0, 13.0, 14.0]> : tensor<4xf32>} : tensor<4xf32>
  %i = tcp.const {value = dense<[3, 1, 3, 0, 2]> : tensor<5xi64>} : tensor<5xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<4xf32>, tensor<5xi64> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// Example 2: rows of a 3x2 input (ONNX Gather, axis 0, indices [0,1,1,2]).
// IR-LABEL: func.func @gather2
// IR: dml.gather %{{.*}}, %{{.*}} {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf32>, tensor<4xi64> -> tensor<4x2xf32>
// GATHER2: dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<4x2xf32>
func.func @gather2() -> tensor<4x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : tensor<3x2xf32>
  %i = tcp.const {value = dense<[0, 1, 1, 2]> : tensor<4xi64>} : tensor<4xi64>
  %ie = tensor.expand_shape %i [[0, 1]] : tensor<4xi64> into tensor<4x1xi64>
  %c2 = arith.constant 2 : index
  %ib = tcp.broadcast_to %ie, %c2 {axes = [1]} : tensor<4x1xi64>, index -> tensor<4x2xi64>
  %0 = tcp.gather %x, %ib {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// Example 3: swap columns, output[y, x] = input[y, indices[x]] (Axis 1,
// IndexDimensions 1).
// IR-LABEL: func.func @gather3
// IR: dml.gather %{{.*}}, %{{.*}} {axis = 1 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf32>, tensor<2xi64> -> tensor<3x2xf32>
// GATHER3: dense<{{\[\[}}2.000000e+00, 1.000000e+00], [4.000000e+00, 3.000000e+00], [6.000000e+00, 5.000000e+00]]> : tensor<3x2xf32>
func.func @gather3() -> tensor<3x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : tensor<3x2xf32>
  %i = tcp.const {value = dense<[1, 0]> : tensor<2xi64>} : tensor<2xi64>
  %ie = tensor.expand_shape %i [[0, 1]] : tensor<2xi64> into tensor<1x2xi64>
  %c3 = arith.constant 3 : index
  %ib = tcp.broadcast_to %ie, %c3 {axes = [0]} : tensor<1x2xi64>, index -> tensor<3x2xi64>
  %0 = tcp.gather %x, %ib {dim = 1 : index, mode = "wrap_negative"} : tensor<3x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// Example 4: nested indices on axis 1 of a 3x3 input (ONNX
// test_gather_2d_indices): DimensionCount 3, Axis 2, IndexDimensions 2.
// IR-LABEL: func.func @gather4
// IR: dml.gather %{{.*}}, %{{.*}} {axis = 2 : index, dimension_count = 3 : index, index_dimensions = 2 : index} : tensor<3x3xf32>, tensor<1x2xi64> -> tensor<3x1x2xf32>
// FL21-LABEL: func.func @gather4
// FL21: dml.constant {value = dense<{{\[\[}}0, 2]]> : tensor<1x2xui32>} : tensor<1x2xui32>
// FL21: dml.gather %{{.*}}, %{{.*}} {axis = 3 : index, dimension_count = 4 : index, index_dimensions = 2 : index} : tensor<3x3xf32>, tensor<1x2xui32> -> tensor<3x1x2xf32>
// GATHER4: dense<{{\[\[\[}}1.000000e+00, 3.000000e+00]], {{\[\[}}4.000000e+00, 6.000000e+00]], {{\[\[}}7.000000e+00, 9.000000e+00]]]> : tensor<3x1x2xf32>
func.func @gather4() -> tensor<3x1x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>} : tensor<3x3xf32>
  %i = tcp.const {value = dense<[[0, 2]]> : tensor<1x2xi64>} : tensor<1x2xi64>
  %ie = tensor.expand_shape %i [[0, 1], [2]] : tensor<1x2xi64> into tensor<1x1x2xi64>
  %c3 = arith.constant 3 : index
  %ib = tcp.broadcast_to %ie, %c3 {axes = [0]} : tensor<1x1x2xi64>, index -> tensor<3x1x2xi64>
  %xe = tensor.expand_shape %x [[0], [1, 2]] : tensor<3x3xf32> into tensor<3x3x1xf32>
  %c2 = arith.constant 2 : index
  %xb = tcp.broadcast_to %xe, %c2 {axes = [2]} : tensor<3x3x1xf32>, index -> tensor<3x3x2xf32>
  %0 = tcp.gather %xb, %ib {dim = 1 : index, mode = "wrap_negative"} : tensor<3x3x2xf32>, tensor<3x1x2xi64> -> tensor<3x1x2xf32>
  return %0 : tensor<3x1x2xf32>
}

// Example 5: nested indices on axis 0 (docs/semantics.md §5.3's worked
// example): DimensionCount 3, Axis 1, IndexDimensions 2.
// IR-LABEL: func.func @gather5
// IR: dml.gather %{{.*}}, %{{.*}} {axis = 1 : index, dimension_count = 3 : index, index_dimensions = 2 : index} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2x2xf32>
// GATHER5: dense<{{\[\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]], {{\[\[}}3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]]> : tensor<2x2x2xf32>
func.func @gather5() -> tensor<2x2x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : tensor<3x2xf32>
  %i = tcp.const {value = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : tensor<2x2xi64>
  %ie = tensor.expand_shape %i [[0], [1, 2]] : tensor<2x2xi64> into tensor<2x2x1xi64>
  %c2 = arith.constant 2 : index
  %ib = tcp.broadcast_to %ie, %c2 {axes = [2]} : tensor<2x2x1xi64>, index -> tensor<2x2x2xi64>
  %xe = tensor.expand_shape %x [[0, 1], [2]] : tensor<3x2xf32> into tensor<3x1x2xf32>
  %c2_0 = arith.constant 2 : index
  %xb = tcp.broadcast_to %xe, %c2_0 {axes = [1]} : tensor<3x1x2xf32>, index -> tensor<3x2x2xf32>
  %0 = tcp.gather %xb, %ib {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}

// SLICE1 example 1: offsets {0,0,0,1}, sizes {1,1,4,3}, strides {1,1,2,2}.
// IR-LABEL: func.func @slice1
// IR: dml.slice1 %{{.*}} {dimension_count = 4 : index, input_window_offsets = [0, 0, 0, 1], input_window_sizes = [1, 1, 3, 3], input_window_strides = [1, 1, 2, 2]} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
// SLICE1: dense<{{\[\[\[\[}}2.000000e+00, 4.000000e+00], [1.000000e+01, 1.200000e+01]]]]> : tensor<1x1x2x2xf32>
func.func @slice1() -> tensor<1x1x2x2xf32> {
  %x = tcp.const {value = dense<[[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]]]> : tensor<1x1x4x4xf32>} : tensor<1x1x4x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tcp.slice %x starts(%c0, %c0, %c0, %c1) sizes(%c1, %c1, %c2, %c2) strides(%c1, %c1, %c2, %c2) : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// SLICE1 example 2: a negative stride in dim 2 (CopyStart row 3).
// IR-LABEL: func.func @slice2
// IR: dml.slice1 %{{.*}} {dimension_count = 4 : index, input_window_offsets = [0, 0, 1, 1], input_window_sizes = [1, 1, 3, 3], input_window_strides = [1, 1, -2, 2]} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
// SLICE2: dense<{{\[\[\[\[}}1.400000e+01, 1.600000e+01], [6.000000e+00, 8.000000e+00]]]]> : tensor<1x1x2x2xf32>
func.func @slice2() -> tensor<1x1x2x2xf32> {
  %x = tcp.const {value = dense<[[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]]]> : tensor<1x1x4x4xf32>} : tensor<1x1x4x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %cm2 = arith.constant -2 : index
  %0 = tcp.slice %x starts(%c0, %c0, %c3, %c1) sizes(%c1, %c1, %c2, %c2) strides(%c1, %c1, %cm2, %c2) : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}
