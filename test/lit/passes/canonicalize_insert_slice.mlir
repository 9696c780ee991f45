// RUN: tcp-opt %s --canonicalize | FileCheck %s
// RUN: tcp-opt %s --canonicalize --verify-semantics | FileCheck %s

// tensor.insert_slice of a whole tensor (zero offsets, unit strides, the
// window all of dest, source of dest's type) folds to its source, as
// MLIR's InsertSliceOp::fold; a partial window, a strided one or a
// dynamic size does not fold.

// CHECK-LABEL: func.func @whole
// CHECK-NEXT:    return %arg1
func.func @whole(%x: tensor<3x4xf32>, %s: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = tensor.insert_slice %s into %x[0, 0] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @partial
// CHECK:         tensor.insert_slice
func.func @partial(%x: tensor<3x4xf32>, %s: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = tensor.insert_slice %s into %x[1, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @dynamic
// CHECK:         tensor.insert_slice
func.func @dynamic(%x: tensor<?x4xf32>, %s: tensor<?x4xf32>, %n: index) -> tensor<?x4xf32> {
  %0 = tensor.insert_slice %s into %x[0, 0] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
