// torch.index_select(x, 0, [0, 2]) on x = arange(12).reshape(3, 4), written
// as the gather design models it: expand the indices, broadcast them to the
// output shape, and gather elements along dim 0.
//
//   go run ./cmd/tcp-run examples/index_select.mlir
//
// prints the result under its type, as numpy prints the same array:
//
//   result #0: tensor<2x4xf32>
//   [[ 0.  1.  2.  3.]
//    [ 8.  9. 10. 11.]]
func.func @main() -> tensor<2x4xf32> {
  %x = tcp.const {value = dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>} : tensor<3x4xf32>
  %idx = tcp.const {value = dense<[0, 2]> : tensor<2xi64>} : tensor<2xi64>
  %idx2 = tensor.expand_shape %idx [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
  %c4 = arith.constant 4 : index
  %idxb = tcp.broadcast_to %idx2, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  %out = tcp.gather %x, %idxb {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %out : tensor<2x4xf32>
}
