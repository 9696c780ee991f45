"""Held-out style jax gathers (issue 18, jax side, third batch): strided
slices and flips of symbolic dims (jax.export's symbolic shapes, where the
slice's size is computed at run time), jnp.take modes on narrow and
unsigned ids, take_along_axis on a negative axis, lax.gather with custom
dimension numbers, jnp.roll, jnp.rot90, constant fancy indices, and bf16
data through convert.
"""

import numpy as np

from export import data, idx


def jax(scope):
    import jax
    import jax.numpy as jnp
    from jax import lax
    import ml_dtypes

    P = []

    def add(name, src, f, make, poly=None):
        f.x64, f.poly = False, poly
        P.append((name, src, f, make))

    # symbolic-shape strided slices and flips
    add("v3_poly_step2", "x[::2], x of shape (b, 3) symbolic", lambda x: x[::2],
        lambda r: [data(r, (5, 3))], poly=["b, 3"])
    add("v3_poly_step3_off1", "x[1::3], x of shape (b, 2) symbolic", lambda x: x[1::3],
        lambda r: [data(r, (8, 2))], poly=["b, 2"])
    add("v3_poly_rev_1d", "x[::-1], x of shape (b,) symbolic", lambda x: x[::-1],
        lambda r: [data(r, (6,))], poly=["b"])
    add("v3_poly_cols_step2", "x[:, ::2], x of shape (3, n) symbolic", lambda x: x[:, ::2],
        lambda r: [data(r, (3, 7))], poly=["3, n"])
    add("v3_poly_flip0", "jnp.flip(x, 0), x of shape (b, 2) symbolic", lambda x: jnp.flip(x, 0),
        lambda r: [data(r, (4, 2))], poly=["b, 2"])
    # jnp.take modes on narrow ids
    add("v3_take_wrap_u8", "jnp.take(x, i, axis=1, mode='wrap') (uint8 i)",
        lambda x, i: jnp.take(x, i, axis=1, mode="wrap"),
        lambda r: [data(r, (2, 5)), idx(r, (4,), 0, 200, np.uint8)])
    add("v3_take_clip_i8", "jnp.take(x, i, axis=0, mode='clip') (int8 i)",
        lambda x, i: jnp.take(x, i, axis=0, mode="clip"),
        lambda r: [data(r, (5, 2)), idx(r, (4,), -100, 100, np.int8)])
    add("v3_take_fill_i8_neg", "jnp.take(x, i, mode='fill', fill_value=-1.0) (int8 i)",
        lambda x, i: jnp.take(x, i, mode="fill", fill_value=-1.0),
        lambda r: [data(r, (6,)), idx(r, (5,), -9, 9, np.int8)])
    # take_along_axis with a negative axis
    add("v3_take_along_m2", "jnp.take_along_axis(x, i, axis=-2)",
        lambda x, i: jnp.take_along_axis(x, i, axis=-2),
        lambda r: [data(r, (2, 4, 3)), idx(r, (2, 2, 3), -4, 4)])
    # lax.gather with custom dimension numbers
    def g_cols(x, i):
        dn = lax.GatherDimensionNumbers(offset_dims=(0,), collapsed_slice_dims=(1,), start_index_map=(1,))
        return lax.gather(x, i[:, None], dn, slice_sizes=(x.shape[0], 1), mode=lax.GatherScatterMode.CLIP)
    add("v3_lax_gather_cols", "lax.gather(x, i[:, None], offset_dims=(0,), collapsed=(1,), start_index_map=(1,), clip)",
        g_cols, lambda r: [data(r, (3, 5)), idx(r, (4,), -2, 7)])
    def g_window(x, i):
        dn = lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(), start_index_map=(0, 1))
        return lax.gather(x, i, dn, slice_sizes=(2, 2), mode=lax.GatherScatterMode.FILL_OR_DROP)
    add("v3_lax_gather_windows", "lax.gather(x, i, offset_dims=(1, 2), start_index_map=(0, 1), slice (2, 2), fill)",
        g_window, lambda r: [data(r, (4, 5)), idx(r, (3, 2), -1, 5)])
    # jnp.roll, jnp.rot90
    add("v3_roll_axis1", "jnp.roll(x, 2, axis=1)", lambda x: jnp.roll(x, 2, axis=1),
        lambda r: [data(r, (3, 5))])
    add("v3_roll_dyn", "jnp.roll(x, s) (run-time shift)", lambda x, s: jnp.roll(x, s),
        lambda r: [data(r, (6,)), np.array(-4, np.int32)])
    add("v3_rot90", "jnp.rot90(x)", lambda x: jnp.rot90(x), lambda r: [data(r, (3, 4))])
    add("v3_rot90_k3_then_take", "jnp.rot90(x, 3)[i]", lambda x, i: jnp.rot90(x, 3)[i],
        lambda r: [data(r, (3, 4)), idx(r, (2,), -4, 4)])
    # constant fancy indices
    add("v3_const_fancy", "x[jnp.array([3, 0, -1])]", lambda x: x[jnp.array([3, 0, -1])],
        lambda r: [data(r, (5, 2))])
    add("v3_const_fancy_cols", "x[:, jnp.array([[1, 0], [2, 2]])]", lambda x: x[:, jnp.array([[1, 0], [2, 2]])],
        lambda r: [data(r, (2, 3))])
    # bf16 data through convert
    add("v3_bf16_convert_take", "jnp.take(x.astype(bfloat16), i, mode='clip').astype(float32)",
        lambda x, i: jnp.take(x.astype(jnp.bfloat16), i, mode="clip").astype(jnp.float32),
        lambda r: [data(r, (6,)), idx(r, (4,), -2, 8)])
    add("v3_bf16_flip_f32", "jnp.flip(x).astype(float32) (bfloat16 x)",
        lambda x: jnp.flip(x).astype(jnp.float32),
        lambda r: [data(r, (2, 3)).astype(ml_dtypes.bfloat16)])
    return P
