"""Scatter programs: jax .at[] updates, segment ops, gradients of gathers,
lax.scatter with random dimension numbers; ONNX ScatterElements / ScatterND;
TensorFlow tensor_scatter_* / scatter_nd / unsorted_segment_*; PyTorch
scatter / scatter_add / scatter_reduce / index_put. Indices repeat wherever
the framework defines the result of duplicates (add, mul, min, max, and the
CPU order for replace), so every program exercises them."""

import sys

import numpy as np


def _helpers(scope):
    """data() and idx() from export.py (module globals, not in scope)."""
    m = sys.modules["__main__"]
    return scope.get("data", getattr(m, "data", None)), scope.get("idx", getattr(m, "idx", None))


def jax(scope):
    import jax as J
    import jax.numpy as jnp
    from jax import lax

    data, idx = _helpers(scope)
    P = []

    def add(name, src, f, make):
        P.append((name, src, f, make))

    # x.at[i].op(u) with duplicates, negative and out-of-range indices
    # (jax wraps negatives once and drops the rest by default)
    for op in ["set", "add", "mul", "min", "max"]:
        add("at_%s_rows" % op, "x.at[i].%s(u)" % op,
            lambda x, i, u, op=op: getattr(x.at[i], op)(u),
            lambda r: [data(r, (6, 3)), idx(r, (5,), -8, 8), data(r, (5, 3))])
    for op in ["add", "max"]:
        add("at_%s_int32" % op, "x.at[i].%s(u) on int32" % op,
            lambda x, i, u, op=op: getattr(x.at[i], op)(u),
            lambda r: [data(r, (5, 2), np.int32), idx(r, (7,), -6, 6), data(r, (7, 2), np.int32)])
    for mode in ["drop", "clip", "promise_in_bounds"]:
        for op in ["set", "add"]:
            lo, hi = (0, 6) if mode == "promise_in_bounds" else (-9, 9)
            add("at_%s_mode_%s" % (op, mode), "x.at[i].%s(u, mode=%r)" % (op, mode),
                lambda x, i, u, op=op, mode=mode: getattr(x.at[i], op)(u, mode=mode),
                lambda r, lo=lo, hi=hi: [data(r, (6, 2)), idx(r, (6,), lo, hi), data(r, (6, 2))])
    add("at_mul_clip", "x.at[i].mul(u, mode='clip')", lambda x, i, u: x.at[i].mul(u, mode="clip"),
        lambda r: [data(r, (4, 3)), idx(r, (5,), -6, 6), data(r, (5, 3))])
    add("at_cols_add", "x.at[:, i].add(u)", lambda x, i, u: x.at[:, i].add(u),
        lambda r: [data(r, (3, 5)), idx(r, (4,), -6, 6), data(r, (3, 4))])
    add("at_pair_set", "x.at[i, j].set(u)", lambda x, i, j, u: x.at[i, j].set(u),
        lambda r: [data(r, (4, 5)), idx(r, (6,), -5, 5), idx(r, (6,), -6, 6), data(r, (6,))])
    add("at_pair_add_3d", "x.at[i, j].add(u) on 3-D", lambda x, i, j, u: x.at[i, j].add(u),
        lambda r: [data(r, (3, 4, 2)), idx(r, (5,), -4, 4), idx(r, (5,), -5, 5), data(r, (5, 2))])
    add("at_ellipsis_min", "x.at[..., i].min(u)", lambda x, i, u: x.at[..., i].min(u),
        lambda r: [data(r, (2, 3, 4)), idx(r, (3,), -5, 5), data(r, (2, 3, 3))])
    add("at_2d_index_add", "x.at[i].add(u), i of shape 2x3", lambda x, i, u: x.at[i].add(u),
        lambda r: [data(r, (5, 2)), idx(r, (2, 3), -6, 6), data(r, (2, 3, 2))])
    add("at_scalar_set", "x.at[i].set(u), scalar i", lambda x, i, u: x.at[i].set(u),
        lambda r: [data(r, (4, 3)), np.int32(-2), data(r, (3,))])
    add("at_set_broadcast", "x.at[i].set(2.5) (a scalar update)", lambda x, i: x.at[i].set(2.5),
        lambda r: [data(r, (5, 2)), idx(r, (3,), -7, 7)])
    add("at_apply", "x.at[i].apply(lambda v: v * 2 + 1) (a region of scalar ops)",
        lambda x, i: x.at[i].apply(lambda v: v * 2 + 1), lambda r: [data(r, (6,)), idx(r, (5,), -7, 7)])
    add("at_divide", "x.at[i].divide(4.0)", lambda x, i: x.at[i].divide(4.0),
        lambda r: [data(r, (5, 2)), idx(r, (4,), -6, 6)])
    add("at_rows_slice_set", "x.at[i, :2].set(u) (a window of 2 of 3 columns)",
        lambda x, i, u: x.at[i, :2].set(u), lambda r: [data(r, (5, 3)), idx(r, (4,), -6, 6), data(r, (4, 2))])
    add("at_static_slice_add", "x.at[1:3, 1:].add(u)", lambda x, u: x.at[1:3, 1:].add(u),
        lambda r: [data(r, (4, 3)), data(r, (2, 2))])
    add("at_add_unique", "x.at[i].add(u, unique_indices=True) (i a permutation)",
        lambda x, i, u: x.at[i].add(u, unique_indices=True),
        lambda r: [data(r, (5, 2)), r.permutation(5)[:3].astype(np.int32), data(r, (3, 2))])
    add("bincount", "jnp.bincount(i, length=6)", lambda i: jnp.bincount(i, length=6),
        lambda r: [idx(r, (9,), 0, 6)])
    # segment ops
    for fn in ["segment_sum", "segment_max", "segment_min", "segment_prod"]:
        add("ops_%s" % fn, "jax.ops.%s(x, ids, num_segments=4)" % fn,
            lambda x, s, fn=fn: getattr(J.ops, fn)(x, s, num_segments=4),
            lambda r: [data(r, (7, 2)), idx(r, (7,), 0, 5)])
    add("ops_segment_sum_sorted", "jax.ops.segment_sum(x, ids, 5, indices_are_sorted=True)",
        lambda x, s: J.ops.segment_sum(x, s, num_segments=5, indices_are_sorted=True),
        lambda r: [data(r, (6,)), np.sort(idx(r, (6,), 0, 5))])
    # gradients of gathers
    add("grad_index_rows", "jax.grad(lambda x, i: (x[i] ** 2).sum())",
        J.grad(lambda x, i: (x[i] * x[i]).sum()), lambda r: [data(r, (5, 3)), idx(r, (6,), -5, 5)])
    add("grad_index_cols", "jax.grad(lambda x, i: (x[:, i] ** 2 * 3.0).sum())",
        J.grad(lambda x, i: (x[:, i] * x[:, i] * 3.0).sum()), lambda r: [data(r, (3, 5)), idx(r, (4,), -5, 5)])
    add("grad_take_axis1", "jax.grad(lambda x, i: (jnp.take(x, i, axis=1) ** 2).sum())",
        J.grad(lambda x, i: (jnp.take(x, i, axis=1) ** 2).sum()), lambda r: [data(r, (2, 6)), idx(r, (5,), -8, 8)])
    add("grad_take_clip", "jax.grad(lambda x, i: (jnp.take(x, i, mode='clip') ** 2).sum())",
        J.grad(lambda x, i: (jnp.take(x, i, mode="clip") ** 2).sum()), lambda r: [data(r, (6,)), idx(r, (7,), -8, 8)])
    add("grad_take_along", "jax.grad(lambda x, i: (jnp.take_along_axis(x, i, axis=1) ** 2).sum())",
        J.grad(lambda x, i: (jnp.take_along_axis(x, i, axis=1) ** 2).sum()),
        lambda r: [data(r, (3, 4)), idx(r, (3, 5), -4, 4)])
    add("grad_pair_index", "jax.grad(lambda x, i, j: ((x[i, j] - 1.0) ** 2).sum())",
        J.grad(lambda x, i, j: ((x[i, j] - 1.0) ** 2).sum()),
        lambda r: [data(r, (4, 5)), idx(r, (6,), -4, 4), idx(r, (6,), -5, 5)])
    add("grad_embedding", "jax.grad(lambda t, ids, g: (t[ids] ** 2 * g).sum())",
        J.grad(lambda t, ids, g: (t[ids] * t[ids] * g).sum()),
        lambda r: [data(r, (8, 4)), idx(r, (10,), 0, 8), data(r, (10, 4))])
    add("grad_vmap_index", "jax.grad of jax.vmap(lambda x, i: x[i]) (batching dims)",
        J.grad(lambda x, i: (J.vmap(lambda a, b: a[b])(x, i) ** 2).sum()),
        lambda r: [data(r, (3, 5)), idx(r, (3, 4), -5, 5)])
    add("grad_divide_neg", "jax.grad(lambda x, i: (-x[i] / 4.0 * x[i]).sum())",
        J.grad(lambda x, i: (-x[i] / 4.0 * x[i]).sum()), lambda r: [data(r, (5,)), idx(r, (6,), 0, 5)])
    add("grad_max_min", "jax.grad(lambda x, i: jnp.maximum(x[i], 0.0).sum() + jnp.minimum(x[i], 0.5).sum())",
        J.grad(lambda x, i: jnp.maximum(x[i], 0.0).sum() + jnp.minimum(x[i], 0.5).sum()),
        lambda r: [data(r, (6,)), idx(r, (5,), 0, 6)])
    # lax.scatter with random dimension numbers (windows either wholly in
    # range or wholly out: see stablehlo.scatter's doc for partial ones)
    g = np.random.default_rng(4321)
    fns = [lax.scatter, lax.scatter_add, lax.scatter_mul, lax.scatter_min, lax.scatter_max]
    for k in range(8):
        r_ = int(g.integers(1, 4))
        shape = tuple(int(v) for v in g.integers(2, 5, size=r_))
        nidx = int(g.integers(1, r_ + 1))
        sdod = tuple(int(v) for v in g.permutation(r_)[:nidx])
        inserted = tuple(sorted(d for d in sdod if g.random() < 0.6))
        wins = tuple(1 if d in sdod else int(g.integers(1, shape[d] + 1)) for d in range(r_) if d not in inserted)
        batch = tuple(int(v) for v in g.integers(1, 4, size=int(g.integers(1, 3))))
        nupd = len(batch) + len(wins)
        uwd = tuple(sorted(int(v) for v in g.permutation(nupd)[:len(wins)]))
        ushape = [0] * nupd
        wi, bi = 0, 0
        for p in range(nupd):
            if p in uwd:
                ushape[p] = wins[wi]
                wi += 1
            else:
                ushape[p] = batch[bi]
                bi += 1
        dn = lax.ScatterDimensionNumbers(update_window_dims=uwd, inserted_window_dims=inserted,
                                         scatter_dims_to_operand_dims=sdod)
        f = fns[k % 5]

        def make(r, shape=shape, sdod=sdod, batch=batch, ushape=tuple(ushape)):
            cols = [idx(r, batch + (1,), -2, shape[d] + 2) for d in sdod]
            return [data(r, shape), np.concatenate(cols, axis=-1).astype(np.int32), data(r, ushape)]

        add("lax_scatter_random_%d" % k, "lax.%s(x, i, u, %s)" % (f.__name__, dn),
            lambda x, i, u, dn=dn, f=f: f(x, i, u, dn, mode=lax.GatherScatterMode.FILL_OR_DROP), make)
    return P


def onnx(scope):
    from onnx import TensorProto, helper

    data, idx = _helpers(scope)
    F, I64, I32 = TensorProto.FLOAT, TensorProto.INT64, TensorProto.INT32
    P = []

    def add(name, src, nodes, inputs, make, inits=()):
        P.append((name, src, nodes, inputs, make, inits))

    def node(op, **attrs):
        return [helper.make_node(op, ["x", "i", "u"], ["y"], **attrs)]

    # ScatterElements: every reduction, axes (negative too), negative and
    # repeated indices, i32 and i64 indices
    for red in ["none", "add", "mul", "max", "min"]:
        for axis, xs, ishp in [(0, (4, 3), (5, 3)), (-1, (2, 3, 5), (2, 3, 6))]:
            n = xs[axis]
            add("scatter_elements_%s_axis%d" % (red, axis), "ScatterElements(axis=%d, reduction=%r)" % (axis, red),
                node("ScatterElements", axis=axis, reduction=red),
                [("x", xs, F), ("i", ishp, I64), ("u", ishp, F)],
                lambda r, xs=xs, ishp=ishp, n=n: [data(r, xs), idx(r, ishp, -n, n, np.int64), data(r, ishp)])
    add("scatter_elements_i32_axis1", "ScatterElements(axis=1) with int32 indices",
        node("ScatterElements", axis=1), [("x", (3, 6), F), ("i", (2, 4), I32), ("u", (2, 4), F)],
        lambda r: [data(r, (3, 6)), idx(r, (2, 4), -6, 6, np.int32), data(r, (2, 4))])
    add("scatter_elements_default", "ScatterElements() (axis 0, no reduction attribute)",
        node("ScatterElements"), [("x", (5,), F), ("i", (3,), I64), ("u", (3,), F)],
        lambda r: [data(r, (5,)), idx(r, (3,), -5, 5, np.int64), data(r, (3,))])
    # ScatterND: every reduction, whole rows, single elements and 2-D
    # tuples, negative and repeated indices
    for red in ["none", "add", "mul", "max", "min"]:
        add("scatter_nd_%s_rows" % red, "ScatterND(reduction=%r), rows" % red,
            node("ScatterND", reduction=red), [("x", (5, 3), F), ("i", (4, 1), I64), ("u", (4, 3), F)],
            lambda r: [data(r, (5, 3)), idx(r, (4, 1), -5, 5, np.int64), data(r, (4, 3))])
    for red in ["none", "add"]:
        def make(r):
            cols = [idx(r, (2, 3, 1), -4, 4, np.int64), idx(r, (2, 3, 1), -3, 3, np.int64)]
            return [data(r, (4, 3, 2)), np.concatenate(cols, -1), data(r, (2, 3, 2))]
        add("scatter_nd_%s_pairs" % red, "ScatterND(reduction=%r), 2-D index tuples" % red,
            node("ScatterND", reduction=red), [("x", (4, 3, 2), F), ("i", (2, 3, 2), I64), ("u", (2, 3, 2), F)], make)
    add("scatter_elements_mul_3d_axis1", "ScatterElements(axis=1, reduction='mul') on 3-D",
        node("ScatterElements", axis=1, reduction="mul"), [("x", (2, 4, 3), F), ("i", (2, 5, 2), I64), ("u", (2, 5, 2), F)],
        lambda r: [data(r, (2, 4, 3)), idx(r, (2, 5, 2), -4, 4, np.int64), data(r, (2, 5, 2))])
    add("scatter_nd_min_3d_pairs", "ScatterND(reduction='min') with 2-D tuples on 3-D data",
        node("ScatterND", reduction="min"), [("x", (3, 4, 2), F), ("i", (5, 2), I64), ("u", (5, 2), F)],
        lambda r: [data(r, (3, 4, 2)), np.concatenate([idx(r, (5, 1), -3, 3, np.int64), idx(r, (5, 1), -4, 4, np.int64)], -1), data(r, (5, 2))])
    add("scatter_nd_elements", "ScatterND with full index tuples (single elements)",
        node("ScatterND", reduction="add"), [("x", (3, 4), F), ("i", (6, 2), I64), ("u", (6,), F)],
        lambda r: [data(r, (3, 4)), np.concatenate([idx(r, (6, 1), 0, 3, np.int64), idx(r, (6, 1), 0, 4, np.int64)], -1), data(r, (6,))])
    return P


def tf(scope):
    import tensorflow as T

    data, idx = _helpers(scope)
    P = []

    def add(name, src, f, specs, make):
        P.append((name, src, f, specs, make, False))

    S = T.TensorSpec
    # tensor_scatter_nd_*: rows and single elements, repeated indices, i32
    # and i64 indices (TensorFlow on CPU rejects out-of-range ones)
    for op in ["update", "add", "sub", "min", "max"]:
        fn = getattr(T, "tensor_scatter_nd_" + op)
        add("tensor_scatter_%s_rows" % op, "tf.tensor_scatter_nd_%s(x, i, u) (rows)" % op,
            T.function(lambda x, i, u, fn=fn: fn(x, i, u)),
            [S((5, 3), T.float32), S((6, 1), T.int32), S((6, 3), T.float32)],
            lambda r: [data(r, (5, 3)), idx(r, (6, 1), 0, 5), data(r, (6, 3))])
    for op in ["update", "add"]:
        fn = getattr(T, "tensor_scatter_nd_" + op)
        add("tensor_scatter_%s_elements" % op, "tf.tensor_scatter_nd_%s(x, i, u) (2-D tuples, int64)" % op,
            T.function(lambda x, i, u, fn=fn: fn(x, i, u)),
            [S((4, 3, 2), T.float32), S((2, 3, 2), T.int64), S((2, 3, 2), T.float32)],
            lambda r: [data(r, (4, 3, 2)), np.concatenate([idx(r, (2, 3, 1), 0, 4, np.int64), idx(r, (2, 3, 1), 0, 3, np.int64)], -1),
                       data(r, (2, 3, 2))])
    add("tensor_scatter_add_int", "tf.tensor_scatter_nd_add on int32",
        T.function(lambda x, i, u: T.tensor_scatter_nd_add(x, i, u)),
        [S((6,), T.int32), S((5, 1), T.int32), S((5,), T.int32)],
        lambda r: [data(r, (6,), np.int32), idx(r, (5, 1), 0, 6), data(r, (5,), np.int32)])
    # scatter_nd: zeros, duplicates summed
    add("scatter_nd_rows", "tf.scatter_nd(i, u, [5, 3])",
        T.function(lambda i, u: T.scatter_nd(i, u, [5, 3])), [S((7, 1), T.int32), S((7, 3), T.float32)],
        lambda r: [idx(r, (7, 1), 0, 5), data(r, (7, 3))])
    add("scatter_nd_elements", "tf.scatter_nd(i, u, [3, 4]) (int64 pairs)",
        T.function(lambda i, u: T.scatter_nd(i, u, T.constant([3, 4], T.int64))), [S((6, 2), T.int64), S((6,), T.float32)],
        lambda r: [np.concatenate([idx(r, (6, 1), 0, 3, np.int64), idx(r, (6, 1), 0, 4, np.int64)], -1), data(r, (6,))])
    # unsorted segment reductions: negative ids dropped, empty segments
    # keep TensorFlow's identity
    for op in ["sum", "max", "min", "prod"]:
        fn = getattr(T.math, "unsorted_segment_" + op)
        add("unsorted_segment_%s" % op, "tf.math.unsorted_segment_%s(x, s, 5)" % op,
            T.function(lambda x, s, fn=fn: fn(x, s, 5)), [S((7, 2), T.float32), S((7,), T.int32)],
            lambda r: [data(r, (7, 2)), idx(r, (7,), -2, 4)])
    add("unsorted_segment_sum_2d_ids", "tf.math.unsorted_segment_sum(x, s, 3) (2-D segment ids)",
        T.function(lambda x, s: T.math.unsorted_segment_sum(x, s, 3)), [S((2, 3, 2), T.float32), S((2, 3), T.int64)],
        lambda r: [data(r, (2, 3, 2)), idx(r, (2, 3), -1, 3, np.int64)])
    add("unsorted_segment_max_int", "tf.math.unsorted_segment_max(x, s, 4) on int32",
        T.function(lambda x, s: T.math.unsorted_segment_max(x, s, 4)), [S((6,), T.int32), S((6,), T.int32)],
        lambda r: [data(r, (6,), np.int32), idx(r, (6,), 0, 3)])
    return P


def torch(scope):
    import torch as T

    data, idx = _helpers(scope)
    P = []

    def add(name, src, f, make):
        P.append((name, src, f, make))

    def i64(r, shape, lo, hi):
        return idx(r, shape, lo, hi, np.int64)

    # scatter / scatter_add / scatter.reduce (torch raises on negative and
    # out-of-range indices: in range, repeated)
    for dim, xs, ishp in [(0, (4, 3), (5, 3)), (1, (3, 5), (3, 4)), (-1, (2, 3, 4), (2, 3, 6))]:
        tag = {-1: "last"}.get(dim, dim)
        add("scatter_src_dim%s" % tag, "torch.scatter(x, %d, i, u)" % dim,
            lambda x, i, u, dim=dim: T.scatter(x, dim, i, u),
            lambda r, xs=xs, ishp=ishp, dim=dim: [data(r, xs), i64(r, ishp, 0, xs[dim]), data(r, ishp)])
        add("scatter_add_dim%s" % tag, "torch.scatter_add(x, %d, i, u)" % dim,
            lambda x, i, u, dim=dim: T.scatter_add(x, dim, i, u),
            lambda r, xs=xs, ishp=ishp, dim=dim: [data(r, xs), i64(r, ishp, 0, xs[dim]), data(r, ishp)])
    add("scatter_src_larger", "torch.scatter(x, 0, i, u), u larger than i",
        lambda x, i, u: T.scatter(x, 0, i, u), lambda r: [data(r, (5, 4)), i64(r, (3, 2), 0, 5), data(r, (4, 3))])
    add("scatter_value", "torch.scatter(x, 1, i, 2.5)", lambda x, i: T.scatter(x, 1, i, 2.5),
        lambda r: [data(r, (3, 4)), i64(r, (3, 2), 0, 4)])
    for red in ["add", "multiply"]:
        add("scatter_reduce_%s" % red, "torch.scatter(x, 0, i, u, reduce=%r)" % red,
            lambda x, i, u, red=red: T.scatter(x, 0, i, u, reduce=red),
            lambda r: [data(r, (4, 3)), i64(r, (5, 3), 0, 4), data(r, (5, 3))])
    # scatter_reduce.two: every reduce, include_self both ways
    for red in ["sum", "prod", "mean", "amax", "amin"]:
        for inc in [True, False]:
            add("scatter_reduce_two_%s_%s" % (red, "self" if inc else "noself"),
                "torch.scatter_reduce(x, 0, i, u, %r, include_self=%s)" % (red, inc),
                lambda x, i, u, red=red, inc=inc: T.scatter_reduce(x, 0, i, u, red, include_self=inc),
                lambda r: [data(r, (5, 3)), i64(r, (6, 3), 0, 5), data(r, (6, 3))])
    add("scatter_reduce_two_amax_int", "torch.scatter_reduce(x, 1, i, u, 'amax', include_self=False) on int32",
        lambda x, i, u: T.scatter_reduce(x, 1, i, u, "amax", include_self=False),
        lambda r: [data(r, (3, 5), np.int32), i64(r, (3, 4), 0, 5), data(r, (3, 4), np.int32)])
    # index_put and what index_add / index_copy / y[i] = v become
    for acc in [False, True]:
        add("index_put_%s" % ("accumulate" if acc else "replace"), "x.index_put((i,), v, accumulate=%s)" % acc,
            lambda x, i, v, acc=acc: x.index_put((i,), v, accumulate=acc),
            lambda r: [data(r, (5, 3)), i64(r, (6,), -5, 5), data(r, (6, 3))])
    add("index_add", "torch.index_add(x, 0, i, v)", lambda x, i, v: T.index_add(x, 0, i, v),
        lambda r: [data(r, (5, 2)), i64(r, (7,), 0, 5), data(r, (7, 2))])
    add("index_add_dim1", "torch.index_add(x, 1, i, v)", lambda x, i, v: T.index_add(x, 1, i, v),
        lambda r: [data(r, (3, 5)), i64(r, (4,), 0, 5), data(r, (3, 4))])
    add("index_copy", "torch.index_copy(x, 0, i, v) (unique i)", lambda x, i, v: T.index_copy(x, 0, i, v),
        lambda r: [data(r, (6, 2)), r.permutation(6)[:4].astype(np.int64), data(r, (4, 2))])

    def setrows(x, i, v):
        y = x.clone()
        y[i] = v
        return y

    def setcols(x, j, v):
        y = x.clone()
        y[:, j] = v
        return y

    def setpairs(x, i, j, v):
        y = x.clone()
        y[i, j] = v
        return y

    def setscalar(x, i):
        y = x.clone()
        y[i] = -3.0
        return y

    add("setitem_rows", "y = x.clone(); y[i] = v", setrows,
        lambda r: [data(r, (5, 3)), i64(r, (4,), -5, 5), data(r, (4, 3))])
    add("setitem_cols", "y = x.clone(); y[:, j] = v", setcols,
        lambda r: [data(r, (3, 6)), i64(r, (4,), -6, 6), data(r, (3, 4))])
    add("setitem_pairs", "y = x.clone(); y[i, j] = v", setpairs,
        lambda r: [data(r, (4, 5)), i64(r, (3,), -4, 4), i64(r, (3,), -5, 5), data(r, (3,))])
    add("setitem_broadcast", "y = x.clone(); y[i] = v, v of shape [3] broadcast", setrows,
        lambda r: [data(r, (5, 3)), i64(r, (4,), 0, 5), data(r, (3,))])
    add("setitem_scalar", "y = x.clone(); y[i] = -3.0", setscalar,
        lambda r: [data(r, (6, 2)), i64(r, (3,), -6, 6)])
    add("index_fill", "torch.index_fill(x, 0, i, -1.0)", lambda x, i: T.index_fill(x, 0, i, -1.0),
        lambda r: [data(r, (5, 3)), i64(r, (3,), 0, 5)])
    add("index_put_int_accumulate", "x.index_put((i,), v, accumulate=True) on int32",
        lambda x, i, v: x.index_put((i,), v, accumulate=True),
        lambda r: [data(r, (4, 2), np.int32), i64(r, (6,), -4, 4), data(r, (6, 2), np.int32)])
    return P
