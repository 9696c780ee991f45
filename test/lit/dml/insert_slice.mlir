// tensor.insert_slice lowers to DML_SCATTER_ND of the source at constant
// indices (the window's dest coordinates, distinct, so DirectML's
// unordered writes cannot matter); an empty window is dest itself.
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-run --print=mlir %s -e rows | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e rows | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-tcp-to-dml='feature-level=2.1' | tcp-run --print=mlir - -e rows | FileCheck %s --check-prefix=VAL

// CHECK-LABEL: func.func @rows(
// CHECK: dml.constant {value = dense<{{\[\[}}[2, 1], [2, 2]], {{\[\[}}0, 1], [0, 2]]]> : tensor<2x2x2xi32>}
// CHECK: dml.scatter_nd
// CHECK-NOT: tensor.insert_slice
// VAL: dense<{{\[\[}}1.000000e+00, -3.000000e+00, -4.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00], [9.000000e+00, -1.000000e+00, -2.000000e+00, 1.200000e+01]]> : tensor<3x4xf32>
func.func @rows() -> tensor<3x4xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>} : tensor<3x4xf32>
  %s = tcp.const {value = dense<[[-1.0, -2.0], [-3.0, -4.0]]> : tensor<2x2xf32>} : tensor<2x2xf32>
  %c2 = arith.constant 2 : index
  %0 = tensor.insert_slice %s into %x[%c2, 1] [2, 2] [-2, 1] : tensor<2x2xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @empty(
// CHECK-NEXT: return %arg0
func.func @empty(%x: tensor<3x4xf32>, %s: tensor<0x4xf32>) -> tensor<3x4xf32> {
  %0 = tensor.insert_slice %s into %x[1, 0] [0, 4] [1, 1] : tensor<0x4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// An empty window writes nothing, so its empty source (here a gather at
// no indices, which no DirectML tensor could hold) is not lowered.
// CHECK-LABEL: func.func @empty_gathered(
// CHECK-NEXT: return %arg0
func.func @empty_gathered(%x: tensor<3x4xf32>, %i: tensor<0x4xi32>) -> tensor<3x4xf32> {
  %g = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<0x4xi32> -> tensor<0x4xf32>
  %0 = tensor.insert_slice %g into %x[1, 0] [0, 4] [1, 1] : tensor<0x4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
