"""The StableHLO spec formula for scatter, transcribed directly (numpy).

Usage: scatter_spec.py CASES.json RESULTS.json

CASES.json is a list of objects with input_shape, input (flat, row major,
int64), indices_shape, indices (flat; their bits sign-extended to 64),
index_type, updates_shape, updates (flat), update_window_dims,
inserted_window_dims, input_batching_dims, scatter_indices_batching_dims,
scatter_dims_to_operand_dims, index_vector_dim and combine (replace, add,
mul, min, max). RESULTS.json gets, per case, the flat result values.

The spec leaves the schedule (the order of the update indices)
implementation-defined; this transcription uses tcp's (XLA CPU's): update
scatter indices in row-major order, and for each its window in row-major
order. Everything else is the spec's text: an update element whose
result_index is out of bounds is skipped, the others combined.
"""
import itertools
import json
import sys

import numpy as np


def scatter(c):
    inp = np.array(c["input"], dtype=object).reshape(c["input_shape"])
    t = c["index_type"]
    vals = c["indices"]
    if t.startswith("ui"):
        bits = int(t[2:])
        vals = [v % (1 << bits) for v in vals]
    si = np.empty(len(vals), dtype=object)
    si[:] = vals
    si = si.reshape(c["indices_shape"])
    upd = np.array(c["updates"], dtype=object).reshape(c["updates_shape"])
    uwd = c["update_window_dims"]
    iwd = c["inserted_window_dims"]
    ibd = c["input_batching_dims"]
    sibd = c["scatter_indices_batching_dims"]
    sdod = c["scatter_dims_to_operand_dims"]
    ivd = c["index_vector_dim"]
    comb = c["combine"]
    r, q = inp.ndim, si.ndim
    res = inp.copy()
    usd = [d for d in range(upd.ndim) if d not in uwd]
    sched = []
    for s in itertools.product(*[range(upd.shape[d]) for d in usd]):
        for w in itertools.product(*[range(upd.shape[d]) for d in uwd]):
            ui = [0] * upd.ndim
            for d, v in zip(usd, s):
                ui[d] = v
            for d, v in zip(uwd, w):
                ui[d] = v
            sched.append(tuple(ui))
    for update_index in sched:
        update_scatter_index = [update_index[d] for d in usd]
        if ivd < q:
            sl = list(update_scatter_index)
            sl.insert(ivd, slice(None))
            start_index = list(si[tuple(sl)])
        else:
            start_index = [si[tuple(update_scatter_index)]]
        full_start = [0] * r
        for d_start, d_input in enumerate(sdod):
            full_start[d_input] = start_index[d_start]
        full_batching = [0] * r
        for i_b, d_input in enumerate(ibd):
            d_start = sibd[i_b]
            full_batching[d_input] = update_scatter_index[d_start - (0 if d_start < ivd else 1)]
        update_window_index = [update_index[d] for d in uwd]
        full_window = []
        wi = iter(update_window_index)
        for d in range(r):
            full_window.append(0 if (d in iwd or d in ibd) else next(wi))
        result_index = [a + b + w for a, b, w in zip(full_start, full_batching, full_window)]
        if not all(0 <= x < n for x, n in zip(result_index, inp.shape)):
            continue
        ri = tuple(result_index)
        o, u = res[ri], upd[update_index]
        res[ri] = {"replace": u, "add": o + u, "mul": o * u, "min": min(o, u), "max": max(o, u)}[comb]
    return [int(v) for v in res.reshape(-1)]


def main():
    cases = json.load(open(sys.argv[1]))
    json.dump([scatter(c) for c in cases], open(sys.argv[2], "w"))


if __name__ == "__main__":
    main()
