"""Every gather users write: the exporters' whole gather vocabulary.

Programs written the way users write them (nn.Embedding, x[2], x.flip(0),
jnp.flip, tf.reverse, x[:, 2] in TensorFlow, take_along_dim, ...), each
exported by its framework's own tool (export.py). Inputs are in the range
each framework defines a result for.
"""

import numpy as np

from export import data, idx


def _i64(r, shape, lo, hi):
    return idx(r, shape, lo, hi, np.int64)


# ---------------------------------------------------------------------------
# PyTorch (torch-mlir's FX importer)


def torch(scope):
    import torch as T
    import torch.nn.functional as F

    P = []
    add = lambda *a: P.append(a)  # noqa: E731

    # nn.Embedding / F.embedding: padding_idx, scale_grad_by_freq and sparse
    # only change the backward pass.
    add("embedding", "F.embedding(i, w)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (6, 4)), _i64(r, (5,), 0, 6)])
    add("embedding_2d_indices", "F.embedding(i, w) (i: 2x3)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (7, 3)), _i64(r, (2, 3), 0, 7)])
    add("embedding_padding_idx", "F.embedding(i, w, padding_idx=0)", lambda w, i: F.embedding(i, w, padding_idx=0),
        lambda r: [data(r, (5, 2)), _i64(r, (4,), 0, 5)])
    add("embedding_scale_grad_sparse", "F.embedding(i, w, scale_grad_by_freq=True, sparse=True)",
        lambda w, i: F.embedding(i, w, scale_grad_by_freq=True, sparse=True),
        lambda r: [data(r, (5, 3)), _i64(r, (2, 2), 0, 5)])
    add("embedding_int32_indices", "F.embedding(i, w) (int32 i)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (6, 2)), idx(r, (4,), 0, 6)])
    add("embedding_int_weights", "F.embedding(i, w) (int32 w)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (4, 3), np.int32), _i64(r, (3,), 0, 4)])
    T.manual_seed(0)
    emb = T.nn.Embedding(8, 4, padding_idx=1).requires_grad_(False)
    add("nn_embedding", "nn.Embedding(8, 4, padding_idx=1)(i) (weights a constant)", lambda i, emb=emb: emb(i),
        lambda r: [_i64(r, (2, 5), 0, 8)])
    # x[2], x[:, -1], x.select
    add("select_row", "x[2]", lambda x: x[2], lambda r: [data(r, (5, 4))])
    add("select_last_col", "x[:, -1]", lambda x: x[:, -1], lambda r: [data(r, (3, 6))])
    add("select_negative_row", "x[-1]", lambda x: x[-1], lambda r: [data(r, (4, 3, 2))])
    add("select_ellipsis", "x[..., 0]", lambda x: x[..., 0], lambda r: [data(r, (2, 3, 4))])
    add("select_two", "x[1, 2]", lambda x: x[1, 2], lambda r: [data(r, (3, 4, 5))])
    add("select_middle", "x[:, 1, :]", lambda x: x[:, 1, :], lambda r: [data(r, (2, 3, 4))])
    add("select_fn", "torch.select(x, 1, -2)", lambda x: T.select(x, 1, -2), lambda r: [data(r, (4, 5))])
    add("select_then_index", "x[1][i]", lambda x, i: x[1][i], lambda r: [data(r, (3, 6)), _i64(r, (4,), -6, 6)])
    # flip
    add("flip_0", "x.flip(0)", lambda x: x.flip(0), lambda r: [data(r, (5, 3))])
    add("flip_last", "x.flip(-1)", lambda x: x.flip(-1), lambda r: [data(r, (2, 3, 4))])
    add("flip_both", "x.flip(0, 1)", lambda x: x.flip(0, 1), lambda r: [data(r, (4, 5))])
    add("flip_1d", "torch.flip(x, [0])", lambda x: T.flip(x, [0]), lambda r: [data(r, (7,))])
    add("fliplr", "torch.fliplr(x)", lambda x: T.fliplr(x), lambda r: [data(r, (3, 4))])
    add("flipud", "torch.flipud(x) (int32)", lambda x: T.flipud(x), lambda r: [data(r, (4, 2), np.int32)])
    add("flip_then_index", "x.flip(0)[i]", lambda x, i: x.flip(0)[i], lambda r: [data(r, (5, 2)), _i64(r, (3,), -5, 5)])
    # take_along_dim: torch wraps every index Python-style (i % size)
    add("take_along_dim_1", "torch.take_along_dim(x, i, dim=1)", lambda x, i: T.take_along_dim(x, i, dim=1),
        lambda r: [data(r, (4, 5)), _i64(r, (4, 3), -12, 12)])
    add("take_along_dim_0", "torch.take_along_dim(x, i, dim=0)", lambda x, i: T.take_along_dim(x, i, dim=0),
        lambda r: [data(r, (3, 4)), _i64(r, (2, 4), -7, 7)])
    add("take_along_dim_none", "torch.take_along_dim(x, i)", lambda x, i: T.take_along_dim(x, i),
        lambda r: [data(r, (3, 4)), _i64(r, (5,), 0, 12)])
    add("take_along_dim_broadcast", "torch.take_along_dim(x, i, dim=-1) (i: 1x2)", lambda x, i: T.take_along_dim(x, i, dim=-1),
        lambda r: [data(r, (3, 4)), _i64(r, (1, 2), -9, 9)])
    add("take_along_dim_argsort", "torch.take_along_dim(x, x.argsort(1)[:, :2], dim=1)-style: given i",
        lambda x, i: T.take_along_dim(x, i, dim=1), lambda r: [data(r, (2, 3, 4)), _i64(r, (2, 2, 4), -3, 6)])
    add("take_flat", "torch.take(x, i)", lambda x, i: T.take(x, i), lambda r: [data(r, (3, 4)), _i64(r, (5,), 0, 12)])
    # unsqueeze / squeeze / clone / contiguous around gathers
    add("index_unsqueeze", "x[i].unsqueeze(0)", lambda x, i: x[i].unsqueeze(0), lambda r: [data(r, (5, 3)), _i64(r, (2,), 0, 5)])
    add("index_select_squeeze", "torch.index_select(x, 1, i).squeeze(1)", lambda x, i: T.index_select(x, 1, i).squeeze(1),
        lambda r: [data(r, (3, 4)), _i64(r, (1,), 0, 4)])
    add("unsqueeze_gather", "torch.gather(x.unsqueeze(-1), 1, i)", lambda x, i: T.gather(x.unsqueeze(-1), 1, i),
        lambda r: [data(r, (3, 4)), _i64(r, (3, 2, 1), 0, 4)])
    add("index_clone", "x[i].clone()", lambda x, i: x[i].clone(), lambda r: [data(r, (4, 3)), _i64(r, (3,), 0, 4)])
    add("contiguous_index", "x.contiguous()[i]", lambda x, i: x.contiguous()[i], lambda r: [data(r, (4, 3)), _i64(r, (2,), -4, 4)])
    add("transpose_contiguous_select", "x.t().contiguous()[1]", lambda x: x.t().contiguous()[1], lambda r: [data(r, (3, 4))])
    add("squeeze_dim_gather", "x.squeeze(1)[i]", lambda x, i: x.squeeze(1)[i], lambda r: [data(r, (4, 1, 3)), _i64(r, (2,), 0, 4)])
    add("view_gather", "x.view(-1)[i]", lambda x, i: x.view(-1)[i], lambda r: [data(r, (3, 4)), _i64(r, (3,), 0, 12)])
    add("reshape_select", "x.reshape(2, 6)[1]", lambda x: x.reshape(2, 6)[1], lambda r: [data(r, (3, 4))])
    # dynamic index sizes (torch.export dynamic dims)
    add("index_dynamic", "x[i], i of dynamic size", lambda x, i: x[i],
        lambda r: [data(r, (5, 3)), _i64(r, (4,), -5, 5)], {"dynamic": [{}, {0: "n"}]})
    add("colindex_dynamic", "x[:, i], x with a dynamic batch, i of dynamic size", lambda x, i: x[:, i],
        lambda r: [data(r, (3, 6)), _i64(r, (4,), -6, 6)], {"dynamic": [{0: "b"}, {0: "n"}]})
    add("embedding_dynamic", "F.embedding(i, w), i of dynamic batch", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (6, 4)), _i64(r, (3, 2), 0, 6)], {"dynamic": [{}, {0: "b"}]})
    add("pairindex_dynamic", "x[i, j], i: ?x1, j: ? (broadcast)", lambda x, i, j: x[i, j],
        lambda r: [data(r, (5, 4)), _i64(r, (3, 1), -5, 5), _i64(r, (2,), -4, 4)], {"dynamic": [{}, {0: "n"}, {0: "m"}]})
    return P


# ---------------------------------------------------------------------------
# jax (StableHLO): out-of-range indices are defined (clamped or filled)


def jax(scope):
    import jax as J
    import jax.numpy as jnp
    from jax import lax

    P = []
    add = lambda *a: P.append(a)  # noqa: E731

    # reversal: jnp.flip, x[::-1], lax.rev
    add("flip_all", "jnp.flip(x)", lambda x: jnp.flip(x), lambda r: [data(r, (3, 4))])
    add("flip_axis0", "jnp.flip(x, 0)", lambda x: jnp.flip(x, 0), lambda r: [data(r, (5, 2))])
    add("flip_axis_last", "jnp.flip(x, -1)", lambda x: jnp.flip(x, -1), lambda r: [data(r, (2, 3, 4))])
    add("flip_axes_02", "jnp.flip(x, (0, 2))", lambda x: jnp.flip(x, (0, 2)), lambda r: [data(r, (2, 3, 4))])
    add("fliplr", "jnp.fliplr(x)", lambda x: jnp.fliplr(x), lambda r: [data(r, (3, 5))])
    add("flipud_int", "jnp.flipud(x) (int32)", lambda x: jnp.flipud(x), lambda r: [data(r, (4, 3), np.int32)])
    add("reverse_slice", "x[::-1]", lambda x: x[::-1], lambda r: [data(r, (6,))])
    add("reverse_cols", "x[:, ::-1]", lambda x: x[:, ::-1], lambda r: [data(r, (3, 4))])
    add("reverse_step2", "x[::-2]", lambda x: x[::-2], lambda r: [data(r, (7, 2))])
    add("lax_rev", "lax.rev(x, (1,))", lambda x: lax.rev(x, (1,)), lambda r: [data(r, (2, 5))])
    add("flip_then_index", "jnp.flip(x, 0)[i]", lambda x, i: jnp.flip(x, 0)[i],
        lambda r: [data(r, (5, 3)), idx(r, (4,), -7, 7)])
    add("index_then_flip", "jnp.flip(x[i], 1)", lambda x, i: jnp.flip(x[i], 1),
        lambda r: [data(r, (4, 3)), idx(r, (2,), -5, 5)])
    # x[2], x[:, -1], x[..., 0] with Python ints
    add("int_index_row", "x[2]", lambda x: x[2], lambda r: [data(r, (5, 4))])
    add("int_index_last_col", "x[:, -1]", lambda x: x[:, -1], lambda r: [data(r, (3, 6))])
    add("int_index_ellipsis", "x[..., 0]", lambda x: x[..., 0], lambda r: [data(r, (2, 3, 4))])
    add("int_index_pair", "x[1, -2]", lambda x: x[1, -2], lambda r: [data(r, (3, 4, 2))])
    # index dtypes: unsigned, narrow
    add("take_uint32_indices", "jnp.take(x, i, axis=0) (uint32 i)", lambda x, i: jnp.take(x, i, axis=0),
        lambda r: [data(r, (6, 2)), idx(r, (4,), 0, 9, np.uint32)])
    add("index_uint32", "x[i] (uint32 i)", lambda x, i: x[i], lambda r: [data(r, (5, 3)), idx(r, (3,), 0, 8, np.uint32)])
    add("index_uint8", "x[i] (uint8 i)", lambda x, i: x[i], lambda r: [data(r, (5,)), idx(r, (4,), 0, 9, np.uint8)])
    add("index_int8", "x[i] (int8 i)", lambda x, i: x[i], lambda r: [data(r, (6, 2)), idx(r, (5,), -8, 8, np.int8)])
    add("index_int16", "x[:, i] (int16 i)", lambda x, i: x[:, i], lambda r: [data(r, (2, 5)), idx(r, (3,), -6, 6, np.int16)])
    add("take_clip_uint16", "jnp.take(x, i, mode='clip') (uint16 i)", lambda x, i: jnp.take(x, i, mode="clip"),
        lambda r: [data(r, (7,)), idx(r, (4,), 0, 12, np.uint16)])
    # data dtypes: f16, bool, through converts (bfloat16 data: the .npy files
    # numpy writes for it say only '<V2', which tcp-run does not read)
    add("index_f16", "x[i] (float16 x)", lambda x, i: x[i],
        lambda r: [data(r, (4, 3)).astype(np.float16), idx(r, (2,), -5, 5)])
    add("index_bool", "m[i] (bool m)", lambda m, i: m[i],
        lambda r: [data(r, (6,)) > 0, idx(r, (4,), -7, 7)])
    add("index_then_astype_f16", "x[i].astype(float16)", lambda x, i: x[i].astype(jnp.float16),
        lambda r: [data(r, (4, 2)), idx(r, (3,), -4, 4)])
    add("index_float_index_cast", "x[i.astype(int32)] (float i)", lambda x, i: x[i.astype(jnp.int32)],
        lambda r: [data(r, (5,)), np.array([1.0, 3.7, -2.2, 4.0], np.float32)])
    add("index_bool_to_int", "x[m.astype(int32)] (bool m)", lambda x, m: x[m.astype(jnp.int32)],
        lambda r: [data(r, (3, 2)), data(r, (4,)) > 0])
    # index arithmetic users write
    add("clip_then_index", "x[jnp.clip(i, 0, 4)]", lambda x, i: x[jnp.clip(i, 0, 4)],
        lambda r: [data(r, (5, 2)), idx(r, (4,), -8, 8)])
    add("mod_then_index", "x[i % 5]", lambda x, i: x[i % 5], lambda r: [data(r, (5,)), idx(r, (6,), -12, 12)])
    add("vmap_flip", "jax.vmap(lambda x: jnp.flip(x))", J.vmap(lambda x: jnp.flip(x)), lambda r: [data(r, (3, 4))])
    add("int_index_negative_row", "x[-1]", lambda x: x[-1], lambda r: [data(r, (4, 3))])
    add("int_index_reversed_col", "x[::-1, 1]", lambda x: x[::-1, 1], lambda r: [data(r, (5, 3))])
    add("reverse_last_ellipsis", "x[..., ::-1]", lambda x: x[..., ::-1], lambda r: [data(r, (2, 3, 4))])
    add("lax_rev_both", "lax.rev(x, (0, 1)) (int32)", lambda x: lax.rev(x, (0, 1)), lambda r: [data(r, (3, 4), np.int32)])
    add("flip_then_colindex", "jnp.flip(x, 1)[:, i]", lambda x, i: jnp.flip(x, 1)[:, i],
        lambda r: [data(r, (3, 5)), idx(r, (4,), -7, 7)])
    add("take_flipped", "jnp.take(jnp.flip(x, 0), i, axis=0, mode='clip')",
        lambda x, i: jnp.take(jnp.flip(x, 0), i, axis=0, mode="clip"), lambda r: [data(r, (6, 2)), idx(r, (3,), -8, 8)])
    add("take_along_flipped", "jnp.take_along_axis(jnp.flip(x, 1), i, 1)",
        lambda x, i: jnp.take_along_axis(jnp.flip(x, 1), i, 1), lambda r: [data(r, (3, 4)), idx(r, (3, 2), -5, 5)])
    add("fliplr_3d", "jnp.fliplr(x) (rank 3)", lambda x: jnp.fliplr(x), lambda r: [data(r, (2, 3, 2))])
    return P


# ---------------------------------------------------------------------------
# TensorFlow (tf.mlir.experimental.convert_function): CPU kernels reject
# out-of-range indices, so indices are in range.


def tf(scope):
    import tensorflow as T

    P = []
    add = lambda *a: P.append(a + (False,))  # noqa: E731
    spec = T.TensorSpec
    f32, i32, i64 = T.float32, T.int32, T.int64
    fn = T.function

    # tf.reverse and reversing slices
    add("reverse_axis0", "tf.reverse(x, [0])", fn(lambda x: T.reverse(x, [0])), [spec((4, 3), f32)], lambda r: [data(r, (4, 3))])
    add("reverse_axis_last", "tf.reverse(x, [-1])", fn(lambda x: T.reverse(x, [-1])), [spec((2, 3, 4), f32)], lambda r: [data(r, (2, 3, 4))])
    add("reverse_both", "tf.reverse(x, [0, 1]) (int32)", fn(lambda x: T.reverse(x, [0, 1])), [spec((3, 4), i32)], lambda r: [data(r, (3, 4), np.int32)])
    add("reverse_slice", "x[::-1]", fn(lambda x: x[::-1]), [spec((6,), f32)], lambda r: [data(r, (6,))])
    add("reverse_cols_slice", "x[:, ::-1]", fn(lambda x: x[:, ::-1]), [spec((3, 5), f32)], lambda r: [data(r, (3, 5))])
    add("reverse_step2", "x[::-2, 1:]", fn(lambda x: x[::-2, 1:]), [spec((5, 3), f32)], lambda r: [data(r, (5, 3))])
    # strided slices with every mask
    add("shrink_col", "x[:, 2]", fn(lambda x: x[:, 2]), [spec((4, 5), f32)], lambda r: [data(r, (4, 5))])
    add("shrink_row", "x[2]", fn(lambda x: x[2]), [spec((4, 3), f32)], lambda r: [data(r, (4, 3))])
    add("shrink_last", "x[:, -1]", fn(lambda x: x[:, -1]), [spec((3, 4), f32)], lambda r: [data(r, (3, 4))])
    add("ellipsis_shrink", "x[..., 1]", fn(lambda x: x[..., 1]), [spec((2, 3, 4), f32)], lambda r: [data(r, (2, 3, 4))])
    add("new_axis", "x[tf.newaxis, :, 1]", fn(lambda x: x[T.newaxis, :, 1]), [spec((3, 4), f32)], lambda r: [data(r, (3, 4))])
    add("new_axis_middle", "x[:, tf.newaxis]", fn(lambda x: x[:, T.newaxis]), [spec((3, 2), f32)], lambda r: [data(r, (3, 2))])
    add("begin_end_masks", "x[1:, :-1]", fn(lambda x: x[1:, :-1]), [spec((4, 5), f32)], lambda r: [data(r, (4, 5))])
    add("ellipsis_slice", "x[..., 1:3]", fn(lambda x: x[..., 1:3]), [spec((2, 3, 4), f32)], lambda r: [data(r, (2, 3, 4))])
    add("shrink_pair", "x[1, -2]", fn(lambda x: x[1, -2]), [spec((3, 4, 2), f32)], lambda r: [data(r, (3, 4, 2))])
    # tf.experimental.numpy.take and friends
    add("tnp_take", "tf.experimental.numpy.take(x, i)", fn(lambda x, i: T.experimental.numpy.take(x, i)),
        [spec((3, 4), f32), spec((5,), i32)], lambda r: [data(r, (3, 4)), idx(r, (5,), 0, 12)])
    add("tnp_take_axis1", "tf.experimental.numpy.take(x, i, axis=1)", fn(lambda x, i: T.experimental.numpy.take(x, i, axis=1)),
        [spec((3, 4), f32), spec((2,), i32)], lambda r: [data(r, (3, 4)), idx(r, (2,), 0, 4)])
    add("tnp_take_along_axis", "tf.experimental.numpy.take_along_axis(x, i, 1)",
        fn(lambda x, i: T.experimental.numpy.take_along_axis(x, i, 1)),
        [spec((3, 4), f32), spec((3, 2), i64)], lambda r: [data(r, (3, 4)), idx(r, (3, 2), 0, 4, np.int64)])
    add("gather_minimum", "tf.gather(x, tf.minimum(i, 4))", fn(lambda x, i: T.gather(x, T.minimum(i, 4))),
        [spec((5, 2), f32), spec((4,), i32)], lambda r: [data(r, (5, 2)), idx(r, (4,), 0, 9)])
    add("gather_maximum", "tf.gather(x, tf.maximum(i, 0))", fn(lambda x, i: T.gather(x, T.maximum(i, 0))),
        [spec((5, 2), f32), spec((4,), i32)], lambda r: [data(r, (5, 2)), idx(r, (4,), -3, 5)])
    add("gather_relu", "tf.gather(x, tf.nn.relu(i))", fn(lambda x, i: T.gather(x, T.nn.relu(i))),
        [spec((6,), f32), spec((4,), i32)], lambda r: [data(r, (6,)), idx(r, (4,), -3, 6)])
    # shape ops around gathers
    add("gather_squeeze", "tf.squeeze(tf.gather(x, i, axis=1), 1)", fn(lambda x, i: T.squeeze(T.gather(x, i, axis=1), 1)),
        [spec((3, 4), f32), spec((1,), i32)], lambda r: [data(r, (3, 4)), idx(r, (1,), 0, 4)])
    add("gather_expand_dims", "tf.expand_dims(tf.gather(x, i), 0)", fn(lambda x, i: T.expand_dims(T.gather(x, i), 0)),
        [spec((4, 3), f32), spec((2,), i32)], lambda r: [data(r, (4, 3)), idx(r, (2,), 0, 4)])
    add("gather_reshape", "tf.reshape(tf.gather(x, i), [-1])", fn(lambda x, i: T.reshape(T.gather(x, i), [-1])),
        [spec((4, 3), f32), spec((2,), i32)], lambda r: [data(r, (4, 3)), idx(r, (2,), 0, 4)])
    add("reshape_then_gather", "tf.gather(tf.reshape(x, [-1]), i)", fn(lambda x, i: T.gather(T.reshape(x, [-1]), i)),
        [spec((3, 4), f32), spec((5,), i64)], lambda r: [data(r, (3, 4)), idx(r, (5,), 0, 12, np.int64)])
    add("embedding_lookup", "tf.nn.embedding_lookup(w, i)", fn(lambda w, i: T.nn.embedding_lookup(w, i)),
        [spec((6, 3), f32), spec((2, 2), i32)], lambda r: [data(r, (6, 3)), idx(r, (2, 2), 0, 6)])
    add("reverse_then_gather", "tf.gather(tf.reverse(x, [0]), i)", fn(lambda x, i: T.gather(T.reverse(x, [0]), i)),
        [spec((5, 2), f32), spec((3,), i32)], lambda r: [data(r, (5, 2)), idx(r, (3,), 0, 5)])
    return P


# ---------------------------------------------------------------------------
# ONNX files as exporters leave them: torch.onnx.export(dynamo=False) (no
# value_info), and onnx.helper models without ONNX shape inference.


def onnx(scope):
    import torch as T
    import torch.nn.functional as F
    from onnx import TensorProto, helper, numpy_helper

    P = []
    vi = scope["vi"]
    I64 = TensorProto.INT64

    def add_torch(name, src, f, make):
        P.append((name, src + " (torch.onnx.export)", [], [], make, (), {"torch": f}))

    def add_plain(name, src, nodes, inputs, make, inits=()):
        P.append((name, src + " (no value_info)", nodes, inputs, make, tuple(inits), {"value_info": False}))

    # torch.onnx.export (the TorchScript exporter): torch's indices are in
    # range, negatives only where torch wraps them.
    add_torch("torch_index", "x[i]", lambda x, i: x[i], lambda r: [data(r, (5, 3)), _i64(r, (4,), -5, 5)])
    add_torch("torch_embedding", "F.embedding(i, w)", lambda w, i: F.embedding(i, w),
              lambda r: [data(r, (6, 4)), _i64(r, (2, 3), 0, 6)])
    add_torch("torch_select_row", "x[2]", lambda x: x[2], lambda r: [data(r, (5, 4))])
    add_torch("torch_select_last_col", "x[:, -1]", lambda x: x[:, -1], lambda r: [data(r, (3, 6))])
    add_torch("torch_flip", "x.flip(0)", lambda x: x.flip(0), lambda r: [data(r, (5, 3))])
    add_torch("torch_gather", "torch.gather(x, 1, i)", lambda x, i: T.gather(x, 1, i),
              lambda r: [data(r, (4, 5)), _i64(r, (4, 2), 0, 5)])
    add_torch("torch_index_select", "torch.index_select(x, 1, i)", lambda x, i: T.index_select(x, 1, i),
              lambda r: [data(r, (3, 6)), _i64(r, (4,), 0, 6)])
    add_torch("torch_colindex", "x[:, i]", lambda x, i: x[:, i], lambda r: [data(r, (4, 6)), _i64(r, (3,), -6, 6)])
    add_torch("torch_ellipsis", "x[..., i]", lambda x, i: x[..., i], lambda r: [data(r, (2, 3, 5)), _i64(r, (4,), -5, 5)])
    add_torch("torch_slice_step", "x[1:6:2]", lambda x: x[1:6:2], lambda r: [data(r, (7, 3))])
    add_torch("torch_flip_then_index", "x.flip(1)[i]", lambda x, i: x.flip(1)[i],
              lambda r: [data(r, (5, 4)), _i64(r, (3,), -5, 5)])
    add_torch("torch_index_int_data", "x[i] (int32 x)", lambda x, i: x[i],
              lambda r: [data(r, (6, 2), np.int32), _i64(r, (3,), -6, 6)])

    # onnx.helper models without value_info: every intermediate type is
    # the importer's own inference.
    add_plain("chain_gather_gather", "Gather(Gather(x, i, axis=0), j, axis=1)",
              [helper.make_node("Gather", ["x", "i"], ["t"], axis=0), helper.make_node("Gather", ["t", "j"], ["y"], axis=1)],
              [vi("x", (5, 4)), vi("i", (3,), I64), vi("j", (2, 2), I64)],
              lambda r: [data(r, (5, 4)), _i64(r, (3,), -5, 5), _i64(r, (2, 2), -4, 4)])
    add_plain("const_index_gather", "Gather(x, Constant([[2, -1]]), axis=1)",
              [helper.make_node("Constant", [], ["c"], value=numpy_helper.from_array(np.array([[2, -1]], np.int64))),
               helper.make_node("Gather", ["x", "c"], ["y"], axis=1)],
              [vi("x", (3, 4))], lambda r: [data(r, (3, 4))])
    add_plain("slice_then_gather", "Gather(Slice(x, [4], [-100], [0], [-1]), i)",
              [helper.make_node("Slice", ["x", "s", "e", "a", "p"], ["t"]), helper.make_node("Gather", ["t", "i"], ["y"])],
              [vi("x", (6, 2)), vi("i", (3,), I64)], lambda r: [data(r, (6, 2)), _i64(r, (3,), -5, 5)],
              inits=[numpy_helper.from_array(np.array(v, np.int64), k) for k, v in (("s", [4]), ("e", [-100]), ("a", [0]), ("p", [-1]))])
    add_plain("gather_then_elements", "GatherElements(Gather(x, i, axis=1), j, axis=0)",
              [helper.make_node("Gather", ["x", "i"], ["t"], axis=1), helper.make_node("GatherElements", ["t", "j"], ["y"], axis=0)],
              [vi("x", (4, 5)), vi("i", (3,), I64), vi("j", (2, 3), I64)],
              lambda r: [data(r, (4, 5)), _i64(r, (3,), -5, 5), _i64(r, (2, 3), -4, 4)])
    add_plain("gather_nd_then_gather", "Gather(GatherND(x, i), j, axis=1)",
              [helper.make_node("GatherND", ["x", "i"], ["t"]), helper.make_node("Gather", ["t", "j"], ["y"], axis=1)],
              [vi("x", (3, 4, 5)), vi("i", (2, 1), I64), vi("j", (3,), I64)],
              lambda r: [data(r, (3, 4, 5)), _i64(r, (2, 1), -3, 3), _i64(r, (3,), -4, 4)])
    add_plain("gather_scalar_chain", "Gather(Gather(x, 1), i) (0-d index)",
              [helper.make_node("Constant", [], ["k"], value=numpy_helper.from_array(np.array(1, np.int64))),
               helper.make_node("Gather", ["x", "k"], ["t"]), helper.make_node("Gather", ["t", "i"], ["y"])],
              [vi("x", (4, 6)), vi("i", (2, 2), I64)], lambda r: [data(r, (4, 6)), _i64(r, (2, 2), -6, 6)])
    add_plain("gather_nd_batch_chain", "GatherND(Gather(x, i, axis=2), j, batch_dims=1)",
              [helper.make_node("Gather", ["x", "i"], ["t"], axis=2), helper.make_node("GatherND", ["t", "j"], ["y"], batch_dims=1)],
              [vi("x", (2, 3, 4)), vi("i", (2,), I64), vi("j", (2, 2, 1), I64)],
              lambda r: [data(r, (2, 3, 4)), _i64(r, (2,), -4, 4), _i64(r, (2, 2, 1), -3, 3)])
    add_plain("slice_chain", "Slice(Slice(x, axis 1, step 2), axis 0, step -1)",
              [helper.make_node("Slice", ["x", "s1", "e1", "a1", "p1"], ["t"]), helper.make_node("Slice", ["t", "s0", "e0", "a0", "p0"], ["y"])],
              [vi("x", (5, 6))], lambda r: [data(r, (5, 6))],
              inits=[numpy_helper.from_array(np.array(v, np.int64), k) for k, v in
                     (("s1", [0]), ("e1", [6]), ("a1", [1]), ("p1", [2]), ("s0", [-1]), ("e0", [-100]), ("a0", [0]), ("p0", [-1]))])
    add_plain("elements_3d", "GatherElements(x, i, axis=-1) then Gather",
              [helper.make_node("GatherElements", ["x", "i"], ["t"], axis=-1), helper.make_node("Gather", ["t", "j"], ["y"], axis=0)],
              [vi("x", (2, 3, 4)), vi("i", (2, 3, 2), I64), vi("j", (3,), I64)],
              lambda r: [data(r, (2, 3, 4)), _i64(r, (2, 3, 2), -4, 4), _i64(r, (3,), -2, 2)])
    add_plain("gather_int32_indices", "Gather(Gather(x, i32 i), i32 j, axis=-1)",
              [helper.make_node("Gather", ["x", "i"], ["t"]), helper.make_node("Gather", ["t", "j"], ["y"], axis=-1)],
              [vi("x", (6, 3)), vi("i", (4,), TensorProto.INT32), vi("j", (2,), TensorProto.INT32)],
              lambda r: [data(r, (6, 3)), idx(r, (4,), -6, 6), idx(r, (2,), -3, 3)])
    return P
