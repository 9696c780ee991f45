package torchtotcp_test

import (
	"fmt"
	"os"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/torchtotcp"
)

// torch.aten.gather with dim -1 on rank 3 becomes tcp.gather with dim 2
// and torch's index mode.
func ExampleConvert() {
	m, _ := parser.Parse("ex.mlir", `func.func @f(%arg0: !torch.vtensor<[1,4,3],f32>, %arg1: !torch.vtensor<[1,4,2],si64>) -> !torch.vtensor<[1,4,2],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %arg0, %int-1, %arg1, %false : !torch.vtensor<[1,4,3],f32>, !torch.int, !torch.vtensor<[1,4,2],si64>, !torch.bool -> !torch.vtensor<[1,4,2],f32>
  return %0 : !torch.vtensor<[1,4,2],f32>
}`, parser.Options{})
	if err := torchtotcp.Convert(m); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @f(%arg0: !torch.vtensor<[1,4,3],f32>, %arg1: !torch.vtensor<[1,4,2],si64>) -> !torch.vtensor<[1,4,2],f32> {
	//     %int-1 = torch.constant.int -1
	//     %false = torch.constant.bool false
	//     %0 = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[1,4,3],f32> -> tensor<1x4x3xf32>
	//     %1 = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[1,4,2],si64> -> tensor<1x4x2xi64>
	//     %2 = tcp.gather %0, %1 {dim = 2 : index, mode = "error"} : tensor<1x4x3xf32>, tensor<1x4x2xi64> -> tensor<1x4x2xf32>
	//     %3 = torch_c.from_builtin_tensor %2 : tensor<1x4x2xf32> -> !torch.vtensor<[1,4,2],f32>
	//     return %3 : !torch.vtensor<[1,4,2],f32>
	//   }
	// }
}

// An op that cannot be converted names why.
func ExampleConvert_error() {
	m, _ := parser.Parse("ex.mlir", `func.func @f(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],si64>, %dim: !torch.int) -> !torch.vtensor<[?,?],f32> {
  %0 = torch.aten.index_select %x, %dim, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}`, parser.Options{})
	fmt.Println(torchtotcp.Convert(m))
	// Output:
	// ex.mlir:2:8: error: failed to legalize operation 'torch.aten.index_select' that was explicitly marked illegal
	// ex.mlir:2:8: note: 'torch.aten.index_select' op operand #1 (dim) is not a compile-time constant (torch.constant.int)
}
