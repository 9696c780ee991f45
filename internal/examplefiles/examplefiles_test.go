package examplefiles

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

var update = flag.Bool("update", false, "rewrite the generated files under examples/")

const root = "../.."

func TestExampleFilesUpToDate(t *testing.T) {
	files, err := Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		if *update {
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, files[p], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(full)
		if err != nil {
			t.Errorf("%s: %v (run go test ./internal/examplefiles -update)", p, err)
			continue
		}
		if !bytes.Equal(got, files[p]) {
			t.Errorf("%s differs from what internal/examplefiles generates; run go test ./internal/examplefiles -update", p)
		}
	}
}

func readPB(t *testing.T, p string) *tensor.Tensor {
	t.Helper()
	v, _, err := onnxpb.ReadTensorFile(filepath.Join(root, p))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The committed model computes the committed expected output under the
// interpreter, before and after conversion to tcp.
func TestONNXExampleRuns(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "examples/onnx_gather/model.onnx"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := onnximport.Import("model.onnx", data, onnximport.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := "examples/onnx_gather/test_data_set_0/"
	args := []*tensor.Tensor{readPB(t, dir+"input_0.pb"), readPB(t, dir+"input_1.pb")}
	want := readPB(t, dir+"output_0.pb")
	check := func(stage string, m *ir.Operation) {
		got, err := interp.RunFunc(m, "main_graph", args...)
		if err != nil {
			t.Fatalf("%s: %v", stage, err)
		}
		if d := tensor.Diff(want, got[0]); d != "" {
			t.Errorf("%s: result differs from output_0.pb: %s", stage, d)
		}
	}
	check("onnx", m)
	pm, err := pass.ParsePipeline("builtin.module(frontends-to-tcp-pipeline)")
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	check("tcp", m)
}

// examples/index_select_tcp.mlir on x.npy and idx.npy gives rows 2 and 0.
func TestIndexSelectExampleRuns(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(root, "examples/index_select_tcp.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := parser.Parse("index_select_tcp.mlir", string(src), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x, err := npy.ReadFile(filepath.Join(root, "examples/x.npy"))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := npy.ReadFile(filepath.Join(root, "examples/idx.npy"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := interp.RunFunc(m, "index_select", x, idx)
	if err != nil {
		t.Fatal(err)
	}
	want := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{2, 4}, []float64{8, 9, 10, 11, 0, 1, 2, 3}))
	if d := tensor.Diff(want, got[0]); d != "" {
		t.Error(d)
	}
}

// ONNX Runtime, on the committed model and inputs, computes the committed
// expected output (the oracle venv: skipped without it, failed under CI).
func TestONNXExampleAgainstONNXRuntime(t *testing.T) {
	py := oracle.FrameworkPython(t, "onnxruntime", "onnx", "numpy")
	script := `
import sys, numpy as np, onnx, onnxruntime as ort
from onnx import numpy_helper
d = sys.argv[1]
def pb(p):
    t = onnx.TensorProto()
    t.ParseFromString(open(p, "rb").read())
    return t.name, numpy_helper.to_array(t)
s = ort.InferenceSession(d + "/model.onnx", providers=["CPUExecutionProvider"])
feeds = dict(pb(d + "/test_data_set_0/input_%d.pb" % i) for i in range(2))
got = s.run(None, feeds)[0]
_, want = pb(d + "/test_data_set_0/output_0.pb")
assert got.dtype == want.dtype and got.shape == want.shape and (got == want).all(), (got, want)
print("ok")
`
	abs, _ := filepath.Abs(filepath.Join(root, "examples/onnx_gather"))
	out, err := exec.Command(py, "-c", script, abs).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("ONNX Runtime on examples/onnx_gather: %v\n%s", err, out)
	}
}
