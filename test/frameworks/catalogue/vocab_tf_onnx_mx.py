"""More gathers as TensorFlow, ONNX and MXNet users write them.

A second set of programs of issue 18's kinds, written after the frontends
were done and not used to build them: TensorFlow's tf.gather with
batch_dims and negative axes, gather_nd with batch_dims and int32
indices, reversals (tf.reverse, x[::-1], tf.experimental.numpy.flip),
every StridedSlice mask on f16, bf16, integer and bool data,
tf.experimental.numpy.take with modes, tf.clip_by_value and tf.where on
indices, casts of uint8 ids; ONNX graphs built with onnx.helper the way
exporters write them (Shape, Size, Concat, Slice with steps and negative
axes, Sub, Mod, Pad, Reshape with 0 and -1, Transpose, Cast, Unsqueeze and
Squeeze in their opset-13 input form, Expand, Constant, ConstantOfShape,
Range, Where, Equal around Gather, GatherElements and GatherND), most
without value_info and some with a symbolic batch dim; and MXNet
programs through mx.onnx.export_model (take with every mode, gather_nd in
MXNet's outermost-first layout, slice, slice_axis, reverse and flip).
Inputs are where each framework defines a result (see export.py).
"""

import numpy as np

from export import data, idx

# ---------------------------------------------------------------------------
# TensorFlow (tf.mlir.experimental.convert_function)


def tf(scope):
    import ml_dtypes
    import tensorflow as T

    P = []
    add = lambda *a: P.append(a + (False,))  # noqa: E731
    spec = T.TensorSpec
    f32, f16, bf16, i32, i64, u8 = T.float32, T.float16, T.bfloat16, T.int32, T.int64, T.uint8
    fn = T.function
    tnp = T.experimental.numpy

    add("tfv_gather_bd1_axis_neg1", "tf.gather(x, i, axis=-1, batch_dims=1)",
        fn(lambda x, i: T.gather(x, i, axis=-1, batch_dims=1)), [spec((3, 4, 5), f32), spec((3, 2), i64)],
        lambda r: [data(r, (3, 4, 5)), idx(r, (3, 2), 0, 5, np.int64)])
    add("tfv_gather_bd_neg1", "tf.gather(x, i, axis=2, batch_dims=-1) (int32 data)",
        fn(lambda x, i: T.gather(x, i, axis=2, batch_dims=-1)), [spec((2, 3, 5), i32), spec((2, 3, 4), i32)],
        lambda r: [data(r, (2, 3, 5), np.int32), idx(r, (2, 3, 4), 0, 5)])
    add("tfv_gather_nd_bd1_int32", "tf.gather_nd(x, i, batch_dims=1) (int32 i)",
        fn(lambda x, i: T.gather_nd(x, i, batch_dims=1)), [spec((2, 3, 4), f32), spec((2, 2, 2), i32)],
        lambda r: [data(r, (2, 3, 4)), np.concatenate([idx(r, (2, 2, 1), 0, 3), idx(r, (2, 2, 1), 0, 4)], -1)])
    add("tfv_reverse_f16", "tf.reverse(x, [1]) (float16)", fn(lambda x: T.reverse(x, [1])), [spec((3, 4), f16)],
        lambda r: [data(r, (3, 4)).astype(np.float16)])
    add("tfv_shrink_col_int64", "x[:, 2] (int64)", fn(lambda x: x[:, 2]), [spec((4, 5), i64)],
        lambda r: [data(r, (4, 5), np.int64)])
    add("tfv_ellipsis_f16", "x[..., 1] (float16)", fn(lambda x: x[..., 1]), [spec((2, 3, 4), f16)],
        lambda r: [data(r, (2, 3, 4)).astype(np.float16)])
    add("tfv_reverse_slice_bool", "x[::-1] (bool)", fn(lambda x: x[::-1]), [spec((5, 2), T.bool)],
        lambda r: [data(r, (5, 2)) > 0])
    add("tfv_step_newaxis_uint8", "x[1:5:2, tf.newaxis] (uint8)", fn(lambda x: x[1:5:2, T.newaxis]), [spec((6, 3), u8)],
        lambda r: [idx(r, (6, 3), 0, 256, np.uint8)])
    add("tfv_last_row_bf16", "x[-1] (bfloat16)", fn(lambda x: x[-1]), [spec((4, 3), bf16)],
        lambda r: [data(r, (4, 3)).astype(ml_dtypes.bfloat16)])
    add("tfv_tnp_take_clip", "tf.experimental.numpy.take(x, i, axis=0, mode='clip')",
        fn(lambda x, i: tnp.take(x, i, axis=0, mode="clip")), [spec((5, 3), f32), spec((4,), i32)],
        lambda r: [data(r, (5, 3)), idx(r, (4,), -8, 9)])
    add("tfv_tnp_take_wrap", "tf.experimental.numpy.take(x, i, axis=1, mode='wrap')",
        fn(lambda x, i: tnp.take(x, i, axis=1, mode="wrap")), [spec((3, 4), f32), spec((2, 2), i32)],
        lambda r: [data(r, (3, 4)), idx(r, (2, 2), -9, 9)])
    add("tfv_tnp_flip", "tf.experimental.numpy.flip(x, axis=1)", fn(lambda x: tnp.flip(x, axis=1)), [spec((2, 5), f32)],
        lambda r: [data(r, (2, 5))])
    add("tfv_transpose_gather", "tf.transpose(tf.gather(tf.transpose(x), i))",
        fn(lambda x, i: T.transpose(T.gather(T.transpose(x), i))), [spec((3, 5), f32), spec((4,), i64)],
        lambda r: [data(r, (3, 5)), idx(r, (4,), 0, 5, np.int64)])
    add("tfv_clip_by_value", "tf.gather(x, tf.clip_by_value(i, 0, 5))",
        fn(lambda x, i: T.gather(x, T.clip_by_value(i, 0, 5))), [spec((6, 2), f32), spec((5,), i32)],
        lambda r: [data(r, (6, 2)), idx(r, (5,), -4, 10)])
    add("tfv_where_negative", "tf.gather(x, tf.where(i < 0, i + 5, i))",
        fn(lambda x, i: T.gather(x, T.where(i < 0, i + 5, i))), [spec((5, 3), f32), spec((4,), i64)],
        lambda r: [data(r, (5, 3)), idx(r, (4,), -5, 5, np.int64)])
    add("tfv_uint8_ids", "tf.gather(w, tf.cast(i, tf.int32)) (uint8 ids)",
        fn(lambda w, i: T.gather(w, T.cast(i, T.int32))), [spec((7, 2), f32), spec((2, 3), u8)],
        lambda r: [data(r, (7, 2)), idx(r, (2, 3), 0, 7, np.uint8)])
    add("tfv_squeeze_expand_gather", "tf.squeeze(tf.gather(tf.expand_dims(x, 0), i, axis=1), 0)",
        fn(lambda x, i: T.squeeze(T.gather(T.expand_dims(x, 0), i, axis=1), 0)), [spec((4, 3), f32), spec((2,), i32)],
        lambda r: [data(r, (4, 3)), idx(r, (2,), 0, 4)])
    add("tfv_reshape_gather_nd", "tf.gather_nd(tf.reshape(x, [2, -1, 2]), i)",
        fn(lambda x, i: T.gather_nd(T.reshape(x, [2, -1, 2]), i)), [spec((4, 3), f32), spec((3, 2), i64)],
        lambda r: [data(r, (4, 3)), np.concatenate([idx(r, (3, 1), 0, 2, np.int64), idx(r, (3, 1), 0, 3, np.int64)], -1)])
    add("tfv_gather_bool", "tf.gather(m, i, axis=1) (bool)", fn(lambda m, i: T.gather(m, i, axis=1)),
        [spec((2, 4), T.bool), spec((3,), i32)], lambda r: [data(r, (2, 4)) > 0, idx(r, (3,), 0, 4)])
    add("tfv_sub_reverse_index", "tf.gather(x, 4 - i) (tf.Sub)", fn(lambda x, i: T.gather(x, 4 - i)),
        [spec((5, 2), f32), spec((3,), i32)], lambda r: [data(r, (5, 2)), idx(r, (3,), 0, 5)])
    add("tfv_mul_add_flat_index", "tf.gather(tf.reshape(x, [-1]), i * 4 + j) (tf.Mul)",
        fn(lambda x, i, j: T.gather(T.reshape(x, [-1]), i * 4 + j)),
        [spec((3, 4), f32), spec((5,), i64), spec((5,), i64)],
        lambda r: [data(r, (3, 4)), idx(r, (5,), 0, 3, np.int64), idx(r, (5,), 0, 4, np.int64)])
    add("tfv_stack_gather_nd", "tf.gather_nd(x, tf.stack([i, j], axis=-1)) (tf.Pack)",
        fn(lambda x, i, j: T.gather_nd(x, T.stack([i, j], axis=-1))),
        [spec((4, 3), f32), spec((5,), i32), spec((5,), i32)],
        lambda r: [data(r, (4, 3)), idx(r, (5,), 0, 4), idx(r, (5,), 0, 3)])
    add("tfv_range_gather", "tf.gather(x, tf.range(1, 4), axis=1)", fn(lambda x: T.gather(x, T.range(1, 4), axis=1)),
        [spec((2, 5), f32)], lambda r: [data(r, (2, 5))])
    add("tfv_abs_index", "tf.gather(x, tf.abs(i))", fn(lambda x, i: T.gather(x, T.abs(i))),
        [spec((6,), f32), spec((4,), i32)], lambda r: [data(r, (6,)), idx(r, (4,), -5, 6)])
    add("tfv_reverse_then_shrink", "x[..., ::-1, 0]", fn(lambda x: x[..., ::-1, 0]), [spec((2, 3, 4), f32)],
        lambda r: [data(r, (2, 3, 4))])
    add("tfv_take_along_neg_axis", "tf.experimental.numpy.take_along_axis(x, i, -1)",
        fn(lambda x, i: tnp.take_along_axis(x, i, -1)), [spec((2, 3, 4), f32), spec((2, 3, 2), i64)],
        lambda r: [data(r, (2, 3, 4)), idx(r, (2, 3, 2), 0, 4, np.int64)])
    add("tfv_cast_int64_to_int32", "tf.gather(x, tf.cast(i, tf.int32), axis=1)",
        fn(lambda x, i: T.gather(x, T.cast(i, T.int32), axis=1)), [spec((3, 4), f32), spec((2,), i64)],
        lambda r: [data(r, (3, 4)), idx(r, (2,), 0, 4, np.int64)])
    add("tfv_floordiv_neg_index", "tf.gather(x, -i // 2) (tf.Neg, tf.FloorDiv)", fn(lambda x, i: T.gather(x, -i // 2)),
        [spec((4, 2), f32), spec((5,), i32)], lambda r: [data(r, (4, 2)), idx(r, (5,), -7, 1)])
    add("tfv_reverse_sequence", "tf.reverse_sequence(x, lens, seq_axis=1, batch_axis=0)",
        fn(lambda x, n: T.reverse_sequence(x, n, seq_axis=1, batch_axis=0)), [spec((3, 5), f32), spec((3,), i64)],
        lambda r: [data(r, (3, 5)), idx(r, (3,), 0, 6, np.int64)])
    return P


# ---------------------------------------------------------------------------
# ONNX: graphs as exporters write them


def onnx(scope):
    from onnx import TensorProto, helper, numpy_helper

    P = []
    vi = scope["vi"]
    I64, I32, F = TensorProto.INT64, TensorProto.INT32, TensorProto.FLOAT
    node = helper.make_node

    def c(name, v, dt=np.int64):
        return numpy_helper.from_array(np.array(v, dt), name)

    def add(name, src, nodes, inputs, make, inits=(), keep_vi=False):
        opts = {} if keep_vi else {"value_info": False}
        P.append(("vx_" + name, src + ("" if keep_vi else " (no value_info)"), nodes, inputs, make, tuple(inits), opts))

    def i64(r, shape, lo, hi):
        return idx(r, shape, lo, hi, np.int64)

    # torch.onnx.export's reshape after a gather: Shape -> Gather -> Unsqueeze
    # -> Concat -> Reshape, with a symbolic batch.
    add("shape_unsqueeze_concat_reshape", "Reshape(Gather(x, i, axis=1), Concat(Unsqueeze(Shape(x)[0]), [-1]))",
        [node("Gather", ["x", "i"], ["g"], axis=1),
         node("Shape", ["x"], ["s"]), node("Gather", ["s", "zero"], ["b"], axis=0),
         node("Unsqueeze", ["b", "ax0"], ["bu"]), node("Concat", ["bu", "m1"], ["shp"], axis=0),
         node("Reshape", ["g", "shp"], ["y"])],
        [vi("x", (3, 4, 5)), vi("i", (2,), I64)], lambda r: [data(r, (3, 4, 5)), i64(r, (2,), -4, 4)],
        inits=[c("zero", 0), c("ax0", [0]), c("m1", [-1])])
    add("size_mod_flat_gather", "Gather(Reshape(x, [-1]), Mod(i, Size(x)))",
        [node("Size", ["x"], ["n"]), node("Mod", ["i", "n"], ["j"]),
         node("Reshape", ["x", "m1"], ["flat"]), node("Gather", ["flat", "j"], ["y"])],
        [vi("x", (3, 4)), vi("i", (5,), I64)], lambda r: [data(r, (3, 4)), i64(r, (5,), -30, 30)],
        inits=[c("m1", [-1])])
    add("slice_step_negaxis_gather", "Gather(Slice(x, [1], [100], [-1], [2]), i, axis=-1)",
        [node("Slice", ["x", "st", "en", "ax", "sp"], ["t"]), node("Gather", ["t", "i"], ["y"], axis=-1)],
        [vi("x", (2, 3, 7)), vi("i", (4,), I64)], lambda r: [data(r, (2, 3, 7)), i64(r, (4,), -3, 3)],
        inits=[c("st", [1]), c("en", [100]), c("ax", [-1]), c("sp", [2])])
    add("sub_reverse_index", "Gather(x, Sub(Sub(Shape(x)[0], 1), i)) (a reversal by index)",
        [node("Shape", ["x"], ["s"], start=0, end=1), node("Sub", ["s", "one"], ["last"]),
         node("Sub", ["last", "i"], ["j"]), node("Gather", ["x", "j"], ["y"])],
        [vi("x", (6, 2)), vi("i", (4,), I64)], lambda r: [data(r, (6, 2)), i64(r, (4,), 0, 6)],
        inits=[c("one", [1])])
    add("pad_indices_gather", "Gather(x, Pad(i, [1, 2]))",
        [node("Pad", ["i", "pads"], ["j"]), node("Gather", ["x", "j"], ["y"])],
        [vi("x", (4, 3)), vi("i", (3,), I64)], lambda r: [data(r, (4, 3)), i64(r, (3,), -4, 4)],
        inits=[c("pads", [1, 2])])
    add("reshape_0_m1_gather", "Gather(Reshape(x, [0, -1]), i, axis=1), x: [batch, 3, 4]",
        [node("Reshape", ["x", "shp"], ["t"]), node("Gather", ["t", "i"], ["y"], axis=1)],
        [vi("x", ("batch", 3, 4)), vi("i", (5,), I64)], lambda r: [data(r, (2, 3, 4)), i64(r, (5,), -12, 12)],
        inits=[c("shp", [0, -1])])
    add("transpose_gather_elements", "GatherElements(Transpose(x, [1, 0, 2]), i, axis=-1)",
        [node("Transpose", ["x"], ["t"], perm=[1, 0, 2]), node("GatherElements", ["t", "i"], ["y"], axis=-1)],
        [vi("x", (2, 3, 4)), vi("i", (3, 2, 2), I64)], lambda r: [data(r, (2, 3, 4)), i64(r, (3, 2, 2), -4, 4)])
    add("cast_int32_gather", "Gather(x, Cast(i, to=INT64)) (int32 i)",
        [node("Cast", ["i"], ["j"], to=I64), node("Gather", ["x", "j"], ["y"], axis=1)],
        [vi("x", (3, 5)), vi("i", (2, 2), I32)], lambda r: [data(r, (3, 5)), idx(r, (2, 2), -5, 5)])
    add("unsqueeze_gather_nd_squeeze", "Squeeze(GatherND(x, Unsqueeze(i, [-1])), [1]) (opset-13 input form)",
        [node("Unsqueeze", ["i", "axm1"], ["j"]), node("GatherND", ["x", "j"], ["t"]),
         node("Squeeze", ["t", "ax1"], ["y"])],
        [vi("x", (5, 1, 3)), vi("i", (4,), I64)], lambda r: [data(r, (5, 1, 3)), i64(r, (4,), -5, 5)],
        inits=[c("axm1", [-1]), c("ax1", [1])])
    add("expand_gather_elements", "GatherElements(x, Expand(i, [3, 2]), axis=1)",
        [node("Expand", ["i", "shp"], ["j"]), node("GatherElements", ["x", "j"], ["y"], axis=1)],
        [vi("x", (3, 4)), vi("i", (1, 2), I64)], lambda r: [data(r, (3, 4)), i64(r, (1, 2), -4, 4)],
        inits=[c("shp", [3, 2])])
    add("where_equal_constantofshape", "Gather(x, Where(Equal(i, -1), ConstantOfShape(Shape(i)), i))",
        [node("Shape", ["i"], ["s"]),
         node("ConstantOfShape", ["s"], ["z"], value=numpy_helper.from_array(np.array([0], np.int64))),
         node("Equal", ["i", "m1"], ["e"]), node("Where", ["e", "z", "i"], ["j"]), node("Gather", ["x", "j"], ["y"])],
        [vi("x", (5, 2)), vi("i", (6,), I64)], lambda r: [data(r, (5, 2)), i64(r, (6,), -1, 5)],
        inits=[c("m1", -1)])
    add("range_reverse_gather", "Gather(x, Range(Sub(Shape(x)[1], 1), -1, -1), axis=1) (MXNet's reverse)",
        [node("Shape", ["x"], ["s"], start=1, end=2), node("Squeeze", ["s", "ax0"], ["n"]),
         node("Sub", ["n", "one"], ["last"]), node("Range", ["last", "m1", "m1"], ["j"]),
         node("Gather", ["x", "j"], ["y"], axis=1)],
        [vi("x", (3, 5))], lambda r: [data(r, (3, 5))],
        inits=[c("ax0", [0]), c("one", 1), c("m1", -1)])
    add("gather_nd_bd1_batch", "GatherND(x, i, batch_dims=1), x: [batch, 3, 4], i: [batch, 2, 1]",
        [node("GatherND", ["x", "i"], ["y"], batch_dims=1)],
        [vi("x", ("batch", 3, 4)), vi("i", ("batch", 2, 1), I64)],
        lambda r: [data(r, (2, 3, 4)), i64(r, (2, 2, 1), -3, 3)])
    add("const_concat_gather", "Gather(x, Concat(Constant([0]), i, Constant([-1])), axis=0)",
        [node("Constant", [], ["a"], value=numpy_helper.from_array(np.array([0], np.int64))),
         node("Constant", [], ["b"], value=numpy_helper.from_array(np.array([-1], np.int64))),
         node("Concat", ["a", "i", "b"], ["j"], axis=0), node("Gather", ["x", "j"], ["y"])],
        [vi("x", (4, 2)), vi("i", (3,), I64)], lambda r: [data(r, (4, 2)), i64(r, (3,), -4, 4)])
    add("bool_cast_index", "Gather(x, Cast(Equal(i, 0), to=INT64))",
        [node("Equal", ["i", "zero"], ["e"]), node("Cast", ["e"], ["j"], to=I64), node("Gather", ["x", "j"], ["y"])],
        [vi("x", (2, 3)), vi("i", (4,), I64)], lambda r: [data(r, (2, 3)), i64(r, (4,), -1, 2)],
        inits=[c("zero", 0)])
    add("mul_add_flat_index", "Gather(Reshape(x, [-1]), Add(Mul(i, 4), j))",
        [node("Mul", ["i", "four"], ["m"]), node("Add", ["m", "j"], ["k"]),
         node("Reshape", ["x", "m1"], ["f"]), node("Gather", ["f", "k"], ["y"])],
        [vi("x", (3, 4)), vi("i", (5,), I64), vi("j", (5,), I64)],
        lambda r: [data(r, (3, 4)), i64(r, (5,), 0, 3), i64(r, (5,), 0, 4)],
        inits=[c("four", 4), c("m1", [-1])])
    add("div_index", "Gather(x, Div(i, 2))",
        [node("Div", ["i", "two"], ["j"]), node("Gather", ["x", "j"], ["y"])],
        [vi("x", (4, 2)), vi("i", (5,), I64)], lambda r: [data(r, (4, 2)), i64(r, (5,), -7, 8)],
        inits=[c("two", 2)])
    add("gather_nd_bd2", "GatherND(x, i, batch_dims=2)",
        [node("GatherND", ["x", "i"], ["y"], batch_dims=2)],
        [vi("x", (2, 3, 4, 2)), vi("i", (2, 3, 1), I64)], lambda r: [data(r, (2, 3, 4, 2)), i64(r, (2, 3, 1), -4, 4)])
    add("unsqueeze_two_axes", "Gather(Unsqueeze(x, [0, -1]), i, axis=1)",
        [node("Unsqueeze", ["x", "axes"], ["t"]), node("Gather", ["t", "i"], ["y"], axis=1)],
        [vi("x", (4, 3)), vi("i", (2,), I64)], lambda r: [data(r, (4, 3)), i64(r, (2,), -4, 4)],
        inits=[c("axes", [0, -1])])
    add("expand_rank_gather_elements", "GatherElements(x, Expand(i, [3, 2]), axis=1), i: [2]",
        [node("Expand", ["i", "shp"], ["j"]), node("GatherElements", ["x", "j"], ["y"], axis=1)],
        [vi("x", (3, 5)), vi("i", (2,), I64)], lambda r: [data(r, (3, 5)), i64(r, (2,), -5, 5)],
        inits=[c("shp", [3, 2])])
    add("gather_scalar_unsqueeze", "Unsqueeze(Gather(x, 2), [0]) (x[2:3] as torch writes x[2][None])",
        [node("Gather", ["x", "two"], ["t"], axis=0), node("Unsqueeze", ["t", "ax0"], ["y"])],
        [vi("x", (4, 3))], lambda r: [data(r, (4, 3))], inits=[c("two", 2), c("ax0", [0])])
    add("squeeze_runtime_data", "Gather(Squeeze(x), i, axis=-1), x: [1, 5, 1]",
        [node("Squeeze", ["x"], ["t"]), node("Gather", ["t", "i"], ["y"], axis=-1)],
        [vi("x", (1, 5, 1)), vi("i", (3,), I64)], lambda r: [data(r, (1, 5, 1)), i64(r, (3,), -5, 5)])
    add("clip_index", "Gather(x, Clip(i, 0, 4)) (torch's i.clamp(0, 4))",
        [node("Clip", ["i", "lo", "hi"], ["j"]), node("Gather", ["x", "j"], ["y"])],
        [vi("x", (5, 2)), vi("i", (6,), I64)], lambda r: [data(r, (5, 2)), i64(r, (6,), -9, 9)],
        inits=[c("lo", 0), c("hi", 4)])
    add("neg_min_max_index", "Gather(x, Max(Min(Neg(i), 3), -4), axis=1)",
        [node("Neg", ["i"], ["n"]), node("Min", ["n", "three"], ["m"]), node("Max", ["m", "mfour"], ["j"]),
         node("Gather", ["x", "j"], ["y"], axis=1)],
        [vi("x", (2, 4)), vi("i", (5,), I64)], lambda r: [data(r, (2, 4)), i64(r, (5,), -8, 8)],
        inits=[c("three", 3), c("mfour", -4)])
    add("flatten_identity_gather", "Gather(Identity(Flatten(x, axis=1)), i, axis=1)",
        [node("Flatten", ["x"], ["f"], axis=1), node("Identity", ["f"], ["t"]), node("Gather", ["t", "i"], ["y"], axis=1)],
        [vi("x", (2, 3, 4)), vi("i", (5,), I64)], lambda r: [data(r, (2, 3, 4)), i64(r, (5,), -12, 12)])
    # torch.onnx.export (no value_info), written as torch users write them
    import torch as T

    def add_torch(name, src, f, make):
        P.append(("vx_torch_" + name, src + " (torch.onnx.export)", [], [], make, (), {"torch": f}))

    add_torch("clamp_index", "x[i.clamp(0, 4)]", lambda x, i: x[i.clamp(0, 4)],
              lambda r: [data(r, (5, 3)), i64(r, (4,), -7, 9)])
    add_torch("mod_index", "x[i % 5]", lambda x, i: x[i % 5], lambda r: [data(r, (5, 2)), i64(r, (6,), -12, 12)])
    add_torch("flatten_colindex", "x.flatten(1)[:, i]", lambda x, i: x.flatten(1)[:, i],
              lambda r: [data(r, (2, 3, 4)), i64(r, (5,), -12, 12)])
    add_torch("reverse_index", "x[x.shape[0] - 1 - i]", lambda x, i: x[x.shape[0] - 1 - i],
              lambda r: [data(r, (6, 2)), i64(r, (3,), 0, 6)])
    # (torch.take_along_dim has no ONNX export at opset 17:
    # "Exporting the operator 'aten::take_along_dim' ... is not supported".)
    add_torch("gather_expand", "torch.gather(x, 1, i.expand(3, 2))", lambda x, i: T.gather(x, 1, i.expand(3, 2)),
              lambda r: [data(r, (3, 4)), i64(r, (1, 2), 0, 4)])
    add_torch("index_stack", "x[torch.stack([i, j])[0], torch.stack([i, j])[1]]",
              lambda x, i, j: x[T.stack([i, j])[0], T.stack([i, j])[1]],
              lambda r: [data(r, (4, 3)), i64(r, (5,), 0, 4), i64(r, (5,), 0, 3)])
    add_torch("narrow_flip_index", "x.narrow(0, 1, 3).flip(0)[i]", lambda x, i: x.narrow(0, 1, 3).flip(0)[i],
              lambda r: [data(r, (5, 2)), i64(r, (4,), -3, 3)])
    # with value_info kept (ONNX shape inference's), as a model that went
    # through onnx.shape_inference has it
    add("vi_unsqueeze_gather", "Gather(Unsqueeze(x, [0]), i, axis=2) (value_info kept)",
        [node("Unsqueeze", ["x", "ax0"], ["t"]), node("Gather", ["t", "i"], ["y"], axis=2)],
        [vi("x", (3, 4)), vi("i", (2,), I64)], lambda r: [data(r, (3, 4)), i64(r, (2,), -4, 4)],
        inits=[c("ax0", [0])], keep_vi=True)
    add("vi_cast_data_gather", "Cast(Gather(x, i), to=FLOAT) (int32 x, value_info kept)",
        [node("Gather", ["x", "i"], ["t"], axis=0), node("Cast", ["t"], ["y"], to=F)],
        [vi("x", (5, 3), I32), vi("i", (2,), I64)], lambda r: [data(r, (5, 3), np.int32), i64(r, (2,), -5, 5)],
        keep_vi=True)
    return P


# ---------------------------------------------------------------------------
# MXNet 1.9.1 through mx.onnx.export_model


def mxnet(scope):
    import mxnet as mx

    S = mx.sym
    P = []
    f32, i32, i64 = np.float32, np.int32, np.int64

    def add(name, src, build, inputs, make):
        P.append(("mxv_" + name, src, build, inputs, make))

    add("take_wrap_axis_neg2", "mx.sym.take(x, i, axis=-2, mode='wrap') (int32 i)",
        lambda v: S.take(v["x"], v["i"], axis=-2, mode="wrap"), [("x", (2, 4, 3), f32), ("i", (5,), i32)],
        lambda r: [data(r, (2, 4, 3)), idx(r, (5,), -12, 12, np.int64)])
    add("take_clip_axis2", "mx.sym.take(x, i, axis=2, mode='clip') (int32 i)",
        lambda v: S.take(v["x"], v["i"], axis=2, mode="clip"), [("x", (2, 3, 4), f32), ("i", (2, 3), i32)],
        lambda r: [data(r, (2, 3, 4)), idx(r, (2, 3), -6, 9, np.int64)])
    add("take_raise_axis_neg1", "mx.sym.take(x, i, axis=-1) (mode 'raise', int32 i)",
        lambda v: S.take(v["x"], v["i"], axis=-1), [("x", (3, 6), f32), ("i", (4,), i32)],
        lambda r: [data(r, (3, 6)), idx(r, (4,), 0, 6, np.int64)])
    def nd_make(xs, ishp):
        def make(r):
            rows = [idx(r, (1,) + ishp[1:], -xs[k], xs[k], np.int64) for k in range(ishp[0])]
            return [data(r, xs), np.concatenate(rows, axis=0)]
        return make
    add("gather_nd_pairs_3d", "mx.sym.gather_nd(x, i), i: (2, 2, 2) outermost-first (int32 i)",
        lambda v: S.gather_nd(v["x"], v["i"]), [("x", (3, 4, 2), f32), ("i", (2, 2, 2), i32)],
        nd_make((3, 4, 2), (2, 2, 2)))
    add("gather_nd_full", "mx.sym.gather_nd(x, i), i: (3, 4) (every coordinate, int64 i)",
        lambda v: S.gather_nd(v["x"], v["i"]), [("x", (2, 3, 4), f32), ("i", (3, 4), i64)],
        nd_make((2, 3, 4), (3, 4)))
    add("slice_neg_begin", "mx.sym.slice(x, begin=(-3, None), end=(None, -1))",
        lambda v: S.slice(v["x"], begin=(-3, None), end=(None, -1)), [("x", (4, 3), f32)], lambda r: [data(r, (4, 3))])
    add("slice_axis_neg_end", "mx.sym.slice_axis(x, axis=-1, begin=0, end=-2)",
        lambda v: S.slice_axis(v["x"], axis=-1, begin=0, end=-2), [("x", (2, 5), f32)], lambda r: [data(r, (2, 5))])
    add("reverse_axis0", "mx.sym.reverse(x, axis=0)", lambda v: S.reverse(v["x"], axis=0),
        [("x", (4, 3), f32)], lambda r: [data(r, (4, 3))])
    add("flip_axis1", "mx.sym.flip(x, axis=1)", lambda v: S.flip(v["x"], axis=1),
        [("x", (2, 5), f32)], lambda r: [data(r, (2, 5))])
    add("embedding_int64_ids", "mx.sym.Embedding(i, w, input_dim=6, output_dim=2) (int64 ids)",
        lambda v: S.Embedding(v["i"], v["w"], input_dim=6, output_dim=2), [("i", (2, 2), i64), ("w", (6, 2), f32)],
        lambda r: [idx(r, (2, 2), 0, 6, np.int64), data(r, (6, 2))])
    add("reverse_last_3d", "mx.sym.reverse(x, axis=2) (MXNet refuses axis=-1)", lambda v: S.reverse(v["x"], axis=2),
        [("x", (2, 3, 4), f32)], lambda r: [data(r, (2, 3, 4))])
    add("gather_nd_one_coord", "mx.sym.gather_nd(x, i), i: (1, 4) (rows, int32 i)",
        lambda v: S.gather_nd(v["x"], v["i"]), [("x", (5, 3), f32), ("i", (1, 4), i32)], nd_make((5, 3), (1, 4)))
    add("slice_step_3d", "mx.sym.slice(x, begin=(0, 0, 1), end=(2, 3, 4), step=(1, 2, 2))",
        lambda v: S.slice(v["x"], begin=(0, 0, 1), end=(2, 3, 4), step=(1, 2, 2)),
        [("x", (2, 3, 4), f32)], lambda r: [data(r, (2, 3, 4))])
    add("slice_axis_then_take", "mx.sym.take(mx.sym.slice_axis(x, axis=0, begin=1, end=5), i, mode='wrap')",
        lambda v: S.take(S.slice_axis(v["x"], axis=0, begin=1, end=5), v["i"], mode="wrap"),
        [("x", (6, 2), f32), ("i", (3,), i64)], lambda r: [data(r, (6, 2)), idx(r, (3,), -9, 9, np.int64)])
    return P
