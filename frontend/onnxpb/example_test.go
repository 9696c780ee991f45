package onnxpb_test

import (
	"fmt"

	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/tensor"
)

// Encode a TensorProto (as an ONNX test's input_0.pb holds one), decode it
// and read its value.
func ExampleDecodeTensor() {
	pb := (&onnxpb.Tensor{Name: "indices", Dims: []int64{2, 2}, DataType: onnxpb.Int64, Int64Data: []int64{0, 1, -1, 2}}).Marshal()
	t, err := onnxpb.DecodeTensor(pb)
	if err != nil {
		panic(err)
	}
	v, err := t.ToTensor()
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Name, tensor.Format(v))

	// Damaged input gives an error with the byte offset and the field.
	_, err = onnxpb.DecodeTensor(pb[:len(pb)-3])
	fmt.Println(err)
	// Output:
	// indices dense<[[0, 1], [-1, 2]]> : tensor<2x2xi64>
	// byte 21: TensorProto: field 8 (name) needs 7 bytes, 4 left
}

// Decode a model and walk its graph.
func ExampleDecodeModel() {
	m := &onnxpb.Model{IRVersion: 8, OpsetImports: []onnxpb.OpsetID{{Version: 13}}, Graph: &onnxpb.Graph{
		Nodes: []*onnxpb.Node{{OpType: "Gather", Inputs: []string{"data", "indices"}, Outputs: []string{"y"},
			Attrs: []*onnxpb.Attribute{{Name: "axis", Type: onnxpb.AttrInt, I: 1}}}},
	}}
	got, err := onnxpb.DecodeModel(m.Marshal())
	if err != nil {
		panic(err)
	}
	for _, n := range got.Graph.Nodes {
		fmt.Println(n.OpType, n.Inputs, n.Outputs, n.Attr("axis").I, "opset", got.Opset(""))
	}
	// Output:
	// Gather [data indices] [y] 1 opset 13
}
