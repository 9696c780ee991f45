// ONNX ScatterElements(reduction="add") along dim 1 of [4096,4096]: every
// update added at its row's index (negative indices wrap, as ONNX).
//   go run ./cmd/tcp-run examples/scatter_scatter_elements_add.mlir DIR/scatter_elements_add_0.npy DIR/scatter_elements_add_1.npy DIR/scatter_elements_add_2.npy --backend=go --bench 10
func.func @scatter_elements_add(%x: tensor<4096x4096xf32>, %i: tensor<4096x4096xi64>, %u: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 1 : index, mode = "wrap_negative"} : tensor<4096x4096xf32>, tensor<4096x4096xi64>, tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}
