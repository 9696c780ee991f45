"""More scatter programs, written the way users write them and kept apart
from catalogue/scatter.py (whose programs the frontends were built
against), so they check that the scatter family holds on programs it was
not tuned to: PyTorch's in-place scatter_/index_put_ forms, scatter_reduce
on int data, index_add with alpha, 2-D advanced indices with accumulate,
boolean-mask assignment and `y[i, j] += v` with repeated pairs; jax's
.at[] with tuple, mixed slice/array and non-adjacent indices, every mode,
segment ops with indices_are_sorted, gradients with respect to a table, and
bf16/f16/int8 data; TensorFlow's tensor_scatter_nd_* with slice updates,
scatter_nd into 3-D, unsorted_segment_* with int64 ids; ONNX
ScatterElements/ScatterND at opsets 11, 13, 16 and 18 with negative axes
and indices and no value_info. Indices repeat wherever the framework
defines the result of duplicates."""

import numpy as np

from export import data, idx


def _bf16(r, shape):
    import ml_dtypes
    return data(r, shape).astype(ml_dtypes.bfloat16)


def _i64(r, shape, lo, hi):
    return idx(r, shape, lo, hi, np.int64)


def torch(scope):
    import torch as T

    P = []
    add = lambda *a: P.append(a)  # noqa: E731

    def inplace_scatter_add(x, i, u):
        y = x.clone()
        y.scatter_(1, i, u, reduce="add")
        return y

    add("ho_scatter_inplace_reduce_add", "y = x.clone(); y.scatter_(1, i, u, reduce='add')", inplace_scatter_add,
        lambda r: [data(r, (3, 5)), _i64(r, (3, 6), 0, 5), data(r, (3, 6))])
    add("ho_scatter_multiply_int_last", "torch.scatter(x, -1, i, u, reduce='multiply') on int32",
        lambda x, i, u: T.scatter(x, -1, i, u, reduce="multiply"),
        lambda r: [idx(r, (2, 2, 4), -3, 4), _i64(r, (2, 2, 5), 0, 4), idx(r, (2, 2, 5), -3, 4)])
    add("ho_scatter_src_3d_dim1_small_index", "x.scatter(1, i, u), i smaller than u in every dim",
        lambda x, i, u: x.scatter(1, i, u),
        lambda r: [data(r, (3, 4, 5)), _i64(r, (2, 3, 4), 0, 4), data(r, (3, 5, 5))])
    add("ho_scatter_value_int64", "x.scatter(-2, i, -7) on int64",
        lambda x, i: x.scatter(-2, i, -7),
        lambda r: [idx(r, (4, 3), -50, 50, np.int64), _i64(r, (2, 3), 0, 4)])
    add("ho_scatter_add_dim_neg1", "torch.scatter_add(x, -1, i, u) on 3-D, repeated",
        lambda x, i, u: T.scatter_add(x, -1, i, u),
        lambda r: [data(r, (2, 3, 3)), _i64(r, (2, 3, 7), 0, 3), data(r, (2, 3, 7))])
    for red, inc, dt in [("sum", False, np.int32), ("prod", True, np.int32), ("mean", True, np.int32),
                         ("mean", False, np.int64), ("amax", True, np.int64), ("amin", False, np.int32),
                         ("prod", False, np.float32), ("mean", True, np.float32), ("amin", True, np.float32),
                         ("amax", False, np.float32), ("sum", True, np.float32)]:
        tag = "%s_%s_%s" % (red, "self" if inc else "noself", np.dtype(dt).name)

        def make(r, dt=dt):
            if np.issubdtype(dt, np.integer):
                return [idx(r, (4, 5), -9, 9, dt), _i64(r, (4, 7), 0, 5), idx(r, (4, 7), -9, 9, dt)]
            return [data(r, (4, 5)), _i64(r, (4, 7), 0, 5), data(r, (4, 7))]

        add("ho_scatter_reduce_%s" % tag, "x.scatter_reduce(-1, i, u, %r, include_self=%s) (%s)" % (red, inc, np.dtype(dt).name),
            lambda x, i, u, red=red, inc=inc: x.scatter_reduce(-1, i, u, red, include_self=inc), make)

    def inplace_scatter_reduce(x, i, u):
        y = x.clone()
        y.scatter_reduce_(0, i, u, "amax", include_self=False)
        return y

    add("ho_scatter_reduce_inplace_amax", "y = x.clone(); y.scatter_reduce_(0, i, u, 'amax', include_self=False)",
        inplace_scatter_reduce, lambda r: [data(r, (4, 2)), _i64(r, (6, 2), 0, 3), data(r, (6, 2))])
    add("ho_index_put_accumulate_2d", "x.index_put((i, j), v, accumulate=True), i and j 2x3",
        lambda x, i, j, v: x.index_put((i, j), v, accumulate=True),
        lambda r: [data(r, (4, 5)), _i64(r, (2, 3), -4, 4), _i64(r, (2, 3), -5, 5), data(r, (2, 3))])
    add("ho_index_put_accumulate_broadcast", "x.index_put((i, j), v, accumulate=True), i 3x1, j 4, v scalar-like [1]",
        lambda x, i, j, v: x.index_put((i, j), v, accumulate=True),
        lambda r: [data(r, (3, 6, 2)), _i64(r, (3, 1), -3, 3), _i64(r, (4,), -6, 6), data(r, (1, 2))])

    def index_put_inplace(x, i, v):
        y = x.clone()
        y.index_put_((i,), v, accumulate=True)
        return y

    add("ho_index_put_inplace_int", "y = x.clone(); y.index_put_((i,), v, accumulate=True) on int64",
        index_put_inplace, lambda r: [idx(r, (5,), -20, 20, np.int64), _i64(r, (8,), -5, 5), idx(r, (8,), -20, 20, np.int64)])
    # torch's eager index_add with alpha on floats adds alpha * v[k] to
    # each row with one rounding (a fused multiply-add, like addcmul),
    # while the graph torch.export records for it is mul.Scalar and then
    # index_put(accumulate=True): two roundings. With alpha = 2.5 the two
    # differ in the last bit (6 of 15 elements on this program's inputs);
    # tcp compiles the exported graph, so the float program uses a power of
    # two, where both round alike.
    add("ho_index_add_alpha", "torch.index_add(x, 0, i, v, alpha=2.0) (a power of two: see the note above)",
        lambda x, i, v: T.index_add(x, 0, i, v, alpha=2.0),
        lambda r: [data(r, (5, 3)), _i64(r, (7,), 0, 5), data(r, (7, 3))])
    add("ho_index_add_alpha_int_dim_neg", "x.index_add(-1, i, v, alpha=3) on int32",
        lambda x, i, v: x.index_add(-1, i, v, alpha=3),
        lambda r: [idx(r, (2, 4), -9, 9), _i64(r, (6,), 0, 4), idx(r, (2, 6), -9, 9)])
    add("ho_index_copy_dim1", "x.index_copy(1, i, v) (unique i)",
        lambda x, i, v: x.index_copy(1, i, v),
        lambda r: [data(r, (3, 6)), r.permutation(6)[:3].astype(np.int64), data(r, (3, 3))])
    add("ho_index_fill_dim_neg_int", "x.index_fill(-1, i, 4) on int32, repeated i",
        lambda x, i: x.index_fill(-1, i, 4),
        lambda r: [idx(r, (3, 5), -9, 9), _i64(r, (4,), 0, 5)])

    def masked_set(x, m, v):
        y = x.clone()
        y[m] = v
        return y

    def masked_set_scalar(x, m):
        y = x.clone()
        y[m] = 0.5
        return y

    add("ho_masked_setitem_scalar", "y = x.clone(); y[m] = 0.5 (boolean mask m of x's shape)", masked_set_scalar,
        lambda r: [data(r, (4, 3)), r.random((4, 3)) < 0.5])
    add("ho_masked_setitem_rows", "y = x.clone(); y[m] = v (boolean row mask m, v broadcast)", masked_set,
        lambda r: [data(r, (5, 3)), r.random((5,)) < 0.5, data(r, (3,))])

    def pair_iadd(x, i, j, v):
        y = x.clone()
        y[i, j] += v
        return y

    add("ho_pair_iadd_duplicates", "y = x.clone(); y[i, j] += v (repeated pairs: the last write wins)", pair_iadd,
        lambda r: [data(r, (3, 4)), _i64(r, (6,), -3, 3), _i64(r, (6,), 0, 4), data(r, (6,))])

    def rows_setitem_neg(x, i, v):
        y = x.clone()
        y[:, i] = v
        return y

    def rows_iadd_scalar(x, i):
        y = x.clone()
        y[i] += 1.5
        return y

    def scatter_value_inplace(x, i):
        y = x.clone()
        y.scatter_(1, i, 7)
        return y

    add("ho_rows_iadd_scalar", "y = x.clone(); y[i] += 1.5 (repeated i: the last write wins)", rows_iadd_scalar,
        lambda r: [data(r, (4, 2)), _i64(r, (5,), -4, 4)])
    add("ho_scatter_value_inplace_int", "y = x.clone(); y.scatter_(1, i, 7) on int64", scatter_value_inplace,
        lambda r: [idx(r, (3, 4), -50, 50, np.int64), _i64(r, (3, 2), 0, 4)])
    add("ho_index_put_f16", "x.index_put((i,), v) on float16, unique i",
        lambda x, i, v: x.index_put((i,), v),
        lambda r: [data(r, (5, 2)).astype(np.float16), r.permutation(5)[:3].astype(np.int64), data(r, (3, 2)).astype(np.float16)])
    add("ho_scatter_add_3d_dim0", "torch.scatter_add(x, 0, i, u) on 3-D int32",
        lambda x, i, u: T.scatter_add(x, 0, i, u),
        lambda r: [idx(r, (3, 2, 2), -9, 9), _i64(r, (4, 2, 2), 0, 3), idx(r, (4, 2, 2), -9, 9)])
    add("ho_setitem_cols_int8", "y = x.clone(); y[:, i] = v on int8, repeated negative i", rows_setitem_neg,
        lambda r: [idx(r, (3, 5), -100, 100, np.int8), _i64(r, (4,), -5, 5), idx(r, (3, 4), -100, 100, np.int8)])
    return P


def jax(scope):
    import jax as J
    import jax.numpy as jnp

    P = []
    add = lambda *a: P.append(a)  # noqa: E731

    add("ho_at_set_neg_3d", "x.at[i].set(u) on 3-D, negative and out-of-range i",
        lambda x, i, u: x.at[i].set(u),
        lambda r: [data(r, (4, 2, 3)), idx(r, (5,), -7, 7), data(r, (5, 2, 3))])
    add("ho_at_tuple_mul", "x.at[(i, j)].mul(u) (a tuple of index arrays)",
        lambda x, i, j, u: x.at[(i, j)].mul(u),
        lambda r: [data(r, (4, 3)), idx(r, (7,), -5, 5), idx(r, (7,), -4, 4), data(r, (7,))])
    add("ho_at_slice_array_add", "x.at[1:3, i].add(u) (a slice and an array)",
        lambda x, i, u: x.at[1:3, i].add(u),
        lambda r: [data(r, (4, 5)), idx(r, (6,), -6, 6), data(r, (2, 6))])
    add("ho_at_nonadjacent_max", "x.at[i, :, j].max(u) (non-adjacent arrays)",
        lambda x, i, j, u: x.at[i, :, j].max(u),
        lambda r: [data(r, (3, 2, 4)), idx(r, (5,), -3, 3), idx(r, (5,), -4, 4), data(r, (5, 2))])
    add("ho_at_min_neg_step_slice", "x.at[::-1, i].min(u)",
        lambda x, i, u: x.at[::-1, i].min(u),
        lambda r: [data(r, (3, 4)), idx(r, (5,), -6, 6), data(r, (3, 5))])
    for mode in ["drop", "clip", "fill", "promise_in_bounds"]:
        lo, hi = (-4, 4) if mode == "promise_in_bounds" else (-9, 9)
        add("ho_at_mul_mode_%s" % mode, "x.at[i].mul(u, mode=%r) on 2-D i" % mode,
            lambda x, i, u, mode=mode: x.at[i].mul(u, mode=mode),
            lambda r, lo=lo, hi=hi: [data(r, (4, 2)), idx(r, (2, 3), lo, hi), data(r, (2, 3, 2))])
        add("ho_at_max_mode_%s" % mode, "x.at[i, j].max(u, mode=%r)" % mode,
            lambda x, i, j, u, mode=mode: x.at[i, j].max(u, mode=mode),
            lambda r, lo=lo, hi=hi: [data(r, (4, 5)), idx(r, (6,), lo, hi), idx(r, (6,), lo, hi), data(r, (6,))])
    add("ho_at_set_unique_indices", "x.at[i].set(u, unique_indices=True)",
        lambda x, i, u: x.at[i].set(u, unique_indices=True),
        lambda r: [data(r, (6, 2)), r.permutation(6)[:4].astype(np.int32), data(r, (4, 2))])
    add("ho_at_add_sorted", "x.at[i].add(u, indices_are_sorted=True)",
        lambda x, i, u: x.at[i].add(u, indices_are_sorted=True),
        lambda r: [data(r, (5, 3)), np.sort(idx(r, (7,), 0, 5)), data(r, (7, 3))])
    add("ho_vmap_at_add", "jax.vmap(lambda x, i, u: x.at[i].add(u)) (batching dims)",
        J.vmap(lambda x, i, u: x.at[i].add(u)),
        lambda r: [data(r, (3, 5)), idx(r, (3, 4), -6, 6), data(r, (3, 4))])
    add("ho_at_python_int_neg", "x.at[-1].set(u) (a Python int)", lambda x, u: x.at[-1].set(u),
        lambda r: [data(r, (4, 3)), data(r, (3,))])
    add("ho_at_array_slice_mul", "x.at[i, 1:3].mul(u)", lambda x, i, u: x.at[i, 1:3].mul(u),
        lambda r: [data(r, (4, 5)), idx(r, (3,), -5, 5), data(r, (3, 2))])
    add("ho_at_bool_set", "x.at[i].set(True) on bool", lambda x, i: x.at[i].set(True),
        lambda r: [r.random((6,)) < 0.3, idx(r, (4,), -7, 7)])
    add("ho_at_uint8_add", "x.at[i].add(u) on uint8 (wrapping)", lambda x, i, u: x.at[i].add(u),
        lambda r: [idx(r, (5,), 0, 256, np.uint8), idx(r, (7,), -5, 5), idx(r, (7,), 0, 256, np.uint8)])
    # segment ops
    add("ho_segment_sum_sorted", "jax.ops.segment_sum(x, s, num_segments=4, indices_are_sorted=True)",
        lambda x, s: J.ops.segment_sum(x, s, num_segments=4, indices_are_sorted=True),
        lambda r: [data(r, (8, 2)), np.sort(idx(r, (8,), 0, 4))])
    add("ho_segment_max_oob", "jax.ops.segment_max(x, s, num_segments=3) (negative and out-of-range ids dropped)",
        lambda x, s: J.ops.segment_max(x, s, num_segments=3),
        lambda r: [data(r, (7, 2)), idx(r, (7,), -2, 5)])
    add("ho_segment_min_int", "jax.ops.segment_min(x, s, num_segments=5) on int32",
        lambda x, s: J.ops.segment_min(x, s, num_segments=5),
        lambda r: [idx(r, (9,), -50, 50), idx(r, (9,), 0, 6)])
    add("ho_segment_prod_sorted", "jax.ops.segment_prod(x, s, 4, indices_are_sorted=True)",
        lambda x, s: J.ops.segment_prod(x, s, 4, indices_are_sorted=True),
        lambda r: [data(r, (6, 3)), np.sort(idx(r, (6,), 0, 4))])
    add("ho_segment_sum_3d_oob", "jax.ops.segment_sum(x, s, 4) on 3-D x, ids out of range both ways",
        lambda x, s: J.ops.segment_sum(x, s, 4),
        lambda r: [data(r, (6, 2, 2)), idx(r, (6,), -1, 5)])
    # gradients with respect to a table
    add("ho_grad_take_fill", "jax.grad(lambda x, i: (jnp.take(x, i, axis=0) ** 2 * 3.0).sum()) (mode fill)",
        J.grad(lambda x, i: (jnp.take(x, i, axis=0) ** 2 * 3.0).sum()),
        lambda r: [data(r, (5, 2)), idx(r, (6,), -7, 7)])
    add("ho_grad_take_along_axis0", "jax.grad(lambda x, i: (jnp.take_along_axis(x, i, axis=0) ** 2).sum())",
        J.grad(lambda x, i: (jnp.take_along_axis(x, i, axis=0) ** 2).sum()),
        lambda r: [data(r, (4, 3)), idx(r, (6, 3), -4, 4)])
    add("ho_grad_index_2d", "jax.grad(lambda x, i: jnp.sum(x[i] * x[i])), i of shape 2x2",
        J.grad(lambda x, i: jnp.sum(x[i] * x[i])),
        lambda r: [data(r, (5, 3)), idx(r, (2, 2), -5, 5)])
    add("ho_grad_embedding_mlp", "jax.grad(lambda t, ids, w: jnp.sum(jnp.maximum(t[ids] @ w, 0.0)))",
        J.grad(lambda t, ids, w: jnp.sum(jnp.maximum(t[ids] * w, 0.0) - t[ids] / 2.0)),
        lambda r: [data(r, (6, 4)), idx(r, (9,), 0, 6), data(r, (4,))])
    add("ho_grad_embedding_bf16", "jax.grad(lambda t, ids: jnp.sum(t[ids].astype(float32) ** 2)) (bfloat16 table)",
        J.grad(lambda t, ids: jnp.sum(t[ids] * t[ids])),
        lambda r: [_bf16(r, (6, 2)), idx(r, (8,), 0, 6)])
    # narrow dtypes
    add("ho_at_add_bf16", "x.at[i].add(u) (bfloat16)", lambda x, i, u: x.at[i].add(u),
        lambda r: [_bf16(r, (5, 2)), idx(r, (6,), -6, 6), _bf16(r, (6, 2))])
    add("ho_at_min_f16", "x.at[i].min(u) (float16)", lambda x, i, u: x.at[i].min(u),
        lambda r: [data(r, (5,)).astype(np.float16), idx(r, (7,), -6, 6), data(r, (7,)).astype(np.float16)])
    add("ho_at_set_int8", "x.at[i].set(u) (int8 data, int8 indices)", lambda x, i, u: x.at[i].set(u),
        lambda r: [idx(r, (6, 2), -100, 100, np.int8), idx(r, (5,), -8, 8, np.int8), idx(r, (5, 2), -100, 100, np.int8)])
    add("ho_at_max_int8_clip", "x.at[i].max(u, mode='clip') (int8)", lambda x, i, u: x.at[i].max(u, mode="clip"),
        lambda r: [idx(r, (5,), -100, 100, np.int8), idx(r, (6,), -9, 9), idx(r, (6,), -100, 100, np.int8)])
    return P


def tf(scope):
    import tensorflow as T

    P = []

    def add(name, src, f, specs, make):
        P.append((name, src, f, specs, make, False))

    S = T.TensorSpec
    add("ho_tensor_scatter_update_slices_3d", "tf.tensor_scatter_nd_update(x, i, u): depth-1 index into 3-D, slice updates (unique)",
        T.function(lambda x, i, u: T.tensor_scatter_nd_update(x, i, u)),
        [S((5, 3, 2), T.float32), S((3, 1), T.int64), S((3, 3, 2), T.float32)],
        lambda r: [data(r, (5, 3, 2)), r.permutation(5)[:3].reshape(3, 1).astype(np.int64), data(r, (3, 3, 2))])
    add("ho_tensor_scatter_sub_depth2", "tf.tensor_scatter_nd_sub(x, i, u): depth-2 index into 3-D, repeated",
        T.function(lambda x, i, u: T.tensor_scatter_nd_sub(x, i, u)),
        [S((3, 4, 2), T.float32), S((2, 3, 2), T.int32), S((2, 3, 2), T.float32)],
        lambda r: [data(r, (3, 4, 2)), np.concatenate([idx(r, (2, 3, 1), 0, 3), idx(r, (2, 3, 1), 0, 4)], -1), data(r, (2, 3, 2))])
    add("ho_tensor_scatter_min_int", "tf.tensor_scatter_nd_min(x, i, u) on int32, int64 indices",
        T.function(lambda x, i, u: T.tensor_scatter_nd_min(x, i, u)),
        [S((4, 3), T.int32), S((6, 2), T.int64), S((6,), T.int32)],
        lambda r: [data(r, (4, 3), np.int32), np.concatenate([_i64(r, (6, 1), 0, 4), _i64(r, (6, 1), 0, 3)], -1), data(r, (6,), np.int32)])
    add("ho_tensor_scatter_max_slices", "tf.tensor_scatter_nd_max(x, i, u): rows of a 3-D tensor, repeated",
        T.function(lambda x, i, u: T.tensor_scatter_nd_max(x, i, u)),
        [S((3, 2, 4), T.float32), S((5, 1), T.int32), S((5, 2, 4), T.float32)],
        lambda r: [data(r, (3, 2, 4)), idx(r, (5, 1), 0, 3), data(r, (5, 2, 4))])
    add("ho_tensor_scatter_add_batch", "tf.tensor_scatter_nd_add(x, i, u): 2x2 batch of depth-1 indices",
        T.function(lambda x, i, u: T.tensor_scatter_nd_add(x, i, u)),
        [S((4, 3), T.float32), S((2, 2, 1), T.int64), S((2, 2, 3), T.float32)],
        lambda r: [data(r, (4, 3)), _i64(r, (2, 2, 1), 0, 4), data(r, (2, 2, 3))])
    add("ho_scatter_nd_3d_sum", "tf.scatter_nd(i, u, [3, 4, 2]) (repeated pairs summed)",
        T.function(lambda i, u: T.scatter_nd(i, u, [3, 4, 2])), [S((7, 2), T.int32), S((7, 2), T.float32)],
        lambda r: [np.concatenate([idx(r, (7, 1), 0, 3), idx(r, (7, 1), 0, 4)], -1), data(r, (7, 2))])
    add("ho_scatter_nd_int", "tf.scatter_nd(i, u, [6]) on int32 (repeated summed)",
        T.function(lambda i, u: T.scatter_nd(i, u, [6])), [S((8, 1), T.int64), S((8,), T.int32)],
        lambda r: [_i64(r, (8, 1), 0, 6), data(r, (8,), np.int32)])
    add("ho_tensor_scatter_update_int64_data", "tf.tensor_scatter_nd_update on int64 data (unique rows)",
        T.function(lambda x, i, u: T.tensor_scatter_nd_update(x, i, u)),
        [S((4, 2), T.int64), S((2, 1), T.int32), S((2, 2), T.int64)],
        lambda r: [idx(r, (4, 2), -99, 99, np.int64), np.array([[3], [0]], np.int32), idx(r, (2, 2), -99, 99, np.int64)])
    add("ho_unsorted_segment_sum_3d_2d_ids", "tf.math.unsorted_segment_sum(x, s, 4), 2-D ids into 3-D data",
        T.function(lambda x, s: T.math.unsorted_segment_sum(x, s, 4)), [S((2, 3, 2), T.float32), S((2, 3), T.int32)],
        lambda r: [data(r, (2, 3, 2)), idx(r, (2, 3), -1, 4)])
    add("ho_unsorted_segment_sum_i64", "tf.math.unsorted_segment_sum(x, s, 4), int64 ids with negatives",
        T.function(lambda x, s: T.math.unsorted_segment_sum(x, s, 4)), [S((6, 3), T.float32), S((6,), T.int64)],
        lambda r: [data(r, (6, 3)), _i64(r, (6,), -3, 4)])
    add("ho_unsorted_segment_max_2d", "tf.math.unsorted_segment_max(x, s, 3), 2-D ids (empty segments)",
        T.function(lambda x, s: T.math.unsorted_segment_max(x, s, 3)), [S((2, 4), T.float32), S((2, 4), T.int32)],
        lambda r: [data(r, (2, 4)), idx(r, (2, 4), -1, 2)])
    add("ho_unsorted_segment_min_int", "tf.math.unsorted_segment_min(x, s, 5) on int32, int64 ids",
        T.function(lambda x, s: T.math.unsorted_segment_min(x, s, 5)), [S((7, 2), T.int32), S((7,), T.int64)],
        lambda r: [data(r, (7, 2), np.int32), _i64(r, (7,), -2, 4)])
    add("ho_unsorted_segment_prod_neg", "tf.math.unsorted_segment_prod(x, s, 4), negative ids dropped",
        T.function(lambda x, s: T.math.unsorted_segment_prod(x, s, 4)), [S((8,), T.float32), S((8,), T.int32)],
        lambda r: [data(r, (8,)), idx(r, (8,), -2, 4)])
    return P


def onnx(scope):
    from onnx import TensorProto, helper

    F, I64, I32 = TensorProto.FLOAT, TensorProto.INT64, TensorProto.INT32
    P = []

    def add(name, src, nodes, inputs, make, opset, out=F):
        P.append((name, src, nodes, inputs, make, (), {"value_info": False, "opset": opset, "out_elem": out}))

    def neg_then(op, **attrs):
        # Add(u, u) feeds the scatter: an intermediate value whose
        # value_info is removed, as exporters leave it. (Neg would be the
        # natural op here, but tcp's ONNX frontend has no Neg: that is
        # outside the gather/scatter family.)
        return [helper.make_node("Add", ["u", "u"], ["nu"]), helper.make_node(op, ["x", "i", "nu"], ["y"], **attrs)]

    add("ho_scatter_elements_op11_axis_neg2", "ScatterElements(axis=-2) at opset 11 on 3-D, negative indices (unique per column)",
        neg_then("ScatterElements", axis=-2), [("x", (2, 4, 3), F), ("i", (2, 2, 3), I64), ("u", (2, 2, 3), F)],
        lambda r: [data(r, (2, 4, 3)), np.stack([np.stack([r.permutation(4)[:2] - 4 * (r.random(2) < 0.5) for _ in range(3)], -1)
                                                 for _ in range(2)]).astype(np.int64), data(r, (2, 2, 3))], 11)
    add("ho_scatter_nd_op11_pairs", "ScatterND at opset 11: 2-D tuples into 3-D, negative indices (unique)",
        neg_then("ScatterND"), [("x", (3, 4, 2), F), ("i", (4, 2), I64), ("u", (4, 2), F)],
        lambda r: [data(r, (3, 4, 2)), np.array([[-3, 1], [0, -1], [2, 2], [-1, -4]], np.int64), data(r, (4, 2))], 11)
    add("ho_scatter_elements_op13_i32", "ScatterElements(axis=1) at opset 13, int32 indices, negative (unique)",
        [helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], axis=1)],
        [("x", (3, 5), F), ("i", (3, 2), I32), ("u", (3, 2), F)],
        lambda r: [data(r, (3, 5)), np.array([[0, -1], [-5, 2], [3, -3]], np.int32), data(r, (3, 2))], 13)
    add("ho_scatter_nd_op13_batch", "ScatterND at opset 13: 2x2 batch of rows (unique)",
        neg_then("ScatterND"), [("x", (5, 3), F), ("i", (2, 2, 1), I64), ("u", (2, 2, 3), F)],
        lambda r: [data(r, (5, 3)), np.array([[[4], [-5]], [[-3], [1]]], np.int64), data(r, (2, 2, 3))], 13)
    add("ho_scatter_elements_op16_add_last", "ScatterElements(axis=-1, reduction='add') at opset 16, int32 indices, repeated",
        neg_then("ScatterElements", axis=-1, reduction="add"), [("x", (3, 4), F), ("i", (3, 6), I32), ("u", (3, 6), F)],
        lambda r: [data(r, (3, 4)), idx(r, (3, 6), -4, 4), data(r, (3, 6))], 16)
    add("ho_scatter_nd_op16_mul", "ScatterND(reduction='mul') at opset 16: rows, repeated negative",
        neg_then("ScatterND", reduction="mul"), [("x", (4, 3), F), ("i", (6, 1), I64), ("u", (6, 3), F)],
        lambda r: [data(r, (4, 3)), _i64(r, (6, 1), -4, 4), data(r, (6, 3))], 16)
    add("ho_scatter_elements_op18_max_neg", "ScatterElements(axis=-3, reduction='max') at opset 18 on 3-D, repeated",
        neg_then("ScatterElements", axis=-3, reduction="max"), [("x", (3, 2, 2), F), ("i", (5, 2, 2), I64), ("u", (5, 2, 2), F)],
        lambda r: [data(r, (3, 2, 2)), _i64(r, (5, 2, 2), -3, 3), data(r, (5, 2, 2))], 18)
    add("ho_scatter_nd_op18_min_elements", "ScatterND(reduction='min') at opset 18: full tuples, repeated negative",
        neg_then("ScatterND", reduction="min"), [("x", (3, 3), F), ("i", (7, 2), I64), ("u", (7,), F)],
        lambda r: [data(r, (3, 3)), _i64(r, (7, 2), -3, 3), data(r, (7,))], 18)
    add("ho_scatter_elements_op18_mul_int", "ScatterElements(axis=0, reduction='mul') at opset 18 on int32 data",
        [helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], axis=0, reduction="mul")],
        [("x", (4, 2), I32), ("i", (6, 2), I64), ("u", (6, 2), I32)],
        lambda r: [idx(r, (4, 2), -5, 5), _i64(r, (6, 2), -4, 4), idx(r, (6, 2), -5, 5)], 18, I32)
    add("ho_scatter_nd_op18_add_int64_tuple", "ScatterND(reduction='add') at opset 18: one full index tuple (1-D indices) into int64 data",
        [helper.make_node("ScatterND", ["x", "i", "u"], ["y"], reduction="add")],
        [("x", (3, 4), I64), ("i", (2,), I64), ("u", (), I64)],
        lambda r: [idx(r, (3, 4), -50, 50, np.int64), np.array([-1, 2], np.int64), np.array(5, np.int64)], 18, I64)
    add("ho_scatter_elements_op16_mul_int64", "ScatterElements(axis=1, reduction='mul') at opset 16 on int64",
        [helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], axis=1, reduction="mul")],
        [("x", (2, 3), I64), ("i", (2, 4), I64), ("u", (2, 4), I64)],
        lambda r: [idx(r, (2, 3), -5, 5, np.int64), _i64(r, (2, 4), -3, 3), idx(r, (2, 4), -5, 5, np.int64)], 16, I64)
    return P
