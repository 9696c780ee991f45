package parser_test

import (
	"fmt"
	"os"

	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// ExampleParseString parses one op in custom form and one in generic form,
// then prints the module in custom form.
func ExampleParseString() {
	src := `func.func @f(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %1 = "tcp.gather"(%x, %i) {dim = 0 : index, mode = "clip"} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}`
	m, err := parser.ParseString("f.mlir", src, ir.Global)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := ir.Verify(m, false); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @f(%arg0: tensor<3x4xf32>, %arg1: tensor<2x4xi64>) -> tensor<2x4xf32> {
	//     %0 = tcp.gather %arg0, %arg1 {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
	//     %1 = tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
	//     return %1 : tensor<2x4xf32>
	//   }
	// }
}
