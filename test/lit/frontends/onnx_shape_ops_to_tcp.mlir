// RUN: tcp-opt %s -split-input-file --convert-onnx-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s -split-input-file --pass-pipeline='builtin.module(convert-frontends-to-tcp,canonicalize,cse)' --verify-semantics | FileCheck %s --check-prefix=CANON

// The shape plumbing torch.onnx.export and MXNet write around gathers:
// onnx.Unsqueeze and Squeeze (opset-13 axes inputs), Size, Expand,
// ConstantOfShape, Range and Equal become tensor reshapes, tcp constants,
// tcp.broadcast_to and arith on tensors, each checked by the interpreter
// on random inputs (--verify-semantics).

// CHECK-LABEL: func.func @unsqueeze_gather_nd_squeeze
// CHECK: tensor.expand_shape %arg1 {{\[\[}}0, 1]] : tensor<4xi64> into tensor<4x1xi64>
// CHECK: tcp.gather_nd
// CHECK: tensor.collapse_shape
func.func @unsqueeze_gather_nd_squeeze(%x: tensor<5x1x3xf32>, %i: tensor<4xi64>) -> tensor<4x3xf32> {
  %a = onnx.Constant dense<[-1]> : tensor<1xi64>
  %j = "onnx.Unsqueeze"(%i, %a) : (tensor<4xi64>, tensor<1xi64>) -> tensor<4x1xi64>
  %g = "onnx.GatherND"(%x, %j) : (tensor<5x1x3xf32>, tensor<4x1xi64>) -> tensor<4x1x3xf32>
  %b = onnx.Constant dense<[1]> : tensor<1xi64>
  %y = "onnx.Squeeze"(%g, %b) : (tensor<4x1x3xf32>, tensor<1xi64>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

// Squeeze without axes removes every dim of size 1; a dynamic dim passes
// through an Unsqueeze.
// CHECK-LABEL: func.func @squeeze_all_unsqueeze_dynamic
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : tensor<1x3x1xf32> into tensor<3xf32>
// CHECK: tensor.expand_shape %arg1 {{\[\[}}0, 1]] : tensor<?xi64> into tensor<1x?xi64>
func.func @squeeze_all_unsqueeze_dynamic(%x: tensor<1x3x1xf32>, %i: tensor<?xi64>) -> (tensor<3xf32>, tensor<1x?xi64>) {
  %none = "onnx.NoValue"() {value} : () -> none
  %y = "onnx.Squeeze"(%x, %none) : (tensor<1x3x1xf32>, none) -> tensor<3xf32>
  %a = onnx.Constant dense<[0]> : tensor<1xi64>
  %u = "onnx.Unsqueeze"(%i, %a) : (tensor<?xi64>, tensor<1xi64>) -> tensor<1x?xi64>
  return %y, %u : tensor<3xf32>, tensor<1x?xi64>
}

// -----

// Size of a static tensor is a constant; Mod by it wraps the flat index.
// CHECK-LABEL: func.func @size_mod
// CHECK: tcp.const {value = dense<12> : tensor<i64>}
// CANON-LABEL: func.func @size_mod
// CANON: tcp.gather %{{.*}}, %arg1 {dim = 0 : index, mode = "wrap"}
func.func @size_mod(%x: tensor<3x4xf32>, %i: tensor<5xi64>) -> tensor<5xf32> {
  %n = "onnx.Size"(%x) : (tensor<3x4xf32>) -> tensor<i64>
  %j = "onnx.Mod"(%i, %n) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
  %s = onnx.Constant dense<[-1]> : tensor<1xi64>
  %f = "onnx.Reshape"(%x, %s) : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<12xf32>
  %y = "onnx.Gather"(%f, %j) {axis = 0 : si64} : (tensor<12xf32>, tensor<5xi64>) -> tensor<5xf32>
  return %y : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @expand_indices
// CHECK: tcp.broadcast_to %arg1
// CHECK: tcp.gather
func.func @expand_indices(%x: tensor<3x4xf32>, %i: tensor<1x2xi64>) -> tensor<3x2xf32> {
  %s = onnx.Constant dense<[3, 2]> : tensor<2xi64>
  %j = "onnx.Expand"(%i, %s) : (tensor<1x2xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  %y = "onnx.GatherElements"(%x, %j) {axis = 1 : si64} : (tensor<3x4xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// Where(Equal(i, -1), ConstantOfShape(Shape(i)), i): -1 becomes 0.
// CHECK-LABEL: func.func @where_equal_constant_of_shape
// CHECK: tcp.const {value = dense<0> : tensor<6xi64>}
// CHECK: arith.cmpi eq
// CHECK: arith.select
func.func @where_equal_constant_of_shape(%x: tensor<5x2xf32>, %i: tensor<6xi64>) -> tensor<6x2xf32> {
  %s = "onnx.Shape"(%i) : (tensor<6xi64>) -> tensor<1xi64>
  %z = "onnx.ConstantOfShape"(%s) {value = dense<0> : tensor<1xi64>} : (tensor<1xi64>) -> tensor<6xi64>
  %m = onnx.Constant dense<-1> : tensor<i64>
  %e = "onnx.Equal"(%i, %m) : (tensor<6xi64>, tensor<i64>) -> tensor<6xi1>
  %j = "onnx.Where"(%e, %z, %i) : (tensor<6xi1>, tensor<6xi64>, tensor<6xi64>) -> tensor<6xi64>
  %y = "onnx.Gather"(%x, %j) {axis = 0 : si64} : (tensor<5x2xf32>, tensor<6xi64>) -> tensor<6x2xf32>
  return %y : tensor<6x2xf32>
}

// -----

// MXNet's reverse: Range(n - 1, -1, -1) of a chain of constants is
// evaluated into a constant, even with a dynamic result type.
// CHECK-LABEL: func.func @range_reverse
// CHECK: tcp.const {value = dense<[4, 3, 2, 1, 0]> : tensor<5xi64>}
// CHECK: tensor.cast %{{.*}} : tensor<5xi64> to tensor<?xi64>
func.func @range_reverse(%x: tensor<3x5xf32>) -> tensor<3x?xf32> {
  %s = "onnx.Shape"(%x) {start = 1 : si64, end = 2 : si64} : (tensor<3x5xf32>) -> tensor<1xi64>
  %a = onnx.Constant dense<[0]> : tensor<1xi64>
  %n = "onnx.Squeeze"(%s, %a) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
  %one = onnx.Constant dense<1> : tensor<i64>
  %last = "onnx.Sub"(%n, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %m1 = onnx.Constant dense<-1> : tensor<i64>
  %r = "onnx.Range"(%last, %m1, %m1) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  %y = "onnx.Gather"(%x, %r) {axis = 1 : si64} : (tensor<3x5xf32>, tensor<?xi64>) -> tensor<3x?xf32>
  return %y : tensor<3x?xf32>
}

// -----

// Reshape(x, [0, 12]) with a dynamic batch: one collapse_shape.
// CHECK-LABEL: func.func @reshape_dynamic_batch
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<?x3x4xf32> into tensor<?x12xf32>
func.func @reshape_dynamic_batch(%x: tensor<?x3x4xf32>) -> tensor<?x12xf32> {
  %s = onnx.Constant dense<[0, 12]> : tensor<2xi64>
  %y = "onnx.Reshape"(%x, %s) : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
  return %y : tensor<?x12xf32>
}

// -----

// Pad of runtime data (constant pads and value): tensor.concat of splats.
// CHECK-LABEL: func.func @pad_indices
// CHECK: tensor.concat dim(0) %{{.*}}, %arg1, %{{.*}} : (tensor<1xi64>, tensor<3xi64>, tensor<2xi64>) -> tensor<6xi64>
func.func @pad_indices(%x: tensor<4x3xf32>, %i: tensor<3xi64>) -> tensor<6x3xf32> {
  %p = onnx.Constant dense<[1, 2]> : tensor<2xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %j = "onnx.Pad"(%i, %p, %none, %none) : (tensor<3xi64>, tensor<2xi64>, none, none) -> tensor<6xi64>
  %y = "onnx.Gather"(%x, %j) {axis = 0 : si64} : (tensor<4x3xf32>, tensor<6xi64>) -> tensor<6x3xf32>
  return %y : tensor<6x3xf32>
}

// -----

// CHECK-LABEL: func.func @pad_value_2d
// CHECK: tcp.const {value = dense<7.500000e+00> : tensor<1x3xf32>}
// CHECK: tensor.concat dim(0)
// CHECK: tensor.concat dim(1)
func.func @pad_value_2d(%x: tensor<2x3xf32>) -> tensor<3x5xf32> {
  %p = onnx.Constant dense<[0, 1, 1, 1]> : tensor<4xi64>
  %c = onnx.Constant dense<7.5> : tensor<f32>
  %none = "onnx.NoValue"() {value} : () -> none
  %y = "onnx.Pad"(%x, %p, %c, %none) : (tensor<2x3xf32>, tensor<4xi64>, tensor<f32>, none) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

// -----

// Mul and Div (integer Div truncates toward zero, like arith.divsi), and
// Cast of a bool to an index (extui: true is 1).
// CHECK-LABEL: func.func @mul_div_bool_cast
// CHECK: arith.muli
// CHECK: arith.divsi
// CHECK: arith.extui
func.func @mul_div_bool_cast(%i: tensor<5xi64>, %j: tensor<5xi64>) -> (tensor<5xi64>, tensor<5xi64>) {
  %four = onnx.Constant dense<4> : tensor<i64>
  %two = onnx.Constant dense<2> : tensor<i64>
  %m = "onnx.Mul"(%i, %four) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
  %d = "onnx.Div"(%m, %two) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
  %e = "onnx.Equal"(%j, %two) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi1>
  %c = "onnx.Cast"(%e) {to = 7 : si64} : (tensor<5xi1>) -> tensor<5xi64>
  return %d, %c : tensor<5xi64>, tensor<5xi64>
}

// -----

// Identity, Neg, Min, Max, Clip (integers; torch's i.clamp) and Flatten.
// CHECK-LABEL: func.func @clamp_neg_flatten
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tcp.gather
// CHECK: arith.subi
// CANON-LABEL: func.func @clamp_neg_flatten
// CANON: tcp.gather %{{.*}}, %{{.*}} {dim = 1 : index, mode = "clip"}
func.func @clamp_neg_flatten(%x: tensor<2x3x4xf32>, %i: tensor<5xi64>) -> (tensor<2x5xf32>, tensor<5xi64>) {
  %f = "onnx.Flatten"(%x) {axis = 1 : si64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %t = "onnx.Identity"(%f) : (tensor<2x12xf32>) -> tensor<2x12xf32>
  %lo = onnx.Constant dense<0> : tensor<i64>
  %hi = onnx.Constant dense<11> : tensor<i64>
  %j = "onnx.Clip"(%i, %lo, %hi) : (tensor<5xi64>, tensor<i64>, tensor<i64>) -> tensor<5xi64>
  %y = "onnx.Gather"(%t, %j) {axis = 1 : si64} : (tensor<2x12xf32>, tensor<5xi64>) -> tensor<2x5xf32>
  %n = "onnx.Neg"(%i) : (tensor<5xi64>) -> tensor<5xi64>
  %m = "onnx.Min"(%n, %hi) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
  %k = "onnx.Max"(%m, %lo) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>
  return %y, %k : tensor<2x5xf32>, tensor<5xi64>
}
