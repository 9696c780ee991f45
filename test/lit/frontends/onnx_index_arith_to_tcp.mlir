// RUN: tcp-opt %s -split-input-file --convert-onnx-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s -split-input-file --pass-pipeline='builtin.module(convert-frontends-to-tcp,canonicalize,cse)' --verify-semantics | FileCheck %s --check-prefix=CANON

// The index arithmetic and shape plumbing ONNX exporters put around
// gathers (MXNet 1.9.1's take and gather_nd): onnx.Shape, Cast, Add, Sub,
// Mod, Greater, Less, Where, Concat, Reshape and Transpose become tcp
// constants, arith on tensors, tensor reshapes and tcp.transpose, each
// checked by the interpreter on random inputs (--verify-semantics).

// take(mode='wrap') as --import-onnx leaves MXNet's file (Shape and Slice
// of the static dims folded): Mod by the axis size, a positive constant, is
// the floor-mod select, which the canonicalizer folds into mode "wrap".
// CHECK-LABEL: func.func @take_wrap
// CHECK: arith.extsi %arg1 : tensor<3xi32> to tensor<3xi64>
// CHECK: tcp.const {value = dense<4> : tensor<3xi64>}
// CHECK: arith.remsi
// CHECK: arith.cmpi slt
// CHECK: arith.addi
// CHECK: arith.select
// CHECK: tcp.gather
// CANON-LABEL: func.func @take_wrap
// CANON:       arith.extsi %arg1 : tensor<3xi32> to tensor<3xi64>
// CANON:       tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "wrap"}
func.func @take_wrap(%x: tensor<4x5xf32>, %i: tensor<3xi32>) -> tensor<3x5xf32> {
  %c = "onnx.Cast"(%i) {to = 7 : si64} : (tensor<3xi32>) -> tensor<3xi64>
  %n = onnx.Constant dense<4> : tensor<1xi64>
  %m = "onnx.Mod"(%c, %n) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3xi64>
  %g = "onnx.Gather"(%x, %m) {axis = 0 : si64} : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<3x5xf32>
  return %g : tensor<3x5xf32>
}

// -----

// take(mode='clip'): Greater/Where and Less/Where are a clamp to [0, n-1],
// which the canonicalizer turns into minsi/maxsi and then mode "clip".
// CHECK-LABEL: func.func @take_clip
// CHECK: arith.cmpi sgt
// CHECK: arith.select
// CHECK: arith.cmpi slt
// CHECK: arith.select
// CANON-LABEL: func.func @take_clip
// CANON-NOT:   arith.select
// CANON:       tcp.gather %arg0, %{{.*}} {dim = 1 : index, mode = "clip"}
func.func @take_clip(%x: tensor<4x5xf32>, %i: tensor<3xi64>) -> tensor<4x3xf32> {
  %max = onnx.Constant dense<4> : tensor<1xi64>
  %zero = onnx.Constant dense<0> : tensor<1xi64>
  %gt = "onnx.Greater"(%i, %max) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3xi1>
  %w0 = "onnx.Where"(%gt, %max, %i) : (tensor<3xi1>, tensor<1xi64>, tensor<3xi64>) -> tensor<3xi64>
  %lt = "onnx.Less"(%i, %zero) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3xi1>
  %w1 = "onnx.Where"(%lt, %zero, %w0) : (tensor<3xi1>, tensor<1xi64>, tensor<3xi64>) -> tensor<3xi64>
  %g = "onnx.Gather"(%x, %w1) {axis = 1 : si64} : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x3xf32>
  return %g : tensor<4x3xf32>
}

// -----

// Mod by a tensor: the divisor's sign (Python's %), without the fold.
// CHECK-LABEL: func.func @mod_tensor
// CHECK: arith.remsi
// CHECK: arith.andi
// CHECK: arith.select
func.func @mod_tensor(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {
  %m = "onnx.Mod"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %m : tensor<2x3xi32>
}

// -----

// Add/Sub with broadcasting, float Add, Cast from float (toward zero).
// CHECK-LABEL: func.func @add_sub_cast
// CHECK: tcp.broadcast_to
// CHECK: arith.addi
// CHECK: arith.subi
// CHECK: arith.addf
// CHECK: arith.fptosi
func.func @add_sub_cast(%a: tensor<2x3xi64>, %b: tensor<1x3xi64>, %f: tensor<3xf32>) -> (tensor<2x3xi64>, tensor<3xi32>) {
  %s = "onnx.Add"(%a, %b) : (tensor<2x3xi64>, tensor<1x3xi64>) -> tensor<2x3xi64>
  %d = "onnx.Sub"(%s, %b) : (tensor<2x3xi64>, tensor<1x3xi64>) -> tensor<2x3xi64>
  %ff = "onnx.Add"(%f, %f) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %one = onnx.Constant dense<1.0> : tensor<3xf32>
  %fc = "onnx.Sub"(%ff, %one) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %c = "onnx.Cast"(%fc) {to = 6 : si64} : (tensor<3xf32>) -> tensor<3xi32>
  return %d, %c : tensor<2x3xi64>, tensor<3xi32>
}

// -----

// MXNet's gather_nd: its outermost-first index (M, N) is reshaped to rank
// 8, transposed and reshaped to (N, M) tuples.
// CHECK-LABEL: func.func @gather_nd_layout
// CHECK: tensor.collapse_shape
// CHECK: tensor.expand_shape
// CHECK: tcp.transpose %{{.*}} {permutation = array<i64: 1, 0>}
// CHECK: tcp.gather_nd
// CHECK: tcp.const {value = dense<[3, 2]> : tensor<2xi64>}
// CHECK: tensor.concat dim(0)
func.func @gather_nd_layout(%x: tensor<4x5xf32>, %i: tensor<2x3xi64>) -> (tensor<3xf32>, tensor<4xi64>) {
  %shape = onnx.Constant dense<[2, 3, 1]> : tensor<3xi64>
  %r = "onnx.Reshape"(%i, %shape) : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3x1xi64>
  %back = onnx.Constant dense<[2, 3]> : tensor<2xi64>
  %r2 = "onnx.Reshape"(%r, %back) : (tensor<2x3x1xi64>, tensor<2xi64>) -> tensor<2x3xi64>
  %t = "onnx.Transpose"(%r2) {perm = [1, 0]} : (tensor<2x3xi64>) -> tensor<3x2xi64>
  %g = "onnx.GatherND"(%x, %t) : (tensor<4x5xf32>, tensor<3x2xi64>) -> tensor<3xf32>
  %s = "onnx.Shape"(%t) : (tensor<3x2xi64>) -> tensor<2xi64>
  %cat = "onnx.Concat"(%s, %s) {axis = 0 : si64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
  return %g, %cat : tensor<3xf32>, tensor<4xi64>
}
