package onnxpb

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/tensor"
)

// oracleScript runs under the onnx package. Given a directory, it
//   - writes tensors of every element type, in raw and typed form, with
//     onnx's own helpers, to <dir>/t_<name>.pb, and their values as JSON;
//   - loads <dir>/go.onnx (written by the Go encoder), runs onnx's checker
//     on it, and prints what onnx reads from it.
const oracleScript = `
import json, os, sys
import numpy as np
import onnx
from onnx import helper, numpy_helper, TensorProto
d = sys.argv[1]
out = {"tensors": {}}
arrays = {
    "float": np.array([[1.5, -2.0, np.inf]], dtype=np.float32),
    "double": np.array([0.1, -0.0], dtype=np.float64),
    "float16": np.array([1.0, 65504.0, -0.5], dtype=np.float16),
    "int8": np.array([-128, 127], dtype=np.int8),
    "uint8": np.array([0, 255], dtype=np.uint8),
    "int16": np.array([-32768, 5], dtype=np.int16),
    "uint16": np.array([65535], dtype=np.uint16),
    "int32": np.array([[-1], [2]], dtype=np.int32),
    "int64": np.array([-(2**63), 2**62], dtype=np.int64),
    "uint32": np.array([4294967295], dtype=np.uint32),
    "uint64": np.array([18446744073709551615], dtype=np.uint64),
    "bool": np.array([True, False, True]),
    "scalar": np.array(7, dtype=np.int64),
    "empty": np.zeros((0, 3), dtype=np.float32),
}
for name, a in arrays.items():
    raw = numpy_helper.from_array(a, name)
    typed = helper.make_tensor(name, helper.np_dtype_to_tensor_dtype(a.dtype) if hasattr(helper, "np_dtype_to_tensor_dtype") else onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[a.dtype], a.shape, a.flatten().tolist(), raw=False)
    for kind, t in (("raw", raw), ("typed", typed)):
        with open(os.path.join(d, "t_%s_%s.pb" % (name, kind)), "wb") as f:
            f.write(t.SerializeToString())
    out["tensors"][name] = {"dtype": str(a.dtype), "shape": list(a.shape),
                            "bits": [int(x) for x in a.flatten().view("u%d" % a.dtype.itemsize)] if a.dtype != np.bool_ else [int(x) for x in a.flatten()]}
m = onnx.load(os.path.join(d, "go.onnx"))
onnx.checker.check_model(m)
g = m.graph
def attr(a):
    v = helper.get_attribute_value(a)
    if isinstance(v, bytes): return v.decode()
    if isinstance(v, list): return [x.decode() if isinstance(x, bytes) else x for x in v]
    if isinstance(v, onnx.TensorProto): return numpy_helper.to_array(v).tolist()
    return v
def dims(vi):
    return [d.dim_param if d.HasField("dim_param") else d.dim_value for d in vi.type.tensor_type.shape.dim]
out["model"] = {
    "ir_version": m.ir_version, "producer": m.producer_name,
    "opsets": [[o.domain, o.version] for o in m.opset_import],
    "nodes": [{"op": n.op_type, "name": n.name, "in": list(n.input), "out": list(n.output),
               "attrs": {a.name: [a.type, attr(a)] for a in n.attribute}} for n in g.node],
    "inits": {t.name: numpy_helper.to_array(t).tolist() for t in g.initializer},
    "inputs": [[vi.name, vi.type.tensor_type.elem_type, dims(vi)] for vi in g.input],
    "outputs": [[vi.name, vi.type.tensor_type.elem_type, dims(vi)] for vi in g.output],
}
json.dump(out, sys.stdout)
`

// TestONNXOracle checks the reader against tensors the onnx package
// writes (raw_data and typed lists, every element type), and the writer
// against what onnx reads back (and its model checker accepts).
func TestONNXOracle(t *testing.T) {
	py := oracle.Python(t, "onnx", "numpy")
	dir := t.TempDir()
	m := &Model{IRVersion: 8, ProducerName: "tcp", OpsetImports: []OpsetID{{Version: 13}},
		Graph: &Graph{Name: "g",
			Nodes: []*Node{
				{Name: "s", OpType: "Slice", Inputs: []string{"x", "starts", "ends", "", "steps"}, Outputs: []string{"y"}},
				{OpType: "Gather", Inputs: []string{"y", "idx"}, Outputs: []string{"z"}, Attrs: []*Attribute{{Name: "axis", Type: AttrInt, I: -1}}},
				{OpType: "Constant", Outputs: []string{"c"}, Attrs: []*Attribute{{Name: "value", Type: AttrTensor,
					T: &Tensor{Dims: []int64{2}, DataType: Float16, Int32Data: []int32{0x3c00, 0xc000}}}}},
				{OpType: "Resize", Inputs: []string{"z", "", "c"}, Outputs: []string{"r"}, Attrs: []*Attribute{
					{Name: "mode", Type: AttrString, S: []byte("nearest")},
					{Name: "cubic_coeff_a", Type: AttrFloat, F: -0.5},
				}},
				{OpType: "Transpose", Inputs: []string{"r"}, Outputs: []string{"o"}, Attrs: []*Attribute{{Name: "perm", Type: AttrInts, Ints: []int64{1, 0}}}},
			},
			Initializers: []*Tensor{
				{Name: "starts", Dims: []int64{1}, DataType: Int64, Int64Data: []int64{1}},
				{Name: "ends", Dims: []int64{1}, DataType: Int64, RawData: []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, HasRawData: true},
				{Name: "steps", Dims: []int64{1}, DataType: Int64, Int64Data: []int64{1}},
				{Name: "idx", Dims: []int64{2}, DataType: Int32, Int32Data: []int32{0, -1}},
			},
			Inputs: []*ValueInfo{{Name: "x", Type: &TypeProto{Kind: "tensor_type", ElemType: Float16, Shape: []Dim{{Param: "N"}, {Value: 4, HasValue: true}}}}},
			Outputs: []*ValueInfo{{Name: "o", Type: &TypeProto{Kind: "tensor_type", ElemType: Float16,
				Shape: []Dim{{Value: 4, HasValue: true}, {Param: "M"}}}}},
		}}
	if err := os.WriteFile(filepath.Join(dir, "go.onnx"), m.Marshal(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", oracleScript, dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, stderr.String())
	}
	var got struct {
		Tensors map[string]struct {
			DType string
			Shape []int64
			Bits  []uint64
		}
		Model map[string]any
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	// The reader: every tensor onnx wrote, raw and typed, reads as the
	// array onnx started from, bit for bit.
	if len(got.Tensors) != 14 {
		t.Errorf("%d tensors from the oracle", len(got.Tensors))
	}
	dtypes := map[string]tensor.DType{"float32": tensor.F32, "float64": tensor.F64, "float16": tensor.F16, "int8": tensor.I8,
		"uint8": tensor.UI8, "int16": tensor.I16, "uint16": tensor.UI16, "int32": tensor.I32, "int64": tensor.I64,
		"uint32": tensor.UI32, "uint64": tensor.UI64, "bool": tensor.I1}
	for name, want := range got.Tensors {
		for _, kind := range []string{"raw", "typed"} {
			path := filepath.Join(dir, "t_"+name+"_"+kind+".pb")
			v, pbName, err := ReadTensorFile(path)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			if pbName != name || v.DType != dtypes[want.DType] || tensor.ShapeString(v.Shape) != tensor.ShapeString(want.Shape) {
				t.Errorf("%s: %q %v %v, want %q %s %v", path, pbName, v.DType, v.Shape, name, want.DType, want.Shape)
				continue
			}
			bits := make([]uint64, v.NumElements())
			for i := range bits {
				bits[i] = v.Bits(i)
			}
			if d := cmp.Diff(want.Bits, bits, cmp.Comparer(func(a, b []uint64) bool { return len(a) == 0 && len(b) == 0 || cmp.Equal(a, b) })); d != "" {
				t.Errorf("%s: element bits (-want +got):\n%s", path, d)
			}
		}
	}
	// The writer: what onnx reads from the Go-encoded model.
	want := map[string]any{
		"ir_version": 8.0, "producer": "tcp", "opsets": []any{[]any{"", 13.0}},
		"nodes": []any{
			map[string]any{"op": "Slice", "name": "s", "in": []any{"x", "starts", "ends", "", "steps"}, "out": []any{"y"}, "attrs": map[string]any{}},
			map[string]any{"op": "Gather", "name": "", "in": []any{"y", "idx"}, "out": []any{"z"}, "attrs": map[string]any{"axis": []any{2.0, -1.0}}},
			map[string]any{"op": "Constant", "name": "", "in": []any{}, "out": []any{"c"}, "attrs": map[string]any{"value": []any{4.0, []any{1.0, -2.0}}}},
			map[string]any{"op": "Resize", "name": "", "in": []any{"z", "", "c"}, "out": []any{"r"}, "attrs": map[string]any{
				"mode": []any{3.0, "nearest"}, "cubic_coeff_a": []any{1.0, -0.5}}},
			map[string]any{"op": "Transpose", "name": "", "in": []any{"r"}, "out": []any{"o"}, "attrs": map[string]any{"perm": []any{7.0, []any{1.0, 0.0}}}},
		},
		"inits":   map[string]any{"starts": []any{1.0}, "ends": []any{float64(math.MaxInt64)}, "steps": []any{1.0}, "idx": []any{0.0, -1.0}},
		"inputs":  []any{[]any{"x", 10.0, []any{"N", 4.0}}},
		"outputs": []any{[]any{"o", 10.0, []any{4.0, "M"}}},
	}
	if d := cmp.Diff(want, got.Model); d != "" {
		t.Errorf("onnx's view of the Go-encoded model (-want +got):\n%s", d)
	}
}
