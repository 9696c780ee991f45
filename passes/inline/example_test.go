package inline_test

import (
	"fmt"
	"os"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/inline"
)

func ExampleRun() {
	m, err := parser.Parse("f.mlir", `
func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = call @twice(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func private @twice(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = arith.addi %a, %a : tensor<2xi32>
  return %0 : tensor<2xi32>
}`, parser.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := inline.Run(m); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @main(%arg0: tensor<2xi32>) -> tensor<2xi32> {
	//     %0 = arith.addi %arg0, %arg0 : tensor<2xi32>
	//     return %0 : tensor<2xi32>
	//   }
	// }
}
