// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file | FileCheck %s
// RUN: tcp-opt %s --canonicalize -split-input-file | FileCheck %s --check-prefix=CANON

// The torch-to-tcp rewrites beyond mlir-tcp's cases: negative dims,
// dynamic dims, 0-d indices, Python slice clamping with None, and advanced
// indexing (torch.aten.index.Tensor_hacked_twin) to tcp.gather_nd. The
// same rewrites are canonicalization patterns: no aten op survives
// --canonicalize.
// CANON-NOT: torch.aten

// Dynamic dims reach tcp.broadcast_to through tensor.dim; dim -2 is 1.
// CHECK-LABEL: func.func @index_select_dynamic(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[?,5,?],f32> -> tensor<?x5x?xf32>
// CHECK:         %[[I:.*]] = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[?],si64> -> tensor<?xi64>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[I]] {{\[\[}}0, 1, 2]] : tensor<?xi64> into tensor<1x?x1xi64>
// CHECK:         %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x5x?xf32>
// CHECK:         %[[D2:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x5x?xf32>
// CHECK:         %[[B:.*]] = tcp.broadcast_to %[[E]], %[[D0]], %[[D2]] {axes = [0, 2]} : tensor<1x?x1xi64>, index, index -> tensor<?x?x?xi64>
// CHECK:         tcp.gather %[[X]], %[[B]] {dim = 1 : index, mode = "error"} : tensor<?x5x?xf32>, tensor<?x?x?xi64> -> tensor<?x?x?xf32>
func.func @index_select_dynamic(%arg0: !torch.vtensor<[?,5,?],f32>, %arg1: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?,?,?],f32> {
  %int-2 = torch.constant.int -2
  %0 = torch.aten.index_select %arg0, %int-2, %arg1 : !torch.vtensor<[?,5,?],f32>, !torch.int, !torch.vtensor<[?],si64> -> !torch.vtensor<[?,?,?],f32>
  return %0 : !torch.vtensor<[?,?,?],f32>
}

// -----

// A 0-d index keeps the dim (torch returns shape (1, 2)); si32 becomes i32.
// CHECK-LABEL: func.func @index_select_scalar(
// CHECK:         %[[E:.*]] = tensor.expand_shape %{{.*}} [] : tensor<i32> into tensor<1x1xi32>
// CHECK:         %[[B:.*]] = tcp.broadcast_to %[[E]], %{{.*}} {axes = [1]} : tensor<1x1xi32>, index -> tensor<1x2xi32>
// CHECK:         %[[G:.*]] = tcp.gather %{{.*}}, %[[B]] {dim = 0 : index, mode = "error"} : tensor<2x2xi32>, tensor<1x2xi32> -> tensor<1x2xi32>
// CHECK:         torch_c.from_builtin_tensor %[[G]] : tensor<1x2xi32> -> !torch.vtensor<[1,2],si32>
func.func @index_select_scalar(%arg0: !torch.vtensor<[2,2],si32>, %arg1: !torch.vtensor<[],si32>) -> !torch.vtensor<[1,2],si32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[2,2],si32>, !torch.int, !torch.vtensor<[],si32> -> !torch.vtensor<[1,2],si32>
  return %0 : !torch.vtensor<[1,2],si32>
}

// -----

// x[:, -7::3] on 10 columns: Python clamping gives start 3 and 3 elements.
// CHECK-LABEL: func.func @slice_none_negative(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         tcp.slice %{{.*}} starts(%[[C0]], %[[C3]]) sizes(%[[C4]], %[[C3]]) strides(%[[C1]], %[[C3]]) : tensor<4x10xf32> -> tensor<4x3xf32>
func.func @slice_none_negative(%arg0: !torch.vtensor<[4,10],f32>) -> !torch.vtensor<[4,3],f32> {
  %none = torch.constant.none
  %int-1 = torch.constant.int -1
  %int-7 = torch.constant.int -7
  %int3 = torch.constant.int 3
  %0 = torch.aten.slice.Tensor %arg0, %int-1, %int-7, %none, %int3 : !torch.vtensor<[4,10],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// x[i, j] with i: 2x1 and j: 3 broadcast to 2x3, stacked into 2x3x2.
// CHECK-LABEL: func.func @index_tensor(
// CHECK:         %[[I:.*]] = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[2,1],si64> -> tensor<2x1xi64>
// CHECK:         %[[IB:.*]] = tcp.broadcast_to %[[I]], %{{.*}} {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x3xi64>
// CHECK:         %[[IE:.*]] = tensor.expand_shape %[[IB]] {{\[\[}}0], [1, 2]] : tensor<2x3xi64> into tensor<2x3x1xi64>
// CHECK:         %[[J:.*]] = torch_c.to_builtin_tensor %arg2 : !torch.vtensor<[3],si64> -> tensor<3xi64>
// CHECK:         %[[JE:.*]] = tensor.expand_shape %[[J]] {{\[\[}}0, 1]] : tensor<3xi64> into tensor<1x3xi64>
// CHECK:         %[[JB:.*]] = tcp.broadcast_to %[[JE]], %{{.*}} {axes = [0]} : tensor<1x3xi64>, index -> tensor<2x3xi64>
// CHECK:         %[[JE2:.*]] = tensor.expand_shape %[[JB]] {{\[\[}}0], [1, 2]] : tensor<2x3xi64> into tensor<2x3x1xi64>
// CHECK:         %[[IDX:.*]] = tensor.concat dim(2) %[[IE]], %[[JE2]] : (tensor<2x3x1xi64>, tensor<2x3x1xi64>) -> tensor<2x3x2xi64>
// CHECK:         tcp.gather_nd %{{.*}}, %[[IDX]] {mode = "wrap_negative"} : tensor<3x4x5xf32>, tensor<2x3x2xi64> -> tensor<2x3x5xf32>
func.func @index_tensor(%arg0: !torch.vtensor<[3,4,5],f32>, %arg1: !torch.vtensor<[2,1],si64>, %arg2: !torch.vtensor<[3],si64>) -> !torch.vtensor<[2,3,5],f32> {
  %0 = torch.prim.ListConstruct %arg1, %arg2 : (!torch.vtensor<[2,1],si64>, !torch.vtensor<[3],si64>) -> !torch.list<vtensor>
  %1 = torch.aten.index.Tensor_hacked_twin %arg0, %0 : !torch.vtensor<[3,4,5],f32>, !torch.list<vtensor> -> !torch.vtensor<[2,3,5],f32>
  return %1 : !torch.vtensor<[2,3,5],f32>
}

// -----

// One index tensor: only the tuple dim is added.
// CHECK-LABEL: func.func @index_tensor1(
// CHECK:         %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2xi64> into tensor<2x1xi64>
// CHECK:         tcp.gather_nd %{{.*}}, %[[E]] {mode = "wrap_negative"} : tensor<3x4xf32>, tensor<2x1xi64> -> tensor<2x4xf32>
// CHECK-NOT:     torch.aten
func.func @index_tensor1(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %1 = torch.aten.index.Tensor_hacked_twin %arg0, %0 : !torch.vtensor<[3,4],f32>, !torch.list<vtensor> -> !torch.vtensor<[2,4],f32>
  return %1 : !torch.vtensor<[2,4],f32>
}

// -----

// A slice along a dynamic dim: Python's clamping with arith on tensor.dim
// (x[-5::2] on n rows: start max(n-5, 0), count ceil(max(n-start, 0)/2)).
// CHECK-LABEL: func.func @slice_dynamic_dim(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[?,3],f32> -> tensor<?x3xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[CM5:.*]] = arith.constant -5 : index
// CHECK:         %[[A:.*]] = arith.addi %[[N]], %[[CM5]] : index
// CHECK:         %[[START:.*]] = arith.maxsi %[[A]], %[[C0]] : index
// CHECK:         %[[D:.*]] = arith.subi %[[N]], %[[START]] : index
// CHECK:         %[[DP:.*]] = arith.maxsi %[[D]], %[[C0]] : index
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[COUNT:.*]] = arith.ceildivsi %[[DP]], %[[C2]] : index
// CHECK:         tcp.slice %[[X]] starts(%[[START]], %[[C0]]) sizes(%[[COUNT]], %{{.*}}) strides(%[[C2]], %{{.*}}) : tensor<?x3xf32> -> tensor<?x3xf32>
func.func @slice_dynamic_dim(%arg0: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %int0 = torch.constant.int 0
  %int-5 = torch.constant.int -5
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.slice.Tensor %arg0, %int0, %int-5, %none, %int2 : !torch.vtensor<[?,3],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// torch.vtensor.literal becomes tcp.const of the builtin type (si64 data
// as i64); the consumer reads the constant directly.
// CHECK-LABEL: func.func @literal(
// CHECK:         %[[C:.*]] = tcp.const {value = dense<[2, -1]> : tensor<2xi64>} : tensor<2xi64>
// CHECK:         tensor.expand_shape %[[C]] {{\[\[}}0, 1]] : tensor<2xi64> into tensor<2x1xi64>
// --canonicalize then folds the expanded, broadcast indices to a constant.
// CANON-LABEL: func.func @literal(
// CANON:         %[[I:.*]] = tcp.const {value = dense<{{\[\[}}2, 2, 2, 2], [-1, -1, -1, -1]]> : tensor<2x4xi64>} : tensor<2x4xi64>
// CANON:         tcp.gather %{{.*}}, %[[I]] {dim = 0 : index, mode = "error"}
func.func @literal(%arg0: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %i = torch.vtensor.literal(dense<[2, -1]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// torch.aten.index.Tensor as torch-mlir's FX importer prints x[:, i]: a
// leading None is a whole dim, so the tuples address dim 1 and dim 0 is a
// batch dim of the gather (the index broadcast along it).
// CHECK-LABEL: func.func @index_tensor_none(
// CHECK:         %[[I:.*]] = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[3],si64> -> tensor<3xi64>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[I]] {{\[\[}}0, 1]] : tensor<3xi64> into tensor<3x1xi64>
// CHECK:         %[[E2:.*]] = tensor.expand_shape %[[E]] {{\[\[}}0, 1], [2]] : tensor<3x1xi64> into tensor<1x3x1xi64>
// CHECK:         %[[B:.*]] = tcp.broadcast_to %[[E2]], %{{.*}} {axes = [0]} : tensor<1x3x1xi64>, index -> tensor<4x3x1xi64>
// CHECK:         tcp.gather_nd %{{.*}}, %[[B]] {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<4x5xf32>, tensor<4x3x1xi64> -> tensor<4x3xf32>
// CANON-LABEL: func.func @index_tensor_none(
// CANON:         tcp.gather_nd
func.func @index_tensor_none(%arg0: !torch.vtensor<[4,5],f32>, %arg1: !torch.vtensor<[3],si64>) -> !torch.vtensor<[4,3],f32> {
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %none, %arg1 : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[4,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[4,3],f32>
  return %1 : !torch.vtensor<[4,3],f32>
}
