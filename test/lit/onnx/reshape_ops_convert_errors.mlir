// RUN: tcp-opt %s --convert-frontends-to-tcp -verify-diagnostics

// Flatten converts as a collapse of the data (or a reshape of static
// shapes); a dynamic Flatten no collapse gives (axis 0 puts a 1 in front)
// is refused with the reason.
func.func @flatten_dynamic(%x: tensor<?x3xf32>) -> tensor<1x?xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Flatten' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Flatten' op cannot be converted to tcp: no collapse of tensor<?x3xf32> gives tensor<1x?xf32>}}
  %0 = "onnx.Flatten"(%x) {axis = 0 : si64} : (tensor<?x3xf32>) -> tensor<1x?xf32>
  return %0 : tensor<1x?xf32>
}
