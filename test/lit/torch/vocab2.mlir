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

// x[torch.arange(3), i]: arange of constant ints is a tcp.const.
// RUN: tcp-run --print=mlir %s -e arange_pick | FileCheck %s --check-prefix=AR
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e arange_pick | FileCheck %s --check-prefix=AR
// AR: {{^}}dense<[2, 3, 6]> : tensor<3xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=AR-TCP
// AR-TCP-LABEL: func.func @arange_pick(
// AR-TCP: tcp.const {value = dense<[0, 1, 2]> : tensor<3xi64>} : tensor<3xi64>
func.func @arange_pick() -> !torch.vtensor<[3],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %i = torch.vtensor.literal(dense<[1, 0, -1]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %r = torch.aten.arange.start_step %int0, %int3, %int1, %none, %int0, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.none, !torch.int, !torch.Device, !torch.bool -> !torch.vtensor<[3],si64>
  %l = torch.prim.ListConstruct %r, %i : (!torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[3,2],si64>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// torch.split(x, 2, dim=1)[1]: split_with_sizes unpacked, one tcp.slice
// per piece.
// RUN: tcp-run --print=mlir %s -e split_unpack | FileCheck %s --check-prefix=SPLIT
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e split_unpack | FileCheck %s --check-prefix=SPLIT
// SPLIT: {{^}}dense<{{\[\[}}2, 3], [6, 7]]> : tensor<2x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=SPLIT-TCP
// SPLIT-TCP-LABEL: func.func @split_unpack(
// SPLIT-TCP: tcp.slice %{{.*}} starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<2x4xi64> -> tensor<2x2xi64>
// SPLIT-TCP-NOT: torch.aten.split_with_sizes
func.func @split_unpack() -> !torch.vtensor<[2,2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xsi64>) : !torch.vtensor<[2,4],si64>
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %sizes = torch.prim.ListConstruct %int1, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %s = torch.aten.split_with_sizes %x, %sizes, %int1 : !torch.vtensor<[2,4],si64>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %p:3 = torch.prim.ListUnpack %s : !torch.list<vtensor> -> !torch.vtensor<[2,1],si64>, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,1],si64>
  return %p#1 : !torch.vtensor<[2,2],si64>
}

// torch.take_along_dim(x, i, dim=1) with i of dynamic size: the importer
// expands i to [3, i.size(1)] (aten.size.int of its own dim, which keeps
// it) and takes i % 4 on the dynamic sizes.
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=DYN
// DYN-LABEL: func.func @take_along_dynamic(
// DYN-NOT: torch.aten
// DYN: tcp.broadcast_to %{{.*}}, %{{.*}}, %{{.*}} {axes = [0, 1]} : tensor<1x1xi64>, index, index -> tensor<3x?xi64>
// DYN: arith.remsi %{{.*}}, %{{.*}} : tensor<3x?xi64>
// DYN: tcp.gather %{{.*}}, %{{.*}} {dim = 1 : index, mode = "error"} : tensor<3x4xf32>, tensor<3x?xi64> -> tensor<3x?xf32>
func.func @take_along_dynamic(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[3,?],si64>) -> !torch.vtensor<[3,?],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.size.int %arg1, %int1 : !torch.vtensor<[3,?],si64>, !torch.int -> !torch.int
  %int3 = torch.constant.int 3
  %1 = torch.prim.ListConstruct %int3, %0 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %2 = torch.aten.expand %arg1, %1, %false : !torch.vtensor<[3,?],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,?],si64>
  %int4 = torch.constant.int 4
  %3 = torch.aten.remainder.Scalar %2, %int4 : !torch.vtensor<[3,?],si64>, !torch.int -> !torch.vtensor<[3,?],si64>
  %4 = torch.aten.gather %arg0, %int1, %3, %false : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[3,?],si64>, !torch.bool -> !torch.vtensor<[3,?],f32>
  return %4 : !torch.vtensor<[3,?],f32>
}

// torch.cat([x[i], x[:1]]) and torch.stack([x[0], x[2]]) (the stack is
// a cat of the rows, then a view): aten.cat is tensor.concat.
// RUN: tcp-run --print=mlir %s -e cat_rows | FileCheck %s --check-prefix=CAT
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e cat_rows | FileCheck %s --check-prefix=CAT
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-run --print=mlir - -e cat_rows --backend=go | FileCheck %s --check-prefix=CAT
// CAT: {{^}}dense<{{\[\[}}5, 6], [1, 2], [1, 2]]> : tensor<3x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=CAT-TCP
// CAT-TCP-LABEL: func.func @cat_rows(
// CAT-TCP: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<2x2xi64>, tensor<1x2xi64>) -> tensor<3x2xi64>
func.func @cat_rows() -> !torch.vtensor<[3,2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %i = torch.vtensor.literal(dense<[-1, 0]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %il = torch.prim.ListConstruct %i : (!torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %g = torch.aten.index.Tensor %x, %il : !torch.vtensor<[3,2],si64>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,2],si64>
  %s = torch.aten.slice.Tensor %x, %int0, %int0, %int1, %int1 : !torch.vtensor<[3,2],si64>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,2],si64>
  %l = torch.prim.ListConstruct %g, %s : (!torch.vtensor<[2,2],si64>, !torch.vtensor<[1,2],si64>) -> !torch.list<vtensor>
  %0 = torch.aten.cat %l, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[3,2],si64>
  return %0 : !torch.vtensor<[3,2],si64>
}

// x[i, j] with a long and an int index tensor: both are taken as i64.
// RUN: tcp-run --print=mlir %s -e index_mixed | FileCheck %s --check-prefix=MIX
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e index_mixed | FileCheck %s --check-prefix=MIX
// MIX: {{^}}dense<[6, 1]> : tensor<2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=MIX-TCP
// MIX-TCP-LABEL: func.func @index_mixed(
// MIX-TCP: arith.extsi %{{.*}} : tensor<2xi32> to tensor<2xi64>
func.func @index_mixed() -> !torch.vtensor<[2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi64>) : !torch.vtensor<[2,3],si64>
  %i = torch.vtensor.literal(dense<[1, 0]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %j = torch.vtensor.literal(dense<[-1, 0]> : tensor<2xsi32>) : !torch.vtensor<[2],si32>
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si32>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[2,3],si64>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// x.bfloat16().index_select(0, i).float(): _assert_tensor_metadata (checked
// against the static type, then erased) and convert_element_type
// (arith.truncf / extf).
// RUN: tcp-run --print=mlir %s -e convert_gather | FileCheck %s --check-prefix=CONV
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e convert_gather | FileCheck %s --check-prefix=CONV
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-run --print=mlir - -e convert_gather --backend=go | FileCheck %s --check-prefix=CONV
// CONV: {{^}}dense<[3.000000e+00, 1.000000e+00, 3.000000e+00]> : tensor<3xf32>{{$}}
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=CONV-TCP
// CONV-TCP-LABEL: func.func @convert_gather(
// CONV-TCP-NOT: _assert_tensor_metadata
// CONV-TCP: arith.truncf %{{.*}} : tensor<3xf32> to tensor<3xbf16>
// CONV-TCP: arith.extf %{{.*}} : tensor<3xbf16> to tensor<3xf32>
func.func @convert_gather() -> !torch.vtensor<[3],f32> {
  %x = torch.vtensor.literal(dense<[1.0, 2.0, 3.0]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %i = torch.vtensor.literal(dense<[2, 0, 2]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %none = torch.constant.none
  %int6 = torch.constant.int 6
  %int15 = torch.constant.int 15
  %int0 = torch.constant.int 0
  %cpu = torch.constant.device "cpu"
  torch.aten._assert_tensor_metadata %x, %none, %none, %int6, %cpu, %int0 : !torch.vtensor<[3],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
  %b = torch.prims.convert_element_type %x, %int15 : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],bf16>
  %g = torch.aten.index_select %b, %int0, %i : !torch.vtensor<[3],bf16>, !torch.int, !torch.vtensor<[3],si64> -> !torch.vtensor<[3],bf16>
  %0 = torch.prims.convert_element_type %g, %int6 : !torch.vtensor<[3],bf16>, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
