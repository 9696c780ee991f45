"""More jax gathers as users write them (issue 18, jax side): jnp.take with
every mode and index dtype (unsigned and narrow signed ids included),
flips and strided slices, take_along_axis, dynamic_slice and
dynamic_index_in_dim, jnp.where around gathers, bf16/f16 data, converts,
and programs exported with a symbolic batch (jax.export's symbolic
shapes: get_dimension_size, dynamic_broadcast_in_dim, dynamic_gather,
shape_assertion). Inputs are in the range jax defines a result for (jax
defines one for every index under each mode).
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

    # jnp.take: every mode, unsigned and narrow index dtypes.
    for mode in ("fill", "clip", "wrap"):
        for dt, lo, hi in ((np.uint32, 0, 12), (np.uint8, 0, 10), (np.uint16, 0, 9), (np.int8, -9, 9)):
            name = "v2_take_%s_%s" % (mode, np.dtype(dt).name)
            add(name, "jnp.take(x, i, axis=0, mode=%r) (%s i)" % (mode, np.dtype(dt).name),
                lambda x, i, mode=mode: jnp.take(x, i, axis=0, mode=mode),
                lambda r, dt=dt, lo=lo, hi=hi: [data(r, (6, 3)), idx(r, (5,), lo, hi, dt)])
    add("v2_take_default_uint32_axis1", "jnp.take(x, i, axis=1) (uint32 i)",
        lambda x, i: jnp.take(x, i, axis=1), lambda r: [data(r, (2, 5)), idx(r, (4,), 0, 8, np.uint32)])
    add("v2_take_uint32_data", "jnp.take(x, i, mode='fill') (uint32 x and i)",
        lambda x, i: jnp.take(x, i, mode="fill"),
        lambda r: [idx(r, (7,), 0, 1000, np.uint32), idx(r, (4,), 0, 10, np.uint32)])
    add("v2_take_uint8_data_clip", "jnp.take(x, i, axis=1, mode='clip') (uint8 image x)",
        lambda x, i: jnp.take(x, i, axis=1, mode="clip"),
        lambda r: [idx(r, (3, 4), 0, 256, np.uint8), idx(r, (3,), -2, 6)])
    add("v2_index_uint16", "x[i] (uint16 i)", lambda x, i: x[i],
        lambda r: [data(r, (5, 2)), idx(r, (3,), 0, 5, np.uint16)])
    add("v2_take_along_uint32", "jnp.take_along_axis(x, i, axis=1) (uint32 i)",
        lambda x, i: jnp.take_along_axis(x, i, axis=1),
        lambda r: [data(r, (3, 4)), idx(r, (3, 2), 0, 4, np.uint32)])
    # flips and strided slices
    add("v2_flipud", "jnp.flipud(x)", lambda x: jnp.flipud(x), lambda r: [data(r, (4, 3))])
    add("v2_fliplr_int8", "jnp.fliplr(x) (int8)", lambda x: jnp.fliplr(x), lambda r: [data(r, (2, 5), np.int8)])
    add("v2_rev_3d", "lax.rev(x, (0, 2))", lambda x: lax.rev(x, (0, 2)), lambda r: [data(r, (2, 3, 4))])
    add("v2_ellipsis_step_m2", "x[..., ::-2]", lambda x: x[..., ::-2], lambda r: [data(r, (2, 3, 5))])
    add("v2_step3_offset", "x[1::3]", lambda x: x[1::3], lambda r: [data(r, (8, 2))])
    add("v2_reverse_range", "x[4:0:-2, ::2]", lambda x: x[4:0:-2, ::2], lambda r: [data(r, (6, 5))])
    # take_along_axis
    add("v2_take_along_last", "jnp.take_along_axis(x, i, axis=-1)",
        lambda x, i: jnp.take_along_axis(x, i, axis=-1),
        lambda r: [data(r, (2, 3, 4)), idx(r, (2, 3, 2), -4, 4)])
    # dynamic_slice / dynamic_index_in_dim
    add("v2_dynamic_index_keepdims", "lax.dynamic_index_in_dim(x, i, axis=1, keepdims=False)",
        lambda x, i: lax.dynamic_index_in_dim(x, i, axis=1, keepdims=False),
        lambda r: [data(r, (3, 5)), np.array(-2, np.int32)])
    add("v2_dynamic_slice_uint8_start", "lax.dynamic_slice(x, (i, i), (2, 2)) (uint8 i)",
        lambda x, i: lax.dynamic_slice(x, (i, i), (2, 2)),
        lambda r: [data(r, (5, 3)), np.array(4, np.uint8)])
    add("v2_dynamic_slice_in_dim_f16", "lax.dynamic_slice_in_dim(x, i, 2, axis=0) (f16 x)",
        lambda x, i: lax.dynamic_slice_in_dim(x, i, 2, axis=0),
        lambda r: [data(r, (4, 2)).astype(np.float16), np.array(3, np.int32)])
    # jnp.where around gathers
    add("v2_where_valid_ids", "jnp.where(i >= 0, x[jnp.maximum(i, 0)], 0.0)",
        lambda x, i: jnp.where((i >= 0)[:, None], x[jnp.maximum(i, 0)], 0.0),
        lambda r: [data(r, (5, 3)), idx(r, (4,), -3, 5)])
    add("v2_where_then_take", "jnp.take(x, jnp.where(i < 0, i + 5, i), mode='clip')",
        lambda x, i: jnp.take(x, jnp.where(i < 0, i + 5, i), mode="clip"),
        lambda r: [data(r, (5,)), idx(r, (6,), -7, 7)])
    # bf16 / f16 data and converts
    add("v2_bf16_take_fill", "jnp.take(x, i, axis=0, mode='fill') (bfloat16 x)",
        lambda x, i: jnp.take(x, i, axis=0, mode="fill"),
        lambda r: [data(r, (4, 3)).astype(ml_dtypes.bfloat16), idx(r, (3,), -6, 6)])
    add("v2_f16_flip_take", "jnp.take(jnp.flip(x), i, mode='wrap') (float16 x)",
        lambda x, i: jnp.take(jnp.flip(x), i, mode="wrap"),
        lambda r: [data(r, (6,)).astype(np.float16), idx(r, (4,), -9, 9)])
    add("v2_index_to_bf16", "x[i].astype(bfloat16)", lambda x, i: x[i].astype(jnp.bfloat16),
        lambda r: [data(r, (4, 2)), idx(r, (3,), -4, 4)])
    add("v2_bf16_to_f32_index", "x.astype(float32)[i] (bfloat16 x)", lambda x, i: x.astype(jnp.float32)[i],
        lambda r: [data(r, (5,)).astype(ml_dtypes.bfloat16), idx(r, (3,), -5, 5)])
    add("v2_uint32_to_int_index", "x[i.astype(int32)] (uint32 i)", lambda x, i: x[i.astype(jnp.int32)],
        lambda r: [data(r, (6,)), idx(r, (4,), 0, 6, np.uint32)])
    # symbolic batch (jax.export symbolic shapes)
    add("v2_poly_take_rows", "jnp.take(x, i, axis=0), i of shape (b,) symbolic",
        lambda x, i: jnp.take(x, i, axis=0),
        lambda r: [data(r, (6, 3)), idx(r, (4,), -8, 8)], poly=[None, "b"])
    add("v2_poly_embedding_batch", "w[i] for i of shape (b, 3) symbolic",
        lambda w, i: w[i], lambda r: [data(r, (7, 2)), idx(r, (2, 3), -7, 7)], poly=[None, "b, 3"])
    add("v2_poly_flip_batch", "jnp.flip(x, 1), x of shape (b, 4) symbolic",
        lambda x: jnp.flip(x, 1), lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_take_along", "jnp.take_along_axis(x, i, axis=1), x and i of shape (b, .) symbolic",
        lambda x, i: jnp.take_along_axis(x, i, axis=1),
        lambda r: [data(r, (3, 5)), idx(r, (3, 2), -5, 5)], poly=["b, 5", "b, 2"])
    add("v2_poly_take_clip_data", "jnp.take(x, i, axis=0, mode='clip'), x of shape (n, 2) symbolic",
        lambda x, i: jnp.take(x, i, axis=0, mode="clip"),
        lambda r: [data(r, (5, 2)), idx(r, (4,), -7, 7)], poly=["n, 2", None])
    # More of the same kinds: unsigned ids through every index idiom, and
    # symbolic dims through reversal, dynamic_slice, vmap and two symbols.
    add("v2_take_clip_u32_axis1", "jnp.take(x, i, axis=1, mode='clip') (uint32 i)", lambda x, i: jnp.take(x, i, axis=1, mode="clip"), lambda r: [data(r, (3, 5)), idx(r, (4,), 0, 9, np.uint32)])
    add("v2_take_wrap_i16", "jnp.take(x, i, axis=0, mode='wrap') (int16 i)", lambda x, i: jnp.take(x, i, axis=0, mode="wrap"), lambda r: [data(r, (5, 2)), idx(r, (4,), -12, 12, np.int16)])
    add("v2_take_fill_u16_last", "jnp.take(x, i, axis=-1, mode='fill') (uint16 i)", lambda x, i: jnp.take(x, i, axis=-1, mode="fill"), lambda r: [data(r, (2, 5)), idx(r, (3,), 0, 9, np.uint16)])
    add("v2_pair_u32", "x[i, j] (uint32 i, j)", lambda x, i, j: x[i, j], lambda r: [data(r, (4, 5)), idx(r, (3,), 0, 4, np.uint32), idx(r, (3,), 0, 5, np.uint32)])
    add("v2_take_along_u8", "jnp.take_along_axis(x, i, axis=0) (uint8 i)", lambda x, i: jnp.take_along_axis(x, i, axis=0), lambda r: [data(r, (4, 3)), idx(r, (2, 3), 0, 4, np.uint8)])
    add("v2_dyn_slice_u32", "lax.dynamic_slice(x, (i,), (3,)) (uint32 i)", lambda x, i: lax.dynamic_slice(x, (i,), (3,)), lambda r: [data(r, (7,)), np.array(6, np.uint32)])
    add("v2_dyn_index_u16", "lax.dynamic_index_in_dim(x, i, axis=0, keepdims=False) (uint16 i)", lambda x, i: lax.dynamic_index_in_dim(x, i, axis=0, keepdims=False), lambda r: [data(r, (4, 3)), np.array(2, np.uint16)])
    add("v2_where_u32", "jnp.where((i < 3)[:, None], x[i], x[0]) (uint32 i)", lambda x, i: jnp.where((i < 3)[:, None], x[i], x[0]), lambda r: [data(r, (5, 2)), idx(r, (4,), 0, 5, np.uint32)])
    add("v2_rev_then_u8", "x[::-1][i] (uint8 i)", lambda x, i: x[::-1][i], lambda r: [data(r, (5, 2)), idx(r, (3,), 0, 5, np.uint8)])
    add("v2_u8_data_take", "jnp.take(x, i, axis=0, mode='fill') (uint8 x)", lambda x, i: jnp.take(x, i, axis=0, mode="fill"), lambda r: [idx(r, (5, 2), 0, 256, np.uint8), idx(r, (3,), -6, 6)])
    add("v2_astype_u8_then_take", "jnp.take(x.astype(uint8), i, mode='clip')", lambda x, i: jnp.take(x.astype(jnp.uint8), i, mode="clip"), lambda r: [idx(r, (5,), 0, 250).astype(np.float32), idx(r, (3,), 0, 5)])
    add("v2_ids_plus_one_u32", "x[i + jnp.uint32(1)] (uint32 i)", lambda x, i: x[i + jnp.uint32(1)], lambda r: [data(r, (6,)), idx(r, (3,), 0, 5, np.uint32)])
    add("v2_clip_u8_ids", "x[jnp.clip(i, 1, 3)] (uint8 i)", lambda x, i: x[jnp.clip(i, 1, 3)], lambda r: [data(r, (5,)), idx(r, (4,), 0, 9, np.uint8)])
    add("v2_mod_u16", "x[i % 5] (uint16 i)", lambda x, i: x[i % 5], lambda r: [data(r, (5, 2)), idx(r, (4,), 0, 60000, np.uint16)])
    add("v2_bf16_u32_take", "jnp.take(x, i, axis=0) (bfloat16 x, uint32 i)", lambda x, i: jnp.take(x, i, axis=0), lambda r: [data(r, (4, 2)).astype(ml_dtypes.bfloat16), idx(r, (3,), 0, 6, np.uint32)])
    add("v2_f16_take_along", "jnp.take_along_axis(x, i, axis=1) (float16 x)", lambda x, i: jnp.take_along_axis(x, i, axis=1), lambda r: [data(r, (3, 4)).astype(np.float16), idx(r, (3, 2), -4, 4)])
    add("v2_step_neg3", "x[::-3, 1::2]", lambda x: x[::-3, 1::2], lambda r: [data(r, (7, 5))])
    # symbolic
    add("v2_poly_take_fill_axis1", "jnp.take(x, i, axis=1, mode='fill'), x of shape (b, 5) symbolic", lambda x, i: jnp.take(x, i, axis=1, mode="fill"), lambda r: [data(r, (3, 5)), idx(r, (4,), -7, 7)], poly=["b, 5", None])
    add("v2_poly_take_wrap_axis1", "jnp.take(x, i, axis=1, mode='wrap'), x of shape (b, 5) symbolic", lambda x, i: jnp.take(x, i, axis=1, mode="wrap"), lambda r: [data(r, (3, 5)), idx(r, (4,), -7, 7)], poly=["b, 5", None])
    add("v2_poly_rev_cols", "x[:, ::-1], x of shape (b, 4) symbolic", lambda x: x[:, ::-1], lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_rev_rows", "x[::-1], x of shape (b, 4) symbolic", lambda x: x[::-1], lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_two_syms", "x[i], x of shape (n, 3) and i of shape (m,) symbolic", lambda x, i: x[i], lambda r: [data(r, (4, 3)), idx(r, (5,), -4, 4)], poly=["n, 3", "m"])
    add("v2_poly_dyn_slice", "lax.dynamic_slice_in_dim(x, i, 2, axis=1), x of shape (b, 5) symbolic", lambda x, i: lax.dynamic_slice_in_dim(x, i, 2, axis=1), lambda r: [data(r, (3, 5)), np.array(4, np.int32)], poly=["b, 5", None])
    add("v2_poly_vmap_index", "jax.vmap(lambda x, i: x[i]), batch b symbolic", jax.vmap(lambda x, i: x[i]), lambda r: [data(r, (3, 5)), idx(r, (3, 2), -5, 5)], poly=["b, 5", "b, 2"])
    add("v2_poly_take_along_last", "jnp.take_along_axis(x, i, axis=-1), batch b symbolic", lambda x, i: jnp.take_along_axis(x, i, axis=-1), lambda r: [data(r, (2, 3, 4)), idx(r, (2, 3, 2), -4, 4)], poly=["b, 3, 4", "b, 3, 2"])
    add("v2_poly_u32_ids", "jnp.take(x, i, axis=0), uint32 i of shape (m,) symbolic", lambda x, i: jnp.take(x, i, axis=0), lambda r: [data(r, (5, 2)), idx(r, (4,), 0, 7, np.uint32)], poly=[None, "m"])
    add("v2_poly_row_int", "x[1], x of shape (b, 4) symbolic", lambda x: x[1], lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_col_int", "x[:, -1], x of shape (b, 4) symbolic", lambda x: x[:, -1], lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_embedding_2sym", "jnp.take(w, i, axis=0, mode='clip'), i of shape (b, s) symbolic", lambda w, i: jnp.take(w, i, axis=0, mode="clip"), lambda r: [data(r, (6, 3)), idx(r, (2, 4), -1, 8)], poly=[None, "b, s"])
    # Held-out style checks that found gaps: windows of a symbolic dim,
    # constant indices and index_in_dim on a symbolic batch, fill values.
    add("v2_take3d_u8", "jnp.take(x, i, axis=1) (uint8 i, 3-d x)", lambda x, i: jnp.take(x, i, axis=1),
        lambda r: [data(r, (2, 5, 3)), idx(r, (4,), 0, 8, np.uint8)])
    add("v2_ellipsis_u16", "x[..., i] (uint16 i)", lambda x, i: x[..., i],
        lambda r: [data(r, (2, 3, 5)), idx(r, (2,), 0, 5, np.uint16)])
    add("v2_take_along_fill", "jnp.take_along_axis(x, i, axis=1, mode='fill')",
        lambda x, i: jnp.take_along_axis(x, i, axis=1, mode="fill"), lambda r: [data(r, (3, 4)), idx(r, (3, 2), -6, 6)])
    add("v2_take_fill_value_u32", "jnp.take(x, i, mode='fill', fill_value=0.0) (uint32 i)",
        lambda x, i: jnp.take(x, i, mode="fill", fill_value=0.0), lambda r: [data(r, (6,)), idx(r, (4,), 0, 9, np.uint32)])
    add("v2_poly_flip_both", "jnp.flip(x), x of shape (b, 4) symbolic", lambda x: jnp.flip(x),
        lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_drop_first", "x[1:], x of shape (b, 3) symbolic", lambda x: x[1:],
        lambda r: [data(r, (4, 3))], poly=["b, 3"])
    add("v2_poly_drop_last", "x[:-1], x of shape (b, 3) symbolic", lambda x: x[:-1],
        lambda r: [data(r, (4, 3))], poly=["b, 3"])
    add("v2_poly_const_idx", "x[:, jnp.array([0, 2])], x of shape (b, 4) symbolic", lambda x: x[:, jnp.array([0, 2])],
        lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_index_in_dim", "lax.index_in_dim(x, 2, axis=1, keepdims=False), x of shape (b, 4) symbolic",
        lambda x: lax.index_in_dim(x, 2, axis=1, keepdims=False), lambda r: [data(r, (3, 4))], poly=["b, 4"])
    add("v2_poly_take_clip_u8", "jnp.take(x, i, axis=1, mode='clip'), uint8 i, x of shape (b, 5) symbolic",
        lambda x, i: jnp.take(x, i, axis=1, mode="clip"), lambda r: [data(r, (3, 5)), idx(r, (4,), 0, 9, np.uint8)],
        poly=["b, 5", None])
    add("v2_poly_where_take", "jnp.where(i[:, None] >= 0, jnp.take(x, i, axis=0, mode='clip'), 0.0), i of shape (m,) symbolic",
        lambda x, i: jnp.where(i[:, None] >= 0, jnp.take(x, i, axis=0, mode="clip"), 0.0),
        lambda r: [data(r, (5, 2)), idx(r, (4,), -6, 6)], poly=[None, "m"])
    return P
