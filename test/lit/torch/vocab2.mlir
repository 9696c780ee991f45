// More of what torch-mlir's FX importer prints for the gathers users write:
// each runs in the interpreter as exported (torch's semantics) and after
// --convert-torch-to-tcp, with the same results.

// x[i, :, j]: index tensors separated by a whole dim. torch puts their
// broadcast dims first, then the dims not indexed: out[b, c] =
// x[i[b], c, j[b]]. The conversion transposes x to the indexed dims first.
// RUN: tcp-run --print=mlir %s -e separated | FileCheck %s --check-prefix=SEP
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e separated | FileCheck %s --check-prefix=SEP
// SEP: {{^}}dense<{{\[\[}}17, 21], [3, 7]]> : tensor<2x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=SEP-TCP
// SEP-TCP-LABEL: func.func @separated(
// SEP-TCP: tcp.transpose %{{.*}} {permutation = array<i64: 0, 2, 1>} : tensor<3x2x4xi64> -> tensor<3x4x2xi64>
// SEP-TCP: tcp.gather_nd %{{.*}}, %{{.*}} {mode = "wrap_negative"} : tensor<3x4x2xi64>, tensor<2x2xi64> -> tensor<2x2xi64>
func.func @separated() -> !torch.vtensor<[2,2],si64> {
  %x = torch.vtensor.literal(dense<[[[0, 1, 2, 3], [4, 5, 6, 7]], [[8, 9, 10, 11], [12, 13, 14, 15]], [[16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<3x2x4xsi64>) : !torch.vtensor<[3,2,4],si64>
  %i = torch.vtensor.literal(dense<[-1, 0]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %j = torch.vtensor.literal(dense<[1, -1]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %i, %none, %j : (!torch.vtensor<[2],si64>, !torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[3,2,4],si64>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,2],si64>
  return %0 : !torch.vtensor<[2,2],si64>
}

// x[:, i] with an int32 index tensor (torch 2 indexes with int as with
// long; negatives wrap once).
// RUN: tcp-run --print=mlir %s -e index_int32 | FileCheck %s --check-prefix=I32
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e index_int32 | FileCheck %s --check-prefix=I32
// I32: {{^}}dense<{{\[\[}}3, 3, 1], [6, 6, 4]]> : tensor<2x3xi64>{{$}}
func.func @index_int32() -> !torch.vtensor<[2,3],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi64>) : !torch.vtensor<[2,3],si64>
  %i = torch.vtensor.literal(dense<[2, -1, 0]> : tensor<3xsi32>) : !torch.vtensor<[3],si32>
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %i : (!torch.none, !torch.vtensor<[3],si32>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[2,3],si64>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,3],si64>
  return %0 : !torch.vtensor<[2,3],si64>
}

// torch.gather(x, 1, i, sparse_grad=True): sparse_grad only changes the
// gradient, so the forward value is the one of sparse_grad=False.
// RUN: tcp-run --print=mlir %s -e gather_sparse_grad | FileCheck %s --check-prefix=SG
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e gather_sparse_grad | FileCheck %s --check-prefix=SG
// SG: {{^}}dense<{{\[\[}}2, 1], [3, 3]]> : tensor<2x2xi64>{{$}}
func.func @gather_sparse_grad() -> !torch.vtensor<[2,2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4]]> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %i = torch.vtensor.literal(dense<[[1, 0], [0, 0]]> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %0 = torch.aten.gather %x, %int1, %i, %true : !torch.vtensor<[2,2],si64>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.bool -> !torch.vtensor<[2,2],si64>
  return %0 : !torch.vtensor<[2,2],si64>
}
