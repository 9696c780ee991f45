// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s

// Every IR snippet of the gather design ("Gather ops in Tcp"), written as the
// design writes it (parenthesized type lists, untyped dims, the `(T) -> T`
// expand_shape notation), each wrapped in a function whose arguments are the
// snippet's `%input = ...` and `%indices = ...` values. `%cst3` and `%cst5`,
// which the tf.gather example uses without defining, are defined as index
// constants (docs/semantics.md §8 item 4).

// Modeling torch.gather.
// CHECK-LABEL: func.func @torch_gather(
// CHECK:   tcp.gather %arg0, %arg1 {dim = 1 : index} : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
func.func @torch_gather(%input: tensor<3x4xf32>, %indices: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %x = tcp.gather %input, %indices { dim = 1 } :
          (tensor<3x4xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  return %x : tensor<3x2xf32>
}

// Modeling onnx.GatherElements.
// CHECK-LABEL: func.func @onnx_gather_elements(
// CHECK:   tcp.gather %arg0, %arg1 {dim = 0 : index} : tensor<3x3xf32>, tensor<2x3xi64> -> tensor<2x3xf32>
func.func @onnx_gather_elements(%input: tensor<3x3xf32>, %indices: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %x = tcp.gather %input, %indices { dim = 0 } :
          (tensor<3x3xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>
}

// Modeling torch.index_select.
// CHECK-LABEL: func.func @torch_index_select(
// CHECK:   %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1]] : tensor<2xi64> into tensor<2x1xi64>
// CHECK:   %[[C4:.*]] = arith.constant 4 : index
// CHECK:   %[[B:.*]] = tcp.broadcast_to %[[E]], %[[C4]] {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
// CHECK:   tcp.gather %arg0, %[[B]] {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
func.func @torch_index_select(%input: tensor<3x4xf32>, %indices: tensor<2xi64>) -> tensor<2x4xf32> {
  %indices_2d = tensor.expand_shape %indices [[0, 1]] :
          (tensor<2xi64>) -> tensor<2x1xi64>
  %cst4 = arith.constant 4 : index
  %indices_bcast = tcp.broadcast_to %indices_2d, %cst4 { axes = [1] } :
          (tensor<2x1xi64>, index) -> tensor<2x4xi64>
  %x = tcp.gather %input, %indices_bcast { dim = 0 } :
          (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %x : tensor<2x4xf32>
}

// Modeling tf.gather.
// CHECK-LABEL: func.func @tf_gather(
// CHECK:   %[[C3:.*]] = arith.constant 3 : index
// CHECK:   %[[C5:.*]] = arith.constant 5 : index
// CHECK:   %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
// CHECK:   %[[B:.*]] = tcp.broadcast_to %[[E]], %[[C3]], %[[C5]] {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
// CHECK:   tcp.gather %arg0, %[[B]] {dim = 1 : index} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
func.func @tf_gather(%input: tensor<3x4x5xf32>, %indices: tensor<3xi64>) -> tensor<3x3x5xf32> {
  %cst3 = arith.constant 3 : index
  %cst5 = arith.constant 5 : index
  %indices_3d = tensor.expand_shape %indices [[0, 1, 2]] :
          (tensor<3xi64>) -> tensor<1x3x1xi64>
  %indices_bcast = tcp.broadcast_to %indices_3d, %cst3, %cst5 { axes = [0, 2] } :
          (tensor<1x3x1xi64>, index, index) -> tensor<3x3x5xi64>
  %x = tcp.gather %input, %indices_bcast { dim = 1 } :
          (tensor<3x4x5xf32>, tensor<3x3x5xi64>) -> tensor<3x3x5xf32>
  return %x : tensor<3x3x5xf32>
}

// Modeling tf.gather_nd without batching.
// CHECK-LABEL: func.func @tf_gather_nd(
// CHECK:   tcp.gather_nd %arg0, %arg1 : tensor<5x7x3xf32>, tensor<4x2xi64> -> tensor<4x3xf32>
func.func @tf_gather_nd(%input: tensor<5x7x3xf32>, %indices: tensor<4x2xi64>) -> tensor<4x3xf32> {
  %x = tcp.gather_nd %input, %indices :
          (tensor<5x7x3xf32>, tensor<4x2xi64>) -> tensor<4x3xf32>
  return %x : tensor<4x3xf32>
}
