"""ONNX models with symbolic dims, as users export them.

torch.onnx.export(dynamo=False) with dynamic_axes around the gathers
people write (x[i], torch.gather, index_select, embedding, x[:, -1],
x.flip(0), narrow, reshape/view(-1, k), expand_as, x[i].unsqueeze(1)):
the exporter then computes every size at run time (Shape -> Gather ->
Unsqueeze -> Concat -> Reshape / Expand, Sub/Add/Mul/Div of sizes, Range
of sizes) and writes no value_info. And onnx.helper models whose inputs
have symbolic dims ("batch", "n") and no value_info, with the same shape
arithmetic written by hand. Inputs are where torch defines a result.
"""

import numpy as np

from export import data, idx


def _i64(r, shape, lo, hi):
    return idx(r, shape, lo, hi, np.int64)


def onnx(scope):
    import torch as T
    import torch.nn.functional as F
    from onnx import TensorProto, helper, numpy_helper

    P = []
    vi = scope["vi"]
    I64 = TensorProto.INT64
    node = helper.make_node

    def add_torch(name, src, f, make, dyn):
        P.append(("dyn_torch_" + name, src + " (torch.onnx.export, dynamic_axes)", [], [], make, (),
                  {"torch": f, "dynamic_axes": dyn}))

    def add_plain(name, src, nodes, inputs, make, inits=(), **opts):
        P.append(("dyn_" + name, src + " (symbolic dims, no value_info)", nodes, inputs, make, tuple(inits),
                  dict(value_info=False, **opts)))

    def c(name, v):
        return numpy_helper.from_array(np.array(v, np.int64), name)

    B = {0: "batch"}
    N = {0: "n"}
    add_torch("index", "x[i]", lambda x, i: x[i], lambda r: [data(r, (5, 3)), _i64(r, (4,), -5, 5)],
              {"a0": B, "a1": N})
    add_torch("gather", "torch.gather(x, 1, i)", lambda x, i: T.gather(x, 1, i),
              lambda r: [data(r, (4, 5)), _i64(r, (4, 2), 0, 5)], {"a0": B, "a1": B})
    add_torch("index_select", "torch.index_select(x, 1, i)", lambda x, i: T.index_select(x, 1, i),
              lambda r: [data(r, (3, 6)), _i64(r, (4,), 0, 6)], {"a0": B, "a1": N})
    add_torch("embedding", "F.embedding(i, w)", lambda w, i: F.embedding(i, w),
              lambda r: [data(r, (6, 4)), _i64(r, (2, 3), 0, 6)], {"a1": {0: "batch", 1: "seq"}})
    add_torch("last_col", "x[:, -1]", lambda x: x[:, -1], lambda r: [data(r, (3, 6))], {"a0": {0: "batch", 1: "n"}})
    add_torch("flip", "x.flip(0)", lambda x: x.flip(0), lambda r: [data(r, (5, 3))], {"a0": B})
    add_torch("narrow", "x.narrow(1, 1, 2)", lambda x: x.narrow(1, 1, 2), lambda r: [data(r, (3, 5))], {"a0": B})
    add_torch("view_m1_k", "x[i].view(-1, 2)", lambda x, i: x[i].view(-1, 2),
              lambda r: [data(r, (5, 4)), _i64(r, (3,), -5, 5)], {"a1": N})
    add_torch("reshape_batch", "x.reshape(x.shape[0], -1)[:, i]", lambda x, i: x.reshape(x.shape[0], -1)[:, i],
              lambda r: [data(r, (3, 2, 4)), _i64(r, (5,), -8, 8)], {"a0": B})
    add_torch("expand_as", "torch.gather(x, 1, i.expand_as(x))", lambda x, i: T.gather(x, 1, i.expand_as(x)),
              lambda r: [data(r, (3, 4)), _i64(r, (1, 4), 0, 4)], {"a0": B})
    add_torch("index_unsqueeze", "x[i].unsqueeze(1)", lambda x, i: x[i].unsqueeze(1),
              lambda r: [data(r, (5, 3)), _i64(r, (4,), 0, 5)], {"a1": N})
    add_torch("gather_expand", "torch.gather(x, 1, i.unsqueeze(1).expand(-1, x.size(1)))",
              lambda x, i: T.gather(x, 0, i.unsqueeze(1).expand(-1, x.size(1))),
              lambda r: [data(r, (5, 3)), _i64(r, (4,), 0, 5)], {"a1": N})

    # onnx.helper: symbolic input dims, no value_info.
    add_plain("gather_batch", "Gather(x, i, axis=1), x: [batch, 5], i: [n]",
              [node("Gather", ["x", "i"], ["y"], axis=1)],
              [vi("x", ("batch", 5)), vi("i", ("n",), I64)], lambda r: [data(r, (3, 5)), _i64(r, (4,), -5, 5)])
    add_plain("shape_gather_concat_reshape", "Reshape(Gather(x, i, axis=1), Concat(Unsqueeze(Shape(x)[0]), [-1])), x: [batch, 4, 5]",
              [node("Gather", ["x", "i"], ["g"], axis=1),
               node("Shape", ["x"], ["s"]), node("Gather", ["s", "zero"], ["b"], axis=0),
               node("Unsqueeze", ["b", "ax0"], ["bu"]), node("Concat", ["bu", "m1"], ["shp"], axis=0),
               node("Reshape", ["g", "shp"], ["y"])],
              [vi("x", ("batch", 4, 5)), vi("i", (2,), I64)], lambda r: [data(r, (3, 4, 5)), _i64(r, (2,), -4, 4)],
              inits=[c("zero", 0), c("ax0", [0]), c("m1", [-1])])
    add_plain("expand_shape", "GatherElements(x, Expand(i, Shape(x)), axis=1), x: [batch, 4]",
              [node("Shape", ["x"], ["s"]), node("Expand", ["i", "s"], ["j"]),
               node("GatherElements", ["x", "j"], ["y"], axis=1)],
              [vi("x", ("batch", 4)), vi("i", (1, 4), I64)], lambda r: [data(r, (3, 4)), _i64(r, (1, 4), -4, 4)])
    add_plain("range_reverse", "Gather(x, Range(Sub(Shape(x)[0], 1), -1, -1)), x: [n, 3]",
              [node("Shape", ["x"], ["s"]), node("Gather", ["s", "zero"], ["n"], axis=0),
               node("Sub", ["n", "one"], ["last"]), node("Range", ["last", "m1", "m1"], ["j"]),
               node("Gather", ["x", "j"], ["y"])],
              [vi("x", ("n", 3))], lambda r: [data(r, (5, 3))],
              inits=[c("zero", 0), c("one", 1), c("m1", -1)],
              # ONNX Runtime 1.32's graph optimizer makes this Range of a
              # run-time size empty (a (0, 3) result; x[::-1] without it).
              ort_optimize=False)
    add_plain("size_mod_index", "Gather(x, Mod(i, Shape(x)[0])), x: [n, 2]",
              [node("Shape", ["x"], ["s"], start=0, end=1), node("Mod", ["i", "s"], ["j"]),
               node("Gather", ["x", "j"], ["y"])],
              [vi("x", ("n", 2)), vi("i", (6,), I64)], lambda r: [data(r, (5, 2)), _i64(r, (6,), -9, 9)])
    return P
