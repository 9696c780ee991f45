"""Slice updates: the window writes users spell as lax.dynamic_update_slice
(jax) and as slice assignment (torch: y[1:3] = v, y[:, ::2] = v, which
functionalization turns into aten.slice + aten.copy + aten.slice_scatter).

jax clamps a dynamic_update_slice start so that the update fits (a start
of -1 writes at 0); the programs draw starts in and out of range.
"""

import sys

import numpy as np


def _helpers(scope):
    """data() and idx() from export.py (module globals, not in scope)."""
    m = sys.modules["__main__"]
    return scope.get("data", getattr(m, "data", None)), scope.get("idx", getattr(m, "idx", None))


def jax(scope):
    from jax import lax

    data, idx = _helpers(scope)
    P = []

    def add(name, src, f, make):
        P.append((name, src, f, make))

    add("dus_rows", "lax.dynamic_update_slice(x, v, (s, 0))",
        lambda x, v, s: lax.dynamic_update_slice(x, v, (s, 0)),
        lambda r: [data(r, (6, 3)), data(r, (2, 3)), np.int32(r.integers(-3, 9))])
    add("dus_window_2d", "lax.dynamic_update_slice(x, v, (s, t))",
        lambda x, v, s, t: lax.dynamic_update_slice(x, v, (s, t)),
        lambda r: [data(r, (5, 6)), data(r, (2, 3)), np.int32(r.integers(-2, 7)), np.int32(r.integers(-2, 8))])
    add("dus_const_start", "lax.dynamic_update_slice(x, v, (1, 2))",
        lambda x, v: lax.dynamic_update_slice(x, v, (1, 2)),
        lambda r: [data(r, (4, 5)), data(r, (2, 2))])
    add("dus_const_clamped", "lax.dynamic_update_slice(x, v, (7,)) (start clamped to 3)",
        lambda x, v: lax.dynamic_update_slice(x, v, (7,)),
        lambda r: [data(r, (5,)), data(r, (2,))])
    add("dus_int32_data", "lax.dynamic_update_slice(x, v, (s,)) on int32 data",
        lambda x, v, s: lax.dynamic_update_slice(x, v, (s,)),
        lambda r: [data(r, (8,), np.int32), data(r, (3,), np.int32), np.int32(r.integers(-4, 12))])
    add("dus_update_index_in_dim", "lax.dynamic_update_index_in_dim(x, row, i, 0)",
        lambda x, row, i: lax.dynamic_update_index_in_dim(x, row, i, 0),
        lambda r: [data(r, (4, 3)), data(r, (3,)), np.int32(r.integers(-2, 6))])
    add("dus_update_slice_in_dim", "lax.dynamic_update_slice_in_dim(x, v, i, axis=1)",
        lambda x, v, i: lax.dynamic_update_slice_in_dim(x, v, i, axis=1),
        lambda r: [data(r, (3, 6)), data(r, (3, 2)), np.int32(r.integers(-2, 8))])
    add("dus_3d", "lax.dynamic_update_slice(x, v, (0, s, 1))",
        lambda x, v, s: lax.dynamic_update_slice(x, v, (0, s, 1)),
        lambda r: [data(r, (2, 4, 3)), data(r, (2, 2, 2)), np.int32(r.integers(-1, 5))])
    return P


def torch(scope):
    data, idx = _helpers(scope)
    P = []

    def add(name, src, f, make):
        P.append((name, src, f, make))

    def set_rows(x, v):
        y = x.clone()
        y[1:3] = v
        return y

    def set_cols_step2(x, v):
        y = x.clone()
        y[:, ::2] = v
        return y

    def set_tail(x, v):
        y = x.clone()
        y[-2:] = v
        return y

    def set_step3(x, v):
        y = x.clone()
        y[1::3] = v
        return y

    def set_cols_int(x, v):
        y = x.clone()
        y[:, 1:3] = v
        return y

    add("slice_assign_tail", "y = x.clone(); y[-2:] = v", set_tail,
        lambda r: [data(r, (6, 2)), data(r, (2, 2))])
    add("slice_assign_step3", "y = x.clone(); y[1::3] = v", set_step3,
        lambda r: [data(r, (8,)), data(r, (3,))])
    add("slice_assign_cols_int32", "y = x.clone(); y[:, 1:3] = v (int32)", set_cols_int,
        lambda r: [data(r, (3, 4), np.int32), data(r, (3, 2), np.int32)])
    add("slice_assign_rows", "y = x.clone(); y[1:3] = v", set_rows,
        lambda r: [data(r, (5, 3)), data(r, (2, 3))])
    add("slice_assign_cols_step2", "y = x.clone(); y[:, ::2] = v", set_cols_step2,
        lambda r: [data(r, (3, 5)), data(r, (3, 3))])
    return P
