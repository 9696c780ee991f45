"""MXNet 1.9.1's gathers through its own ONNX exporter (mx.onnx.export_model).

Written as MXNet users write them: take with modes wrap, clip and raise
(MXNet's default) along every kind of axis, with int32, int64 and MXNet's
usual float32 indices; Embedding; gather_nd in MXNet's outermost-first
index layout (indices[k] holds coordinate k of every tuple, so an index of
shape (M, N...) gathers N... tuples of M coordinates); slice_axis and
slice. The exporter writes take(mode='wrap') as Cast + Shape + Slice + Mod
+ Gather, take(mode='clip') and take(mode='raise') as Cast + Shape +
Slice + Add + Greater/Less + Where + Gather, and gather_nd as shape
arithmetic + Reshape + Transpose + GatherND. Expected outputs are MXNet's
own; inputs are where MXNet and the exported file agree: take's
wrap and clip indices anywhere, raise indices in [0, n) (MXNet refuses
the rest; the exported file clips them), gather_nd indices in [-n, n)
(MXNet 1.9.1 wraps negative ones, as ONNX GatherND does), Embedding
indices in [0, input_dim). MXNet's pick has no ONNX export in 1.9.1
("No conversion function registered for op type pick yet") and slice
with a negative step is refused by the exporter, so neither is here.
"""

import numpy as np

from export import data, idx


def mxnet(scope):
    import mxnet as mx

    S = mx.sym
    P = []
    f32, i32, i64 = np.float32, np.int32, np.int64

    def add(name, src, build, inputs, make):
        P.append((name, src, build, inputs, make))

    # take(mode='wrap'): indices anywhere, taken modulo the axis size.
    for axis, xs, ishp, dt in [(0, (5, 3), (4,), f32), (1, (3, 6), (2, 2), i64), (-1, (2, 3, 4), (3,), i32),
                               (0, (7,), (2, 3), i64), (1, (4, 3), (2, 2), i32)]:
        n = xs[axis % len(xs)]
        add("take_wrap_axis%d_%s_%s" % (axis, "x".join(map(str, xs)), np.dtype(dt).name),
            "mx.sym.take(x, i, axis=%d, mode='wrap')" % axis,
            lambda v, axis=axis: S.take(v["x"], v["i"], axis=axis, mode="wrap"),
            [("x", xs, f32), ("i", ishp, dt)],
            lambda r, xs=xs, ishp=ishp, n=n: [data(r, xs), idx(r, ishp, -3 * n, 3 * n, np.int64)])
    # take(mode='clip'): indices anywhere, clamped to [0, n-1].
    for axis, xs, ishp, dt in [(0, (5, 3), (4,), i64), (1, (3, 6), (2, 3), f32), (-1, (2, 3, 4), (5,), i32),
                               (0, (6,), (2, 2), i32)]:
        n = xs[axis % len(xs)]
        add("take_clip_axis%d_%s_%s" % (axis, "x".join(map(str, xs)), np.dtype(dt).name),
            "mx.sym.take(x, i, axis=%d, mode='clip')" % axis,
            lambda v, axis=axis: S.take(v["x"], v["i"], axis=axis, mode="clip"),
            [("x", xs, f32), ("i", ishp, dt)],
            lambda r, xs=xs, ishp=ishp, n=n: [data(r, xs), idx(r, ishp, -2 * n, 2 * n, np.int64)])
    # take with MXNet's default mode ('raise'): indices in range.
    for axis, xs, ishp, dt in [(0, (6, 2), (3,), i64), (1, (2, 5), (2, 2), f32), (0, (4, 3), (5,), i32)]:
        n = xs[axis % len(xs)]
        add("take_raise_axis%d_%s_%s" % (axis, "x".join(map(str, xs)), np.dtype(dt).name),
            "mx.sym.take(x, i, axis=%d)" % axis,
            lambda v, axis=axis: S.take(v["x"], v["i"], axis=axis),
            [("x", xs, f32), ("i", ishp, dt)],
            lambda r, xs=xs, ishp=ishp, n=n: [data(r, xs), idx(r, ishp, 0, n, np.int64)])
    # Embedding: float32 token ids (MXNet's default dtype) and int32.
    for ishp, dt, vocab, dim in [((2, 3), f32, 8, 4), ((5,), i32, 6, 3)]:
        add("embedding_%s_%s" % ("x".join(map(str, ishp)), np.dtype(dt).name),
            "mx.sym.Embedding(i, w, input_dim=%d, output_dim=%d)" % (vocab, dim),
            lambda v, vocab=vocab, dim=dim: S.Embedding(v["i"], v["w"], input_dim=vocab, output_dim=dim),
            [("i", ishp, dt), ("w", (vocab, dim), f32)],
            lambda r, ishp=ishp, vocab=vocab, dim=dim: [idx(r, ishp, 0, vocab, np.int64), data(r, (vocab, dim))])
    # gather_nd: indices (M, N...) in MXNet's outermost-first layout.
    for xs, ishp, dt in [((4, 5), (2, 3), i64), ((4, 5, 2), (1, 3), i64), ((3, 4, 5), (2, 2, 3), i32),
                         ((2, 3, 4), (3, 4), f32), ((5, 4), (2, 2, 2), i32)]:
        def make(r, xs=xs, ishp=ishp):
            rows = [idx(r, (1,) + ishp[1:], -xs[k], xs[k], np.int64) for k in range(ishp[0])]
            return [data(r, xs), np.concatenate(rows, axis=0)]

        add("gather_nd_%s_i%s_%s" % ("x".join(map(str, xs)), "x".join(map(str, ishp)), np.dtype(dt).name),
            "mx.sym.gather_nd(x, i)", lambda v: S.gather_nd(v["x"], v["i"]),
            [("x", xs, f32), ("i", ishp, dt)], make)
    # slice_axis and slice (positive steps; the exporter refuses negative).
    add("slice_axis1_4x5", "mx.sym.slice_axis(x, axis=1, begin=1, end=4)",
        lambda v: S.slice_axis(v["x"], axis=1, begin=1, end=4), [("x", (4, 5), f32)], lambda r: [data(r, (4, 5))])
    add("slice_axis0_neg_6x2", "mx.sym.slice_axis(x, axis=0, begin=-4, end=None)",
        lambda v: S.slice_axis(v["x"], axis=0, begin=-4, end=None), [("x", (6, 2), f32)], lambda r: [data(r, (6, 2))])
    add("slice_step_5x4", "mx.sym.slice(x, begin=(0, 1), end=(5, 4), step=(2, 1))",
        lambda v: S.slice(v["x"], begin=(0, 1), end=(5, 4), step=(2, 1)), [("x", (5, 4), f32)], lambda r: [data(r, (5, 4))])
    return P
