package compiler_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tcp-project/tcp/compiler"
)

// torch.index_select(x, 0, [0, 2]) as torch-mlir's FX importer prints it.
const torchIndexSelect = `func.func @index_select(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}`

// onnx.Gather along axis 0 as onnx-mlir prints it (negative indices
// count from the end).
const onnxGather = `func.func @gather(%data: tensor<3x2xf32>, %idx: tensor<2xi64>) -> tensor<2x2xf32> {
  %0 = "onnx.Gather"(%data, %idx) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}`

// Parse reads MLIR text in either form and verifies it; String prints the
// custom form.
func ExampleParse() {
	m, err := compiler.Parse("select.mlir", []byte(torchIndexSelect))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Funcs())
	fmt.Print(m.String())
	// Output:
	// [index_select]
	// module {
	//   func.func @index_select(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
	//     %int0 = torch.constant.int 0
	//     %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
	//     return %0 : !torch.vtensor<[2,4],f32>
	//   }
	// }
}

// Bad input is a located error.
func ExampleParse_error() {
	_, err := compiler.Parse("bad.mlir", []byte("func.func @f(%x: tensor<3xf32>) {\n  %0 = tcp.gather %x\n}"))
	fmt.Println(err)
	// Output:
	// bad.mlir:2:21: error: expected ','
}

// ConvertToTcp runs the frontends-to-tcp-pipeline: the torch op becomes
// the tcp gather recipe and the !torch boundary types builtin tensors.
func ExampleModule_ConvertToTcp() {
	m, err := compiler.Parse("select.mlir", []byte(torchIndexSelect))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.ConvertToTcp(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(m.String())
	// Output:
	// module {
	//   func.func @index_select(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi64>) -> tensor<2x4xf32> {
	//     %c4 = arith.constant 4 : index
	//     %expanded = tensor.expand_shape %arg1 [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
	//     %0 = tcp.broadcast_to %expanded, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
	//     %1 = tcp.gather %arg0, %0 {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
	//     return %1 : tensor<2x4xf32>
	//   }
	// }
}

// Run interprets a function on tensors made in Go; the frontend IR and
// its tcp form compute the same values.
func ExampleModule_Run() {
	m, err := compiler.Parse("select.mlir", []byte(torchIndexSelect))
	if err != nil {
		fmt.Println(err)
		return
	}
	x, _ := compiler.Floats(compiler.F32, []int64{3, 4}, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	i, _ := compiler.Ints(compiler.I64, []int64{2}, 0, 2)
	before, err := m.Run("index_select", x, i)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.ConvertToTcp(); err != nil {
		fmt.Println(err)
		return
	}
	after, err := m.Run("index_select", x, i)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(before[0].Float64s())
	fmt.Println(after[0].Float64s(), after[0].Shape)
	// Output:
	// [0 1 2 3 8 9 10 11]
	// [0 1 2 3 8 9 10 11] [2 4]
}

// LowerToDirectML turns tcp into one op per DirectML operator;
// DirectMLJSON writes the DML_GRAPH_DESC of each function.
func ExampleModule_LowerToDirectML() {
	m, err := compiler.Parse("gather.mlir", []byte(onnxGather))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.ConvertToTcp(); err != nil {
		fmt.Println(err)
		return
	}
	if err := m.LowerToDirectML(compiler.DirectMLOptions{FeatureLevel: "4.1"}); err != nil {
		fmt.Println(err)
		return
	}
	js, err := m.DirectMLJSON()
	if err != nil {
		fmt.Println(err)
		return
	}
	var graphs struct {
		Graphs []struct {
			Name string
			Desc struct {
				Nodes []struct {
					Desc struct{ Operator struct{ Type string } }
				}
			} `json:"DML_GRAPH_DESC"`
		}
	}
	if err := json.Unmarshal(js, &graphs); err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range graphs.Graphs {
		for _, n := range g.Desc.Nodes {
			fmt.Println(g.Name, n.Desc.Operator.Type)
		}
	}
	cpp, _ := m.DirectMLCPP()
	dot, _ := m.DOT()
	fmt.Println(strings.Contains(string(cpp), "DML_GRAPH_DESC"), strings.HasPrefix(string(dot), "digraph"))
	// Output:
	// gather DML_OPERATOR_GATHER
	// true true
}

// GoSource emits one Go function per func.func; RunGo compiles it with
// the go command (cached) and runs it.
func ExampleModule_GoSource() {
	m, err := compiler.Parse("gather.mlir", []byte(onnxGather))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.ConvertToTcp(); err != nil {
		fmt.Println(err)
		return
	}
	src, err := m.GoSource("kernels")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "package ") || strings.HasPrefix(line, "func G") {
			fmt.Println(line)
		}
	}
	// Output:
	// package kernels
	// func Gather(r0 []float32, a0 []float32, a1 []int64) (err error) {
	// func GatherDims() ([][]int, error) {
}

// RunGo builds the Go kernel of a function and runs it, like tcp-run
// --backend=go.
func ExampleModule_RunGo() {
	m, err := compiler.Parse("gather.mlir", []byte(onnxGather))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.ConvertToTcp(); err != nil {
		fmt.Println(err)
		return
	}
	data, _ := compiler.Floats(compiler.F32, []int64{3, 2}, 1, 2, 3, 4, 5, 6)
	idx, _ := compiler.Ints(compiler.I64, []int64{2}, 2, -3)
	out, err := m.RunGo("gather", data, idx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(compiler.Format(out[0]))
	// Output:
	// dense<[[5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
}

// BuildGo compiles once; Call runs the kernel as often as needed. Index
// errors of mode "error" (torch's rule) come back as errors.
func ExampleModule_BuildGo() {
	m, err := compiler.Parse("select.mlir", []byte(torchIndexSelect))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.ConvertToTcp(); err != nil {
		fmt.Println(err)
		return
	}
	k, err := m.BuildGo("index_select")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer k.Close()
	x, _ := compiler.Floats(compiler.F32, []int64{3, 4}, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	for _, rows := range [][]int64{{2, 0}, {1, 1}, {0, 3}} {
		i, _ := compiler.Ints(compiler.I64, []int64{2}, rows...)
		out, err := k.Call("index_select", x, i)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(out[0].Float64s())
	}
	// Output:
	// [8 9 10 11 0 1 2 3]
	// [4 5 6 7 4 5 6 7]
	// error: index 3 is out of bounds for dimension 0 with size 3
}

// Tensors come from .npy files as numpy writes them, and go back to them.
func ExampleReadNpy() {
	dir, err := os.MkdirTemp("", "npy-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	idx, _ := compiler.Ints(compiler.I64, []int64{2}, -1, 0)
	path := filepath.Join(dir, "idx.npy")
	if err := compiler.WriteNpy(path, idx); err != nil {
		fmt.Println(err)
		return
	}
	back, err := compiler.ReadNpy(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := compiler.Parse("gather.mlir", []byte(onnxGather))
	if err != nil {
		fmt.Println(err)
		return
	}
	data, _ := compiler.Floats(compiler.F32, []int64{3, 2}, 1, 2, 3, 4, 5, 6)
	out, err := m.Run("gather", data, back)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(compiler.ArrayString(out[0]))
	// Output:
	// [[5. 6.]
	//  [1. 2.]]
}

// ImportONNX reads an .onnx model (here one written from onnx dialect IR
// by the mlir-to-onnx translation) as onnx-mlir would print it.
func ExampleImportONNX() {
	m, err := compiler.Parse("gather.mlir", []byte(onnxGather))
	if err != nil {
		fmt.Println(err)
		return
	}
	model, err := m.Translate("mlir-to-onnx", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	imported, err := compiler.ImportONNX("gather.onnx", model)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(imported.String())
	// Output:
	// module {
	//   func.func @main_graph(%arg0: tensor<3x2xf32>, %arg1: tensor<2xi64>) -> tensor<2x2xf32> attributes {input_names = ["arg0", "arg1"], output_names = ["out0"]} {
	//     %0 = "onnx.Gather"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
	//     return %0 : tensor<2x2xf32>
	//   }
	//   "onnx.EntryPoint"() {func = @main_graph} : () -> ()
	// }
}
