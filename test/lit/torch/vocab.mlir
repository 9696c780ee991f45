// The ops torch-mlir's FX importer prints for the gathers users write, run
// by the interpreter as exported (torch's semantics) and after
// --convert-torch-to-tcp, with the same results; and the tcp each becomes.

// nn.Embedding / F.embedding: rows of the weight; padding_idx,
// scale_grad_by_freq and sparse do not change the forward value. Indices
// of rank > 1 are gathered flat (the weight is never broadcast).
// RUN: tcp-run --print=mlir %s -e embedding | FileCheck %s --check-prefix=EMB
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e embedding | FileCheck %s --check-prefix=EMB
// EMB: {{^}}dense<{{\[\[\[}}5, 6], [1, 2]], {{\[\[}}1, 2], [3, 4]]]> : tensor<2x2x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=EMB-TCP
// EMB-TCP-LABEL: func.func @embedding(
// EMB-TCP: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x2xi64> into tensor<4xi64>
// EMB-TCP: %[[G:.*]] = tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index, mode = "error"} : tensor<3x2xi64>, tensor<4x2xi64> -> tensor<4x2xi64>
// EMB-TCP: tensor.expand_shape %[[G]] {{\[\[}}0, 1], [2]] : tensor<4x2xi64> into tensor<2x2x2xi64>
func.func @embedding() -> !torch.vtensor<[2,2,2],si64> {
  %w = torch.vtensor.literal(dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %i = torch.vtensor.literal(dense<[[2, 0], [0, 1]]> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %0 = torch.aten.embedding %w, %i, %int0, %true, %true : !torch.vtensor<[3,2],si64>, !torch.vtensor<[2,2],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,2,2],si64>
  return %0 : !torch.vtensor<[2,2,2],si64>
}

// An index outside [0, rows) raises, negative ones included.
// RUN: not tcp-run --print=mlir %s -e embedding_negative 2>&1 | FileCheck %s --check-prefix=EMB-NEG
// RUN: tcp-opt %s --convert-torch-to-tcp | not tcp-run --print=mlir - -e embedding_negative 2>&1 | FileCheck %s --check-prefix=EMB-NEG-TCP
// EMB-NEG: error: 'torch.aten.embedding' op index out of range in self: index -1 for 3 rows
// EMB-NEG-TCP: error: 'tcp.gather' op index -1 is out of bounds for dimension 0 with size 3
func.func @embedding_negative() -> !torch.vtensor<[1,2],si64> {
  %w = torch.vtensor.literal(dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %i = torch.vtensor.literal(dense<[-1]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %w, %i, %int-1, %false, %false : !torch.vtensor<[3,2],si64>, !torch.vtensor<[1],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[1,2],si64>
  return %0 : !torch.vtensor<[1,2],si64>
}

// x[:, -1]: select.int wraps a negative index once.
// RUN: tcp-run --print=mlir %s -e select_last | FileCheck %s --check-prefix=SEL
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e select_last | FileCheck %s --check-prefix=SEL
// SEL: {{^}}dense<[3, 6]> : tensor<2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=SEL-TCP
// SEL-TCP-LABEL: func.func @select_last(
// SEL-TCP: %[[S:.*]] = tcp.slice %{{.*}} starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<2x3xi64> -> tensor<2x1xi64>
// SEL-TCP: tensor.collapse_shape %[[S]] {{\[\[}}0, 1]] : tensor<2x1xi64> into tensor<2xi64>
func.func @select_last() -> !torch.vtensor<[2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi64>) : !torch.vtensor<[2,3],si64>
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.aten.select.int %x, %int1, %int-1 : !torch.vtensor<[2,3],si64>, !torch.int, !torch.int -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// A negative index on a dynamic dim: size + index, from tensor.dim.
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=SEL-DYN
// SEL-DYN-LABEL: func.func @select_dynamic(
// SEL-DYN: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x3xf32>
// SEL-DYN: arith.addi %[[D]], %{{.*}} : index
func.func @select_dynamic(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %int-2 = torch.constant.int -2
  %0 = torch.aten.select.int %x, %int0, %int-2 : !torch.vtensor<[?,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// x.flip(0, 1): a tcp.slice with stride -1 from the last element.
// RUN: tcp-run --print=mlir %s -e flip | FileCheck %s --check-prefix=FLIP
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e flip | FileCheck %s --check-prefix=FLIP
// FLIP: {{^}}dense<{{\[\[}}6, 5, 4], [3, 2, 1]]> : tensor<2x3xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=FLIP-TCP
// FLIP-TCP-LABEL: func.func @flip(
// FLIP-TCP-DAG: %[[CM1:.*]] = arith.constant -1 : index
// FLIP-TCP-DAG: %[[C1:.*]] = arith.constant 1 : index
// FLIP-TCP-DAG: %[[C2:.*]] = arith.constant 2 : index
// FLIP-TCP-DAG: %[[C3:.*]] = arith.constant 3 : index
// FLIP-TCP: tcp.slice %{{.*}} starts(%[[C1]], %[[C2]]) sizes(%[[C2]], %[[C3]]) strides(%[[CM1]], %[[CM1]]) : tensor<2x3xi64> -> tensor<2x3xi64>
func.func @flip() -> !torch.vtensor<[2,3],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi64>) : !torch.vtensor<[2,3],si64>
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %dims = torch.prim.ListConstruct %int0, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.flip %x, %dims : !torch.vtensor<[2,3],si64>, !torch.list<int> -> !torch.vtensor<[2,3],si64>
  return %0 : !torch.vtensor<[2,3],si64>
}

// torch.take_along_dim as the importer prints it: expand, remainder (the
// index modulo the dim size, Python's sign rule), gather. After
// --canonicalize the remainder is the gather's mode "wrap".
// RUN: tcp-run --print=mlir %s -e take_along_dim | FileCheck %s --check-prefix=TAD
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e take_along_dim | FileCheck %s --check-prefix=TAD
// RUN: tcp-opt %s --convert-torch-to-tcp --canonicalize | tcp-run --print=mlir - -e take_along_dim | FileCheck %s --check-prefix=TAD
// TAD: {{^}}dense<{{\[\[}}3.000000e+00, 1.000000e+00], [6.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @take_along_dim() -> !torch.vtensor<[2,2],f32> {
  %x = torch.vtensor.literal(dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>) : !torch.vtensor<[2,3],f32>
  %i = torch.vtensor.literal(dense<[[-1, 3]]> : tensor<1x2xsi64>) : !torch.vtensor<[1,2],si64>
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %1 = torch.aten.expand %i, %0, %false : !torch.vtensor<[1,2],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,2],si64>
  %int3 = torch.constant.int 3
  %4 = torch.aten.remainder.Scalar %1, %int3 : !torch.vtensor<[2,2],si64>, !torch.int -> !torch.vtensor<[2,2],si64>
  %int1 = torch.constant.int 1
  %5 = torch.aten.gather %x, %int1, %4, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return %5 : !torch.vtensor<[2,2],f32>
}

// With the indices an argument.
// RUN: tcp-opt %s --convert-torch-to-tcp --canonicalize | FileCheck %s --check-prefix=TAD-TCP
// TAD-TCP-LABEL: func.func @take_along_dim_arg(
// TAD-TCP-NOT: arith.remsi
// TAD-TCP: tcp.gather %{{.*}}, %{{.*}} {dim = 1 : index, mode = "wrap"} : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
func.func @take_along_dim_arg(%x: !torch.vtensor<[2,3],f32>, %i: !torch.vtensor<[2,2],si64>) -> !torch.vtensor<[2,2],f32> {
  %int3 = torch.constant.int 3
  %4 = torch.aten.remainder.Scalar %i, %int3 : !torch.vtensor<[2,2],si64>, !torch.int -> !torch.vtensor<[2,2],si64>
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %5 = torch.aten.gather %x, %int1, %4, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return %5 : !torch.vtensor<[2,2],f32>
}

// remainder.Scalar by a negative number takes the divisor's sign.
// RUN: tcp-run --print=mlir %s -e remainder_negative | FileCheck %s --check-prefix=REM
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e remainder_negative | FileCheck %s --check-prefix=REM
// REM: {{^}}dense<[-2, 0, -2, -2]> : tensor<4xi64>{{$}}
func.func @remainder_negative() -> !torch.vtensor<[4],si64> {
  %x = torch.vtensor.literal(dense<[-5, 3, 7, 1]> : tensor<4xsi64>) : !torch.vtensor<[4],si64>
  %int-3 = torch.constant.int -3
  %0 = torch.aten.remainder.Scalar %x, %int-3 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// view(-1), unsqueeze, prims.squeeze, squeeze.dim, permute, clone and
// contiguous around an index: shape ops, then the identity.
// RUN: tcp-run --print=mlir %s -e plumbing | FileCheck %s --check-prefix=PLUMB
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e plumbing | FileCheck %s --check-prefix=PLUMB
// PLUMB: {{^}}dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=PLUMB-TCP
// PLUMB-TCP-LABEL: func.func @plumbing(
// PLUMB-TCP-NOT: torch.aten
// PLUMB-TCP-NOT: torch.prims
// PLUMB-TCP: tcp.transpose
func.func @plumbing() -> !torch.vtensor<[3,2],si64> {
  %x = torch.vtensor.literal(dense<[1, 2, 3, 4, 5, 6]> : tensor<6xsi64>) : !torch.vtensor<[6],si64>
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %int2, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[6],si64>, !torch.list<int> -> !torch.vtensor<[2,3],si64>
  %1 = torch.aten.unsqueeze %0, %int0 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[1,2,3],si64>
  %l0 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %2 = torch.prims.squeeze %1, %l0 : !torch.vtensor<[1,2,3],si64>, !torch.list<int> -> !torch.vtensor<[2,3],si64>
  %3 = torch.aten.unsqueeze %2, %int-1 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[2,3,1],si64>
  %4 = torch.aten.squeeze.dim %3, %int-1 : !torch.vtensor<[2,3,1],si64>, !torch.int -> !torch.vtensor<[2,3],si64>
  %p = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %5 = torch.aten.permute %4, %p : !torch.vtensor<[2,3],si64>, !torch.list<int> -> !torch.vtensor<[3,2],si64>
  %6 = torch.aten.clone %5, %none : !torch.vtensor<[3,2],si64>, !torch.none -> !torch.vtensor<[3,2],si64>
  %7 = torch.aten.contiguous %6, %int0 : !torch.vtensor<[3,2],si64>, !torch.int -> !torch.vtensor<[3,2],si64>
  return %7 : !torch.vtensor<[3,2],si64>
}

// torch.constant.float prints as torch-mlir prints it.
// RUN: tcp-opt %s | FileCheck %s --check-prefix=FLOAT
// FLOAT: %float = torch.constant.float 2.500000e+00
func.func @float_constant() -> !torch.float {
  %f = torch.constant.float 2.500000e+00
  return %f : !torch.float
}

// torch.export with a dynamic index size (x[i], x[:, i] with a dynamic
// batch, x[i, j] with i: ?x1 and j: ?): the index tensors broadcast to
// sizes from tensor.dim.
// RUN: tcp-opt %s --convert-torch-to-tcp --verify-semantics | FileCheck %s --check-prefix=DYN
// DYN-LABEL: func.func @index_dynamic(
// DYN: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<?xi64> into tensor<?x1xi64>
// DYN: tcp.gather_nd %{{.*}}, %{{.*}} {mode = "wrap_negative"} : tensor<5x4xf32>, tensor<?x1xi64> -> tensor<?x4xf32>
func.func @index_dynamic(%arg0: !torch.vtensor<[5,4],f32>, %arg1: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?,4],f32> {
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[5,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[?,4],f32>
  return %1 : !torch.vtensor<[?,4],f32>
}
// DYN-LABEL: func.func @colindex_dynamic_batch(
// DYN: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x4xf32>
// DYN: tcp.broadcast_to %{{.*}}, %[[D]] {axes = [0]} : tensor<1x?x1xi64>, index -> tensor<?x?x1xi64>
func.func @colindex_dynamic_batch(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?,?],f32> {
  %none = torch.constant.none
  %1 = torch.prim.ListConstruct %none, %arg1 : (!torch.none, !torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
  %2 = torch.aten.index.Tensor %arg0, %1 : !torch.vtensor<[?,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[?,?],f32>
  return %2 : !torch.vtensor<[?,?],f32>
}
// DYN-LABEL: func.func @pair_dynamic(
// DYN-DAG: %[[DJ:.*]] = tensor.dim %[[J:.*]], %{{.*}} : tensor<?xi64>
// DYN-DAG: tcp.broadcast_to %{{.*}}, %[[DJ]] {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x?xi64>
// DYN: tcp.gather_nd %{{.*}}, %{{.*}} {mode = "wrap_negative"} : tensor<5x4xf32>, tensor<?x?x2xi64> -> tensor<?x?xf32>
func.func @pair_dynamic(%arg0: !torch.vtensor<[5,4],f32>, %arg1: !torch.vtensor<[?,1],si64>, %arg2: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?,?],f32> {
  %0 = torch.prim.ListConstruct %arg1, %arg2 : (!torch.vtensor<[?,1],si64>, !torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[5,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[?,?],f32>
  return %1 : !torch.vtensor<[?,?],f32>
}

// torch.constant.str (div's rounding_mode) and the !torch.str type print
// as torch-mlir prints them.
// RUN: tcp-opt %s | FileCheck %s --check-prefix=STR
// STR: %str = torch.constant.str "floor"
// STR: return %str : !torch.str
func.func @str_constant() -> !torch.str {
  %s = torch.constant.str "floor"
  return %s : !torch.str
}
