package stablehlototcp_test

import (
	"fmt"
	"os"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/stablehlototcp"
)

// Run converts a gather_nd-like stablehlo.gather into one tcp.gather_nd
// whose clip mode is the spec's clamp.
func ExampleRun() {
	src := `func.func @f(%x: tensor<2x2x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x2x2xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}`
	m, err := parser.Parse("example.mlir", src, parser.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := stablehlototcp.Run(m); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @f(%arg0: tensor<2x2x2xf32>, %arg1: tensor<3x2xi64>) -> tensor<3x2xf32> {
	//     %0 = tcp.gather_nd %arg0, %arg1 {mode = "clip"} : tensor<2x2x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
	//     return %0 : tensor<3x2xf32>
	//   }
	// }
}
