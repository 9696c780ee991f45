"""Print arrays with numpy, the oracle of tensor.ArrayString (numpy_oracle_test.go).

Usage: python3 numpy_print.py IN.json OUT.json

IN.json is a list of {"name", "dtype" (tcp's spelling), "shape", "hex"
(little-endian C-order element bytes)}. For each array a, OUT.json maps
name to {"array": np.array2string(a), "scalars": [str(x) for the first
20 elements x of a.flat]}. Arrays of dtype bf16 need ml_dtypes; without
it they are left out and OUT.json's "bfloat16" is false.
Exit status 3 means numpy is not importable.
"""
import json
import sys

try:
    import numpy as np
except ImportError as e:
    print("numpy not importable: %s" % e, file=sys.stderr)
    sys.exit(3)
try:
    import ml_dtypes
except ImportError:
    ml_dtypes = None

DTYPES = {"i1": "?", "i8": "<i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
          "ui8": "<u1", "ui16": "<u2", "ui32": "<u4", "ui64": "<u8",
          "f16": "<f2", "f32": "<f4", "f64": "<f8", "index": "<i8"}

with open(sys.argv[1]) as f:
    cases = json.load(f)
out = {}
for c in cases:
    if c["dtype"] == "bf16":
        if ml_dtypes is None:
            continue
        dt = np.dtype(ml_dtypes.bfloat16)
    else:
        dt = np.dtype(DTYPES[c["dtype"]])
    a = np.frombuffer(bytes.fromhex(c["hex"]), dtype=dt).reshape(c["shape"])
    out[c["name"]] = {
        "array": np.array2string(a),
        "scalars": [str(x) for x in a.flat[:20]],
    }
with open(sys.argv[2], "w") as f:
    json.dump({"numpy": np.__version__, "bfloat16": ml_dtypes is not None, "out": out}, f)
