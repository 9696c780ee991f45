package onnxdata

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// writeCase writes a node-test directory the way ONNX lays them out, with
// the onnxpb encoder: model.onnx holding node and test_data_set_0 holding
// the named inputs and outputs.
func writeCase(t *testing.T, dir string, node *onnxpb.Node, opset int64, ins, outs map[string]*onnxpb.Tensor) {
	t.Helper()
	m := &onnxpb.Model{IRVersion: 7, OpsetImports: []onnxpb.OpsetID{{Version: opset}}, Graph: &onnxpb.Graph{Nodes: []*onnxpb.Node{node}}}
	write := func(path string, b []byte) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "model.onnx"), m.Marshal())
	for name, tp := range ins {
		write(filepath.Join(dir, "test_data_set_0", name), tp.Marshal())
	}
	for name, tp := range outs {
		write(filepath.Join(dir, "test_data_set_0", name), tp.Marshal())
	}
}

// TestLoad reads hand-made cases in ONNX's layout.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	gnd := &onnxpb.Node{OpType: "GatherND", Inputs: []string{"data", "flags"}, Outputs: []string{"y"},
		Attrs: []*onnxpb.Attribute{{Name: "batch_dims", Type: onnxpb.AttrInt, I: 1}}}
	ins := map[string]*onnxpb.Tensor{}
	for i := 0; i < 11; i++ { // input_10 sorts after input_9, not after input_1
		ins[fmt.Sprintf("input_%d.pb", i)] = &onnxpb.Tensor{Name: fmt.Sprintf("in%d", i), DataType: onnxpb.Int64, Int64Data: []int64{int64(i)}}
	}
	ins["input_0.pb"] = &onnxpb.Tensor{Name: "data", Dims: []int64{2}, DataType: onnxpb.Int32, RawData: []byte{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, HasRawData: true}
	ins["input_1.pb"] = &onnxpb.Tensor{Name: "flags", DataType: onnxpb.Bool, Int32Data: []int32{7}}
	writeCase(t, filepath.Join(dir, "test_b"), gnd, 13, ins,
		map[string]*onnxpb.Tensor{"output_0.pb": {Name: "y", Dims: []int64{0, 3}, DataType: onnxpb.Float16}})
	se := &onnxpb.Node{OpType: "ScatterElements", Attrs: []*onnxpb.Attribute{
		{Name: "reduction", Type: onnxpb.AttrString, S: []byte("add")}, {Name: "axis", Type: onnxpb.AttrInt, I: 1},
		{Name: "scales", Type: onnxpb.AttrFloats, Floats: []float32{0.5}}}}
	writeCase(t, filepath.Join(dir, "test_a"), se, 16, nil, nil)
	if err := os.WriteFile(filepath.Join(dir, "stray.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "no_model"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 || cases[0].Name != "test_a" || cases[1].Name != "test_b" {
		t.Fatalf("cases = %+v", cases)
	}
	a, b := cases[0], cases[1]
	if a.Attrs["reduction"] != "add" || a.OpType != "ScatterElements" || a.Opset != 16 || len(a.Inputs) != 0 {
		t.Errorf("test_a = %+v", a)
	}
	if d := cmp.Diff([]any{0.5}, a.Attrs["scales"]); d != "" {
		t.Errorf("scales (-want +got):\n%s", d)
	}
	if v, err := b.IntAttr("batch_dims", 0); err != nil || v != 1 {
		t.Errorf("batch_dims = %v, %v", v, err)
	}
	if v, err := b.IntAttr("axis", -1); err != nil || v != -1 {
		t.Errorf("missing axis = %v, %v", v, err)
	}
	if _, err := a.IntAttr("reduction", 0); err == nil {
		t.Error("IntAttr on a string succeeded")
	}
	want := []string{
		"dense<[1, -1]> : tensor<2xi32>",
		"dense<true> : tensor<i1>",
	}
	for i, w := range want {
		if got := tensor.Format(b.Inputs[i]); got != w {
			t.Errorf("input %d = %s, want %s", i, got, w)
		}
	}
	if len(b.Inputs) != 11 || tensor.Format(b.Inputs[10]) != "dense<10> : tensor<i64>" || filepath.Base(b.InputFiles[10]) != "input_10.pb" {
		t.Errorf("inputs in order: %v", b.InputFiles)
	}
	if b.InputNames[1] != "flags" || b.OutputNames[0] != "y" || tensor.Format(b.Outputs[0]) != "dense<> : tensor<0x3xf16>" || b.Dir != filepath.Join(dir, "test_b") {
		t.Errorf("test_b = %+v", b)
	}

	node := &onnxpb.Node{OpType: "Gather"}
	for _, c := range []struct {
		name  string
		model []byte // nil: a valid one-node model
		files map[string]*onnxpb.Tensor
		want  string
	}{
		{"bad dtype", nil, map[string]*onnxpb.Tensor{"input_0.pb": {DataType: onnxpb.Complex64, Dims: []int64{1}}}, "input_0.pb: tensor \"\": element type COMPLEX64 is not supported"},
		{"short data", nil, map[string]*onnxpb.Tensor{"input_0.pb": {DataType: onnxpb.Int64, Dims: []int64{2}, RawData: make([]byte, 8), HasRawData: true}}, "raw_data holds 8 bytes, want 16"},
		{"gap", nil, map[string]*onnxpb.Tensor{"input_1.pb": {DataType: onnxpb.Int64}}, "input_0.pb is missing"},
		{"two nodes", (&onnxpb.Model{Graph: &onnxpb.Graph{Nodes: []*onnxpb.Node{node, node}}}).Marshal(), nil, "want a graph of one node"},
		{"corrupt model", []byte{0x3a, 0x10}, nil, "model.onnx: byte 0: ModelProto: field 7 (graph) needs 16 bytes, 0 left"},
	} {
		d := filepath.Join(t.TempDir(), "test_bad")
		writeCase(t, d, node, 13, c.files, nil)
		if c.model != nil {
			if err := os.WriteFile(filepath.Join(d, "model.onnx"), c.model, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := LoadCase(d); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// run computes one Gather, GatherElements, GatherND or Slice case with the
// kernels, all with mode wrap_negative (the ONNX rule).
func run(c *Case) (*tensor.Tensor, error) {
	in := c.Inputs
	switch c.OpType {
	case "Gather":
		axis, err := c.IntAttr("axis", 0)
		if err != nil {
			return nil, err
		}
		if axis < 0 {
			axis += int64(in[0].Rank())
		}
		return kernel.Take(in[0], in[1], int(axis), 0, kernel.WrapNegative, nil)
	case "GatherElements":
		axis, err := c.IntAttr("axis", 0)
		if err != nil {
			return nil, err
		}
		if axis < 0 {
			axis += int64(in[0].Rank())
		}
		return kernel.Gather(in[0], in[1], int(axis), kernel.WrapNegative, nil)
	case "GatherND":
		b, err := c.IntAttr("batch_dims", 0)
		if err != nil {
			return nil, err
		}
		return kernel.GatherND(in[0], in[1], int(b), kernel.WrapNegative, nil)
	case "Slice":
		var axes, steps []int64
		if len(in) > 3 {
			axes = in[3].Int64s()
		}
		if len(in) > 4 {
			steps = in[4].Int64s()
		}
		s, n, k, err := kernel.ONNXSliceParams(in[0].Shape, in[1].Int64s(), in[2].Int64s(), axes, steps)
		if err != nil {
			return nil, err
		}
		return kernel.Slice(in[0], s, n, k)
	}
	return nil, fmt.Errorf("no kernel for %s", c.OpType)
}

// TestNodeTests regenerates the ONNX 1.12 node tests (cached) and checks
// every Gather, GatherElements, GatherND and Slice case against the
// kernels.
func TestNodeTests(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	dir, err := Ensure(ctx, oracle.PythonPath(), AllOps)
	if errors.Is(err, ErrUnavailable) || errors.Is(err, os.ErrNotExist) {
		oracle.Missing(t, "%v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	prepared := time.Since(start)
	cases, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	// onnx 1.12 has 27 cases for these op types.
	perOp := map[string]int{}
	for _, c := range cases {
		perOp[c.OpType]++
	}
	wantPerOp := map[string]int{"Gather": 4, "GatherElements": 3, "GatherND": 3, "Scatter": 2, "ScatterElements": 4, "ScatterND": 3, "Slice": 8}
	for op, n := range wantPerOp {
		if perOp[op] != n {
			t.Errorf("%d %s cases, want %d", perOp[op], op, n)
		}
	}
	checked := 0
	for i := range cases {
		c := &cases[i]
		switch c.OpType {
		case "Gather", "GatherElements", "GatherND", "Slice":
		default:
			continue
		}
		checked++
		got, err := run(c)
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		if len(c.Outputs) != 1 {
			t.Errorf("%s: %d outputs", c.Name, len(c.Outputs))
			continue
		}
		if d := tensor.Diff(c.Outputs[0], got); d != "" {
			t.Errorf("%s: %s", c.Name, d)
		}
	}
	if checked != 18 {
		t.Errorf("checked %d gather/slice cases, want 18", checked)
	}
	// Spot checks of facts from docs/conformance.md §2.
	for _, c := range cases {
		switch c.Name {
		case "test_gathernd_example_int32_batch_dim1":
			if got := tensor.Format(c.Outputs[0]); got != "dense<[[2, 3], [4, 5]]> : tensor<2x2xi32>" || c.Inputs[1].DType != tensor.I64 {
				t.Errorf("%s: output %s", c.Name, got)
			}
		case "test_scatter_elements_with_duplicate_indices":
			if c.Attrs["reduction"] != "add" {
				t.Errorf("%s: attributes %v", c.Name, c.Attrs)
			}
		case "test_slice_start_out_of_bounds":
			if tensor.ShapeString(c.Outputs[0].Shape) != "[20, 0, 5]" {
				t.Errorf("%s: output shape %v", c.Name, c.Outputs[0].Shape)
			}
		}
	}
	t.Logf("%d cases in %s (prepared in %v); %d gather/slice cases equal the kernels", len(cases), dir, prepared.Round(time.Millisecond), checked)
}
