// RUN: tcp-opt %s -split-input-file --convert-onnx-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s -split-input-file --pass-pipeline='builtin.module(convert-frontends-to-tcp,canonicalize,cse)' --verify-semantics | FileCheck %s --check-prefix=CANON

// The shape arithmetic torch.onnx.export writes with dynamic_axes: Shape of
// a dynamic dim is its tensor.dim, and what is computed from it (Gather,
// Sub, Mod, Unsqueeze, Concat) converts as on any i64 tensor; an Expand to
// a shape computed from dims is a tcp.broadcast_to with run-time sizes.
// Each is checked by the interpreter on random inputs (--verify-semantics).

// CHECK-LABEL: func.func @shape_dynamic
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[C:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: tensor.from_elements %[[C]], %{{.*}} : tensor<2xi64>
func.func @shape_dynamic(%x: tensor<?x3xf32>) -> tensor<2xi64> {
  %s = "onnx.Shape"(%x) : (tensor<?x3xf32>) -> tensor<2xi64>
  return %s : tensor<2xi64>
}

// -----

// x[i % n] for a symbolic n: Shape(x)[0:1] then Mod.
// CHECK-LABEL: func.func @mod_by_dynamic_size
// CHECK: tensor.dim %arg0
// CHECK: arith.remsi
// CHECK: tcp.gather
// CANON-LABEL: func.func @mod_by_dynamic_size
// CANON: tensor.dim %arg0
// CANON-NOT: onnx.
func.func @mod_by_dynamic_size(%x: tensor<?x2xf32>, %i: tensor<6xi64>) -> tensor<6x2xf32> {
  %s = "onnx.Shape"(%x) {start = 0 : si64, end = 1 : si64} : (tensor<?x2xf32>) -> tensor<1xi64>
  %j = "onnx.Mod"(%i, %s) : (tensor<6xi64>, tensor<1xi64>) -> tensor<6xi64>
  %y = "onnx.Gather"(%x, %j) {axis = 0 : si64} : (tensor<?x2xf32>, tensor<6xi64>) -> tensor<6x2xf32>
  return %y : tensor<6x2xf32>
}

// -----

// expand_as with a symbolic batch: Expand(i, Shape(x)).
// CHECK-LABEL: func.func @expand_as_dynamic
// CHECK: tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CHECK: tcp.broadcast_to %arg1, %{{.*}} {axes = [0]} : tensor<1x4xi64>, index -> tensor<?x4xi64>
// CANON-LABEL: func.func @expand_as_dynamic
// CANON: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4xf32>
// CANON-NEXT: %[[B:.*]] = tcp.broadcast_to %arg1, %[[D]] {axes = [0]}
// CANON-NEXT: tcp.gather %arg0, %[[B]]
func.func @expand_as_dynamic(%x: tensor<?x4xf32>, %i: tensor<1x4xi64>) -> tensor<?x4xf32> {
  %s = "onnx.Shape"(%x) : (tensor<?x4xf32>) -> tensor<2xi64>
  %j = "onnx.Expand"(%i, %s) : (tensor<1x4xi64>, tensor<2xi64>) -> tensor<?x4xi64>
  %y = "onnx.GatherElements"(%x, %j) {axis = 1 : si64} : (tensor<?x4xf32>, tensor<?x4xi64>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// i.unsqueeze(1).expand(-1, 3) for a symbolic n: the dynamic dim passes
// through (its size is the constant 1 in the shape), dim 1 broadcasts.
// CHECK-LABEL: func.func @expand_keeps_dynamic_dim
// CHECK: tcp.broadcast_to %arg0, %{{.*}} {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x3xi64>
func.func @expand_keeps_dynamic_dim(%i: tensor<?x1xi64>) -> tensor<?x3xi64> {
  %s = onnx.Constant dense<[1, 3]> : tensor<2xi64>
  %j = "onnx.Expand"(%i, %s) : (tensor<?x1xi64>, tensor<2xi64>) -> tensor<?x3xi64>
  return %j : tensor<?x3xi64>
}

// -----

// Sizes computed at run time (Add(Shape(x), 0), not a Shape itself): read
// with tensor.extract.
// CHECK-LABEL: func.func @expand_runtime_size
// CHECK: %[[E:.*]] = tensor.extract %{{.*}}[%{{.*}}] : tensor<2xi64>
// CHECK: %[[N:.*]] = arith.index_cast %[[E]] : i64 to index
// CHECK: tcp.broadcast_to %arg1, %[[N]], %{{.*}} {axes = [0, 1]} : tensor<1x1xi64>, index, index -> tensor<?x?xi64>
func.func @expand_runtime_size(%x: tensor<?x2xf32>, %i: tensor<1x1xi64>) -> tensor<?x?xi64> {
  %s = "onnx.Shape"(%x) : (tensor<?x2xf32>) -> tensor<2xi64>
  %z = onnx.Constant dense<0> : tensor<i64>
  %shp = "onnx.Add"(%s, %z) : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
  %j = "onnx.Expand"(%i, %shp) : (tensor<1x1xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %j : tensor<?x?xi64>
}

// -----

// x.flip(0) on a symbolic batch: Slice(x, [-1], [-INT64_MAX], [0], [-1])
// reverses the whole dim: tcp.slice from n-1 with stride -1.
// CHECK-LABEL: func.func @slice_reverse_dynamic
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[S:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK: tcp.slice %arg0 starts(%[[S]], %{{.*}}) sizes(%[[N]], %{{.*}}) strides(%{{.*}}, %{{.*}})
func.func @slice_reverse_dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %a = onnx.Constant dense<0> : tensor<1xi64>
  %s = onnx.Constant dense<-1> : tensor<1xi64>
  %e = onnx.Constant dense<-9223372036854775807> : tensor<1xi64>
  %y = "onnx.Slice"(%x, %s, %e, %a, %s) : (tensor<?x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// x[:, 1:] on a symbolic batch: dim 0 is sliced whole (0 to INT64_MAX).
// CHECK-LABEL: func.func @slice_whole_forward_dynamic
// CHECK: tcp.slice %arg0
// CHECK-SAME: -> tensor<?x2xf32>
func.func @slice_whole_forward_dynamic(%x: tensor<?x3xf32>) -> tensor<?x2xf32> {
  %s = onnx.Constant dense<[0, 1]> : tensor<2xi64>
  %e = onnx.Constant dense<[9223372036854775807, 3]> : tensor<2xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %y = "onnx.Slice"(%x, %s, %e, %none, %none) : (tensor<?x3xf32>, tensor<2xi64>, tensor<2xi64>, none, none) -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

// x[i].view(-1, 2) for a symbolic n: a -1 beside positive constants is
// defined for every input, empty or not: collapse to 1-D, expand.
// CHECK-LABEL: func.func @reshape_minus_one_positive_rest
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<?xf32> into tensor<?x2xf32>
func.func @reshape_minus_one_positive_rest(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %s = onnx.Constant dense<[-1, 2]> : tensor<2xi64>
  %y = "onnx.Reshape"(%x, %s) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

// Range(Shape(x)[0] - 1, -1, -1), the reversal of a symbolic dim: a result
// of run-time length, start + delta * tcp.iota(n) with n computed from the
// scalars (a constant delta: no ceildivsi).
// CHECK-LABEL: func.func @range_dynamic_length
// CHECK: arith.divsi %{{.*}} : i64
// CHECK: arith.maxsi
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: tcp.iota(%[[N]]) {dim = 0 : index} : tensor<?xi64>
// CHECK: arith.muli
// CHECK: arith.addi
func.func @range_dynamic_length(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %s = "onnx.Shape"(%x) {start = 0 : si64, end = 1 : si64} : (tensor<?x3xf32>) -> tensor<1xi64>
  %ax = onnx.Constant dense<[0]> : tensor<1xi64>
  %n = "onnx.Squeeze"(%s, %ax) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
  %one = onnx.Constant dense<1> : tensor<i64>
  %last = "onnx.Sub"(%n, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %m1 = onnx.Constant dense<-1> : tensor<i64>
  %j = "onnx.Range"(%last, %m1, %m1) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  %y = "onnx.Gather"(%x, %j) {axis = 0 : si64} : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// A run-time delta: arith.ceildivsi (a zero delta divides by zero at run
// time, where ONNX raises too).
// CHECK-LABEL: func.func @range_runtime_delta
// CHECK: arith.ceildivsi
// CHECK: tcp.iota
func.func @range_runtime_delta(%x: tensor<?xf32>) -> tensor<?xi64> {
  %s = "onnx.Shape"(%x) : (tensor<?xf32>) -> tensor<1xi64>
  %ax = onnx.Constant dense<[0]> : tensor<1xi64>
  %n = "onnx.Squeeze"(%s, %ax) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
  %zero = onnx.Constant dense<0> : tensor<i64>
  %one = onnx.Constant dense<1> : tensor<i64>
  %delta = "onnx.Add"(%n, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %j = "onnx.Range"(%zero, %n, %delta) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  return %j : tensor<?xi64>
}
