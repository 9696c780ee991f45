"""Cross-check package npy against numpy (run by npy_numpy_test.go).

Usage: /usr/bin/python3 numpy_interop.py DIR

1. Loads every go_*.npy in DIR (written by the Go test) with np.load and
   records dtype, shape and little-endian data bytes in DIR/go_report.json.
2. Writes py_*.npy files with numpy (every supported dtype, both byte
   orders, format versions 1.0/2.0/3.0, 0-d and zero-size arrays, and a few
   that the Go reader must reject) and describes them in DIR/py_cases.json.
   Fortran-order files (np.save(a.T)) are described by the C-order bytes
   of the same array, which is what the Go reader must produce.
3. With ml_dtypes importable (the framework venv), bfloat16 too: numpy
   saves it as '<V2'; Go's bf16 files load as V2 and are viewed as
   bfloat16. DIR/py_info.json says whether bfloat16 was covered.
Exit status 3 means numpy is not importable.
"""
import glob
import json
import os
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

out = sys.argv[1]


def le_hex(a):
    return np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes().hex()


report = {}
for path in sorted(glob.glob(os.path.join(out, "go_*.npy"))):
    a = np.load(path, allow_pickle=False)
    if a.dtype.kind == "V":
        if ml_dtypes is None:
            continue
        assert a.dtype.str == "|V2", a.dtype.str
        a = a.view(ml_dtypes.bfloat16)
    report[os.path.basename(path)] = {
        "dtype": a.dtype.newbyteorder("<").str if a.dtype.itemsize > 1 else a.dtype.str,
        "shape": list(a.shape),
        "hex": le_hex(a),
    }
with open(os.path.join(out, "go_report.json"), "w") as f:
    json.dump(report, f, indent=1, sort_keys=True)

OURS = {"bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
        "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
        "float16": "f16", "float32": "f32", "float64": "f64", "bfloat16": "bf16"}
cases = []


def add(name, a, version=None, order="<"):
    if a.dtype.itemsize > 1:
        a = a.astype(a.dtype.newbyteorder(order))
    path = os.path.join(out, "py_" + name + ".npy")
    with open(path, "wb") as f:
        np.lib.format.write_array(f, a, version=version, allow_pickle=False)
    with open(path, "rb") as f:
        fortran = b"'fortran_order': True" in f.read(4096)
    cases.append({"file": os.path.basename(path), "dtype": OURS[a.dtype.name],
                  "shape": list(a.shape), "hex": le_hex(a), "fortran": fortran})


rng = np.random.default_rng(0)
for name in OURS:
    if name == "bfloat16":
        continue
    dt = np.dtype(name)
    if dt.kind == "b":
        a = rng.integers(0, 2, size=(3, 4)).astype(bool)
    elif dt.kind == "f":
        a = rng.standard_normal((3, 4)).astype(dt)
        a.flat[0] = np.nan
        a.flat[1] = -np.inf
        a.flat[2] = -0.0
    else:
        info = np.iinfo(dt)
        a = rng.integers(info.min, info.max, size=(3, 4), dtype=dt, endpoint=True)
        a.flat[0] = info.min
        a.flat[1] = info.max
    add(name + "_le", a)
    if dt.itemsize > 1:
        add(name + "_be", a, order=">")
add("f32_v2", np.arange(6, dtype=np.float32).reshape(2, 3), version=(2, 0))
add("i64_v3", np.arange(6, dtype=np.int64).reshape(3, 2), version=(3, 0))
add("scalar_f64", np.array(2.5))
add("scalar_bool", np.array(True))
add("empty_0x3", np.zeros((0, 3), dtype=np.float32))
add("empty_2x0x4", np.zeros((2, 0, 4), dtype=np.int32))
add("rank5", np.arange(2 * 1 * 3 * 1 * 2, dtype=np.int16).reshape(2, 1, 3, 1, 2))
add("vector", np.arange(5, dtype=np.uint8))
# Fortran order: np.save(a.T) and np.asfortranarray, every dtype, both orders.
for name in OURS:
    if name == "bfloat16":
        continue
    dt = np.dtype(name)
    b = (np.arange(24) * 7 % 11).astype(dt).reshape(2, 3, 4)
    add(name + "_fortran_T", b.T)
    add(name + "_fortran_2d", np.asfortranarray(b[1]), order=">")
add("fortran_v2", np.arange(6, dtype=np.float32).reshape(2, 3).T, version=(2, 0))
add("fortran_v3", np.arange(6, dtype=np.float32).reshape(2, 3).T, version=(3, 0))
add("fortran_empty", np.zeros((3, 0, 2), dtype=np.int32).T)
if ml_dtypes is not None:
    bf = ml_dtypes.bfloat16
    a = rng.standard_normal((3, 4)).astype(bf)
    a.flat[0] = np.nan
    a.flat[1] = -np.inf
    a.flat[2] = -0.0
    add("bfloat16_le", a)
    add("bfloat16_be", a, order=">")
    add("bfloat16_fortran", a.T)
    add("bfloat16_scalar", np.array(1.5, dtype=bf))

# Files numpy writes that the Go reader must reject.
bad = []


def add_bad(name, a, want):
    path = os.path.join(out, "py_" + name + ".npy")
    np.save(path, a, allow_pickle=True)
    bad.append({"file": os.path.basename(path), "error": want})


add_bad("void4", np.zeros(2, dtype="V4"), "unsupported dtype")
add_bad("complex", np.zeros(2, dtype=np.complex64), "unsupported dtype")
add_bad("structured", np.zeros(2, dtype=[("a", "<i4"), ("b", "<f4")]), "unsupported dtype")
add_bad("object", np.array([1, "x"], dtype=object), "unsupported dtype")
add_bad("unicode", np.array(["ab"]), "unsupported dtype")

with open(os.path.join(out, "py_cases.json"), "w") as f:
    json.dump({"cases": cases, "bad": bad}, f, indent=1)
with open(os.path.join(out, "py_info.json"), "w") as f:
    json.dump({"numpy": np.__version__, "bfloat16": ml_dtypes is not None}, f)
