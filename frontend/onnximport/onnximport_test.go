package onnximport_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/internal/tool/tcptranslate"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

var update = flag.Bool("update", false, "rewrite testdata/import.txtar with the current output")

// tt is a tensor type for value infos; -1 is an unknown dim, -2 a dim_param.
func tt(name string, elem onnxpb.DataType, dims ...int64) *onnxpb.ValueInfo {
	shape := []onnxpb.Dim{}
	for _, d := range dims {
		switch d {
		case -1:
			shape = append(shape, onnxpb.Dim{})
		case -2:
			shape = append(shape, onnxpb.Dim{Param: "N"})
		default:
			shape = append(shape, onnxpb.Dim{Value: d, HasValue: true})
		}
	}
	return &onnxpb.ValueInfo{Name: name, Type: &onnxpb.TypeProto{Kind: "tensor_type", ElemType: elem, Shape: shape}}
}

func i64s(name string, dims []int64, vals ...int64) *onnxpb.Tensor {
	return &onnxpb.Tensor{Name: name, Dims: dims, DataType: onnxpb.Int64, Int64Data: vals}
}

func model(g *onnxpb.Graph) *onnxpb.Model {
	return &onnxpb.Model{IRVersion: 8, OpsetImports: []onnxpb.OpsetID{{Version: 13}}, Graph: g}
}

func intAttr(name string, v int64) *onnxpb.Attribute {
	return &onnxpb.Attribute{Name: name, Type: onnxpb.AttrInt, I: v}
}

// goldenModels are the importer's golden cases, by name; the expected
// output is testdata/import.txtar's file of that name.
var goldenModels = []struct {
	name  string
	m     *onnxpb.Model
	opts  onnximport.Options
	allow bool // the model uses ops the onnx dialect does not define
}{
	{name: "gather_initializer", m: model(&onnxpb.Graph{
		Nodes:        []*onnxpb.Node{{Name: "g0", OpType: "Gather", Inputs: []string{"data", "indices"}, Outputs: []string{"y"}, Attrs: []*onnxpb.Attribute{intAttr("axis", 1)}}},
		Initializers: []*onnxpb.Tensor{i64s("indices", []int64{2}, 0, -1), i64s("unused", []int64{1}, 9)},
		Inputs:       []*onnxpb.ValueInfo{tt("data", onnxpb.Float, 3, 4)},
		Outputs:      []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 3, 2)},
	})},
	{name: "slice_absent_inputs", m: model(&onnxpb.Graph{
		Nodes: []*onnxpb.Node{
			{OpType: "Slice", Inputs: []string{"x", "starts", "ends", "", "steps"}, Outputs: []string{"a"}},
			{OpType: "Slice", Inputs: []string{"a", "starts", "ends"}, Outputs: []string{"b"}},
		},
		Initializers: []*onnxpb.Tensor{i64s("starts", []int64{1}, 1), i64s("ends", []int64{1}, 5), i64s("steps", []int64{1}, 2)},
		Inputs:       []*onnxpb.ValueInfo{tt("x", onnxpb.Int32, 10)},
		ValueInfo:    []*onnxpb.ValueInfo{tt("a", onnxpb.Int32, 2)},
		Outputs:      []*onnxpb.ValueInfo{tt("b", onnxpb.Int32, 1)},
	})},
	{name: "dynamic_dims", m: model(&onnxpb.Graph{
		Nodes: []*onnxpb.Node{
			{OpType: "GatherElements", Inputs: []string{"data", "idx"}, Outputs: []string{"e"}, Attrs: []*onnxpb.Attribute{intAttr("axis", -1)}},
			{OpType: "GatherND", Inputs: []string{"e", "nd"}, Outputs: []string{"y"}, Attrs: []*onnxpb.Attribute{intAttr("batch_dims", 0)}},
		},
		Inputs:    []*onnxpb.ValueInfo{tt("data", onnxpb.Float16, -2, 3), tt("idx", onnxpb.Int64, -2, -1), tt("nd", onnxpb.Int64, 1, 2)},
		ValueInfo: []*onnxpb.ValueInfo{{Name: "e", Type: &onnxpb.TypeProto{Kind: "tensor_type", ElemType: onnxpb.Float16}}},
		Outputs:   []*onnxpb.ValueInfo{tt("y", onnxpb.Float16, 1)},
	})},
	{name: "constant_node_and_passthrough", m: model(&onnxpb.Graph{
		Nodes: []*onnxpb.Node{
			{OpType: "Constant", Outputs: []string{"c"}, Attrs: []*onnxpb.Attribute{{Name: "value", Type: onnxpb.AttrTensor,
				T: &onnxpb.Tensor{Dims: []int64{2, 2}, DataType: onnxpb.Bool, Int32Data: []int32{1, 0, 0, 1}}}}},
		},
		// "old" is an input with an initializer (IR version < 4 style): a
		// constant, not an argument.
		Initializers: []*onnxpb.Tensor{{Name: "old", Dims: []int64{}, DataType: onnxpb.Uint8, RawData: []byte{200}, HasRawData: true}},
		Inputs:       []*onnxpb.ValueInfo{tt("x", onnxpb.BFloat16, 2), tt("old", onnxpb.Uint8)},
		Outputs:      []*onnxpb.ValueInfo{tt("c", onnxpb.Bool, 2, 2), tt("x", onnxpb.BFloat16, 2), tt("old", onnxpb.Uint8)},
	}), opts: onnximport.Options{FuncName: "net"}},
	// No value_info: every intermediate type is inferred, with symbolic
	// (N) and unknown dims kept dynamic, a Slice with constant and with
	// non-constant parameters, a 0-d Gather index and a Constant node.
	{name: "inferred_types", m: model(&onnxpb.Graph{
		Nodes: []*onnxpb.Node{
			{OpType: "Constant", Outputs: []string{"k"}, Attrs: []*onnxpb.Attribute{{Name: "value", Type: onnxpb.AttrTensor, T: i64s("", []int64{}, -1)}}},
			{OpType: "Gather", Inputs: []string{"x", "k"}, Outputs: []string{"g0"}, Attrs: []*onnxpb.Attribute{intAttr("axis", 1)}},
			{OpType: "Gather", Inputs: []string{"x", "i"}, Outputs: []string{"g1"}, Attrs: []*onnxpb.Attribute{intAttr("axis", -1)}},
			{OpType: "Slice", Inputs: []string{"g1", "starts", "ends", "axes", "steps"}, Outputs: []string{"s0"}},
			{OpType: "Slice", Inputs: []string{"x", "starts", "e", "axes"}, Outputs: []string{"s1"}},
			{OpType: "GatherElements", Inputs: []string{"s0", "j"}, Outputs: []string{"ge"}, Attrs: []*onnxpb.Attribute{intAttr("axis", 0)}},
			{OpType: "GatherND", Inputs: []string{"x", "nd"}, Outputs: []string{"gn"}, Attrs: []*onnxpb.Attribute{intAttr("batch_dims", 1)}},
		},
		Initializers: []*onnxpb.Tensor{i64s("starts", []int64{1}, -1), i64s("ends", []int64{1}, -100), i64s("axes", []int64{1}, 1), i64s("steps", []int64{1}, -2)},
		Inputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Float, -2, 6), tt("i", onnxpb.Int32, 2, 3), tt("j", onnxpb.Int64, 1, 2, 3),
			tt("e", onnxpb.Int64, 1), tt("nd", onnxpb.Int64, -2, 1)},
		Outputs: []*onnxpb.ValueInfo{tt("g0", onnxpb.Float, -2), tt("ge", onnxpb.Float, 1, 2, 3), tt("s1", onnxpb.Float, -2, -1), tt("gn", onnxpb.Float, -2)},
	})},
	{name: "attribute_kinds", allow: true, m: model(&onnxpb.Graph{
		Nodes: []*onnxpb.Node{{Name: "every attr", OpType: "Custom", Domain: "ai.onnx", Inputs: []string{"x"}, Outputs: []string{"y", "z"}, Attrs: []*onnxpb.Attribute{
			{Name: "f", Type: onnxpb.AttrFloat, F: -1.5},
			intAttr("i", -7),
			{Name: "s", Type: onnxpb.AttrString, S: []byte("nearest")},
			{Name: "t", Type: onnxpb.AttrTensor, T: &onnxpb.Tensor{Dims: []int64{2}, DataType: onnxpb.Double, DoubleData: []float64{0.5, -2}}},
			{Name: "floats", Type: onnxpb.AttrFloats, Floats: []float32{1, 0.25}},
			{Name: "ints", Type: onnxpb.AttrInts, Ints: []int64{0, -1}},
			{Name: "strings", Type: onnxpb.AttrStrings, Strings: [][]byte{[]byte("a"), []byte("b")}},
		}}},
		Inputs:  []*onnxpb.ValueInfo{tt("x", onnxpb.Uint16, 2)},
		Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Double, 2), tt("z", onnxpb.Int8)},
	})},
}

// TestGolden imports each golden model (through the wire format), checks
// that the module verifies and round-trips through the parser, and
// compares the printed module with testdata/import.txtar.
func TestGolden(t *testing.T) {
	path := filepath.Join("testdata", "import.txtar")
	raw, err := os.ReadFile(path)
	if err != nil && !*update {
		t.Fatal(err)
	}
	arch := txtar.Parse(raw)
	want := map[string]string{}
	for _, f := range arch.Files {
		want[f.Name] = string(f.Data)
	}
	out := &txtar.Archive{Comment: []byte("Golden output of the ONNX importer for the models of onnximport_test.go\n(goldenModels), one file per model. Regenerate with go test -update.\n")}
	for _, c := range goldenModels {
		var buf bytes.Buffer
		m, err := onnximport.Import("test.onnx", c.m.Marshal(), c.opts)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if err := ir.SafeVerify(m, c.allow); err != nil {
			t.Errorf("%s: the imported module does not verify: %v", c.name, err)
		}
		if err := ir.Print(&buf, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		buf.WriteString("\n")
		got := buf.String()
		back, err := parser.Parse(c.name, got, parser.Options{AllowUnregistered: c.allow})
		if err != nil {
			t.Errorf("%s: the printed module does not parse: %v", c.name, err)
		} else {
			var again bytes.Buffer
			ir.Print(&again, back, ir.PrintOptions{})
			again.WriteString("\n")
			if d := cmp.Diff(got, again.String()); d != "" {
				t.Errorf("%s: print(parse(printed)) differs (-printed +again):\n%s", c.name, d)
			}
		}
		out.Files = append(out.Files, txtar.File{Name: c.name, Data: []byte(got)})
		if !*update {
			if d := cmp.Diff(want[c.name], got); d != "" {
				t.Errorf("%s (-want +got):\n%s", c.name, d)
			}
		}
	}
	if *update {
		if err := os.WriteFile(path, txtar.Format(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestErrors checks the located diagnostic of each kind of bad model.
// Offsets are byte offsets in the encoded model, shown as line 1,
// column offset+1.
func TestErrors(t *testing.T) {
	x := tt("x", onnxpb.Float, 2)
	gather := func(attrs ...*onnxpb.Attribute) *onnxpb.Node {
		return &onnxpb.Node{OpType: "Gather", Inputs: []string{"x", "i"}, Outputs: []string{"y"}, Attrs: attrs}
	}
	graph := func(nodes []*onnxpb.Node, outs ...*onnxpb.ValueInfo) *onnxpb.Graph {
		return &onnxpb.Graph{Nodes: nodes, Inputs: []*onnxpb.ValueInfo{x, tt("i", onnxpb.Int64, 1)}, Outputs: outs}
	}
	y := tt("y", onnxpb.Float, 1)
	for _, c := range []struct {
		name string
		data []byte
		want string // the diagnostic, with "@" for the location prefix
	}{
		{"empty file", nil, "test.onnx:1:1: error: the ONNX model has no graph"},
		{"truncated", model(graph([]*onnxpb.Node{gather()}, y)).Marshal()[:20], "test.onnx:1:3: error: malformed ONNX model: ModelProto: field 7 (graph) needs 70 bytes, 16 left"},
		{"text", []byte("hello, world\n"), "test.onnx:1:3: error: malformed ONNX model: ModelProto: field 13 has invalid wire type 4"},
		{"no type", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{{Name: "x"}}}).Marshal(), "error: value \"x\" has no type"},
		{"sequence type", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{{Name: "x", Type: &onnxpb.TypeProto{Kind: "sequence_type"}}}}).Marshal(),
			"error: value \"x\": sequence_type values are not supported, only tensors"},
		{"string type", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{tt("s", onnxpb.String, 1)}}).Marshal(), "error: value \"s\": element type STRING is not supported"},
		{"negative dim", model(&onnxpb.Graph{Outputs: []*onnxpb.ValueInfo{tt("o", onnxpb.Float, 2, -5)}}).Marshal(), "error: value \"o\": dimension 1 has negative size -5"},
		{"no op type", model(graph([]*onnxpb.Node{{Outputs: []string{"y"}}}, y)).Marshal(), "error: node 0 () has no op_type"},
		{"custom domain", model(graph([]*onnxpb.Node{{OpType: "Foo", Domain: "com.example", Outputs: []string{"y"}}}, y)).Marshal(),
			"error: node 0 (Foo): operator domain \"com.example\" is not supported, only the default ONNX domain"},
		{"use before def", model(graph([]*onnxpb.Node{{Name: "n", OpType: "Gather", Inputs: []string{"x", "j"}, Outputs: []string{"y"}}}, y)).Marshal(),
			"error: node 0 (Gather \"n\"): input \"j\" is not defined before its use (nodes must be in topological order)"},
		{"output without type", model(graph([]*onnxpb.Node{{OpType: "Relu", Inputs: []string{"x"}, Outputs: []string{"r"}}})).Marshal(),
			"error: node 0 (Relu): output \"r\" has no type: the graph gives no value_info for it, and its type cannot be inferred: the importer has no type rule for Relu"},
		{"value_info contradicts the inference", model(&onnxpb.Graph{Nodes: []*onnxpb.Node{gather()}, Inputs: []*onnxpb.ValueInfo{x, tt("i", onnxpb.Int64, 3)},
			ValueInfo: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 2)}}).Marshal(),
			"error: node 0 (Gather): output \"y\": value_info gives type tensor<2xf32>, the op computes tensor<3xf32> (dim 0)"},
		{"value_info element type", model(&onnxpb.Graph{Nodes: []*onnxpb.Node{gather()}, Inputs: []*onnxpb.ValueInfo{x, tt("i", onnxpb.Int64, 3)},
			ValueInfo: []*onnxpb.ValueInfo{tt("y", onnxpb.Int32, 3)}}).Marshal(),
			"error: node 0 (Gather): output \"y\": value_info gives element type i32, the op computes f32"},
		{"inference: GatherND tuple length", model(&onnxpb.Graph{Nodes: []*onnxpb.Node{{OpType: "GatherND", Inputs: []string{"x", "i"}, Outputs: []string{"g"}}},
			Inputs: []*onnxpb.ValueInfo{x, tt("i", onnxpb.Int64, 2, -1)}}).Marshal(),
			"error: node 0 (GatherND): output \"g\" has no type: the graph gives no value_info for it, and its type cannot be inferred: the index tuple length (the last dim of indices, tensor<2x?xi64>) must be static"},
		{"assigned twice", model(graph([]*onnxpb.Node{gather(), gather()}, y)).Marshal(), "error: node 1 (Gather): output \"y\" is already defined (ONNX values are assigned once)"},
		{"graph attribute", model(graph([]*onnxpb.Node{gather(&onnxpb.Attribute{Name: "body", Type: onnxpb.AttrGraph, G: &onnxpb.Graph{}})}, y)).Marshal(),
			"error: node 0 (Gather): attribute \"body\" of kind GRAPH is not supported"},
		{"attribute without value", model(graph([]*onnxpb.Node{gather(&onnxpb.Attribute{Name: "axis"})}, y)).Marshal(), "error: node 0 (Gather): attribute \"axis\" has no value"},
		{"attribute twice", model(graph([]*onnxpb.Node{gather(intAttr("axis", 0), intAttr("axis", 0))}, y)).Marshal(), "error: node 0 (Gather): attribute \"axis\" is given twice"},
		{"ref attribute", model(graph([]*onnxpb.Node{gather(&onnxpb.Attribute{Name: "axis", Type: onnxpb.AttrInt, RefAttrName: "a"})}, y)).Marshal(),
			"error: node 0 (Gather): attribute \"axis\" refers to a function attribute (\"a\"), which only functions may do"},
		{"bad tensor attribute", model(graph([]*onnxpb.Node{gather(&onnxpb.Attribute{Name: "t", Type: onnxpb.AttrTensor, T: i64s("", []int64{2}, 1)})}, y)).Marshal(),
			"error: node 0 (Gather): attribute \"t\": int64_data holds 1 values, want 2 (dims [2])"},
		{"bad initializer", model(&onnxpb.Graph{Initializers: []*onnxpb.Tensor{i64s("i", []int64{3}, 1)}, Outputs: []*onnxpb.ValueInfo{tt("i", onnxpb.Int64, 3)}}).Marshal(),
			"error: initializer \"i\": int64_data holds 1 values, want 3 (dims [3])"},
		{"nameless initializer", model(&onnxpb.Graph{Initializers: []*onnxpb.Tensor{i64s("", []int64{1}, 1)}}).Marshal(), "error: initializer without a name"},
		{"output type mismatch", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{x}, Outputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 3)}}).Marshal(),
			"error: graph output \"x\" has type tensor<3xf32>, got a value of type tensor<2xf32>"},
		{"undefined output", model(&onnxpb.Graph{Outputs: []*onnxpb.ValueInfo{y}}).Marshal(), "error: graph output \"y\" is not defined before its use (nodes must be in topological order)"},
		{"input twice", model(&onnxpb.Graph{Inputs: []*onnxpb.ValueInfo{x, x}}).Marshal(), "error: graph input \"x\" is declared twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := onnximport.Import("test.onnx", c.data, onnximport.Options{})
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error %v is not a diagnostic", err)
			}
			got := err.Error()
			if !strings.HasPrefix(got, "test.onnx:1:") || !strings.Contains(got, c.want) {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestTool runs tcp-translate --import-onnx on good and bad files: output
// to stdout or -o, and for bad input a located error, exit 1, no output
// file, never a panic; --mlir-print-op-generic and the function name
// option work.
func TestTool(t *testing.T) {
	dir := t.TempDir()
	good := goldenModels[0].m.Marshal()
	files := map[string][]byte{
		"good.onnx":    good,
		"trunc.onnx":   good[:len(good)-9],
		"verify.onnx":  model(&onnxpb.Graph{Nodes: []*onnxpb.Node{{OpType: "Gather", Inputs: []string{"x", "i"}, Outputs: []string{"y"}, Attrs: []*onnxpb.Attribute{intAttr("axis", 3)}}}, Inputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 2), tt("i", onnxpb.Int64, 1)}, Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 1)}}).Marshal(),
		"unknown.onnx": model(&onnxpb.Graph{Nodes: []*onnxpb.Node{{OpType: "Relu", Inputs: []string{"x"}, Outputs: []string{"y"}}}, Inputs: []*onnxpb.ValueInfo{tt("x", onnxpb.Float, 2)}, Outputs: []*onnxpb.ValueInfo{tt("y", onnxpb.Float, 2)}}).Marshal(),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		for i, a := range args {
			args[i] = strings.ReplaceAll(a, "DIR/", dir+"/")
		}
		code := tcptranslate.Main(args, strings.NewReader(""), &stdout, &stderr)
		return code, stdout.String(), strings.ReplaceAll(stderr.String(), dir+"/", "DIR/")
	}
	code, out, errs := run("--import-onnx", "DIR/good.onnx")
	if code != 0 || !strings.Contains(out, "func.func @main_graph(%arg0: tensor<3x4xf32>) -> tensor<3x2xf32>") || errs != "" {
		t.Errorf("good: %d\n%s%s", code, out, errs)
	}
	code, out, _ = run("--import-onnx", "--mlir-print-op-generic", "--onnx-func-name=f", "DIR/good.onnx")
	if code != 0 || !strings.Contains(out, `"onnx.Constant"() <{value = dense<[0, -1]> : tensor<2xi64>}> : () -> tensor<2xi64>`) && !strings.Contains(out, `"onnx.Constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>`) || !strings.Contains(out, `sym_name = "f"`) {
		t.Errorf("generic: %d\n%s", code, out)
	}
	for _, c := range []struct{ file, want string }{
		{"trunc.onnx", "DIR/trunc.onnx:1:3: error: malformed ONNX model: ModelProto: field 7 (graph) needs 137 bytes, 132 left\n"},
		{"verify.onnx", "DIR/verify.onnx:1:7: error: 'onnx.Gather' op expects axis in [-1, 0], got 3\n"},
		{"unknown.onnx", "DIR/unknown.onnx:1:7: error: unregistered operation 'onnx.Relu' found in dialect ('onnx') that does not allow unknown operations\n"},
		{"missing.onnx", "cannot open input file 'DIR/missing.onnx': No such file or directory"},
	} {
		os.WriteFile(filepath.Join(dir, "out.mlir"), []byte("old"), 0o644)
		code, out, errs := run("--import-onnx", "DIR/"+c.file, "-o", "DIR/out.mlir")
		if code != 1 || out != "" || !strings.HasPrefix(errs, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, want prefix %q", c.file, code, out, errs, c.want)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "out.mlir")); string(b) != "old" {
			t.Errorf("%s: the output file was changed: %q", c.file, b)
		}
	}
	// Unregistered ops import with --allow-unregistered-dialect.
	if code, out, errs := run("--import-onnx", "--allow-unregistered-dialect", "DIR/unknown.onnx"); code != 0 || !strings.Contains(out, `"onnx.Relu"(%arg0)`) {
		t.Errorf("unknown with --allow-unregistered-dialect: %d\n%s%s", code, out, errs)
	}
}

func FuzzImport(f *testing.F) {
	for _, c := range goldenModels {
		f.Add(c.m.Marshal())
	}
	f.Add([]byte("\x3a\x05\x0a\x03\x12\x01y"))
	// MXNet's exported files: shape arithmetic the importer folds.
	mx, _ := filepath.Glob("../../test/frameworks/testdata/mxnet/*/model.onnx")
	// Models without value_info around the shape ops (Unsqueeze, Squeeze,
	// Size, Expand, ConstantOfShape, Range, Equal, Pad, Reshape).
	vx, _ := filepath.Glob("../../test/frameworks/testdata/onnx/vx_*/model.onnx")
	mx = append(mx, vx...)
	for _, p := range mx {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := onnximport.Import("fuzz.onnx", data, onnximport.Options{})
		if err != nil {
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error %v is not a diagnostic", err)
			}
			return
		}
		if err := ir.SafeVerify(m, true); err != nil {
			return
		}
		var buf bytes.Buffer
		if err := ir.Print(&buf, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		// What the importer accepts, the parser reads back.
		if _, err := parser.Parse("fuzz.mlir", buf.String(), parser.Options{AllowUnregistered: true}); err != nil {
			t.Fatalf("the imported module does not parse back: %v\n%s", err, buf.String())
		}
	})
}
