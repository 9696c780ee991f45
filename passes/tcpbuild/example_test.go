package tcpbuild_test

import (
	"fmt"
	"os"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The gather design's tf.gather example: params 3x4x5, indices [3], axis 1.
func ExampleSliceGather() {
	src := `func.func @f(%x: tensor<3x4x5xf32>, %i: tensor<3xi64>) -> tensor<3x4x5xf32> {
  return %x : tensor<3x4x5xf32>
}`
	m, err := parser.Parse("f.mlir", src, parser.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn := function.FuncOp{Operation: function.Lookup(m, "f")}
	body := fn.Body()
	rw := ir.NewRewriter(nil, nil)
	rw.SetInsertionPointBefore(body.Last())
	v, err := tcpbuild.SliceGather(rw, ir.UnknownLoc{}, body.Argument(0), body.Argument(1), 1, 0, "error", true)
	if err != nil {
		fmt.Println(err)
		return
	}
	body.Last().SetOperand(0, v)
	fn.SetAttr("function_type", ir.TypeAttr{Type: ir.Function(fn.Type().Inputs(), []ir.Type{v.Type()})})
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @f(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3xi64>) -> tensor<3x3x5xf32> {
	//     %expanded = tensor.expand_shape %arg1 [[0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
	//     %c3 = arith.constant 3 : index
	//     %c5 = arith.constant 5 : index
	//     %0 = tcp.broadcast_to %expanded, %c3, %c5 {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
	//     %1 = tcp.gather %arg0, %0 {dim = 1 : index, mode = "error"} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
	//     return %1 : tensor<3x3x5xf32>
	//   }
	// }
}
