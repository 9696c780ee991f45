package tcptodml_test

import (
	"fmt"
	"os"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
)

// Example lowers torch.index_select's tcp form (docs/semantics.md §5.2) at
// feature level 2.1: the expand + broadcast + gather recipe becomes one
// DML GATHER with 4-D descs, and the i32 indices are cast to UINT32.
func Example() {
	src := `func.func @index_select(%x: tensor<3x4xf32>, %i: tensor<2xi32>) -> tensor<2x4xf32> {
  %ie = tensor.expand_shape %i [[0, 1]] : tensor<2xi32> into tensor<2x1xi32>
  %c4 = arith.constant 4 : index
  %ib = tcp.broadcast_to %ie, %c4 {axes = [1]} : tensor<2x1xi32>, index -> tensor<2x4xi32>
  %0 = tcp.gather %x, %ib {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}`
	m, err := parser.Parse("in.mlir", src, parser.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	pm, err := pass.ParsePipeline("builtin.module(convert-tcp-to-dml{feature-level=2.1})")
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := pm.Run(m); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module attributes {dml.feature_level = "2.1"} {
	//   func.func @index_select(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi32>) -> tensor<2x4xf32> {
	//     %0 = dml.cast %arg1 {dimension_count = 4 : index} : tensor<2xi32> -> tensor<2xui32>
	//     %1 = dml.gather %arg0, %0 {axis = 2 : index, dimension_count = 4 : index, index_dimensions = 1 : index} : tensor<3x4xf32>, tensor<2xui32> -> tensor<2x4xf32>
	//     return %1 : tensor<2x4xf32>
	//   }
	// }
}
