package onnximport_test

import (
	"os"

	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/frontend/onnxpb"
)

// Import an ONNX model (built here with onnxpb; normally read from a
// .onnx file) and print it as onnx dialect IR.
func ExampleWrite() {
	m := &onnxpb.Model{IRVersion: 8, OpsetImports: []onnxpb.OpsetID{{Version: 13}}, Graph: &onnxpb.Graph{
		Nodes: []*onnxpb.Node{{OpType: "GatherElements", Inputs: []string{"data", "indices"}, Outputs: []string{"y"},
			Attrs: []*onnxpb.Attribute{{Name: "axis", Type: onnxpb.AttrInt, I: 1}}}},
		Inputs: []*onnxpb.ValueInfo{
			{Name: "data", Type: &onnxpb.TypeProto{Kind: "tensor_type", ElemType: onnxpb.Float, Shape: []onnxpb.Dim{{Param: "N"}, {Value: 2, HasValue: true}}}},
			{Name: "indices", Type: &onnxpb.TypeProto{Kind: "tensor_type", ElemType: onnxpb.Int64, Shape: []onnxpb.Dim{{Param: "N"}, {Value: 2, HasValue: true}}}},
		},
		Outputs: []*onnxpb.ValueInfo{{Name: "y", Type: &onnxpb.TypeProto{Kind: "tensor_type", ElemType: onnxpb.Float, Shape: []onnxpb.Dim{{Param: "N"}, {Value: 2, HasValue: true}}}}},
	}}
	if err := onnximport.Write(os.Stdout, "model.onnx", m.Marshal(), onnximport.Options{}, false); err != nil {
		panic(err)
	}
	// Output:
	// module {
	//   func.func @main_graph(%arg0: tensor<?x2xf32>, %arg1: tensor<?x2xi64>) -> tensor<?x2xf32> attributes {input_names = ["data", "indices"], output_names = ["y"]} {
	//     %0 = "onnx.GatherElements"(%arg0, %arg1) {axis = 1 : si64} : (tensor<?x2xf32>, tensor<?x2xi64>) -> tensor<?x2xf32>
	//     return %0 : tensor<?x2xf32>
	//   }
	//   "onnx.EntryPoint"() {func = @main_graph} : () -> ()
	// }
}
