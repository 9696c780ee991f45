// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of the onnx index arithmetic and
// shape ops (dialect/onnx arith.go, shape.go).

func.func @shape_len(%x: tensor<4x5xf32>) {
  // expected-error@+1 {{'onnx.Shape' op expects a result of 2 elements (dims [0, 2) of rank-2 data), got tensor<3xi64>}}
  %0 = "onnx.Shape"(%x) : (tensor<4x5xf32>) -> tensor<3xi64>
  return
}

// -----

func.func @cast_to(%x: tensor<3xi32>) {
  // expected-error@+1 {{'onnx.Cast' op to = 8 is not a supported element type (1, 6, 7, 9, 10, 11, 16)}}
  %0 = "onnx.Cast"(%x) {to = 8 : si64} : (tensor<3xi32>) -> tensor<3xi64>
  return
}

// -----

func.func @cast_result(%x: tensor<3xi32>) {
  // expected-error@+1 {{'onnx.Cast' op expects the result element type i64 (to = 7), got i32}}
  %0 = "onnx.Cast"(%x) {to = 7 : si64} : (tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @add_broadcast(%a: tensor<3xi64>, %b: tensor<2xi64>) {
  // expected-error@+1 {{'onnx.Add' op expects operand shapes that broadcast together, got [[3] [2]]}}
  %0 = "onnx.Add"(%a, %b) : (tensor<3xi64>, tensor<2xi64>) -> tensor<3xi64>
  return
}

// -----

func.func @sub_types(%a: tensor<3xi64>, %b: tensor<3xi32>) {
  // expected-error@+1 {{'onnx.Sub' op expects operands of one element type, got i64 and i32}}
  %0 = "onnx.Sub"(%a, %b) : (tensor<3xi64>, tensor<3xi32>) -> tensor<3xi64>
  return
}

// -----

func.func @mod_fmod(%a: tensor<3xi64>, %b: tensor<3xi64>) {
  // expected-error@+1 {{'onnx.Mod' op fmod = 1 is not supported (only fmod = 0, the integer modulus)}}
  %0 = "onnx.Mod"(%a, %b) {fmod = 1 : si64} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  return
}

// -----

func.func @mod_float(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'onnx.Mod' op expects integer operands, got f32}}
  %0 = "onnx.Mod"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @greater_result(%a: tensor<3xi64>, %b: tensor<1xi64>) {
  // expected-error@+1 {{'onnx.Greater' op expects the result element type i1, got i64}}
  %0 = "onnx.Greater"(%a, %b) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3xi64>
  return
}

// -----

func.func @less_shape(%a: tensor<3xi64>, %b: tensor<1xi64>) {
  // expected-error@+1 {{'onnx.Less' op expects the result shape [3] (the operands' broadcast), got [1]}}
  %0 = "onnx.Less"(%a, %b) : (tensor<3xi64>, tensor<1xi64>) -> tensor<1xi1>
  return
}

// -----

func.func @where_cond(%c: tensor<3xi64>, %a: tensor<3xi64>) {
  // expected-error@+1 {{'onnx.Where' op expects an i1 condition, got i64}}
  %0 = "onnx.Where"(%c, %a, %a) : (tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  return
}

// -----

func.func @concat_dims(%a: tensor<2x3xi64>, %b: tensor<2x4xi64>) {
  // expected-error@+1 {{'onnx.Concat' op expects equal dims except along axis, got [2, 3] and [2, 4]}}
  %0 = "onnx.Concat"(%a, %b) {axis = 0 : si64} : (tensor<2x3xi64>, tensor<2x4xi64>) -> tensor<4x3xi64>
  return
}

// -----

func.func @pad_mode(%a: tensor<2xi64>, %p: tensor<2xi64>, %none: none) {
  // expected-error@+1 {{'onnx.Pad' op mode "reflect" is not supported (only "constant")}}
  %0 = "onnx.Pad"(%a, %p, %none, %none) {mode = "reflect"} : (tensor<2xi64>, tensor<2xi64>, none, none) -> tensor<4xi64>
  return
}

// -----

func.func @reshape_count(%a: tensor<2x3xi64>, %s: tensor<2xi64>) {
  // expected-error@+1 {{'onnx.Reshape' op expects a result of 6 elements (the data's), got tensor<2x2xi64>}}
  %0 = "onnx.Reshape"(%a, %s) : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  return
}

// -----

func.func @transpose_perm(%a: tensor<2x3xi64>) {
  // expected-error@+1 {{'onnx.Transpose' op perm is not a permutation of [0, 2)}}
  %0 = "onnx.Transpose"(%a) {perm = [0, 0]} : (tensor<2x3xi64>) -> tensor<2x2xi64>
  return
}
