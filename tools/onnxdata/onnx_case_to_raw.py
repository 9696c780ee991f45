# /usr/bin/python3 onnx_case_to_raw.py CASE_DIR OUT_DIR
import glob, json, os, sys
import onnx
from onnx import helper, numpy_helper

def attr(a):
    v = helper.get_attribute_value(a)
    return v.decode() if isinstance(v, bytes) else v

case, out = sys.argv[1], sys.argv[2]
model = onnx.load(os.path.join(case, "model.onnx"))
(node,) = model.graph.node
desc = {"op_type": node.op_type,
        "opset": max(o.version for o in model.opset_import if o.domain in ("", "ai.onnx")),
        "attributes": {a.name: attr(a) for a in node.attribute},
        "inputs": [], "outputs": []}
os.makedirs(out, exist_ok=True)
for kind in ("input", "output"):
    for path in sorted(glob.glob(os.path.join(case, "test_data_set_0", kind + "_*.pb"))):
        t = onnx.TensorProto()
        with open(path, "rb") as f:
            t.ParseFromString(f.read())
        a = numpy_helper.to_array(t)
        name = os.path.basename(path)[:-3] + ".bin"
        a.astype(a.dtype.newbyteorder("<")).tofile(os.path.join(out, name))
        desc[kind + "s"].append({"name": t.name, "file": name, "dtype": str(a.dtype), "shape": list(a.shape)})
with open(os.path.join(out, "case.json"), "w") as f:
    json.dump(desc, f, indent=1, sort_keys=True)
