package workloads

import (
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// ScatterModule holds the scatter workloads (issue 19), the same functions
// as examples/scatter_*.mlir:
//
//   - embedding_grad: the gradient of an embedding lookup, a [65536,256]
//     table of zeros with 32768 rows of updates added at ids drawn from a
//     Zipf law (many repeats; jax's grad of take: mode drop);
//   - index_put: 32768 unique rows of a [65536,256] table replaced
//     (torch's x[i] = v);
//   - scatter_elements_add: ONNX ScatterElements with reduction add along
//     dim 1 of [4096,4096].
const ScatterModule = `
func.func @embedding_grad(%ids: tensor<32768xi64>, %g: tensor<32768x256xf32>) -> tensor<65536x256xf32> {
  %z = tcp.const {value = dense<0.000000e+00> : tensor<1x1xf32>} : tensor<1x1xf32>
  %c65536 = arith.constant 65536 : index
  %c256 = arith.constant 256 : index
  %t = tcp.broadcast_to %z, %c65536, %c256 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<65536x256xf32>
  %i = tensor.expand_shape %ids [[0, 1]] : tensor<32768xi64> into tensor<32768x1xi64>
  %0 = tcp.scatter_nd %t, %i, %g {combine = "add", mode = "drop"} : tensor<65536x256xf32>, tensor<32768x1xi64>, tensor<32768x256xf32> -> tensor<65536x256xf32>
  return %0 : tensor<65536x256xf32>
}
func.func @index_put(%x: tensor<65536x256xf32>, %ids: tensor<32768xi64>, %v: tensor<32768x256xf32>) -> tensor<65536x256xf32> {
  %i = tensor.expand_shape %ids [[0, 1]] : tensor<32768xi64> into tensor<32768x1xi64>
  %0 = tcp.scatter_nd %x, %i, %v {mode = "wrap_negative"} : tensor<65536x256xf32>, tensor<32768x1xi64>, tensor<32768x256xf32> -> tensor<65536x256xf32>
  return %0 : tensor<65536x256xf32>
}
func.func @scatter_elements_add(%x: tensor<4096x4096xf32>, %i: tensor<4096x4096xi64>, %u: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 1 : index, mode = "wrap_negative"} : tensor<4096x4096xf32>, tensor<4096x4096xi64>, tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}
`

// ZipfIDs draws n ids in [0, max) from a Zipf law (s = 1.1, v = 1): id 0
// is the most frequent, and a few ids take most updates, as token ids do.
// The ids are then scattered over the table by a fixed permutation of
// [0, max), so frequent rows are not neighbours.
func ZipfIDs(r *rand.Rand, n int, max int64) *tensor.Tensor {
	z := rand.NewZipf(r, 1.1, 1, uint64(max-1))
	perm := rand.New(rand.NewSource(7)).Perm(int(max))
	t := tensor.Must(tensor.New(tensor.I64, []int64{int64(n)}))
	for k := 0; k < n; k++ {
		t.SetInt64(k, int64(perm[z.Uint64()]))
	}
	return t
}

// UniqueIDs draws n distinct ids in [0, max) in random order.
func UniqueIDs(r *rand.Rand, n int, max int64) *tensor.Tensor {
	p := r.Perm(int(max))
	t := tensor.Must(tensor.New(tensor.I64, []int64{int64(n)}))
	for k := 0; k < n; k++ {
		t.SetInt64(k, int64(p[k]))
	}
	return t
}

// Scatter lists the scatter workloads.
var Scatter = []Workload{
	{"embedding_grad", func(r *rand.Rand) []*tensor.Tensor {
		return []*tensor.Tensor{ZipfIDs(r, 32768, 65536), f32(r, 32768, 256)}
	}},
	{"index_put", func(r *rand.Rand) []*tensor.Tensor {
		return []*tensor.Tensor{f32(r, 65536, 256), UniqueIDs(r, 32768, 65536), f32(r, 32768, 256)}
	}},
	{"scatter_elements_add", func(r *rand.Rand) []*tensor.Tensor {
		return []*tensor.Tensor{f32(r, 4096, 4096), i64(r, 4096, 4096, 4096), f32(r, 4096, 4096)}
	}},
}
