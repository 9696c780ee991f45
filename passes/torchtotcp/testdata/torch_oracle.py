"""Differential-test oracle of passes/torchtotcp (torch 1.13).

Reads a JSON list of cases on stdin and writes one JSON result per case:
{"shape": [...], "data": [...]} or {"err": "<ExceptionType>: <message>"}.
Tensors arrive as {"shape": [...], "data": [...flat...], "dtype": "float32"
| "int64" | "int32"}.

Ops:
  index_select  torch.index_select(x, dim, idx)
  gather        torch.gather(x, dim, idx)
  slice         torch.ops.aten.slice.Tensor(x, dim, start, end, step)
  index         torch.ops.aten.index.Tensor(x, [i0, i1, ...])
"""
import json
import sys

import numpy as np
import torch

torch.set_num_threads(1)


def tensor(d):
    a = np.array(d["data"], dtype=d["dtype"]).reshape(d["shape"])
    return torch.from_numpy(a)


def run(c):
    op = c["op"]
    x = tensor(c["x"])
    if op == "index_select":
        return torch.index_select(x, c["dim"], tensor(c["idx"]))
    if op == "gather":
        return torch.gather(x, c["dim"], tensor(c["idx"]))
    if op == "slice":
        return torch.ops.aten.slice.Tensor(x, c["dim"], c["start"], c["end"], c["step"])
    if op == "index":
        return torch.ops.aten.index.Tensor(x, [tensor(i) for i in c["indices"]])
    raise ValueError("unknown op " + op)


out = []
for c in json.load(sys.stdin):
    try:
        r = run(c)
        out.append({"shape": list(r.shape), "data": r.reshape(-1).tolist()})
    except Exception as e:  # the framework's error is the expected result
        out.append({"err": "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")})
json.dump(out, sys.stdout)
