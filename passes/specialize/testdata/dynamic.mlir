// Functions with dynamic dims as the conversions leave them (the tcp forms
// of torch.export programs with a dynamic index size or batch), plus
// hand-written cases for the other shape rules of --specialize-dims;
// specialize_test.go specializes each to the shapes in its table and runs
// both versions on random inputs of those shapes.

  func.func @index_dynamic(%arg0: tensor<5x3xf32>, %arg1: tensor<?xi64>) -> tensor<?x3xf32> {
  %expanded = tensor.expand_shape %arg1 [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %0 = tcp.gather_nd %arg0, %expanded {mode = "wrap_negative"} : tensor<5x3xf32>, tensor<?x1xi64> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
  func.func @colindex_dynamic(%arg0: tensor<?x6xf32>, %arg1: tensor<?xi64>) -> tensor<?x?xf32> {
  %c6 = arith.constant 6 : index
  %c1 = arith.constant 1 : index
  %c9223372036854775807 = arith.constant 9223372036854775807 : index
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?x6xf32>
  %0 = arith.minsi %dim, %c0 : index
  %1 = arith.minsi %dim, %c9223372036854775807 : index
  %2 = arith.subi %1, %0 : index
  %3 = arith.maxsi %2, %c0 : index
  %4 = tcp.slice %arg0 starts(%0, %c0) sizes(%3, %c6) strides(%c1, %c1) : tensor<?x6xf32> -> tensor<?x6xf32>
  %expanded = tensor.expand_shape %arg1 [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %expanded_0 = tensor.expand_shape %expanded [[0, 1], [2]] : tensor<?x1xi64> into tensor<1x?x1xi64>
  %dim_1 = tensor.dim %4, %c0 : tensor<?x6xf32>
  %5 = tcp.broadcast_to %expanded_0, %dim_1 {axes = [0]} : tensor<1x?x1xi64>, index -> tensor<?x?x1xi64>
  %6 = tcp.gather_nd %4, %5 {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<?x6xf32>, tensor<?x?x1xi64> -> tensor<?x?xf32>
  return %6 : tensor<?x?xf32>
}
  func.func @embedding_dynamic(%arg0: tensor<6x4xf32>, %arg1: tensor<?x2xi64>) -> tensor<?x2x4xf32> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %expanded = tensor.expand_shape %arg1 [[0], [1, 2]] : tensor<?x2xi64> into tensor<?x2x1xi64>
  %0 = tcp.broadcast_to %expanded, %c4 {axes = [2]} : tensor<?x2x1xi64>, index -> tensor<?x2x4xi64>
  %expanded_0 = tensor.expand_shape %arg0 [[0, 1], [2]] : tensor<6x4xf32> into tensor<6x1x4xf32>
  %1 = tcp.broadcast_to %expanded_0, %c2 {axes = [1]} : tensor<6x1x4xf32>, index -> tensor<6x2x4xf32>
  %2 = tcp.gather %1, %0 {dim = 0 : index, mode = "error"} : tensor<6x2x4xf32>, tensor<?x2x4xi64> -> tensor<?x2x4xf32>
  return %2 : tensor<?x2x4xf32>
}
  func.func @pairindex_dynamic(%arg0: tensor<5x4xf32>, %arg1: tensor<?x1xi64>, %arg2: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg2, %c0 : tensor<?xi64>
  %0 = tcp.broadcast_to %arg1, %dim {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x?xi64>
  %expanded = tensor.expand_shape %0 [[0], [1, 2]] : tensor<?x?xi64> into tensor<?x?x1xi64>
  %expanded_0 = tensor.expand_shape %arg2 [[0, 1]] : tensor<?xi64> into tensor<1x?xi64>
  %dim_1 = tensor.dim %arg1, %c0 : tensor<?x1xi64>
  %1 = tcp.broadcast_to %expanded_0, %dim_1 {axes = [0]} : tensor<1x?xi64>, index -> tensor<?x?xi64>
  %expanded_2 = tensor.expand_shape %1 [[0], [1, 2]] : tensor<?x?xi64> into tensor<?x?x1xi64>
  %concat = tensor.concat dim(2) %expanded, %expanded_2 : (tensor<?x?x1xi64>, tensor<?x?x1xi64>) -> tensor<?x?x2xi64>
  %2 = tcp.gather_nd %arg0, %concat {mode = "wrap_negative"} : tensor<5x4xf32>, tensor<?x?x2xi64> -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

func.func @reshapes(%x: tensor<?x6xf32>, %i: tensor<?x2xi32>) -> tensor<?x3x2xf32> {
  %t = tcp.transpose %x {permutation = array<i64: 1, 0>} : tensor<?x6xf32> -> tensor<6x?xf32>
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<6x?xf32> into tensor<?xf32>
  %e = tensor.expand_shape %c [[0, 1, 2]] : tensor<?xf32> into tensor<?x3x2xf32>
  return %e : tensor<?x3x2xf32>
}

func.func @arith_concat(%a: tensor<?xi64>, %b: tensor<?xi64>) -> tensor<?xi64> {
  %s = arith.addi %a, %a : tensor<?xi64>
  %c = tensor.concat dim(0) %s, %b : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  return %c : tensor<?xi64>
}
