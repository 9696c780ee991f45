// Every IR snippet of the gather design ("Gather ops in Tcp"), written as the
// design writes it (parenthesized type lists, untyped dims, the `(T) -> T`
// expand_shape notation), each wrapped in a function whose arguments are the
// snippet's `%input = ...` and `%indices = ...` values. `%cst3` and `%cst5`,
// which the tf.gather example uses without defining, are defined as index
// constants (docs/semantics.md §8 item 4).

// Modeling torch.gather.
func.func @torch_gather(%input: tensor<3x4xf32>, %indices: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %x = tcp.gather %input, %indices { dim = 1 } :
          (tensor<3x4xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  return %x : tensor<3x2xf32>
}

// Modeling onnx.GatherElements.
func.func @onnx_gather_elements(%input: tensor<3x3xf32>, %indices: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %x = tcp.gather %input, %indices { dim = 0 } :
          (tensor<3x3xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>
}

// Modeling torch.index_select.
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
func.func @tf_gather_nd(%input: tensor<5x7x3xf32>, %indices: tensor<4x2xi64>) -> tensor<4x3xf32> {
  %x = tcp.gather_nd %input, %indices :
          (tensor<5x7x3xf32>, tensor<4x2xi64>) -> tensor<4x3xf32>
  return %x : tensor<4x3xf32>
}
