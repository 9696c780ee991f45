// RUN: not tcp-run --print=mlir %s -e shrink_out_of_range 2>&1 | FileCheck %s --check-prefix=INTERP
// RUN: tcp-opt %s --convert-frontends-to-tcp -verify-diagnostics

// A shrunk index outside [-size, size) is TensorFlow's error, at run time
// in the interpreter, and a located conversion error when begin is a
// constant.
// INTERP: error: 'tf.StridedSlice' op slice index 3 of dimension 0 out of bounds
func.func @shrink_out_of_range() -> tensor<2xf32> {
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>}> : () -> tensor<3x2xf32>
  %b = "tf.Const"() <{value = dense<[3]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %e = "tf.Const"() <{value = dense<[4]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error@+2 {{failed to legalize operation 'tf.StridedSlice' that was explicitly marked illegal}}
  // expected-note@+1 {{slice index 3 of dimension 0 out of bounds}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) <{shrink_axis_mask = 1 : i64}> : (tensor<3x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
