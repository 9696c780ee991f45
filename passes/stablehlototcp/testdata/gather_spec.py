"""The StableHLO spec formula for gather, transcribed directly (numpy).

Usage: gather_spec.py CASES.json RESULTS.json

CASES.json is a list of objects with operand_shape, operand (flat, row
major), indices_shape, indices (flat), offset_dims, collapsed_slice_dims,
operand_batching_dims, start_indices_batching_dims, start_index_map,
index_vector_dim and slice_sizes. RESULTS.json gets, per case, the result
shape and flat values. One process evaluates every case (the differential
test of passes/stablehlototcp).
"""
import json
import sys

import numpy as np


def gather(c):
    operand = np.array(c["operand"], dtype=np.int64).reshape(c["operand_shape"])
    start_indices = np.array(c["indices"], dtype=np.int64).reshape(c["indices_shape"])
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
            hi = operand.shape[d_operand] - slice_sizes[d_operand]
            full_start[d_operand] = int(np.clip(start_index[d_start], 0, hi))
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
