package frontends_test

import (
	"fmt"
	"os"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/frontends"
)

// onnx.Gather with scalar indices, as onnx-mlir prints it, converted by
// every registered frontend (the onnx one here).
func ExampleApply() {
	src := `func.func @f(%data: tensor<3x4xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  %0 = "onnx.Gather"(%data, %i) <{axis = -2 : si64}> : (tensor<3x4xf32>, tensor<i64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`
	m, err := parser.Parse("f.mlir", src, parser.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := frontends.Apply(m, frontends.Lookup("onnx")); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @f(%arg0: tensor<3x4xf32>, %arg1: tensor<i64>) -> tensor<4xf32> {
	//     %expanded = tensor.expand_shape %arg1 [] : tensor<i64> into tensor<1x1xi64>
	//     %c4 = arith.constant 4 : index
	//     %0 = tcp.broadcast_to %expanded, %c4 {axes = [1]} : tensor<1x1xi64>, index -> tensor<1x4xi64>
	//     %1 = tcp.gather %arg0, %0 {dim = 0 : index, mode = "wrap_negative"} : tensor<3x4xf32>, tensor<1x4xi64> -> tensor<1x4xf32>
	//     %collapsed = tensor.collapse_shape %1 [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
	//     return %collapsed : tensor<4xf32>
	//   }
	// }
}

// A conversion that cannot apply fails at the op, with the reason as a
// note.
func ExampleApply_error() {
	src := `func.func @f(%p: tensor<3x4xf32>, %i: tensor<2xi32>, %axis: tensor<i32>) -> tensor<*xf32> {
  %0 = "tf.GatherV2"(%p, %i, %axis) {batch_dims = 0 : i64} : (tensor<3x4xf32>, tensor<2xi32>, tensor<i32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}`
	m, _ := parser.Parse("f.mlir", src, parser.Options{})
	fmt.Println(frontends.Apply(m, frontends.All()...))
	// Output:
	// f.mlir:2:8: error: failed to legalize operation 'tf.GatherV2' that was explicitly marked illegal
	// f.mlir:2:8: note: 'tf.GatherV2' op cannot be converted to tcp: operand #2 (axis) is not a constant; the gather axis must be known at compile time
}
