// End to end: torch-mlir programs run as written (torch 1.13 semantics of
// the torch dialect's kernels) and after --convert-torch-to-tcp (tcp
// kernels), with the same results; out-of-range indices raise in both.

// The gather design's example 1.
// RUN: tcp-run --print=mlir %s -e index_select | FileCheck %s --check-prefix=INDEX_SELECT
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e index_select | FileCheck %s --check-prefix=INDEX_SELECT
// INDEX_SELECT: {{^}}dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01]]> : tensor<2x4xf32>{{$}}
func.func @index_select() -> !torch.vtensor<[2,4],f32> {
  %x = torch.vtensor.literal(dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
  %i = torch.vtensor.literal(dense<[0, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// torch.index_select raises for a negative index (it does not wrap).
// RUN: not tcp-run --print=mlir %s -e index_select_negative 2>&1 | FileCheck %s --check-prefix=NEG_TORCH
// RUN: tcp-opt %s --convert-torch-to-tcp | not tcp-run --print=mlir - -e index_select_negative 2>&1 | FileCheck %s --check-prefix=NEG_TCP
// NEG_TORCH: error: 'torch.aten.index_select' op index out of range in self: index -1 for dimension 1 with size 2
// NEG_TCP: error: 'tcp.gather' op index -1 is out of bounds for dimension 1 with size 2
func.func @index_select_negative() -> !torch.vtensor<[2,1],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4]]> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %i = torch.vtensor.literal(dense<[-1]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %int-1 = torch.constant.int -1
  %0 = torch.aten.index_select %x, %int-1, %i : !torch.vtensor<[2,2],si64>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[2,1],si64>
  return %0 : !torch.vtensor<[2,1],si64>
}

// torch.gather(x, -1, idx) (docs/semantics.md §3.1: [[1,1],[4,3]]).
// RUN: tcp-run --print=mlir %s -e gather | FileCheck %s --check-prefix=GATHER
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e gather | FileCheck %s --check-prefix=GATHER
// GATHER: {{^}}dense<{{\[\[}}1, 1], [4, 3]]> : tensor<2x2xi64>{{$}}
func.func @gather() -> !torch.vtensor<[2,2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4]]> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %i = torch.vtensor.literal(dense<[[0, 0], [1, 0]]> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %x, %int-1, %i, %false : !torch.vtensor<[2,2],si64>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.bool -> !torch.vtensor<[2,2],si64>
  return %0 : !torch.vtensor<[2,2],si64>
}

// x[-4::2] on [0..5]: Python clamping.
// RUN: tcp-run --print=mlir %s -e slice | FileCheck %s --check-prefix=SLICE
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e slice | FileCheck %s --check-prefix=SLICE
// SLICE: {{^}}dense<[2, 4]> : tensor<2xi64>{{$}}
func.func @slice() -> !torch.vtensor<[2],si64> {
  %x = torch.vtensor.literal(dense<[0, 1, 2, 3, 4, 5]> : tensor<6xsi64>) : !torch.vtensor<[6],si64>
  %int0 = torch.constant.int 0
  %int-4 = torch.constant.int -4
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.slice.Tensor %x, %int0, %int-4, %none, %int2 : !torch.vtensor<[6],si64>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// x[[-1, 0], [1, 1]]: advanced indexing wraps negative indices.
// RUN: tcp-run --print=mlir %s -e index_tensor | FileCheck %s --check-prefix=INDEX
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e index_tensor | FileCheck %s --check-prefix=INDEX
// INDEX: {{^}}dense<[6, 2]> : tensor<2xi64>{{$}}
func.func @index_tensor() -> !torch.vtensor<[2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %i = torch.vtensor.literal(dense<[-1, 0]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %j = torch.vtensor.literal(dense<[1, 1]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %0 = torch.aten.index.Tensor_hacked_twin %x, %l : !torch.vtensor<[3,2],si64>, !torch.list<vtensor> -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// x[:, i] as torch-mlir's FX importer prints it (a None entry for the
// whole dim 0; -4 wraps to 0).
// RUN: tcp-run --print=mlir %s -e index_none | FileCheck %s --check-prefix=INDEX_NONE
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e index_none | FileCheck %s --check-prefix=INDEX_NONE
// INDEX_NONE: {{^}}dense<{{\[\[}}4.000000e+00, 1.000000e+00, 2.000000e+00], [8.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>{{$}}
func.func @index_none() -> !torch.vtensor<[2,3],f32> {
  %x = torch.vtensor.literal(dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>) : !torch.vtensor<[2,4],f32>
  %i = torch.vtensor.literal(dense<[3, -4, 1]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %none, %i : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %1 = torch.aten.index.Tensor %x, %0 : !torch.vtensor<[2,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,3],f32>
  return %1 : !torch.vtensor<[2,3],f32>
}
