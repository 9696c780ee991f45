// RUN: tcp-opt %s --convert-frontends-to-tcp -verify-diagnostics

// Unsqueeze, Squeeze and Flatten convert as reshapes of static shapes; a
// dynamic one is refused with the reason.
func.func @flatten_dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error@+2 {{failed to legalize operation 'onnx.Flatten' that was explicitly marked illegal}}
  // expected-note@+1 {{'onnx.Flatten' op cannot be converted to tcp: the data type tensor<?x3xf32> is not static}}
  %0 = "onnx.Flatten"(%x) {axis = 1 : si64} : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
