// RUN: not tcp-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s

// Invalid input of every kind gives a located diagnostic and exit status 1.
// Lines are file-absolute in every chunk.

// CHECK: errors.mlir:[[# @LINE + 2]]:9: error: use of undeclared SSA value name '%9'
func.func @undefined() {
  "x.y"(%9) : (i32) -> ()
  return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 2]]:15: error: expected ':' followed by operation type
func.func @missing_type() {
  %0 = "x.y"()
}

// -----

// CHECK: errors.mlir:[[# @LINE + 1]]:32: error: invalid dimension
func.func @negative(%a: tensor<-3x4xf32>) {
  return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 1]]:51: error: tensor type has too many elements
func.func @too_big(%a: tensor<9223372036854775807x9223372036854775807xf32>) {
  return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 3]]:9: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'
// CHECK: errors.mlir:[[# @LINE + 1]]:18: note: prior use here
func.func @types(%a: i32) {
  "x.y"(%a) : (i64) -> ()
  return
}
