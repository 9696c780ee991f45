package dml_test

import (
	"fmt"
	"os"

	codegen "github.com/tcp-project/tcp/codegen/dml"
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
)

// ExampleBuildModule lowers ONNX Gather(data f32[3,2], indices [4],
// axis 0), DML_GATHER example 2, and prints its DML_GRAPH_DESC.
func ExampleBuildModule() {
	src := `func.func @gather(%x: tensor<3x2xf32>, %i: tensor<4xi64>) -> tensor<4x2xf32> {
  %ie = tensor.expand_shape %i [[0, 1]] : tensor<4xi64> into tensor<4x1xi64>
  %c2 = arith.constant 2 : index
  %ib = tcp.broadcast_to %ie, %c2 {axes = [1]} : tensor<4x1xi64>, index -> tensor<4x2xi64>
  %0 = tcp.gather %x, %ib {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}`
	m, err := parser.Parse("gather.mlir", src, parser.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := tcptodml.New(dml.FL3_0).Run(m); err != nil {
		fmt.Println(err)
		return
	}
	mod, err := codegen.BuildModule(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := mod.Graphs[0]
	fmt.Println("minimum:", g.MinLevel.Enum())
	for _, n := range g.Nodes {
		fmt.Println(n.Info.Type, n.Name)
		for i, t := range n.Tensors {
			fmt.Println(" ", n.Info.TensorFields[i], t.DataType, t.Sizes, t.TotalTensorSizeInBytes)
		}
		for _, f := range n.Fields {
			fmt.Println(" ", f.CName, f.Scalar)
		}
	}
	fmt.Println("input edges:", g.InputEdges)
	fmt.Println("output edges:", g.OutputEdges)
	_ = codegen.WriteDOT(os.Stdout, mod) // also WriteJSON, WriteCPP
	// Output:
	// minimum: DML_FEATURE_LEVEL_3_0
	// DML_OPERATOR_GATHER tcp.gather@gather.mlir:5:8
	//   InputTensor FLOAT32 [3 2] 24
	//   IndicesTensor INT64 [1 4] 32
	//   OutputTensor FLOAT32 [4 2] 32
	//   Axis 0
	//   IndexDimensions 1
	// input edges: [{0 0 0 arg0} {1 0 1 arg1}]
	// output edges: [{0 0 0 out0}]
	// digraph dml {
	//   rankdir=TB;
	//   node [fontname="Helvetica", fontsize=10];
	//   edge [fontname="Helvetica", fontsize=9];
	//   label="DirectML graphs, minimum DML_FEATURE_LEVEL_3_0";
	//   subgraph cluster_0 {
	//     label="@gather (DML_FEATURE_LEVEL_3_0)";
	//     g0_in0 [shape=ellipse, label="input 0: arg0\nFLOAT32 [3 2]"];
	//     g0_in1 [shape=ellipse, label="input 1: arg1\nINT64 [4]"];
	//     g0_n0 [shape=box, label="0: DML_OPERATOR_GATHER\nAxis = 0\nIndexDimensions = 1\ngather.mlir:5:8"];
	//     g0_out0 [shape=doubleoctagon, label="output 0: out0\nFLOAT32 [4 2]"];
	//     g0_in0 -> g0_n0 [label="0 InputTensor\nFLOAT32 [3 2]"];
	//     g0_in1 -> g0_n0 [label="1 IndicesTensor\nINT64 [1 4]"];
	//     g0_n0 -> g0_out0 [label="FLOAT32 [4 2]"];
	//   }
	// }
}
