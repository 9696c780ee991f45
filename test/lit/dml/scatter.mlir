// tcp scatters through --convert-tcp-to-dml: with unique indices (the
// unique_indices promise, constant indices checked at compile time, or
// assume-unique-indices=true) replace is one DML_SCATTER_ELEMENTS /
// DML_SCATTER_ND, and a reduction is the gather of the destinations, the
// elementwise operator and the scatter. The lowered functions run in the
// dml emulator and give the tcp interpreter's values (--verify-semantics:
// on random inputs; a broken unique_indices promise allows any result).
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml --verify-semantics -o %t.checked.mlir
// RUN: tcp-run --print=mlir %s -e onnx_add | FileCheck %s --check-prefix=VALUES
// RUN: tcp-opt %s --convert-tcp-to-dml -o %t.mlir
// RUN: tcp-run --print=mlir %t.mlir -e onnx_add | FileCheck %s --check-prefix=VALUES
// RUN: tcp-translate --mlir-to-dml-json %t.mlir | FileCheck %s --check-prefix=JSON
// RUN: tcp-translate --mlir-to-dml-cpp %t.mlir | FileCheck %s --check-prefix=CPP

// ONNX ScatterElements with reduction add and negative indices (unique
// after wrapping: 1 and -3 + 5 = 2): gather, add, scatter.
// CHECK-LABEL: func.func @onnx_add
// CHECK:         %[[I:.*]] = dml.constant {value = dense<{{\[\[}}1, 2]]> : tensor<1x2xi64>}
// CHECK-NEXT:    %[[G:.*]] = dml.gather_elements %{{.*}}, %[[I]] {axis = 1 : index, dimension_count = 2 : index}
// CHECK-NEXT:    %[[A:.*]] = dml.element_wise_add %[[G]], %{{.*}} {dimension_count = 2 : index}
// CHECK-NEXT:    dml.scatter_elements %{{.*}}, %[[I]], %[[A]] {axis = 1 : index, dimension_count = 2 : index} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<1x5xf32>
// VALUES: dense<{{\[\[}}1.000000e+00, 3.100000e+00, 5.100000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<1x5xf32>
// JSON: "Type": "DML_OPERATOR_SCATTER_ELEMENTS"
// JSON: "UpdatesTensor"
// CPP: DML_SCATTER_ELEMENTS_OPERATOR_DESC
func.func @onnx_add() -> tensor<1x5xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0, 3.0, 4.0, 5.0]]> : tensor<1x5xf32>} : tensor<1x5xf32>
  %i = tcp.const {value = dense<[[1, -3]]> : tensor<1x2xi64>} : tensor<1x2xi64>
  %u = tcp.const {value = dense<[[1.1, 2.1]]> : tensor<1x2xf32>} : tensor<1x2xf32>
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 1 : index, mode = "wrap_negative"} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<1x5xf32>
  return %0 : tensor<1x5xf32>
}

// index_put with unique rows: one DML_SCATTER_ND.
// CHECK-LABEL: func.func @index_put
// CHECK-NEXT:    dml.scatter_nd %arg0, %arg1, %arg2 {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<8x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<8x3xf32>
func.func @index_put(%x: tensor<8x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) -> tensor<8x3xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {unique_indices} : tensor<8x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// scatter_nd with batch dims: DML_SCATTER_ND has none, so each tuple is
// prefixed with its batch coordinates (a constant joined to the indices).
// CHECK-LABEL: func.func @batched
// CHECK-NEXT:    %[[B:.*]] = dml.constant {value = dense<{{\[\[\[}}0], [0], [0]], {{\[\[}}1], [1], [1]]]> : tensor<2x3x1xi64>}
// CHECK-NEXT:    %[[J:.*]] = dml.join %[[B]], %arg1 {axis = 2 : index, dimension_count = 3 : index} : tensor<2x3x1xi64>, tensor<2x3x1xi64> -> tensor<2x3x2xi64>
// CHECK-NEXT:    dml.scatter_nd %arg0, %[[J]], %arg2 {dimension_count = 3 : index, indices_dimension_count = 3 : index, input_dimension_count = 2 : index}
func.func @batched(%x: tensor<2x5xi32>, %i: tensor<2x3x1xi64>, %u: tensor<2x3xi32>) -> tensor<2x5xi32> {
  %0 = tcp.scatter_nd %x, %i, %u {batch_dims = 1 : index, unique_indices} : tensor<2x5xi32>, tensor<2x3x1xi64>, tensor<2x3xi32> -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}
