package interp_test

import (
	"fmt"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

func ExampleRun() {
	// onnx.GatherElements on a tensor with a dynamic dim: the argument
	// resolves it.
	src := `func.func @main(%x: tensor<?x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<?x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}`
	module, err := parser.Parse("example.mlir", src, parser.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn := function.Lookup(module, "main")
	x := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{3, 2}, []float64{1, 2, 3, 4, 5, 6}))
	i := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2, 2}, []int64{2, -3, -1, 1}))
	res, err := interp.Run(fn, []*tensor.Tensor{x, i})
	fmt.Println(tensor.Format(res[0]), err)

	// An index out of range is a runtime error located at the op.
	bad := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2, 2}, []int64{0, 0, 3, 0}))
	_, err = interp.Run(fn, []*tensor.Tensor{x, bad})
	fmt.Println(err)

	// Arguments are checked against the signature.
	_, err = interp.Run(fn, []*tensor.Tensor{i, i})
	fmt.Println(err)
	// Output:
	// dense<[[5.000000e+00, 2.000000e+00], [5.000000e+00, 4.000000e+00]]> : tensor<2x2xf32> <nil>
	// example.mlir:2:8: error: 'tcp.gather' op index 3 is out of bounds for dimension 0 with size 3
	// example.mlir:2:8: note: the index is at position [1, 0] of the indices
	// example.mlir:1:1: error: @main: argument #0: got tensor<2x2xi64>, want tensor<?x2xf32> (element type i64, want f32)
}

func ExampleCompareFuncs() {
	// Rewriting a clip gather of iota indices into a slice is wrong when
	// the input dim may be smaller than the indices need (clip reads the
	// last element; the slice raises an error): the random dynamic dims
	// find it.
	before, _ := parser.Parse("before.mlir", `func.func @f(%x: tensor<?xi32>) -> tensor<3xi32> {
  %i = tcp.const {value = dense<[0, 1, 2]> : tensor<3xi64>} : tensor<3xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<?xi32>, tensor<3xi64> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}`, parser.Options{})
	after, _ := parser.Parse("after.mlir", `func.func @f(%x: tensor<?xi32>) -> tensor<3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = tcp.slice %x starts(%c0) sizes(%c3) strides(%c1) : tensor<?xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}`, parser.Options{})
	err := interp.CompareFuncs(function.Lookup(before, "f"), function.Lookup(after, "f"), interp.EquivOptions{Seed: 1})
	if m, ok := err.(*interp.Mismatch); ok {
		fmt.Println(m.What())
	}
	// Output:
	// only after the rewrite it raises an error
}
