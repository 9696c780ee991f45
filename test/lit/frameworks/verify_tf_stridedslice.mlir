// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @rank(%x: tensor<3xf32>, %b: tensor<i32>) {
  // expected-error@+1 {{'tf.StridedSlice' op requires begin, end and strides to be 1-D, got tensor<i32>}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %b) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xf32>
  return
}

// -----

func.func @sizes(%x: tensor<3xf32>, %b: tensor<1xi32>, %e: tensor<2xi32>) {
  // expected-error@+1 {{'tf.StridedSlice' op requires begin, end and strides of one size, got 1 and 2}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %b) : (tensor<3xf32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @too_many(%x: tensor<3xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'tf.StridedSlice' op slices 2 dims of a rank-1 input}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %b) : (tensor<3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @two_ellipses(%x: tensor<3xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'tf.StridedSlice' op ellipsis_mask 3 has more than one bit set (multiple ellipses in slice spec not allowed)}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %b) {ellipsis_mask = 3 : i64} : (tensor<3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  return
}

// -----

// New axes and the ellipsis read no input dim: three entries on a rank-1
// input are fine.
func.func @new_axes(%x: tensor<3xf32>, %b: tensor<3xi32>) {
  %0 = "tf.StridedSlice"(%x, %b, %b, %b) {new_axis_mask = 5 : i64} : (tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x3x1xf32>
  return
}

// -----

func.func @elem(%x: tensor<3xf32>, %b: tensor<1xi32>) {
  // expected-error@+1 {{'tf.StridedSlice' op failed to verify that all of {input, output} have same element type}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %b) : (tensor<3xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  return
}
