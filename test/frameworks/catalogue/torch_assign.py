"""PyTorch index assignment and roll, written the way users write them.

Integer-index assignment on a clone (y[2] = v, y[:, -1] = v, y[..., 0] = v,
y[1, 2] = 3.0), which torch-mlir's FX importer prints as an arange compared
with the index and a where over the expanded value; torch.roll; and the
neighbouring patterns of model code: index_put with a tensor index,
index_fill_, masked_fill with a mask computed from indices, torch.where
between two gathers, casts after a gather and torch.gather with int32
indices on dim -1. torch's own outputs are the expected ones.
"""

import numpy as np

from export import data, idx


def _i64(r, shape, lo, hi):
    return idx(r, shape, lo, hi, np.int64)


def torch(scope):
    import torch as T

    P = []
    add = lambda *a: P.append(a)  # noqa: E731

    def set_row(x, v):
        y = x.clone()
        y[2] = v
        return y

    def set_last_col(x, v):
        y = x.clone()
        y[:, -1] = v
        return y

    def set_ellipsis(x, v):
        y = x.clone()
        y[..., 0] = v
        return y

    def set_elem(x):
        y = x.clone()
        y[1, 2] = 3.0
        return y

    def set_row_scalar(x):
        y = x.clone()
        y[0] = 0.0
        return y

    def set_rows_tensor(x, i, v):
        y = x.clone()
        y[i] = v
        return y

    def fill_rows(x, i):
        y = x.clone()
        y.index_fill_(0, i, 1.0)
        return y

    def band_mask(x):
        n = x.shape[0]
        r = T.arange(n)
        return x.masked_fill(r[:, None] < r[None, :], -1.0)

    add("as_set_row", "y = x.clone(); y[2] = v", set_row, lambda r: [data(r, (4, 3)), data(r, (3,))])
    add("as_set_last_col", "y = x.clone(); y[:, -1] = v", set_last_col, lambda r: [data(r, (3, 5)), data(r, (3,))])
    add("as_set_ellipsis", "y = x.clone(); y[..., 0] = v", set_ellipsis, lambda r: [data(r, (2, 3, 4)), data(r, (2, 3))])
    add("as_set_elem", "y = x.clone(); y[1, 2] = 3.0", set_elem, lambda r: [data(r, (3, 4))])
    add("as_set_row_scalar", "y = x.clone(); y[0] = 0.0", set_row_scalar, lambda r: [data(r, (3, 4))])
    add("as_roll_1d", "torch.roll(x, 2, 0)", lambda x: T.roll(x, 2, 0), lambda r: [data(r, (7,))])
    add("as_roll_neg", "torch.roll(x, -1, 1)", lambda x: T.roll(x, -1, 1), lambda r: [data(r, (3, 5))])
    add("as_roll_two", "torch.roll(x, (1, 2), (0, 1))", lambda x: T.roll(x, (1, 2), (0, 1)), lambda r: [data(r, (4, 3))])
    add("as_roll_int", "x.roll(3, -1) (int64)", lambda x: x.roll(3, -1), lambda r: [data(r, (2, 4), np.int64)])
    add("as_index_put_rows", "y = x.clone(); y[i] = v (i: int64 tensor)", set_rows_tensor,
        lambda r: [data(r, (5, 3)), _i64(r, (2,), 0, 5), data(r, (2, 3))])
    add("as_index_fill", "y.index_fill_(0, i, 1.0)", fill_rows, lambda r: [data(r, (5, 2)), _i64(r, (2,), 0, 5)])
    add("as_masked_fill_band", "x.masked_fill(arange(n)[:, None] < arange(n)[None, :], -1.0)", band_mask,
        lambda r: [data(r, (4, 4))])
    add("as_where_gathers", "torch.where(c, x[i], x[j])", lambda c, x, i, j: T.where(c, x[i], x[j]),
        lambda r: [data(r, (3, 2)) > 0, data(r, (5, 2)), _i64(r, (3,), 0, 5), _i64(r, (3,), 0, 5)])
    add("as_gather_to_int", "x[i].to(torch.int32)", lambda x, i: x[i].to(T.int32),
        lambda r: [data(r, (5, 3)), _i64(r, (4,), 0, 5)])
    add("as_gather_float", "x[i].float() (int64 x)", lambda x, i: x[i].float(),
        lambda r: [data(r, (5, 3), np.int64), _i64(r, (4,), 0, 5)])
    add("as_gather_i32_last", "torch.gather(x, -1, i) (int32 i)", lambda x, i: T.gather(x, -1, i.long()),
        lambda r: [data(r, (3, 5)), idx(r, (3, 2), 0, 5)])
    def set_neg_row_3d(x, v):
        y = x.clone()
        y[-1] = v
        return y

    def set_col_int_scalar(x):
        y = x.clone()
        y[:, 1] = 7
        return y

    def one_hot_mask(x, i):
        n = x.shape[1]
        return x.masked_fill(i[:, None] == T.arange(n)[None, :], 0.0)

    add("as_set_neg_row_3d", "y = x.clone(); y[-1] = v (rank 3)", set_neg_row_3d,
        lambda r: [data(r, (3, 2, 4)), data(r, (2, 4))])
    add("as_set_col_int_scalar", "y = x.clone(); y[:, 1] = 7 (int64)", set_col_int_scalar,
        lambda r: [data(r, (3, 4), np.int64)])
    add("as_masked_fill_gt", "x.masked_fill(x > 0.1, 0.0)", lambda x: x.masked_fill(x > 0.1, 0.0),
        lambda r: [data(r, (3, 5))])
    add("as_one_hot_mask", "x.masked_fill(i[:, None] == arange(n)[None, :], 0.0)", one_hot_mask,
        lambda r: [data(r, (4, 5)), _i64(r, (4,), 0, 5)])
    add("as_roll_3d_f16", "torch.roll(x, (-1, 5), (2, 0)) (float16)", lambda x: T.roll(x, (-1, 5), (2, 0)),
        lambda r: [data(r, (3, 2, 4), np.float16)])
    add("as_roll_then_gather", "torch.roll(x, 1, 0)[i]", lambda x, i: T.roll(x, 1, 0)[i],
        lambda r: [data(r, (6, 2)), _i64(r, (3,), 0, 6)])
    add("as_roll_flat", "torch.roll(x, 1) (no dims: the flattened tensor)", lambda x: T.roll(x, 1),
        lambda r: [data(r, (3, 4))])
    def add_row(x, v):
        y = x.clone()
        y[1] += v
        return y

    def copy_col(x):
        y = x.clone()
        y[:, 0] = y[:, 2]
        return y

    def fill_cols(x, i):
        return x.index_fill(1, i, -1.0)

    add("as_where_scalar", "torch.where(x > 0, x, 0.0)", lambda x: T.where(x > 0, x, 0.0), lambda r: [data(r, (3, 4))])
    add("as_add_row", "y = x.clone(); y[1] += v", add_row, lambda r: [data(r, (3, 4)), data(r, (4,))])
    add("as_copy_col", "y = x.clone(); y[:, 0] = y[:, 2]", copy_col, lambda r: [data(r, (3, 4))])
    add("as_index_fill_dim1", "x.index_fill(1, i, -1.0)", fill_cols, lambda r: [data(r, (3, 5)), _i64(r, (2,), 0, 5)])
    return P
