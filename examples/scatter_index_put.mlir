// torch's x[ids] = v (aten.index_put without accumulate): 32768 unique
// rows of a [65536,256] table replaced; negative ids count from the end.
//   go run ./cmd/tcp-run examples/scatter_index_put.mlir DIR/index_put_0.npy DIR/index_put_1.npy DIR/index_put_2.npy --backend=go --bench 20
func.func @index_put(%x: tensor<65536x256xf32>, %ids: tensor<32768xi64>, %v: tensor<32768x256xf32>) -> tensor<65536x256xf32> {
  %i = tensor.expand_shape %ids [[0, 1]] : tensor<32768xi64> into tensor<32768x1xi64>
  %0 = tcp.scatter_nd %x, %i, %v {mode = "wrap_negative"} : tensor<65536x256xf32>, tensor<32768x1xi64>, tensor<32768x256xf32> -> tensor<65536x256xf32>
  return %0 : tensor<65536x256xf32>
}
