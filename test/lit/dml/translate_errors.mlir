// RUN: not tcp-translate --mlir-to-dml-cpp %s -o %t.cpp 2>&1 | FileCheck %s

// Graphs the emitters cannot write get located errors (one per function)
// and no output (the no-partial-file rule is tested by tcp-translate).

// CHECK: translate_errors.mlir:[[# @LINE + 3]]:3: error: 'func.return' op returned value #0 is not computed by a DirectML operator (DirectML graph outputs must come from nodes)
func.func @passthrough(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = dml.element_wise_identity %x {dimension_count = 1 : index} : tensor<4xf32> -> tensor<4xf32>
  return %x, %0 : tensor<4xf32>, tensor<4xf32>
}

// CHECK: translate_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op argument #0 cannot be a DirectML graph input: expects a tensor of static shape, got tensor<?xf32>
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// CHECK: translate_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op @nothing has no DirectML operator to emit
func.func @nothing() {
  return
}
