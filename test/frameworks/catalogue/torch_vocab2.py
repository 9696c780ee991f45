"""More PyTorch gathers, written the way users write them.

A second set of PyTorch programs, beside gather_vocab.py's: embeddings in
f16, bf16 and int64, nn.Embedding without padding, the index patterns of
model code (x[:, -1] of a sequence, x.gather(-1, i.unsqueeze(-1)).squeeze(-1)
of a loss, x[torch.arange(n), i] picking one element per row), flips over
several dims, take_along_dim on rank 3, advanced indexing with separated
and broadcast index tensors, slices with negative ends and steps, and the
view ops models put around gathers (permute, transpose, expand, reshape,
split, unbind). Each is exported by torch-mlir's FX importer (some with
torch.export dynamic dims) and by torch.onnx.export(dynamo=False); torch's
own outputs are the expected ones, so indices are in torch's range
(negative ones only where torch wraps them).
"""

import numpy as np

from export import data, idx


def _i64(r, shape, lo, hi):
    return idx(r, shape, lo, hi, np.int64)


def _bf16(r, shape):
    import ml_dtypes
    return data(r, shape).astype(ml_dtypes.bfloat16)


# ---------------------------------------------------------------------------
# PyTorch (torch-mlir's FX importer)


def torch(scope):
    import torch as T
    import torch.nn.functional as F

    P = []
    add = lambda *a: P.append(a)  # noqa: E731

    # embeddings
    T.manual_seed(1)
    emb = T.nn.Embedding(10, 3).requires_grad_(False)
    add("v2_nn_embedding_plain", "nn.Embedding(10, 3)(i) (no padding_idx)", lambda i, emb=emb: emb(i),
        lambda r: [_i64(r, (3, 4), 0, 10)])
    add("v2_embedding_neg_padding", "F.embedding(i, w, padding_idx=-1, max_norm=None)",
        lambda w, i: F.embedding(i, w, padding_idx=-1, max_norm=None),
        lambda r: [data(r, (6, 3)), _i64(r, (5,), 0, 6)])
    add("v2_embedding_f16", "F.embedding(i, w) (float16 w)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (7, 4), np.float16), _i64(r, (2, 3), 0, 7)])
    add("v2_embedding_bf16", "F.embedding(i, w) (bfloat16 w)", lambda w, i: F.embedding(i, w),
        lambda r: [_bf16(r, (6, 2)), _i64(r, (4,), 0, 6)])
    add("v2_embedding_int64_table", "F.embedding(i, w) (int64 w, int32 i)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (5, 3), np.int64), idx(r, (2, 2), 0, 5)])
    add("v2_embedding_3d_ids", "F.embedding(i, w) (i: 2x2x3)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (9, 2)), _i64(r, (2, 2, 3), 0, 9)])
    # integer selects and slices
    add("v2_last_step", "x[:, -1] (a sequence's last step, 3-d)", lambda x: x[:, -1], lambda r: [data(r, (2, 5, 3))])
    add("v2_ellipsis_one", "x[..., 1] (rank 4)", lambda x: x[..., 1], lambda r: [data(r, (2, 2, 3, 4))])
    add("v2_select_inner_neg", "x[:, :, -2]", lambda x: x[:, :, -2], lambda r: [data(r, (3, 2, 4))])
    add("v2_slice_neg_end_step", "x[1:-1:2]", lambda x: x[1:-1:2], lambda r: [data(r, (8, 3))])
    add("v2_slice_cols_neg", "x[:, -4:-1:2]", lambda x: x[:, -4:-1:2], lambda r: [data(r, (3, 6))])
    add("v2_narrow_neg_start", "torch.narrow(x, 0, -3, 2)", lambda x: T.narrow(x, 0, -3, 2), lambda r: [data(r, (5, 4))])
    add("v2_none_index", "x[None, 1]", lambda x: x[None, 1], lambda r: [data(r, (3, 4))])
    add("v2_split_chunk", "torch.split(x, 2, dim=1)[1]", lambda x: T.split(x, 2, dim=1)[1], lambda r: [data(r, (3, 6))])
    add("v2_unbind", "x.unbind(1)[2]", lambda x: x.unbind(1)[2], lambda r: [data(r, (4, 3))])
    add("v2_select_bool", "m[1] (bool m)", lambda m: m[1], lambda r: [data(r, (3, 4)) > 0])
    # flips
    add("v2_flip_02", "torch.flip(x, [0, 2])", lambda x: T.flip(x, [0, 2]), lambda r: [data(r, (2, 3, 4))])
    add("v2_flip_all3", "x.flip(0, 1, 2) (int64)", lambda x: x.flip(0, 1, 2), lambda r: [data(r, (2, 2, 3), np.int64)])
    add("v2_fliplr_3d", "torch.fliplr(x) (rank 3)", lambda x: T.fliplr(x), lambda r: [data(r, (2, 3, 2))])
    add("v2_flipud_f16", "torch.flipud(x) (float16)", lambda x: T.flipud(x), lambda r: [data(r, (4, 3), np.float16)])
    add("v2_flip_bool", "x.flip(-1) (bool)", lambda x: x.flip(-1), lambda r: [data(r, (2, 5)) > 0])
    # take_along_dim, take, gather
    add("v2_take_along_dim_3d", "torch.take_along_dim(x, i, dim=2)", lambda x, i: T.take_along_dim(x, i, dim=2),
        lambda r: [data(r, (2, 3, 4)), _i64(r, (2, 3, 2), -4, 4)])
    add("v2_take_along_dim_bcast_3d", "torch.take_along_dim(x, i, dim=1) (i: 1x2x1)",
        lambda x, i: T.take_along_dim(x, i, dim=1), lambda r: [data(r, (2, 4, 3)), _i64(r, (1, 2, 1), -4, 4)])
    add("v2_take_along_dim_flat_2d", "torch.take_along_dim(x, i) (i: 2x3)", lambda x, i: T.take_along_dim(x, i),
        lambda r: [data(r, (2, 3, 2)), _i64(r, (2, 3), 0, 12)])
    add("v2_take_2d", "torch.take(x, i) (i: 2x2, negative)", lambda x, i: T.take(x, i),
        lambda r: [data(r, (3, 4)), _i64(r, (2, 2), -12, 12)])
    add("v2_gather_int32_data", "torch.gather(x, -1, i) (int32 x)", lambda x, i: T.gather(x, -1, i),
        lambda r: [data(r, (2, 3, 5), np.int32), _i64(r, (2, 3, 2), 0, 5)])
    add("v2_gather_squeeze_loss", "x.gather(-1, i.unsqueeze(-1)).squeeze(-1)",
        lambda x, i: x.gather(-1, i.unsqueeze(-1)).squeeze(-1), lambda r: [data(r, (4, 6)), _i64(r, (4,), 0, 6)])
    add("v2_gather_sparse_grad", "torch.gather(x, 0, i, sparse_grad=True)", lambda x, i: T.gather(x, 0, i, sparse_grad=True),
        lambda r: [data(r, (4, 3)), _i64(r, (2, 3), 0, 4)])
    add("v2_gather_bool", "torch.gather(m, 1, i) (bool m)", lambda m, i: T.gather(m, 1, i),
        lambda r: [data(r, (3, 4)) > 0, _i64(r, (3, 2), 0, 4)])
    # index_select and advanced indexing
    add("v2_index_select_int32_last", "torch.index_select(x, -1, i) (int32 i)", lambda x, i: T.index_select(x, -1, i),
        lambda r: [data(r, (2, 3, 4)), idx(r, (5,), 0, 4)])
    add("v2_index_select_f16", "x.index_select(0, i) (float16 x)", lambda x, i: x.index_select(0, i),
        lambda r: [data(r, (5, 2), np.float16), _i64(r, (3,), 0, 5)])
    add("v2_colindex_int32", "x[:, i] (int32 i)", lambda x, i: x[:, i], lambda r: [data(r, (3, 5)), idx(r, (4,), -5, 5)])
    add("v2_index_int64_data", "x[i] (int64 x)", lambda x, i: x[i],
        lambda r: [data(r, (5, 2), np.int64), _i64(r, (3,), -5, 5)])
    add("v2_index_separated", "x[i, :, j] (separated index tensors)", lambda x, i, j: x[i, :, j],
        lambda r: [data(r, (3, 2, 4)), _i64(r, (2,), -3, 3), _i64(r, (2,), -4, 4)])
    add("v2_index_adjacent_bcast", "x[:, i, j] (i: 2x1, j: 3)", lambda x, i, j: x[:, i, j],
        lambda r: [data(r, (2, 4, 5)), _i64(r, (2, 1), -4, 4), _i64(r, (3,), -5, 5)])
    add("v2_index_tensor_int", "x[i, 1]", lambda x, i: x[i, 1], lambda r: [data(r, (4, 3)), _i64(r, (3,), -4, 4)])
    add("v2_slice_then_index", "x[1:, i]", lambda x, i: x[1:, i], lambda r: [data(r, (4, 5)), _i64(r, (2,), -5, 5)])
    add("v2_index_bool_data", "m[i] (bool m)", lambda m, i: m[i], lambda r: [data(r, (6,)) > 0, _i64(r, (4,), -6, 6)])
    add("v2_arange_pick", "x[torch.arange(4), i] (one element per row)", lambda x, i: x[T.arange(4), i],
        lambda r: [data(r, (4, 5)), _i64(r, (4,), 0, 5)])
    add("v2_index_chain", "x[i][:, j]", lambda x, i, j: x[i][:, j],
        lambda r: [data(r, (5, 4)), _i64(r, (3,), 0, 5), _i64(r, (2,), 0, 4)])
    # view ops around gathers
    add("v2_permute_index", "x.permute(1, 0, 2)[i]", lambda x, i: x.permute(1, 0, 2)[i],
        lambda r: [data(r, (2, 4, 3)), _i64(r, (3,), 0, 4)])
    add("v2_index_transpose", "x[i].transpose(0, 1).contiguous()", lambda x, i: x[i].transpose(0, 1).contiguous(),
        lambda r: [data(r, (4, 3)), _i64(r, (2,), 0, 4)])
    add("v2_expand_gather", "torch.gather(x.expand(3, 4), 1, i)", lambda x, i: T.gather(x.expand(3, 4), 1, i),
        lambda r: [data(r, (1, 4)), _i64(r, (3, 2), 0, 4)])
    add("v2_index_reshape", "x[i].reshape(-1)", lambda x, i: x[i].reshape(-1), lambda r: [data(r, (5, 3)), _i64(r, (2,), 0, 5)])
    add("v2_mT_select", "x.mT[:, 2]", lambda x: x.mT[:, 2], lambda r: [data(r, (2, 3, 4))])
    add("v2_flip_index_select", "x.index_select(0, i).flip(0)", lambda x, i: x.index_select(0, i).flip(0),
        lambda r: [data(r, (5, 2)), _i64(r, (3,), 0, 5)])
    add("v2_clone_take_along", "torch.take_along_dim(x.clone(), i.view(2, 2), dim=0)",
        lambda x, i: T.take_along_dim(x.clone(), i.view(2, 2), dim=0), lambda r: [data(r, (3, 2)), _i64(r, (4,), 0, 3)])
    # list and constant indices, cat / stack / chunk of gathers, rot90
    add("v2_list_cols", "x[:, [0, 2]] (a list index)", lambda x: x[:, [0, 2]], lambda r: [data(r, (3, 4))])
    add("v2_list_rows", "x[[1, 0, 1]]", lambda x: x[[1, 0, 1]], lambda r: [data(r, (3, 4))])
    add("v2_tensor_const_index", "x[torch.tensor([2, -1])]", lambda x: x[T.tensor([2, -1])], lambda r: [data(r, (4, 2))])
    add("v2_rot90", "torch.rot90(x, 1, [0, 1])", lambda x: T.rot90(x, 1, [0, 1]), lambda r: [data(r, (3, 4))])
    add("v2_cat_gathers", "torch.cat([x[i], x[:1]])", lambda x, i: T.cat([x[i], x[:1]]),
        lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 3)])
    add("v2_stack_rows", "torch.stack([x[0], x[2]])", lambda x: T.stack([x[0], x[2]]), lambda r: [data(r, (3, 4))])
    add("v2_chunk_last", "x.chunk(3, dim=0)[2]", lambda x: x.chunk(3, dim=0)[2], lambda r: [data(r, (6, 2))])
    add("v2_unbind_rows", "x.unbind(0)[1]", lambda x: x.unbind(0)[1], lambda r: [data(r, (3, 2))])
    add("v2_movedim_index", "torch.movedim(x, 0, -1)[i]", lambda x, i: T.movedim(x, 0, -1)[i],
        lambda r: [data(r, (2, 3, 4)), _i64(r, (2,), 0, 3)])
    add("v2_gather_expand_index", "x.gather(1, i.view(-1, 1).expand(-1, 3))",
        lambda x, i: x.gather(1, i.view(-1, 1).expand(-1, 3)), lambda r: [data(r, (4, 5)), _i64(r, (4,), 0, 5)])
    add("v2_T_index", "x.T[i]", lambda x, i: x.T[i], lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 4)])
    add("v2_none_then_index", "x[:, None, i]", lambda x, i: x[:, None, i], lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 4)])
    add("v2_weight_index", "w[i] (an embedding table indexed directly)", lambda w, i: w[i],
        lambda r: [data(r, (6, 3)), _i64(r, (2, 2), 0, 6)])
    add("v2_narrow_last_dim", "x.narrow(-1, 1, 2)", lambda x: x.narrow(-1, 1, 2), lambda r: [data(r, (3, 4))])
    add("v2_step3", "x[:, ::3]", lambda x: x[:, ::3], lambda r: [data(r, (2, 7))])
    add("v2_select_last_dim", "x.select(-1, 0)", lambda x: x.select(-1, 0), lambda r: [data(r, (2, 3))])
    add("v2_flip_neg_dims", "torch.flip(x, (-1, -2))", lambda x: T.flip(x, (-1, -2)), lambda r: [data(r, (2, 3, 4))])
    add("v2_unit_dim_index", "x[..., None][i]", lambda x, i: x[..., None][i], lambda r: [data(r, (4, 2)), _i64(r, (3,), 0, 4)])
    add("v2_gather_then_flip", "torch.gather(x, 1, i).flip(1)", lambda x, i: T.gather(x, 1, i).flip(1),
        lambda r: [data(r, (2, 5)), _i64(r, (2, 3), 0, 5)])
    add("v2_index_three", "x[i, j, k]", lambda x, i, j, k: x[i, j, k],
        lambda r: [data(r, (2, 3, 4)), _i64(r, (2,), -2, 2), _i64(r, (2,), -3, 3), _i64(r, (2,), -4, 4)])
    add("v2_index_mixed_dtypes", "x[i, j] (long i, int j)", lambda x, i, j: x[i, j],
        lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 3), idx(r, (2,), -4, 4)])
    add("v2_bf16_roundtrip_select", "x.to(torch.bfloat16).index_select(0, i).float()",
        lambda x, i: x.to(T.bfloat16).index_select(0, i).float(), lambda r: [data(r, (4, 2)), _i64(r, (3,), 0, 4)])
    add("v2_squeeze_all", "torch.squeeze(x[i])", lambda x, i: T.squeeze(x[i]), lambda r: [data(r, (4, 1, 3)), _i64(r, (1,), 0, 4)])
    add("v2_index_flatten", "x[i].flatten()", lambda x, i: x[i].flatten(), lambda r: [data(r, (4, 3)), _i64(r, (2,), 0, 4)])
    # dynamic dims (torch.export Dim)
    add("v2_select_neg_dynamic", "x[-1], x: ?x3", lambda x: x[-1], lambda r: [data(r, (4, 3))], {"dynamic": [{0: "n"}]})
    add("v2_narrow_dynamic", "x.narrow(1, 1, 2), x: ?x4", lambda x: x.narrow(1, 1, 2), lambda r: [data(r, (3, 4))],
        {"dynamic": [{0: "b"}]})
    add("v2_index_both_dynamic", "x[i], x: ?x3, i: ?", lambda x, i: x[i], lambda r: [data(r, (5, 3)), _i64(r, (4,), 0, 5)],
        {"dynamic": [{0: "n"}, {0: "m"}]})
    add("v2_slice_step_dynamic", "x[:, 1::2], x: ?x6", lambda x: x[:, 1::2], lambda r: [data(r, (3, 6))],
        {"dynamic": [{0: "b"}]})
    add("v2_embedding_flip_dynamic", "F.embedding(i, w).flip(0), i: ?", lambda w, i: F.embedding(i, w).flip(0),
        lambda r: [data(r, (6, 2)), _i64(r, (3,), 0, 6)], {"dynamic": [{}, {0: "n"}]})
    add("v2_last_step_dynamic", "x[:, -1], x: ?x5x3", lambda x: x[:, -1], lambda r: [data(r, (2, 5, 3))],
        {"dynamic": [{0: "b"}]})
    add("v2_flip_dynamic", "x.flip(0), x: ?x3", lambda x: x.flip(0), lambda r: [data(r, (4, 3))], {"dynamic": [{0: "n"}]})
    add("v2_gather_dynamic", "torch.gather(x, 1, i), batch dynamic", lambda x, i: T.gather(x, 1, i),
        lambda r: [data(r, (3, 5)), _i64(r, (3, 2), 0, 5)], {"dynamic": [{0: "b"}, {0: "b"}]})
    add("v2_index_select_dynamic", "torch.index_select(x, 1, i), x: ?x6", lambda x, i: T.index_select(x, 1, i),
        lambda r: [data(r, (2, 6)), _i64(r, (3,), 0, 6)], {"dynamic": [{0: "b"}, {}]})
    add("v2_embedding_dynamic_seq", "F.embedding(i, w), i: ?x?", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (8, 3)), _i64(r, (2, 3), 0, 8)], {"dynamic": [{}, {0: "b", 1: "s"}]})
    add("v2_take_along_dim_dynamic", "torch.take_along_dim(x, i, dim=1), i: 3x?",
        lambda x, i: T.take_along_dim(x, i, dim=1), lambda r: [data(r, (3, 4)), _i64(r, (3, 2), -4, 4)],
        {"dynamic": [{}, {1: "k"}]})
    return P


# ---------------------------------------------------------------------------
# torch.onnx.export(dynamo=False): the TorchScript exporter, no value_info


def onnx(scope):
    import torch as T
    import torch.nn.functional as F

    P = []

    def add(name, src, f, make):
        P.append((name, src + " (torch.onnx.export)", [], [], make, (), {"torch": f}))

    T.manual_seed(2)
    emb = T.nn.Embedding(7, 3, padding_idx=0).requires_grad_(False)
    add("torch2_nn_embedding_pad", "nn.Embedding(7, 3, padding_idx=0)(i)", lambda i, emb=emb: emb(i),
        lambda r: [_i64(r, (2, 4), 0, 7)])
    add("torch2_last_step", "x[:, -1] (3-d)", lambda x: x[:, -1], lambda r: [data(r, (2, 5, 3))])
    add("torch2_ellipsis_one", "x[..., 1]", lambda x: x[..., 1], lambda r: [data(r, (2, 3, 4))])
    add("torch2_slice_neg_end_step", "x[1:-1:2]", lambda x: x[1:-1:2], lambda r: [data(r, (8, 3))])
    add("torch2_flip_02", "torch.flip(x, [0, 2])", lambda x: T.flip(x, [0, 2]), lambda r: [data(r, (2, 3, 4))])
    # (torch.fliplr/flipud: aten::fliplr has no ONNX export)
    add("torch2_flip_last_int", "x.flip(-1) (int32)", lambda x: x.flip(-1), lambda r: [data(r, (3, 4), np.int32)])
    # (aten::take_along_dim has no ONNX export either)
    add("torch2_gather_dim0", "x.gather(0, i)", lambda x, i: x.gather(0, i),
        lambda r: [data(r, (3, 5)), _i64(r, (2, 5), 0, 3)])
    add("torch2_gather_3d", "torch.gather(x, 2, i)", lambda x, i: T.gather(x, 2, i),
        lambda r: [data(r, (2, 3, 4)), _i64(r, (2, 3, 2), 0, 4)])
    add("torch2_index_select_int32", "torch.index_select(x, 0, i) (int32 i)", lambda x, i: T.index_select(x, 0, i),
        lambda r: [data(r, (5, 3)), idx(r, (4,), 0, 5)])
    # Two index tensors: the exporter flattens them to one index
    # (i * size + j) before wrapping, so a negative index means another
    # element in the file than in torch; these take non-negative ones.
    add("torch2_pair_bcast", "x[i, j] (i: 2x1, j: 3)", lambda x, i, j: x[i, j],
        lambda r: [data(r, (4, 5)), _i64(r, (2, 1), 0, 4), _i64(r, (3,), 0, 5)])
    add("torch2_colindex_int_data", "x[:, i] (int32 x)", lambda x, i: x[:, i],
        lambda r: [data(r, (3, 6), np.int32), _i64(r, (4,), -6, 6)])
    add("torch2_narrow", "torch.narrow(x, 1, 2, 3)", lambda x: T.narrow(x, 1, 2, 3), lambda r: [data(r, (3, 6))])
    add("torch2_gather_squeeze_loss", "x.gather(-1, i.unsqueeze(-1)).squeeze(-1)",
        lambda x, i: x.gather(-1, i.unsqueeze(-1)).squeeze(-1), lambda r: [data(r, (4, 6)), _i64(r, (4,), 0, 6)])
    add("torch2_take", "torch.take(x, i)", lambda x, i: T.take(x, i), lambda r: [data(r, (3, 4)), _i64(r, (2, 3), 0, 12)])
    add("torch2_arange_pick", "x[torch.arange(3), i]", lambda x, i: x[T.arange(3), i],
        lambda r: [data(r, (3, 5)), _i64(r, (3,), 0, 5)])
    add("torch2_embedding_f16", "F.embedding(i, w) (float16 w)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (6, 2), np.float16), _i64(r, (3,), 0, 6)])
    add("torch2_index_separated", "x[i, :, j]", lambda x, i, j: x[i, :, j],
        lambda r: [data(r, (3, 2, 4)), _i64(r, (2,), 0, 3), _i64(r, (2,), 0, 4)])
    add("torch2_select_int", "x[2] (int64 x)", lambda x: x[2], lambda r: [data(r, (4, 3), np.int64)])
    add("torch2_list_cols", "x[:, [0, 2]]", lambda x: x[:, [0, 2]], lambda r: [data(r, (3, 4))])
    add("torch2_cat_gathers", "torch.cat([x[i], x[:1]])", lambda x, i: T.cat([x[i], x[:1]]),
        lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 3)])
    add("torch2_stack_rows", "torch.stack([x[0], x[2]])", lambda x: T.stack([x[0], x[2]]), lambda r: [data(r, (3, 4))])
    add("torch2_chunk_last", "x.chunk(3, dim=0)[2]", lambda x: x.chunk(3, dim=0)[2], lambda r: [data(r, (6, 2))])
    add("torch2_split", "torch.split(x, 2, dim=1)[1]", lambda x: T.split(x, 2, dim=1)[1], lambda r: [data(r, (3, 6))])
    add("torch2_unbind", "x.unbind(1)[2]", lambda x: x.unbind(1)[2], lambda r: [data(r, (4, 3))])
    add("torch2_movedim_index", "torch.movedim(x, 0, -1)[i]", lambda x, i: T.movedim(x, 0, -1)[i],
        lambda r: [data(r, (2, 3, 4)), _i64(r, (2,), 0, 3)])
    add("torch2_gather_expand_index", "x.gather(1, i.view(-1, 1).expand(-1, 3))",
        lambda x, i: x.gather(1, i.view(-1, 1).expand(-1, 3)), lambda r: [data(r, (4, 5)), _i64(r, (4,), 0, 5)])
    add("torch2_none_then_index", "x[:, None, i]", lambda x, i: x[:, None, i], lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 4)])
    add("torch2_index_mixed_dtypes", "x[i, j] (long i, int j)", lambda x, i, j: x[i, j],
        lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 3), idx(r, (2,), 0, 4)])
    add("torch2_index_three", "x[i, j, k]", lambda x, i, j, k: x[i, j, k],
        lambda r: [data(r, (2, 3, 4)), _i64(r, (2,), 0, 2), _i64(r, (2,), 0, 3), _i64(r, (2,), 0, 4)])
    add("torch2_flip_neg_dims", "torch.flip(x, (-1, -2))", lambda x: T.flip(x, (-1, -2)), lambda r: [data(r, (2, 3, 4))])
    add("torch2_step3", "x[:, ::3]", lambda x: x[:, ::3], lambda r: [data(r, (2, 7))])
    add("torch2_select_last_dim", "x.select(-1, 0)", lambda x: x.select(-1, 0), lambda r: [data(r, (2, 3))])
    add("torch2_T_index", "x.T[i]", lambda x, i: x.T[i], lambda r: [data(r, (3, 4)), _i64(r, (2,), 0, 4)])
    add("torch2_index_select_bool", "m.index_select(0, i) (bool m)", lambda m, i: m.index_select(0, i),
        lambda r: [data(r, (4, 2)) > 0, _i64(r, (3,), 0, 4)])
    add("torch2_take_negative", "torch.take(x, i) (negative i)", lambda x, i: T.take(x, i),
        lambda r: [data(r, (3, 4)), _i64(r, (2, 2), -12, 12)])
    add("torch2_embedding_3d_ids", "F.embedding(i, w) (i: 2x2x2)", lambda w, i: F.embedding(i, w),
        lambda r: [data(r, (5, 3)), _i64(r, (2, 2, 2), 0, 5)])
    add("torch2_narrow_last_dim", "x.narrow(-1, 1, 2)", lambda x: x.narrow(-1, 1, 2), lambda r: [data(r, (3, 4))])
    add("torch2_index_flatten", "x[i].flatten()", lambda x, i: x[i].flatten(), lambda r: [data(r, (4, 3)), _i64(r, (2,), 0, 4)])
    add("torch2_squeeze_all", "torch.squeeze(x[i])", lambda x, i: T.squeeze(x[i]), lambda r: [data(r, (4, 1, 3)), _i64(r, (1,), 0, 4)])
    add("torch2_index_int64_data", "x[i] (int64 x, negative i)", lambda x, i: x[i],
        lambda r: [data(r, (5,), np.int64), _i64(r, (3,), -5, 5)])
    return P
