"""Differential oracle for package kernel (run by oracle_test.go).

Usage: /usr/bin/python3 oracle.py DIR

Reads DIR/manifest.json, a list of cases whose input arrays are .npy
records concatenated in DIR/inputs.npys (each case lists [offset, length]
per input), computes each case with torch 1.13 or numpy 1.24, appends each
result as a .npy record to DIR/outputs.npys and writes DIR/results.json:
per case either {"id", "out": [offset, length]} or
{"id", "error": "<ExceptionType>: <message>"}. One stream file each way
keeps thousands of tiny cases from costing thousands of file opens.

Ops (the Go side maps each onto the kernels):
  torch.gather        torch.gather(x, dim, idx)              -> kernel.Gather, mode error
  torch.index_select  torch.index_select(x, dim, idx)        -> kernel.Take, mode error
  np.take             np.take(x, idx, axis, mode)            -> kernel.Take, raise=wrap_negative, wrap, clip
  np.gather_nd        x[batch aranges + (idx[..., k] ...)]   -> kernel.GatherND, mode wrap_negative
  np.slice            x[start:stop:step, ...]                -> kernel.Slice

Exit status 3 means torch or numpy is not importable.
"""
import io
import json
import os
import sys
import warnings

try:
    import numpy as np
    import torch
except ImportError as e:
    print("oracle modules not importable: %s" % e, file=sys.stderr)
    sys.exit(3)

# numpy warns (DeprecationWarning) instead of raising for an out-of-range
# index when the result is empty; the kernels follow the announced future
# behaviour, so make it an error here.
warnings.simplefilter("error")
torch.set_num_threads(1)


def take(x, idx, axis, mode):
    if mode == "wrap" and x.shape[axis] == 0 and idx.size > 0:
        # numpy 1.24 loops forever here when the result is empty; when it
        # is not, it raises the "non-empty take" error.
        out_shape = x.shape[:axis] + idx.shape + x.shape[axis + 1:]
        if int(np.prod(out_shape)) == 0:
            return np.zeros(out_shape, dtype=x.dtype)
    return np.take(x, idx, axis=axis, mode=mode)


def gather_nd(x, idx, b):
    q = idx.ndim
    m = idx.shape[-1]
    grid = idx.shape[:-1]
    if b == 0 and m == 0:
        return np.broadcast_to(x, grid + x.shape).copy()
    parts = []
    for d in range(b):
        shape = [1] * (q - 1)
        shape[d] = x.shape[d]
        parts.append(np.broadcast_to(np.arange(x.shape[d]).reshape(shape), grid))
    for k in range(m):
        parts.append(idx[..., k])
    return x[tuple(parts)]


def run(case, ins):
    op = case["op"]
    if op == "torch.gather":
        x, idx = ins
        return torch.gather(torch.from_numpy(x), case["dim"], torch.from_numpy(idx).long()).numpy()
    if op == "torch.index_select":
        x, idx = ins
        return torch.index_select(torch.from_numpy(x), case["dim"], torch.from_numpy(idx)).numpy()
    if op == "np.take":
        x, idx = ins
        return take(x, idx, case["dim"], case["mode"])
    if op == "np.gather_nd":
        x, idx = ins
        return gather_nd(x, idx, case["batch_dims"])
    if op == "np.slice":
        (x,) = ins
        return x[tuple(slice(*s) for s in case["slices"])]
    raise ValueError("unknown op " + op)


def main():
    d = sys.argv[1]
    with open(os.path.join(d, "manifest.json")) as f:
        cases = json.load(f)
    with open(os.path.join(d, "inputs.npys"), "rb") as f:
        blob = f.read()
    results = []
    outs = open(os.path.join(d, "outputs.npys"), "wb")
    for case in cases:
        ins = [np.lib.format.read_array(io.BytesIO(blob[off:off + n]), allow_pickle=False)
               for off, n in case["inputs"]]
        try:
            out = np.array(run(case, ins), order="C")  # keeps 0-d (ascontiguousarray would not)
        except Exception as e:  # the oracle's verdict, recorded for Go
            results.append({"id": case["id"], "error": "%s: %s" % (type(e).__name__, e)})
            continue
        off = outs.tell()
        np.lib.format.write_array(outs, out, allow_pickle=False)
        results.append({"id": case["id"], "out": [off, outs.tell() - off]})
    outs.close()
    with open(os.path.join(d, "results.json"), "w") as f:
        json.dump(results, f)


main()
