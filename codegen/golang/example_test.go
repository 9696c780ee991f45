package golang_test

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/codegen/golang"
	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// Emit turns torch.index_select, in the form frontends produce (expand,
// broadcast, gather), into a kernel that copies one row per index.
func ExampleEmit() {
	src := `func.func @index_select(%x: tensor<?x64xf32>, %i: tensor<?xi64>) -> tensor<?x64xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %c64 = arith.constant 64 : index
  %b = tcp.broadcast_to %e, %c64 {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x64xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index} : tensor<?x64xf32>, tensor<?x64xi64> -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}`
	m, err := parser.Parse("sel.mlir", src, parser.Options{})
	if err != nil {
		panic(err)
	}
	out, err := golang.Emit(m, golang.Options{Package: "kernels"})
	if err != nil {
		panic(err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "func IndexSelect") || strings.Contains(l, "copy(") {
			fmt.Println(strings.TrimSpace(l))
		}
	}
	// Output:
	// func IndexSelect(r0 []float32, a0 []float32, a0d0 int, a1 []int64, a1d0 int) (err error) {
	// copy(r0[64*i0_0:64*i0_0+64], a0[64*t1:64*t1+64])
	// func IndexSelectDims(a0d0 int, a1d0 int) ([][]int, error) {
}

// Run compiles the kernel of one function (once; the binary is cached by
// the hash of its source) and runs it, as tcp-run --backend=go does.
func ExampleRun() {
	src := `func.func @take(%x: tensor<4xi32>, %i: tensor<3xi64>) -> tensor<3xi32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<4xi32>, tensor<3xi64> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}`
	m, err := parser.Parse("take.mlir", src, parser.Options{})
	if err != nil {
		panic(err)
	}
	x := tensor.Must(tensor.FromInt64s(tensor.I32, []int64{4}, []int64{10, 20, 30, 40}))
	i := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{3}, []int64{3, -1, 0}))
	res, _, err := golang.Run(m, "take", []*tensor.Tensor{x, i}, golang.CallOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(tensor.Format(res[0]))
	i = tensor.Must(tensor.FromInt64s(tensor.I64, []int64{3}, []int64{3, -5, 0}))
	_, _, err = golang.Run(m, "take", []*tensor.Tensor{x, i}, golang.CallOptions{})
	fmt.Println(err)
	// Output:
	// dense<[40, 40, 10]> : tensor<3xi32>
	// index -5 is out of bounds for dimension 0 with size 4
}
