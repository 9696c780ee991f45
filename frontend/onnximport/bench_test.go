package onnximport_test

import (
	"fmt"
	"testing"

	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/frontend/onnxpb"
)

// chainModel is a chain of n Gather nodes, each with its own 2-element
// index initializer, with value_info for every intermediate value.
func chainModel(n int) []byte {
	g := &onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{tt("v0", onnxpb.Float, 2, 8)}}
	for i := 0; i < n; i++ {
		in, idx, out := fmt.Sprintf("v%d", i), fmt.Sprintf("i%d", i), fmt.Sprintf("v%d", i+1)
		g.Nodes = append(g.Nodes, &onnxpb.Node{OpType: "Gather", Inputs: []string{in, idx}, Outputs: []string{out}, Attrs: []*onnxpb.Attribute{intAttr("axis", 0)}})
		g.Initializers = append(g.Initializers, i64s(idx, []int64{2}, 1, 0))
		if i+1 < n {
			g.ValueInfo = append(g.ValueInfo, tt(out, onnxpb.Float, 2, 8))
		}
	}
	g.Outputs = []*onnxpb.ValueInfo{tt(fmt.Sprintf("v%d", n), onnxpb.Float, 2, 8)}
	return model(g).Marshal()
}

// BenchmarkDecode and BenchmarkImport: the protobuf reader alone, and
// reader plus IR construction, on the same 10k-node model (SetBytes gives
// MB/s for comparing the two).
func BenchmarkDecode(b *testing.B) {
	data := chainModel(10000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := onnxpb.DecodeModel(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImport(b *testing.B) {
	data := chainModel(10000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := onnximport.Import("chain.onnx", data, onnximport.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
