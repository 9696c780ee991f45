"""The StableHLO spec formula for gather, transcribed directly (numpy).

Usage: gather_spec.py CASES.json RESULTS.json

CASES.json is a list of objects with operand_shape, operand (flat, row
major), indices_shape, indices (flat), offset_dims, collapsed_slice_dims,
operand_batching_dims, start_indices_batching_dims, start_index_map,
index_vector_dim, slice_sizes and index_type (the element type of the
start indices; indices holds their bits sign-extended to 64). RESULTS.json gets, per case, the result
shape and flat values. One process evaluates every case (the differential
test of passes/stablehlototcp).
"""
import json
import sys

import numpy as np


def gather(c):
    operand = np.array(c["operand"], dtype=np.int64).reshape(c["operand_shape"])
    # Start indices by value: unsigned types read their bits as unsigned
    # (Python ints, so that ui64 values of 2**63 and more stay positive).
    t = c["index_type"]
    vals = c["indices"]
    if t.startswith("ui"):
        bits = int(t[2:])
        vals = [v % (1 << bits) for v in vals]
    start_indices = np.empty(len(vals), dtype=object)
    start_indices[:] = vals
    start_indices = start_indices.reshape(c["indices_shape"])
    offset_dims = c["offset_dims"]
    collapsed = c["collapsed_slice_dims"]
    obd = c["operand_batching_dims"]
    sibd = c["start_indices_batching_dims"]
    sim = c["start_index_map"]
    ivd = c["index_vector_dim"]
    slice_sizes = c["slice_sizes"]
    q = start_indices.ndim
    # result shape (C22)
    batch_sizes = [s for i, s in enumerate(start_indices.shape) if i != ivd]
    offset_sizes = [s for d, s in enumerate(slice_sizes) if d not in collapsed and d not in obd]
    rank = len(offset_dims) + len(batch_sizes)
    shape, bi, oi = [], 0, 0
    for i in range(rank):
        if i in offset_dims:
            shape.append(offset_sizes[oi])
            oi += 1
        else:
            shape.append(batch_sizes[bi])
            bi += 1
    result = np.zeros(shape, dtype=np.int64)
    batch_dims = [d for d in range(rank) if d not in offset_dims]
    for ri in np.ndindex(*shape):
        batch_index = [ri[d] for d in batch_dims]
        if ivd < q:
            sl = list(batch_index)
            sl.insert(ivd, slice(None))
            start_index = start_indices[tuple(sl)]
        else:
            start_index = [start_indices[tuple(batch_index)]]
        full_start = [0] * operand.ndim
        for d_start, d_operand in enumerate(sim):
            size = slice_sizes[d_operand]
            if d_operand in collapsed:
                # Implementation-defined in the spec (the read at dim would
                # be out of bounds); tcp clamps as for slice size 1.
                size = max(size, 1)
            hi = operand.shape[d_operand] - size
            full_start[d_operand] = max(0, min(int(start_index[d_start]), hi))
        full_batching = [0] * operand.ndim
        for i_b, d_operand in enumerate(obd):
            d_start = sibd[i_b]
            full_batching[d_operand] = batch_index[d_start - (0 if d_start < ivd else 1)]
        offset_index = [ri[d] for d in offset_dims]
        full_offset, k = [], 0
        for d in range(operand.ndim):
            if d in collapsed or d in obd:
                full_offset.append(0)
            else:
                full_offset.append(offset_index[k])
                k += 1
        oi_ = tuple(a + b + o for a, b, o in zip(full_start, full_batching, full_offset))
        result[ri] = operand[oi_]
    return {"shape": list(shape), "values": result.reshape(-1).tolist()}


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    out = [gather(c) for c in cases]
    with open(sys.argv[2], "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
