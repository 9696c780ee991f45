// The gradient of an embedding lookup (jax.grad of jnp.take(table, ids,
// axis=0)): 32768 rows of updates added into a [65536,256] table of zeros
// at ids with repeats (mode drop, jax's default for scatters). Duplicates
// are summed in index order. Inputs: scripts/scatter-bench.sh, or
//   go run ./codegen/golang/internal/workloads/scatterinputs DIR
//   go run ./cmd/tcp-run examples/scatter_embedding_grad.mlir DIR/embedding_grad_0.npy DIR/embedding_grad_1.npy --backend=go --bench 20
func.func @embedding_grad(%ids: tensor<32768xi64>, %g: tensor<32768x256xf32>) -> tensor<65536x256xf32> {
  %z = tcp.const {value = dense<0.000000e+00> : tensor<1x1xf32>} : tensor<1x1xf32>
  %c65536 = arith.constant 65536 : index
  %c256 = arith.constant 256 : index
  %t = tcp.broadcast_to %z, %c65536, %c256 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<65536x256xf32>
  %i = tensor.expand_shape %ids [[0, 1]] : tensor<32768xi64> into tensor<32768x1xi64>
  %0 = tcp.scatter_nd %t, %i, %g {combine = "add", mode = "drop"} : tensor<65536x256xf32>, tensor<32768x1xi64>, tensor<32768x256xf32> -> tensor<65536x256xf32>
  return %0 : tensor<65536x256xf32>
}
