// DirectML semantics in the interpreter (interp/dml.go), on dml ops
// written directly: the operator docs' examples in padded form, signed
// negative indices counted from the end, and out-of-range reads (undefined
// on DirectML; the emulator reads the nearest end).

// RUN: tcp-run --print=mlir %s -e nd_example2 | FileCheck %s --check-prefix=ND2
// RUN: tcp-run --print=mlir %s -e nd1_example2 | FileCheck %s --check-prefix=ND1
// RUN: tcp-run --print=mlir %s -e elements_doc | FileCheck %s --check-prefix=ELEMENTS
// RUN: tcp-run --print=mlir %s -e negative | FileCheck %s --check-prefix=NEGATIVE
// RUN: tcp-run --print=mlir %s -e clamped | FileCheck %s --check-prefix=CLAMPED
// RUN: tcp-run --print=mlir %s -e broadcast | FileCheck %s --check-prefix=BROADCAST
// RUN: tcp-run --print=mlir %s -e cast | FileCheck %s --check-prefix=CAST
// RUN: tcp-run --print=mlir %s -e cast_widen | FileCheck %s --check-prefix=WIDEN
// RUN: tcp-run --print=mlir %s -e slice1_example1 | FileCheck %s --check-prefix=SLICE1

// DML_GATHER_ND example 2: Input {1,2,2,2} (InputDimensionCount 3), Indices
// {1,1,2,2} (IndicesDimensionCount 2) give Output {1,1,2,2} [[[[2,3],[4,5]]]].
// ND2: dense<{{\[\[\[\[}}2, 3], [4, 5]]]]> : tensor<1x1x2x2xi32>
func.func @nd_example2() -> tensor<1x1x2x2xi32> {
  %x = dml.constant {value = dense<[[[[0, 1], [2, 3]], [[4, 5], [6, 7]]]]> : tensor<1x2x2x2xi32>} : tensor<1x2x2x2xi32>
  %i = dml.constant {value = dense<[[[[0, 1], [1, 0]]]]> : tensor<1x1x2x2xui32>} : tensor<1x1x2x2xui32>
  %0 = dml.gather_nd %x, %i {dimension_count = 4 : index, indices_dimension_count = 2 : index, input_dimension_count = 3 : index} : tensor<1x2x2x2xi32>, tensor<1x1x2x2xui32> -> tensor<1x1x2x2xi32>
  return %0 : tensor<1x1x2x2xi32>
}

// DML_GATHER_ND1 example 2 (BatchDimensionCount 1): Input {1,3,2,2} = 0..11,
// Output {1,1,3,2} [[0,3],[7,4],[9,10]].
// ND1: dense<{{\[\[\[\[}}0, 3], [7, 4], [9, 10]]]]> : tensor<1x1x3x2xi32>
func.func @nd1_example2() -> tensor<1x1x3x2xi32> {
  %x = dml.constant {value = dense<[[[[0, 1], [2, 3]], [[4, 5], [6, 7]], [[8, 9], [10, 11]]]]> : tensor<1x3x2x2xi32>} : tensor<1x3x2x2xi32>
  %i = dml.constant {value = dense<[[[[0, 0], [1, 1]], [[1, 1], [0, 0]], [[0, 1], [1, 0]]]]> : tensor<1x3x2x2xui32>} : tensor<1x3x2x2xui32>
  %0 = dml.gather_nd1 %x, %i {batch_dimension_count = 1 : index, dimension_count = 4 : index, indices_dimension_count = 3 : index, input_dimension_count = 3 : index} : tensor<1x3x2x2xi32>, tensor<1x3x2x2xui32> -> tensor<1x1x3x2xi32>
  return %0 : tensor<1x1x3x2xi32>
}

// DML_GATHER_ELEMENTS example: Axis 0.
// ELEMENTS: dense<{{\[\[}}4.000000e+00, 8.000000e+00, 3.000000e+00], [7.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<2x3xf32>
func.func @elements_doc() -> tensor<2x3xf32> {
  %x = dml.constant {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>} : tensor<3x3xf32>
  %i = dml.constant {value = dense<[[1, 2, 0], [2, 0, 0]]> : tensor<2x3xui32>} : tensor<2x3xui32>
  %0 = dml.gather_elements %x, %i {axis = 0 : index, dimension_count = 2 : index} : tensor<3x3xf32>, tensor<2x3xui32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Signed indices count negatives from the end: -1 is the last element.
// NEGATIVE: dense<[14, 11, 13]> : tensor<3xi32>
func.func @negative() -> tensor<3xi32> {
  %x = dml.constant {value = dense<[11, 12, 13, 14]> : tensor<4xi32>} : tensor<4xi32>
  %i = dml.constant {value = dense<[-1, -4, 2]> : tensor<3xi64>} : tensor<3xi64>
  %0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 1 : index, index_dimensions = 1 : index} : tensor<4xi32>, tensor<3xi64> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// Out-of-range indices read inside the input (DirectML's value is
// undefined; the emulator reads the nearest end, and tests of lowerings
// never depend on it): 9, the unsigned 4294967295
// and the exact edge 4 (the size) read the last element; signed, -9 and
// the exact edge -5 (-size-1) read the first, 4 the last, and -4 (-size)
// counts from the end to the first.
// CLAMPED: dense<[14, 14, 14, 11, 14, 11, 11]> : tensor<7xi32>
func.func @clamped() -> tensor<7xi32> {
  %x = dml.constant {value = dense<[11, 12, 13, 14]> : tensor<4xi32>} : tensor<4xi32>
  %u = dml.constant {value = dense<[9, 4294967295, 4]> : tensor<3xui32>} : tensor<3xui32>
  %s = dml.constant {value = dense<[-9, 4, -5, -4]> : tensor<4xi32>} : tensor<4xi32>
  %0 = dml.gather %x, %u {axis = 0 : index, dimension_count = 1 : index, index_dimensions = 1 : index} : tensor<4xi32>, tensor<3xui32> -> tensor<3xi32>
  %1 = dml.gather %x, %s {axis = 0 : index, dimension_count = 1 : index, index_dimensions = 1 : index} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %2 = dml.element_wise_identity %1 {dimension_count = 1 : index} : tensor<4xi32> -> tensor<4xi32>
  %r = tensor.concat dim(0) %0, %2 : (tensor<3xi32>, tensor<4xi32>) -> tensor<7xi32>
  return %r : tensor<7xi32>
}

// docs/semantics.md §7.7: an IDENTITY with a zero-stride input desc broadcasts
// [[1],[2]] to 2x3.
// BROADCAST: dense<{{\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>
func.func @broadcast() -> tensor<2x3xf32> {
  %x = dml.constant {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : tensor<2x1xf32>
  %0 = dml.element_wise_identity %x {dimension_count = 2 : index, input_sizes = [2, 3], input_strides = [1, 0]} : tensor<2x1xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CAST keeps the low bits of integers.
// CAST: dense<[0, 7, 4294967295]> : tensor<3xui32>
func.func @cast() -> tensor<3xui32> {
  %x = dml.constant {value = dense<[0, 7, -1]> : tensor<3xi32>} : tensor<3xi32>
  %0 = dml.cast %x {dimension_count = 4 : index} : tensor<3xi32> -> tensor<3xui32>
  return %0 : tensor<3xui32>
}

// A signed integer cast to a wider type keeps its value (sign extension).
// WIDEN: dense<[-1, 7, -128]> : tensor<3xi64>
func.func @cast_widen() -> tensor<3xi64> {
  %x = dml.constant {value = dense<[-1, 7, -128]> : tensor<3xi8>} : tensor<3xi8>
  %0 = dml.cast %x {dimension_count = 4 : index} : tensor<3xi8> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// DML_SLICE1 example 1 on the doc's window (offsets {0,0,0,1}, sizes
// {1,1,4,3}, strides {1,1,2,2}).
// SLICE1: dense<{{\[\[\[\[}}2, 4], [10, 12]]]]> : tensor<1x1x2x2xi32>
func.func @slice1_example1() -> tensor<1x1x2x2xi32> {
  %x = dml.constant {value = dense<[[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]]]> : tensor<1x1x4x4xi32>} : tensor<1x1x4x4xi32>
  %0 = dml.slice1 %x {dimension_count = 4 : index, input_window_offsets = [0, 0, 0, 1], input_window_sizes = [1, 1, 4, 3], input_window_strides = [1, 1, 2, 2]} : tensor<1x1x4x4xi32> -> tensor<1x1x2x2xi32>
  return %0 : tensor<1x1x2x2xi32>
}
