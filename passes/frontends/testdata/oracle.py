"""NumPy 1.24 oracle for passes/frontends/oracle_test.go.

Usage: /usr/bin/python3 oracle.py SPEC.json INPUTS RESULTS.json

SPEC.json lists cases {"id", "op", "ninputs", ...}; INPUTS holds their
input arrays as concatenated .npy files; RESULTS.json gets per case
{"id", "npy": base64 .npy} or {"id", "err": "<Type>: <message>"}.

Ops (the frameworks' semantics written with NumPy):
  onnx_gather          np.take(x, idx, axis)                 (negatives from the end)
  onnx_gather_elements np.take_along_axis on x cropped to the indices' dims
  onnx_gather_nd       tuple by tuple, negatives from the end (batch_dims b)
  onnx_slice           ONNX's clamping of starts/ends, then x[slices]
  tf_gather_v2         np.take per batch row; any index outside [0, s) raises (TF CPU)
  tf_gather            the same with axis 0 and no batch dims (legacy tf.Gather)
  tf_gather_nd         tuple by tuple; negatives raise
"""
import os
import sys

import numpy as np


def check_nonneg(idx, s):
    bad = idx[(idx < 0) | (idx >= s)]
    if bad.size:
        raise IndexError("index %d is out of bounds for axis with size %d" % (bad.flat[0], s))


def gather_nd(x, idx, b, wrap):
    m = idx.shape[-1]
    out = np.zeros(idx.shape[:-1] + x.shape[b + m:], dtype=x.dtype)
    for pos in np.ndindex(*idx.shape[:-1]):
        coords = []
        for k in range(m):
            v, s = int(idx[pos + (k,)]), x.shape[b + k]
            if wrap and -s <= v < 0:
                v += s
            if not 0 <= v < s:
                raise IndexError("index %d is out of bounds for axis %d with size %d" % (v, b + k, s))
            coords.append(v)
        out[pos] = x[pos[:b] + tuple(coords)]
    return out


def tf_gather(x, idx, axis, b):
    check_nonneg(idx, x.shape[axis])
    if b == 0:
        return np.take(x, idx, axis)
    shape = x.shape[:axis] + idx.shape[b:] + x.shape[axis + 1:]
    rows = [np.take(x[B], idx[B], axis - b) for B in np.ndindex(*x.shape[:b])]
    if not rows:
        return np.zeros(shape, dtype=x.dtype)
    return np.stack(rows).reshape(shape)


def run(c, ins):
    op = c["op"]
    x = ins[0]
    if op == "onnx_gather":
        return np.take(x, ins[1], c["axis"])
    if op == "onnx_gather_elements":
        idx, a = ins[1], c["axis"]
        crop = tuple(slice(None) if d == a % x.ndim else slice(0, n) for d, n in enumerate(idx.shape))
        return np.take_along_axis(x[crop], idx, a)
    if op == "onnx_gather_nd":
        return gather_nd(x, ins[1], c["batch_dims"], True)
    if op == "onnx_slice":
        sl = [slice(None)] * x.ndim
        for s, e, a, k in zip(c["starts"], c["ends"], c["axes"], c["steps"]):
            dim = x.shape[a]
            # ONNX's clamping (it differs from Python's for a start below
            # -dim with a negative step), then NumPy's strided view.
            s, e = s + dim if s < 0 else s, e + dim if e < 0 else e
            if k > 0:
                s, e = min(max(s, 0), dim), min(max(e, 0), dim)
            else:
                s, e = min(max(s, 0), dim - 1), min(max(e, -1), dim - 1)
            sl[a] = slice(s, None if e < 0 else e, k)
        return x[tuple(sl)]
    if op in ("tf_gather_v2", "tf_gather"):
        b = c["batch_dims"]
        return tf_gather(x, ins[1], c["axis"] % x.ndim, b + ins[1].ndim if b < 0 else b)
    if op == "tf_gather_nd":
        return gather_nd(x, ins[1], 0, False)
    raise ValueError("unknown op " + op)


if __name__ == "__main__":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../..", "internal", "oracle", "npybatch"))
    import npybatch

    npybatch.serve(run)
