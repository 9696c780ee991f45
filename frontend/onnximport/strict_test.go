package onnximport_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/ir"
)

// TestStrict checks what the importer refuses that protobuf itself would
// accept: sizes past int64, duplicate names, repeated singular fields,
// integer payloads out of their type's range, opsets it does not
// implement. Each is a located error (test.onnx:1:COL, the byte offset).
func TestStrict(t *testing.T) {
	x := tt("x", onnxpb.Float, 2)
	withOpset := func(g *onnxpb.Graph, opsets ...onnxpb.OpsetID) []byte {
		return (&onnxpb.Model{IRVersion: 8, OpsetImports: opsets, Graph: g}).Marshal()
	}
	ident := &onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{x}, Outputs: []*onnxpb.ValueInfo{x}}
	// A second graph field after a complete model: protobuf merges it into
	// the first.
	secondGraph := protowire.AppendBytes(protowire.AppendTag(model(ident).Marshal(), 7, protowire.BytesType),
		(&onnxpb.Graph{Name: "other"}).Marshal())
	// A second op_type in a node: protobuf keeps the last.
	node := (&onnxpb.Node{OpType: "Gather", Inputs: []string{"x", "i"}, Outputs: []string{"y"}}).Marshal()
	node = protowire.AppendString(protowire.AppendTag(node, 4, protowire.BytesType), "GatherND")
	twoOpTypes := (&onnxpb.Model{IRVersion: 8, OpsetImports: []onnxpb.OpsetID{{Version: 13}}}).Marshal()
	g := protowire.AppendBytes(protowire.AppendTag(nil, 1, protowire.BytesType), node)
	twoOpTypes = protowire.AppendBytes(protowire.AppendTag(twoOpTypes, 7, protowire.BytesType), g)
	u32 := func(v uint64) *onnxpb.Graph {
		return &onnxpb.Graph{Initializers: []*onnxpb.Tensor{{Name: "c", Dims: []int64{1}, DataType: onnxpb.Uint32, Uint64Data: []uint64{v}}},
			Outputs: []*onnxpb.ValueInfo{tt("c", onnxpb.Uint32, 1)}}
	}
	i8 := &onnxpb.Graph{Initializers: []*onnxpb.Tensor{{Name: "c", Dims: []int64{2}, DataType: onnxpb.Int8, Int32Data: []int32{-128, 200}}},
		Outputs: []*onnxpb.ValueInfo{tt("c", onnxpb.Int8, 2)}}
	// A scatter with a reduction attribute, at an opset.
	scatter := func(op, red string, opset int64) []byte {
		n := &onnxpb.Node{OpType: op, Inputs: []string{"x", "i", "u"}, Outputs: []string{"y"}}
		if red != "" {
			n.Attrs = []*onnxpb.Attribute{{Name: "reduction", Type: onnxpb.AttrString, S: []byte(red)}}
		}
		g := &onnxpb.Graph{Nodes: []*onnxpb.Node{n},
			Inputs:  []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 4), tt("i", onnxpb.Int64, 3, 1), tt("u", onnxpb.Float, 3)},
			Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 4)}}
		if op == "ScatterElements" {
			g.Inputs[1] = tt("i", onnxpb.Int64, 3)
		}
		return withOpset(g, onnxpb.OpsetID{Version: opset})
	}
	gatherND := withOpset(&onnxpb.Graph{Nodes: []*onnxpb.Node{{OpType: "GatherND", Inputs: []string{"x", "i"}, Outputs: []string{"y"},
		Attrs: []*onnxpb.Attribute{intAttr("batch_dims", 0)}}},
		Inputs:  []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 4), tt("i", onnxpb.Int64, 3, 1)},
		Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 3)}}, onnxpb.OpsetID{Version: 11})
	for _, c := range []struct {
		name string
		data []byte
		want string // the diagnostic after "test.onnx:1:"
	}{
		{"ScatterND reduction at opset 11", scatter("ScatterND", "add", 11), "error: node 0 (ScatterND): attribute reduction = \"add\" needs opset 16 or later, the model uses opset 11"},
		{"ScatterElements reduction none at opset 13", scatter("ScatterElements", "none", 13), "error: node 0 (ScatterElements): attribute reduction = \"none\" needs opset 16 or later, the model uses opset 13"},
		{"ScatterElements reduction max at opset 16", scatter("ScatterElements", "max", 16), "error: node 0 (ScatterElements): attribute reduction = \"max\" needs opset 18 or later, the model uses opset 16"},
		{"ScatterND reduction min at opset 17", scatter("ScatterND", "min", 17), "error: node 0 (ScatterND): attribute reduction = \"min\" needs opset 18 or later, the model uses opset 17"},
		{"GatherND batch_dims at opset 11", gatherND, "error: node 0 (GatherND): attribute batch_dims needs opset 12 or later, the model uses opset 11"},
		{"opset 10", withOpset(ident, onnxpb.OpsetID{Version: 10}), "1: error: the ONNX model uses opset 10 of the default domain (ai.onnx); the importer implements opsets 11 to 28"},
		{"dim 2^63-1", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 1<<63-1)}}).Marshal(),
			"error: value \"x\": dimensions [9223372036854775807] of f32 have more bytes than int64 can count"},
		{"element count past int64", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Int8, 1<<32, 1<<32, -1)}}).Marshal(),
			"error: value \"x\": dimensions [4294967296, 4294967296, ?] of i8 have more bytes than int64 can count"},
		{"two initializers of one name", model(&onnxpb.Graph{Initializers: []*onnxpb.Tensor{i64s("c", []int64{1}, 1), i64s("c", []int64{1}, 2)},
			Outputs: []*onnxpb.ValueInfo{tt("c", onnxpb.Int64, 1)}}).Marshal(), "error: initializer \"c\" is given twice (first at byte 6)"},
		{"two value_infos of one name", model(&onnxpb.Graph{ValueInfo: []*onnxpb.ValueInfo{x, x}}).Marshal(), "error: value_info \"x\" is given twice"},
		{"two outputs of one name", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{x}, Outputs: []*onnxpb.ValueInfo{x, x}}).Marshal(), "error: graph output \"x\" is declared twice"},
		{"second graph field", secondGraph, "error: malformed ONNX model: ModelProto: field 7 (graph) appears twice; it is a singular field"},
		{"second op_type", twoOpTypes, "error: malformed ONNX model: ModelProto.graph.node[0]: field 4 (op_type) appears twice; it is a singular field"},
		{"uint64_data too big for UINT32", model(u32(1 << 32)).Marshal(), "error: initializer \"c\": uint64_data[0] = 4294967296 is out of range for UINT32 (0 to 4294967295)"},
		{"int32_data too big for INT8", model(i8).Marshal(), "error: initializer \"c\": int32_data[1] = 200 is out of range for INT8 (-128 to 127)"},
		{"opset 1", withOpset(ident, onnxpb.OpsetID{Version: 1}), "1: error: the ONNX model uses opset 1 of the default domain (ai.onnx); the importer implements opsets 11 to 28"},
		{"opset 999", withOpset(ident, onnxpb.OpsetID{Version: 999}), "1: error: the ONNX model uses opset 999 of the default domain (ai.onnx); the importer implements opsets 11 to 28"},
		{"opset -5", withOpset(ident, onnxpb.OpsetID{Version: -5}), "1: error: the ONNX model uses opset -5 of the default domain (ai.onnx); the importer implements opsets 11 to 28"},
		{"no opset", withOpset(ident), "1: error: the ONNX model imports no opset of the default domain (ai.onnx); the importer implements opsets 11 to 28"},
		{"other domain only", withOpset(ident, onnxpb.OpsetID{Domain: "ai.onnx.ml", Version: 3}), "1: error: the ONNX model imports no opset of the default domain"},
		{"default domain twice", withOpset(ident, onnxpb.OpsetID{Version: 13}, onnxpb.OpsetID{Domain: "ai.onnx", Version: 17}),
			"1: error: the ONNX model imports the default domain (ai.onnx) 2 times (opsets [13 17]); it must import it once"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := onnximport.Import("test.onnx", c.data, onnximport.Options{})
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error %v is not a diagnostic", err)
			}
			if got := err.Error(); !strings.HasPrefix(got, "test.onnx:1:") || !strings.Contains(got, c.want) {
				t.Errorf("got  %s\nwant test.onnx:1:…%s", got, c.want)
			}
		})
	}
	// The edges of what is accepted.
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"opset 13", withOpset(ident, onnxpb.OpsetID{Version: 13})},
		{"opset 11", withOpset(ident, onnxpb.OpsetID{Version: 11})},
		{"ScatterND at opset 11", scatter("ScatterND", "", 11)},
		{"ScatterElements add at opset 16", scatter("ScatterElements", "add", 16)},
		{"ScatterND mul at opset 16", scatter("ScatterND", "mul", 16)},
		{"ScatterND max at opset 18", scatter("ScatterND", "max", 18)},
		{"opset 28 as ai.onnx", withOpset(ident, onnxpb.OpsetID{Domain: "ai.onnx", Version: 28}, onnxpb.OpsetID{Domain: "ai.onnx.ml", Version: 3})},
		{"UINT32 max", model(u32(1<<32 - 1)).Marshal()},
		{"dim 2^63-1 of i8", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Int8, 1<<63-1)}, Outputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Int8, 1<<63-1)}}).Marshal()},
	} {
		if _, err := onnximport.Import("test.onnx", c.data, onnximport.Options{}); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// An ONNX node with n attributes imports in O(n log n): 200,000 took
// minutes when each attribute was checked against all before it (100,000:
// 33 s); now well under a second.
func TestManyNodeAttributes(t *testing.T) {
	const n = 200_000
	attrs := make([]*onnxpb.Attribute, n)
	for i := range attrs {
		attrs[i] = intAttr(fmt.Sprintf("a%d", n-i), int64(i))
	}
	data := model(&onnxpb.Graph{
		Nodes:   []*onnxpb.Node{{OpType: "Custom", Inputs: []string{"x"}, Outputs: []string{"y"}, Attrs: attrs}},
		Inputs:  []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 2)},
		Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 2)},
	}).Marshal()
	start := time.Now()
	m, err := onnximport.Import("test.onnx", data, onnximport.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d attributes (%d bytes) imported in %v", n, len(data), time.Since(start))
	var op *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name() == "onnx.Custom" {
			op = o
		}
	})
	if op == nil || len(op.Attrs()) != n || op.Attr("a1").String() != fmt.Sprintf("%d : si64", n-1) {
		t.Fatalf("the node's attributes were not all imported")
	}
	// And a name given twice among them is still found.
	attrs[n-1] = intAttr("a77", 0)
	data = model(&onnxpb.Graph{
		Nodes:   []*onnxpb.Node{{OpType: "Custom", Inputs: []string{"x"}, Outputs: []string{"y"}, Attrs: attrs}},
		Inputs:  []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 2)},
		Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 2)},
	}).Marshal()
	if _, err := onnximport.Import("test.onnx", data, onnximport.Options{}); err == nil || !strings.Contains(err.Error(), `attribute "a77" is given twice`) {
		t.Errorf("duplicate among %d attributes: %v", n, err)
	}
}

// A packed INTS attribute costs memory proportional to its size: with
// one-byte values, the decoded list (8 bytes a value, allocated once) and
// the attribute (16 bytes a value; small values are shared attributes),
// about 24 times the field, where it was 110 times (a list grown by
// appending and one heap attribute per value).
func TestPackedIntsMemory(t *testing.T) {
	const n = 4 << 20
	ints := make([]int64, n)
	for i := range ints {
		ints[i] = int64(i % 100)
	}
	data := model(&onnxpb.Graph{
		Nodes:   []*onnxpb.Node{{OpType: "Custom", Inputs: []string{"x"}, Outputs: []string{"y"}, Attrs: []*onnxpb.Attribute{{Name: "v", Type: onnxpb.AttrInts, Ints: ints}}}},
		Inputs:  []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 2)},
		Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 2)},
	}).Marshal()
	ints = nil
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m, err := onnximport.Import("test.onnx", data, onnximport.Options{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	ratio := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(data))
	t.Logf("importing a %d-byte packed INTS attribute allocated %.1f times its size", len(data), ratio)
	if ratio > 30 {
		t.Errorf("importing a %d-byte packed INTS attribute allocated %.1f times its size, want at most 30", len(data), ratio)
	}
	runtime.KeepAlive(m)
}
