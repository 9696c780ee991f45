// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of the onnx ops.

func.func @gather_index_type(%a: tensor<3xf32>, %i: tensor<2xi16>) {
  // expected-error@+1 {{'onnx.Gather' op operand #1 must be tensor of 32-bit or 64-bit signless integer values, but got 'tensor<2xi16>'}}
  %0 = "onnx.Gather"(%a, %i) {axis = 0 : si64} : (tensor<3xf32>, tensor<2xi16>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_axis(%a: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'onnx.Gather' op expects axis in [-2, 1], got 2}}
  %0 = "onnx.Gather"(%a, %i) {axis = 2 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_axis_signless(%a: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'onnx.Gather' op attribute 'axis' failed to satisfy constraint: 64-bit signed integer attribute}}
  %0 = "onnx.Gather"(%a, %i) {axis = 0 : i64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_result(%a: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'onnx.Gather' op expects the result shape [3, 2] (data[:axis] ++ indices ++ data[axis+1:]), got [2, 4]}}
  %0 = "onnx.Gather"(%a, %i) {axis = -1 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_result_elem(%a: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'onnx.Gather' op expects the result element type to be f32 (that of the data), got i32}}
  %0 = "onnx.Gather"(%a, %i) {axis = 0 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xi32>
  return
}

// -----

func.func @gather_elements_rank(%a: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'onnx.GatherElements' op expects data and indices of the same rank, got 2 and 1}}
  %0 = "onnx.GatherElements"(%a, %i) {axis = 0 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_elements_result(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'onnx.GatherElements' op expects the result shape [2, 4] (the shape of indices), got [3, 4]}}
  %0 = "onnx.GatherElements"(%a, %i) {axis = 0 : si64} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<3x4xf32>
  return
}

// -----

func.func @gather_nd_index_type(%a: tensor<3x4xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'onnx.GatherND' op operand #1 must be tensor of 64-bit signless integer values, but got 'tensor<2x1xi32>'}}
  %0 = "onnx.GatherND"(%a, %i) {batch_dims = 0 : si64} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_nd_batch_dims(%a: tensor<3x4xf32>, %i: tensor<3x1xi64>) {
  // expected-error@+1 {{'onnx.GatherND' op expects batch_dims in [0, 2), got 2}}
  %0 = "onnx.GatherND"(%a, %i) {batch_dims = 2 : si64} : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @gather_nd_batch_mismatch(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'onnx.GatherND' op expects batch dim 0 of indices (size 2) to equal that of data (size 3)}}
  %0 = "onnx.GatherND"(%a, %i) {batch_dims = 1 : si64} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_tuple(%a: tensor<3x4xf32>, %i: tensor<2x3xi64>) {
  // expected-error@+1 {{'onnx.GatherND' op expects batch_dims + indices.shape[-1] <= rank(data), got 0 + 3 > 2}}
  %0 = "onnx.GatherND"(%a, %i) {batch_dims = 0 : si64} : (tensor<3x4xf32>, tensor<2x3xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_result(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'onnx.GatherND' op expects the result shape [2, 4] (indices.shape[:-1] ++ data.shape[batch_dims+indices.shape[-1]:]), got [2]}}
  %0 = "onnx.GatherND"(%a, %i) {batch_dims = 0 : si64} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_lengths(%a: tensor<3x4xf32>, %s: tensor<2xi64>, %e: tensor<1xi64>) {
  %n = "onnx.NoValue"() {value} : () -> none
  // expected-error@+1 {{'onnx.Slice' op expects starts, ends, axes and steps of the same length, got 2 and 1 (ends)}}
  %0 = "onnx.Slice"(%a, %s, %e, %n, %n) : (tensor<3x4xf32>, tensor<2xi64>, tensor<1xi64>, none, none) -> tensor<*xf32>
  return
}

// -----

func.func @slice_rank(%a: tensor<3x4xf32>, %s: tensor<2x1xi64>) {
  %n = "onnx.NoValue"() {value} : () -> none
  // expected-error@+1 {{'onnx.Slice' op expects starts to be a 1-D tensor, got rank 2}}
  %0 = "onnx.Slice"(%a, %s, %s, %n, %n) : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x1xi64>, none, none) -> tensor<*xf32>
  return
}

// -----

func.func @slice_result_rank(%a: tensor<3x4xf32>, %s: tensor<1xi64>) {
  %n = "onnx.NoValue"() {value} : () -> none
  // expected-error@+1 {{'onnx.Slice' op expects a result of rank 2 (that of data), got 1}}
  %0 = "onnx.Slice"(%a, %s, %s, %n, %n) : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<3xf32>
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{'onnx.Constant' op failed to verify that all of {value, output} have same type}}
  %0 = "onnx.Constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<3xi64>
  return
}

// -----

func.func @no_value_type() {
  // expected-error@+1 {{'onnx.NoValue' op result #0 must be none, but got 'i64'}}
  %0 = "onnx.NoValue"() {value} : () -> i64
  return
}

// -----

func.func @gather_elements_axis(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'onnx.GatherElements' op expects axis in [-2, 1], got 2}}
  %0 = "onnx.GatherElements"(%a, %i) {axis = 2 : si64} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_elements_result_elem(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error@+1 {{'onnx.GatherElements' op expects the result element type to be f32 (that of the data), got f16}}
  %0 = "onnx.GatherElements"(%a, %i) {axis = 0 : si64} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf16>
  return
}

// -----

func.func @gather_nd_result_elem(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'onnx.GatherND' op expects the result element type to be f32 (that of the data), got i32}}
  %0 = "onnx.GatherND"(%a, %i) {batch_dims = 0 : si64} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xi32>
  return
}

// -----

func.func @slice_index_type(%a: tensor<3x4xf32>, %s: tensor<1xi16>) {
  %n = "onnx.NoValue"() {value} : () -> none
  // expected-error@+1 {{'onnx.Slice' op operand #1 must be tensor of 32-bit or 64-bit signless integer values, but got 'tensor<1xi16>'}}
  %0 = "onnx.Slice"(%a, %s, %s, %n, %n) : (tensor<3x4xf32>, tensor<1xi16>, tensor<1xi16>, none, none) -> tensor<*xf32>
  return
}

// -----

func.func @slice_result_elem(%a: tensor<3x4xf32>, %s: tensor<1xi64>) {
  %n = "onnx.NoValue"() {value} : () -> none
  // expected-error@+1 {{'onnx.Slice' op expects the result element type to be f32 (that of the data), got i32}}
  %0 = "onnx.Slice"(%a, %s, %s, %n, %n) : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<3x4xi32>
  return
}
