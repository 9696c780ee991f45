"""Differential-test oracle for interp/oracle_test.go (torch 1.13, numpy 1.24).

Usage: /usr/bin/python3 oracle.py SPEC.json INPUTS RESULTS.json

SPEC.json is a list of cases written by the Go test:
  {"id": 7, "op": "torch_gather", "ninputs": 2, ...}
INPUTS holds the input arrays of all cases, in order, as concatenated .npy
files (one file is much faster than thousands). RESULTS.json gets one entry
per case: {"id": 7, "npy": "<base64 of the result as a .npy file>"}, or
{"id": 7, "err": "<ExceptionType>: <message>"} when the framework raises.

Ops:
  torch_gather        torch.gather(x, dim, idx)                (idx as int64)
  torch_index_select  torch.index_select(x, dim, idx)          (idx as int64)
  numpy_take          np.take(x, idx, axis, mode=mode)
  take_along_axis     np.take_along_axis(x, idx, axis)
  gather_nd           x[b..., idx[b..., :]] by numpy advanced indexing,
                      one index tuple at a time (batch_dims b)
  numpy_slice         x[slices] with Python slice objects
A case with "bf16": true runs the torch op on x.to(torch.bfloat16) (x is
float32 holding bf16 values) and returns float32.
"""
import os
import sys

import numpy as np
import torch

# One thread: the cases are tiny, and OpenMP workers spinning on a busy
# machine make every torch call slow.
torch.set_num_threads(1)


def run(c, ins):
    op = c["op"]
    if op in ("torch_gather", "torch_index_select"):
        x = torch.from_numpy(ins[0])
        if c.get("bf16"):
            x = x.to(torch.bfloat16)
        idx = torch.from_numpy(ins[1].astype(np.int64))
        if op == "torch_gather":
            out = torch.gather(x, c["dim"], idx)
        else:
            out = torch.index_select(x, c["dim"], idx)
        if c.get("bf16"):
            out = out.to(torch.float32)
        return out.numpy()
    if op == "numpy_take":
        x, idx, axis = ins[0], ins[1], c["axis"]
        if c["mode"] == "wrap" and x.shape[axis] == 0:
            shape = x.shape[:axis] + idx.shape + x.shape[axis + 1:]
            if 0 in shape:
                # numpy 1.24 loops forever here (wrapping modulo 0) instead
                # of returning the empty result; a non-empty one raises.
                return np.empty(shape, x.dtype)
        return np.take(x, idx, axis=axis, mode=c["mode"])
    if op == "take_along_axis":
        return np.take_along_axis(ins[0], ins[1], c["axis"])
    if op == "gather_nd":
        x, idx, b = ins[0], ins[1], c["batch_dims"]
        q = idx.ndim
        m = idx.shape[-1]
        batch = idx.shape[:b]
        grid = idx.shape[b:q - 1]
        out_shape = idx.shape[:q - 1] + x.shape[b + m:]
        out = np.empty(out_shape, dtype=x.dtype)
        for bi in np.ndindex(*batch):
            xb = x[bi]
            for gi in np.ndindex(*grid):
                t = tuple(int(v) for v in idx[bi + gi])
                out[bi + gi] = xb[t]
        return out
    if op == "numpy_slice":
        sl = tuple(slice(*s) for s in c["slices"])
        return ins[0][sl].copy(order="C")
    raise ValueError("unknown op " + op)


if __name__ == "__main__":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..", "internal", "oracle", "npybatch"))
    import npybatch

    npybatch.serve(run)
