"""Programs at the boundaries of the gather family (issue 22): zero-size
dims, dynamic dims, 64-bit indices in jax, and index values at the exact
edges of their range.

jax: `f.x64 = True` exports and runs the program under
jax.enable_x64(True) (64-bit index types reach the exported IR), and
`f.poly = [spec or None per argument]` exports it with jax.export's
symbolic shapes (dims named in the spec are dynamic in the IR; the stored
inputs give them concrete sizes). TensorFlow takes None dims in its
TensorSpecs, ONNX named dims (dim_param).
"""

import numpy as np


def _data(r, shape, dtype=np.float32):
    return r.standard_normal(shape).astype(dtype)


def _edges(n, dtype, count):
    """count index values cycling through the edges of a dim of size n
    that every mode below defines: 0, n-1, -1, -n, n, n+1, -n-1."""
    vals = [0, n - 1, -1, -n, n, n + 1, -n - 1]
    return np.array([vals[k % len(vals)] for k in range(count)], dtype)


def jax(scope):
    jnp = scope["jnp"]
    P = []

    def add(name, src, f, make, x64=False, poly=None):
        f.x64, f.poly = x64, poly
        P.append((name, src, f, make))

    # 64-bit indices (jax_enable_x64): the index types the exporters of
    # other frameworks use; values at every edge, and int64's extremes.
    for mode in ("clip", "fill", "wrap"):
        def f(x, i, mode=mode):
            return jnp.take(x, i, axis=0, mode=mode)
        add("boundary_take_%s_i64" % mode, "jnp.take(x, i, axis=0, mode=%r) with int64 i (jax_enable_x64)" % mode, f,
            lambda r: [_data(r, (5, 3)), np.concatenate([_edges(5, np.int64, 7), np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max], np.int64)])],
            x64=True)
    add("boundary_index_i64", "x[i] with int64 i (jax_enable_x64)", lambda x, i: x[i],
        lambda r: [_data(r, (6, 2)), _edges(6, np.int64, 9)], x64=True)
    # int32 extremes with the default 32-bit indices.
    add("boundary_take_clip_i32_extremes", "jnp.take(x, i, axis=1, mode='clip') at int32's extremes",
        lambda x, i: jnp.take(x, i, axis=1, mode="clip"),
        lambda r: [_data(r, (2, 4)), np.array([np.iinfo(np.int32).min, np.iinfo(np.int32).max, 4, -5, 3, 0], np.int32)])
    # zero-size dims: no indices, and an empty data dim next to the gathered one.
    # (Not an empty index vector: jax folds the result to a constant and
    # exports a main without arguments.)
    add("boundary_take_empty_rows", "jnp.take(x, i, axis=1, mode='fill') on a 0x5 input",
        lambda x, i: jnp.take(x, i, axis=1, mode="fill"),
        lambda r: [_data(r, (0, 5)), _edges(5, np.int32, 7)])
    # dynamic dims (jax.export symbolic shapes).
    add("boundary_take_dynamic_rows", "jnp.take(x, i, axis=1, mode='clip'), x of shape (n, 4) symbolic",
        lambda x, i: jnp.take(x, i, axis=1, mode="clip"),
        lambda r: [_data(r, (3, 4)), _edges(4, np.int32, 7)], poly=["n, 4", None])
    add("boundary_index_dynamic_indices", "x[i], i of shape (m,) symbolic",
        lambda x, i: x[i],
        lambda r: [_data(r, (5, 2)), _edges(5, np.int32, 6)], poly=[None, "m"])
    return P


def tf(scope):
    tf_ = scope["tf"]
    spec = scope["spec"]
    P = []

    def add(name, src, f, specs, make):
        P.append((name, src, f, specs, make, False))

    # In range only: TensorFlow's CPU kernels raise on the rest (the
    # out-of-range oracle test feeds them edges separately).
    add("boundary_gather_empty_indices", "tf.gather(x, i, axis=1) with no indices",
        tf_.function(lambda x, i: tf_.gather(x, i, axis=1)), [spec((3, 4), tf_.float32), spec((0,), tf_.int64)],
        lambda r: [_data(r, (3, 4)), np.zeros((0,), np.int64)])
    add("boundary_gather_empty_rows", "tf.gather(x, i, axis=1) on a 0x4 input",
        tf_.function(lambda x, i: tf_.gather(x, i, axis=1)), [spec((0, 4), tf_.float32), spec((3,), tf_.int32)],
        lambda r: [_data(r, (0, 4)), np.array([0, 3, 1], np.int32)])
    add("boundary_gather_dynamic", "tf.gather(x, i, axis=0), x: [None, 3], i: [None]",
        tf_.function(lambda x, i: tf_.gather(x, i, axis=0)), [spec((None, 3), tf_.float32), spec((None,), tf_.int32)],
        lambda r: [_data(r, (5, 3)), np.array([0, 4, 4, 0, 2], np.int32)])
    add("boundary_gather_nd_dynamic", "tf.gather_nd(x, i), i: [None, 2] int64",
        tf_.function(lambda x, i: tf_.gather_nd(x, i)), [spec((4, 3), tf_.float32), spec((None, 2), tf_.int64)],
        lambda r: [_data(r, (4, 3)), np.array([[0, 0], [3, 2], [3, 0], [0, 2]], np.int64)])
    return P


def onnx(scope):
    helper, TensorProto, vi = scope["helper"], scope["TensorProto"], scope["vi"]
    P = []

    def add(name, src, nodes, inputs, make, inits=()):
        P.append((name, src, nodes, inputs, make, inits))

    # Negative indices are in ONNX's range: every edge in [-n, n).
    add("boundary_gather_edges", "Gather(axis=0) at -n, -1, 0, n-1",
        [helper.make_node("Gather", ["x", "i"], ["y"], axis=0)], [vi("x", (5, 3)), vi("i", (4,), TensorProto.INT64)],
        lambda r: [_data(r, (5, 3)), np.array([-5, -1, 0, 4], np.int64)])
    add("boundary_gather_empty_indices", "Gather(axis=1) with no indices",
        [helper.make_node("Gather", ["x", "i"], ["y"], axis=1)], [vi("x", (3, 4)), vi("i", (0,), TensorProto.INT64)],
        lambda r: [_data(r, (3, 4)), np.zeros((0,), np.int64)])
    add("boundary_gather_symbolic", "Gather(axis=0), x: [N, 3] (dim_param N)",
        [helper.make_node("Gather", ["x", "i"], ["y"], axis=0)], [vi("x", ("N", 3)), vi("i", (3,), TensorProto.INT64)],
        lambda r: [_data(r, (4, 3)), np.array([-4, 3, -1], np.int64)])
    add("boundary_gather_nd_symbolic", "GatherND, i: [M, 2] (dim_param M)",
        [helper.make_node("GatherND", ["x", "i"], ["y"])], [vi("x", (3, 4)), vi("i", ("M", 2), TensorProto.INT64)],
        lambda r: [_data(r, (3, 4)), np.array([[-3, -4], [2, 3], [0, -1]], np.int64)])
    return P


def torch(scope):
    torch_ = scope["torch"]
    P = []

    def add(name, src, f, make):
        P.append((name, src, f, make))

    add("boundary_index_select_empty", "torch.index_select(x, 0, i) with no indices",
        lambda x, i: torch_.index_select(x, 0, i),
        lambda r: [_data(r, (4, 3)), np.zeros((0,), np.int64)])
    add("boundary_index_edges", "x[i] at -n, -1, 0, n-1", lambda x, i: x[i],
        lambda r: [_data(r, (5, 2)), np.array([-5, -1, 0, 4], np.int64)])
    add("boundary_gather_edges", "torch.gather(x, 1, i) at 0 and n-1", lambda x, i: torch_.gather(x, 1, i),
        lambda r: [_data(r, (3, 4)), np.array([[0, 3], [3, 0], [3, 3]], np.int64)])
    return P
