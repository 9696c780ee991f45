// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file | FileCheck %s
// RUN: tcp-opt %s --canonicalize -split-input-file | FileCheck %s --check-prefix=CANON
// RUN: tcp-opt %s --mlir-print-op-generic -split-input-file | tcp-opt -split-input-file | FileCheck %s --check-prefix=ROUND

// The scatter family as torch-mlir's FX importer prints it, brought to
// tcp.scatter (mode "error") and tcp.scatter_nd (advanced indexing: mode
// "wrap_negative"). passes/torchtotcp's TestScatterEquivalent runs the same
// ops before and after on random inputs.
// CANON-NOT: torch.aten
// ROUND: torch.aten.scatter_reduce.two %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,3],f32>

// CHECK-LABEL: func.func @scatter_src(
// CHECK: tcp.scatter %{{.*}}, %{{.*}}, %{{.*}} {dim = 1 : index, mode = "error"} : tensor<4x3xf32>, tensor<2x3xi64>, tensor<2x3xf32> -> tensor<4x3xf32>
func.func @scatter_src(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.scatter.src %x, %int-1, %i, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// include_self = false: the identity (-inf for amax) first, then the max.
// CHECK-LABEL: func.func @scatter_reduce_amax(
// CHECK: %[[ID:.*]] = tcp.const {value = dense<0xFF800000> : tensor<2x3xf32>}
// CHECK: %[[B:.*]] = tcp.scatter %{{.*}}, %{{.*}}, %[[ID]] {dim = 0 : index, mode = "error"}
// CHECK: tcp.scatter %[[B]], %{{.*}}, %{{.*}} {combine = "max", dim = 0 : index, mode = "error"}
func.func @scatter_reduce_amax(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "amax"
  %false = torch.constant.bool false
  %0 = torch.aten.scatter_reduce.two %x, %int0, %i, %u, %str, %false : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// mean: the sum divided by the count of updates plus one.
// CHECK-LABEL: func.func @scatter_reduce_mean(
// CHECK: %[[S:.*]] = tcp.scatter %{{.*}}, %{{.*}}, %{{.*}} {combine = "add", dim = 0 : index, mode = "error"}
// CHECK: %[[C:.*]] = tcp.scatter %{{.*}}, %{{.*}}, %{{.*}} {combine = "add", dim = 0 : index, mode = "error"}
// CHECK: arith.divf %[[S]], %[[C]] : tensor<4x3xf32>
func.func @scatter_reduce_mean(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "mean"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %x, %int0, %i, %u, %str, %true : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// y = x.clone(); y[:, j] = v: the leading None is a batch dim.
// CHECK-LABEL: func.func @setitem_cols(
// CHECK: tcp.broadcast_to
// CHECK: tcp.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<3x6xf32>, tensor<3x4x1xi64>, tensor<3x4xf32> -> tensor<3x6xf32>
func.func @setitem_cols(%x: !torch.vtensor<[3,6],f32>, %j: !torch.vtensor<[4],si64>, %v: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,6],f32> {
  %none = torch.constant.none
  %0 = torch.aten.clone %x, %none : !torch.vtensor<[3,6],f32>, !torch.none -> !torch.vtensor<[3,6],f32>
  %1 = torch.prim.ListConstruct %none, %j : (!torch.none, !torch.vtensor<[4],si64>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  %2 = torch.aten.index_put %0, %1, %v, %false : !torch.vtensor<[3,6],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,4],f32>, !torch.bool -> !torch.vtensor<[3,6],f32>
  return %2 : !torch.vtensor<[3,6],f32>
}

// -----

// index_add prints as index_put with accumulate = true.
// CHECK-LABEL: func.func @index_add(
// CHECK: tcp.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} {combine = "add", mode = "wrap_negative"} : tensor<4x3xf32>, tensor<3x1xi64>, tensor<3x3xf32> -> tensor<4x3xf32>
func.func @index_add(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[3],si64>, %v: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %0 = torch.prim.ListConstruct %i : (!torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %true = torch.constant.bool true
  %1 = torch.aten.index_put %x, %0, %v, %true : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %1 : !torch.vtensor<[4,3],f32>
}
