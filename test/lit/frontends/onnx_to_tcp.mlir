// RUN: tcp-opt %s -split-input-file --convert-onnx-to-tcp | FileCheck %s
// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp | FileCheck %s
// RUN: tcp-opt %s -split-input-file --pass-pipeline='builtin.module(convert-onnx-to-tcp)' | FileCheck %s

// onnx.Gather, onnx.GatherElements, onnx.GatherND, onnx.Slice and
// onnx.Constant as onnx-mlir prints them (generic form, si64 attributes,
// the <{...}> properties form, unranked results, dynamic dims, negative
// axes) become tcp with mode "wrap_negative".

// The design's onnx.Gather example (docs/semantics.md §5.3): 2-D indices, so
// the data is broadcast too.
// CHECK-LABEL: func.func @gather_axis0
// CHECK-NEXT:    %[[I:.*]] = tcp.const {value = dense<{{\[\[}}0, 1], [1, 2]]> : tensor<2x2xi64>} : tensor<2x2xi64>
// CHECK-NEXT:    %[[IE:.*]] = tensor.expand_shape %[[I]] {{\[\[}}0], [1, 2]] : tensor<2x2xi64> into tensor<2x2x1xi64>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[IB:.*]] = tcp.broadcast_to %[[IE]], %[[C2]] {axes = [2]} : tensor<2x2x1xi64>, index -> tensor<2x2x2xi64>
// CHECK-NEXT:    %[[XE:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<3x2xf32> into tensor<3x1x2xf32>
// CHECK-NEXT:    %[[C2b:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[XB:.*]] = tcp.broadcast_to %[[XE]], %[[C2b]] {axes = [1]} : tensor<3x1x2xf32>, index -> tensor<3x2x2xf32>
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %[[XB]], %[[IB]] {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
// CHECK-NEXT:    return %[[G]] : tensor<2x2x2xf32>
func.func @gather_axis0(%arg0 : tensor<3x2xf32>) -> tensor<2x2x2xf32> {
  %indices = "onnx.Constant"() {value = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %0 = "onnx.Gather"(%arg0, %indices) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>
  "func.return"(%0) : (tensor<2x2x2xf32>) -> ()
}

// -----

// Scalar indices: the gathered dim is collapsed away.
// CHECK-LABEL: func.func @gather_scalar
// CHECK-NEXT:    %[[IE:.*]] = tensor.expand_shape %arg1 [] : tensor<i64> into tensor<1x1xi64>
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[IB:.*]] = tcp.broadcast_to %[[IE]], %[[C4]] {axes = [1]} : tensor<1x1xi64>, index -> tensor<1x4xi64>
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %[[IB]] {dim = 0 : index, mode = "wrap_negative"} : tensor<3x4xf32>, tensor<1x4xi64> -> tensor<1x4xf32>
// CHECK-NEXT:    %[[R:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<4xf32>
func.func @gather_scalar(%arg0: tensor<3x4xf32>, %arg1: tensor<i64>) -> tensor<4xf32> {
  %0 = "onnx.Gather"(%arg0, %arg1) <{axis = 0 : si64}> : (tensor<3x4xf32>, tensor<i64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A negative axis is normalized; dynamic dims are sized with tensor.dim.
// CHECK-LABEL: func.func @gather_dynamic_negative_axis
// CHECK:         %[[IE:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2]] : tensor<1x2xi64> into tensor<1x1x2xi64>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D0:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x3xf32>
// CHECK-NEXT:    %[[IB:.*]] = tcp.broadcast_to %[[IE]], %[[D0]] {axes = [0]} : tensor<1x1x2xi64>, index -> tensor<?x1x2xi64>
// CHECK:         tcp.broadcast_to %{{.*}} {axes = [2]} : tensor<?x3x1xf32>, index -> tensor<?x3x2xf32>
// CHECK:         tcp.gather %{{.*}}, %[[IB]] {dim = 1 : index, mode = "wrap_negative"} : tensor<?x3x2xf32>, tensor<?x1x2xi64> -> tensor<?x1x2xf32>
func.func @gather_dynamic_negative_axis(%arg0 : tensor<?x3xf32>, %arg1: tensor<1x2xi64>) -> tensor<?x1x2xf32> {
  %0 = "onnx.Gather"(%arg0, %arg1) {axis = -1 : si64} : (tensor<?x3xf32>, tensor<1x2xi64>) -> tensor<?x1x2xf32>
  return %0 : tensor<?x1x2xf32>
}

// -----

// CHECK-LABEL: func.func @gather_elements
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
// CHECK-NEXT:    return %[[G]]
func.func @gather_elements(%arg0: tensor<3x2xf32>, %arg1: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %0 = "onnx.GatherElements"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @gather_elements_negative_axis_i32
// CHECK-NEXT:    tcp.gather %arg0, %arg1 {dim = 1 : index, mode = "wrap_negative"} : tensor<3x3xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
func.func @gather_elements_negative_axis_i32(%arg0: tensor<3x3xf32>, %arg1: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %0 = "onnx.GatherElements"(%arg0, %arg1) <{axis = -1 : si64}> : (tensor<3x3xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// batch_dims stays an attribute of tcp.gather_nd.
// CHECK-LABEL: func.func @gather_nd_batch
// CHECK-NEXT:    %[[G:.*]] = tcp.gather_nd %arg0, %arg1 {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>
// CHECK-NEXT:    return %[[G]]
func.func @gather_nd_batch(%arg0: tensor<2x2x2xi32>, %arg1: tensor<2x1xi64>) -> tensor<2x2xi32> {
  %0 = "onnx.GatherND"(%arg0, %arg1) {batch_dims = 1 : si64} : (tensor<2x2x2xi32>, tensor<2x1xi64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// An unranked result (before shape inference) gets a tensor.cast.
// CHECK-LABEL: func.func @gather_nd_unranked
// CHECK-NEXT:    %[[G:.*]] = tcp.gather_nd %arg0, %arg1 {mode = "wrap_negative"} : tensor<1x196x512xf32>, tensor<1x1xi64> -> tensor<1x196x512xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[G]] : tensor<1x196x512xf32> to tensor<*xf32>
// CHECK-NEXT:    return %[[C]] : tensor<*xf32>
func.func @gather_nd_unranked(%arg0: tensor<1x196x512xf32>, %arg1: tensor<1x1xi64>) -> tensor<*xf32> {
  %0 = "onnx.GatherND"(%arg0, %arg1) <{batch_dims = 0 : si64}> : (tensor<1x196x512xf32>, tensor<1x1xi64>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @gather_nd_dynamic
// CHECK-NEXT:    tcp.gather_nd %arg0, %arg1 {mode = "wrap_negative"} : tensor<2x2xi32>, tensor<?x2xi64> -> tensor<?xi32>
func.func @gather_nd_dynamic(%arg0 : tensor<2x2xi32>, %arg1 : tensor<?x2xi64>) -> tensor<?xi32> {
  %0 = "onnx.GatherND"(%arg0, %arg1) {batch_dims = 0 : si64} : (tensor<2x2xi32>, tensor<?x2xi64>) -> tensor<?xi32>
  "func.return"(%0) : (tensor<?xi32>) -> ()
}

// -----

// onnx.Slice with constant operands, axes omitted (onnx.NoValue).
// CHECK-LABEL: func.func @slice_default_axes
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[S:.*]] = tcp.slice %arg0 starts(%[[C1]], %[[C0]]) sizes(%[[C1]], %[[C2]]) strides(%[[C1]], %[[C2]]) : tensor<2x4xf32> -> tensor<1x2xf32>
// CHECK-NEXT:    %[[R:.*]] = tensor.cast %[[S]] : tensor<1x2xf32> to tensor<*xf32>
// CHECK-NEXT:    return %[[R]] : tensor<*xf32>
func.func @slice_default_axes(%arg0 : tensor<2x4xf32>) -> tensor<*xf32> {
  %axes = "onnx.NoValue"() {value} : () -> none
  %starts = "onnx.Constant"() {value = dense<[1, 0]> : tensor<2xi64> } : () -> tensor<2xi64>
  %ends = "onnx.Constant"() {value = dense<[2, 3]> : tensor<2xi64> } : () -> tensor<2xi64>
  %steps = "onnx.Constant"() {value = dense<[1, 2]> : tensor<2xi64> } : () -> tensor<2xi64>
  %1 = "onnx.Slice"(%arg0, %starts, %ends, %axes, %steps) : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, none, tensor<2xi64>) -> tensor<*xf32>
  "func.return"(%1) : (tensor<*xf32>) -> ()
}

// -----

// Negative steps and clamped out-of-range starts (ONNX test_slice_neg_steps).
// CHECK-LABEL: func.func @slice_neg_steps
// CHECK:         tcp.slice %arg0 starts(%{{.*}}, %{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}, %{{.*}}) : tensor<20x10x5xf32> -> tensor<19x3x2xf32>
func.func @slice_neg_steps(%arg0 : tensor<20x10x5xf32>) -> tensor<19x3x2xf32> {
  %starts = onnx.Constant dense<[20, 10, 4]> : tensor<3xi64>
  %ends = onnx.Constant dense<[0, 0, 1]> : tensor<3xi64>
  %axes = onnx.Constant dense<[0, 1, 2]> : tensor<3xi64>
  %steps = onnx.Constant dense<[-1, -3, -2]> : tensor<3xi64>
  %1 = "onnx.Slice"(%arg0, %starts, %ends, %axes, %steps) : (tensor<20x10x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<19x3x2xf32>
  return %1 : tensor<19x3x2xf32>
}

// -----

// An unsliced dynamic dim is kept whole through tensor.dim.
// CHECK-LABEL: func.func @slice_dynamic_unsliced
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x10xf32>
// CHECK:         tcp.slice %arg0 starts(%{{.*}}, %{{.*}}) sizes(%[[D]], %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<?x10xf32> -> tensor<?x3xf32>
func.func @slice_dynamic_unsliced(%arg0 : tensor<?x10xf32>) -> tensor<?x3xf32> {
  %starts = onnx.Constant dense<[-3]> : tensor<1xi64>
  %ends = onnx.Constant dense<[100]> : tensor<1xi64>
  %axes = onnx.Constant dense<[-1]> : tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %1 = "onnx.Slice"(%arg0, %starts, %ends, %axes, %none) : (tensor<?x10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, none) -> tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}

// -----

// The gather design's "Modeling onnx.Gather" (exactly like its tf.gather
// example: input 3x4x5, indices [3], axis 1), with ONNX's index mode.
// CHECK-LABEL: func.func @design_onnx_gather
// CHECK-NEXT:    %[[IE:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : index
// CHECK-NEXT:    %[[IB:.*]] = tcp.broadcast_to %[[IE]], %[[C3]], %[[C5]] {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %[[IB]] {dim = 1 : index, mode = "wrap_negative"} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
// CHECK-NEXT:    return %[[G]] : tensor<3x3x5xf32>
func.func @design_onnx_gather(%input: tensor<3x4x5xf32>, %indices: tensor<3xi64>) -> tensor<3x3x5xf32> {
  %0 = "onnx.Gather"(%input, %indices) {axis = 1 : si64} : (tensor<3x4x5xf32>, tensor<3xi64>) -> tensor<3x3x5xf32>
  return %0 : tensor<3x3x5xf32>
}
