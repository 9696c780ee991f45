package interp_test

import (
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

const (
	f32 = tensor.F32
	i32 = tensor.I32
	i16 = tensor.I16
)

// The onnx and tf kernels on docs/semantics.md's worked examples and ONNX's
// test data, with their frameworks' index rules.
func TestFrontendKernels(t *testing.T) {
	tests := []struct {
		name, src string
		cases     []runCase
	}{
		{"onnx.GatherElements", `func.func @f(%x: tensor<?x?xi64>, %i: tensor<?x?xi64>) -> tensor<?x?xi64> {
  %0 = "onnx.GatherElements"(%x, %i) {axis = -2 : si64} : (tensor<?x?xi64>, tensor<?x?xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}`, []runCase{
			{name: "test_gather_elements_1", args: []*tensor.Tensor{i64s(sh(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), i64s(sh(2, 3), 1, 2, 0, 2, 0, 0)}, want: []string{"dense<[[4, 8, 3], [7, 2, 3]]> : tensor<2x3xi64>"}},
			{name: "negative indices", args: []*tensor.Tensor{i64s(sh(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), i64s(sh(2, 3), -1, -2, 0, -2, 0, 0)}, want: []string{"dense<[[7, 5, 3], [4, 2, 3]]> : tensor<2x3xi64>"}},
			{name: "out of range", args: []*tensor.Tensor{i64s(sh(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), i64s(sh(1, 1), -4)}, err: "'onnx.GatherElements' op index -4 is out of bounds for dimension 0 with size 3"},
		}},
		{"onnx.GatherND", `func.func @f(%x: tensor<2x2x2xi64>, %i: tensor<2x1xi64>) -> tensor<2x2xi64> {
  %0 = "onnx.GatherND"(%x, %i) <{batch_dims = 1 : si64}> : (tensor<2x2x2xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}`, []runCase{
			{name: "test_gathernd_example_int32_batch_dim1", args: []*tensor.Tensor{i64s(sh(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 7), i64s(sh(2, 1), 1, 0)}, want: []string{"dense<[[2, 3], [4, 5]]> : tensor<2x2xi64>"}},
			{name: "wrap negative", args: []*tensor.Tensor{i64s(sh(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 7), i64s(sh(2, 1), -1, -2)}, want: []string{"dense<[[2, 3], [4, 5]]> : tensor<2x2xi64>"}},
			{name: "out of range", args: []*tensor.Tensor{i64s(sh(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 7), i64s(sh(2, 1), 2, 0)}, err: "index 2 is out of bounds for dimension 1 with size 2"},
		}},
		{"onnx.Gather every index checked", `func.func @f(%x: tensor<3x0xf32>, %i: tensor<1xi64>) -> tensor<1x0xf32> {
  %0 = "onnx.Gather"(%x, %i) {axis = 0 : si64} : (tensor<3x0xf32>, tensor<1xi64>) -> tensor<1x0xf32>
  return %0 : tensor<1x0xf32>
}`, []runCase{
			{name: "empty result, bad index", args: []*tensor.Tensor{typed(f32, sh(3, 0)), i64s(sh(1), 5)}, err: "index 5 is out of bounds for dimension 0 with size 3"},
		}},
		{"tf.GatherV2 batch_dims", `func.func @f(%x: tensor<2x3xi64>, %i: tensor<2x2xi32>, %a: tensor<1xi64>) -> tensor<2x2xi64> {
  %0 = "tf.GatherV2"(%x, %i, %a) {batch_dims = -1 : i64} : (tensor<2x3xi64>, tensor<2x2xi32>, tensor<1xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}`, []runCase{
			{name: "take_along_axis", args: []*tensor.Tensor{i64s(sh(2, 3), 10, 11, 12, 20, 21, 22), typed(i32, sh(2, 2), 2, 0, 1, 1), i64s(sh(1), 1)}, want: []string{"dense<[[12, 10], [21, 21]]> : tensor<2x2xi64>"}},
			{name: "negative index", args: []*tensor.Tensor{i64s(sh(2, 3), 10, 11, 12, 20, 21, 22), typed(i32, sh(2, 2), 2, -1, 1, 1), i64s(sh(1), -1)}, err: "index -1 is out of bounds for dimension 1 with size 3"},
			{name: "axis below batch_dims", args: []*tensor.Tensor{i64s(sh(2, 3), 10, 11, 12, 20, 21, 22), typed(i32, sh(2, 2), 0, 0, 0, 0), i64s(sh(1), 0)}, err: "axis 0 must be at least batch_dims 1"},
		}},
		{"tf.GatherNd i16", `func.func @f(%x: tensor<2x2xi64>, %i: tensor<2x2xi16>) -> tensor<2xi64> {
  %0 = "tf.GatherNd"(%x, %i) : (tensor<2x2xi64>, tensor<2x2xi16>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}`, []runCase{
			{name: "tuples", args: []*tensor.Tensor{i64s(sh(2, 2), 1, 2, 3, 4), typed(i16, sh(2, 2), 0, 0, 1, 1)}, want: []string{"dense<[1, 4]> : tensor<2xi64>"}},
			{name: "negative", args: []*tensor.Tensor{i64s(sh(2, 2), 1, 2, 3, 4), typed(i16, sh(2, 2), -2, 0, 1, 1)}, err: "index -2 is out of bounds for dimension 0 with size 2"},
		}},
	}
	for _, tc := range tests {
		fn := parseFunc(t, tc.src, "f")
		for _, c := range tc.cases {
			c.name = tc.name + "/" + c.name
			checkRun(t, fn, c)
		}
	}
}
