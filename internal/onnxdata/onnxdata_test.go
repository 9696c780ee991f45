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

	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

func writeCase(t *testing.T, dir, caseJSON string, files map[string][]byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "case.json"), []byte(caseJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoad reads hand-written cases in the converter's format.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	writeCase(t, filepath.Join(dir, "test_b"), `{"op_type": "GatherND", "opset": 13, "attributes": {"batch_dims": 1},
		"inputs": [{"name": "data", "file": "input_0.bin", "dtype": "int32", "shape": [2]},
		           {"name": "flags", "file": "input_1.bin", "dtype": "bool", "shape": []}],
		"outputs": [{"name": "y", "file": "output_0.bin", "dtype": "float16", "shape": [0, 3]}]}`,
		map[string][]byte{"input_0.bin": {1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, "input_1.bin": {7}, "output_0.bin": nil})
	writeCase(t, filepath.Join(dir, "test_a"), `{"op_type": "ScatterElements", "opset": 16, "attributes": {"reduction": "add", "axis": 1},
		"inputs": [], "outputs": []}`, nil)
	if err := os.WriteFile(filepath.Join(dir, "stray.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "no_case_json"), 0o755); err != nil {
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
	if a.Attrs["reduction"] != "add" || a.OpType != "ScatterElements" || a.Opset != 16 {
		t.Errorf("test_a = %+v", a)
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
	if b.InputNames[1] != "flags" || b.OutputNames[0] != "y" || tensor.Format(b.Outputs[0]) != "dense<> : tensor<0x3xf16>" {
		t.Errorf("test_b = %+v", b)
	}

	for _, c := range []struct {
		name, json string
		files      map[string][]byte
		want       string
	}{
		{"bad dtype", `{"inputs": [{"file": "x.bin", "dtype": "complex64", "shape": [1]}]}`, map[string][]byte{"x.bin": make([]byte, 8)}, `unsupported dtype "complex64"`},
		{"short data", `{"inputs": [{"file": "x.bin", "dtype": "int64", "shape": [2]}]}`, map[string][]byte{"x.bin": make([]byte, 8)}, "holds 8 data bytes, want 16"},
		{"missing file", `{"inputs": [{"file": "x.bin", "dtype": "int64", "shape": [2]}]}`, nil, "no such file"},
		{"path in file name", `{"inputs": [{"file": "../x.bin", "dtype": "int64", "shape": [2]}]}`, nil, "bad file name"},
		{"bad json", `{"inputs": [`, nil, "case.json"},
	} {
		d := filepath.Join(t.TempDir(), "test_bad")
		writeCase(t, d, c.json, c.files)
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
	// Spot checks of facts from CONFORMANCE.md §2.
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
