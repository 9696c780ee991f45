"""bfloat16 data through gathers, slices and flips (jax).

DirectML has no bfloat16 type, but a gather only moves elements: tcp
lowers bf16 data as 16-bit bit copies (UINT16 tensor descs). These are the
gathers jax users write on bf16 tensors (an embedding table kept in bf16,
x[i], jnp.take with each mode, take_along_axis, dynamic_slice, flips and
strided slices); arithmetic on the bf16 values is not among them. Inputs
are written with ml_dtypes' bfloat16 (numpy's '<V2' .npy descr).
"""

import numpy as np

from export import data, idx


def _bf16(r, shape):
    import ml_dtypes
    return data(r, shape).astype(ml_dtypes.bfloat16)


def jax(scope):
    import jax.numpy as jnp
    from jax import lax

    P = []
    add = lambda *a: P.append(a)  # noqa: E731

    add("bf16_index_rows", "x[i] (bfloat16 x)", lambda x, i: x[i],
        lambda r: [_bf16(r, (5, 3)), idx(r, (4,), -7, 7)])
    add("bf16_embedding_take", "jnp.take(table, ids, axis=0) (bfloat16 table)",
        lambda t, i: jnp.take(t, i, axis=0), lambda r: [_bf16(r, (8, 4)), idx(r, (2, 3), -10, 10)])
    add("bf16_take_clip", "jnp.take(x, i, mode='clip') (bfloat16 x)", lambda x, i: jnp.take(x, i, mode="clip"),
        lambda r: [_bf16(r, (6,)), idx(r, (5,), -9, 9)])
    add("bf16_take_along_axis", "jnp.take_along_axis(x, i, 1) (bfloat16 x)",
        lambda x, i: jnp.take_along_axis(x, i, 1), lambda r: [_bf16(r, (3, 5)), idx(r, (3, 2), -5, 5)])
    add("bf16_col_index", "x[:, i] (bfloat16 x)", lambda x, i: x[:, i],
        lambda r: [_bf16(r, (2, 6)), idx(r, (3,), -6, 6)])
    add("bf16_pair_index", "x[i, j] (bfloat16 x)", lambda x, i, j: x[i, j],
        lambda r: [_bf16(r, (4, 5)), idx(r, (3,), -4, 4), idx(r, (3,), -5, 5)])
    add("bf16_flip", "jnp.flip(x, 0) (bfloat16 x)", lambda x: jnp.flip(x, 0), lambda r: [_bf16(r, (4, 3))])
    add("bf16_reverse_step2", "x[::-2] (bfloat16 x)", lambda x: x[::-2], lambda r: [_bf16(r, (7, 2))])
    add("bf16_dynamic_slice", "lax.dynamic_slice(x, (s, 0), (2, 3)) (bfloat16 x)",
        lambda x, s: lax.dynamic_slice(x, (s, 0), (2, 3)),
        lambda r: [_bf16(r, (5, 3)), np.int32(r.integers(-2, 7))])
    add("bf16_int_row", "x[2] (bfloat16 x)", lambda x: x[2], lambda r: [_bf16(r, (4, 3))])
    return P
