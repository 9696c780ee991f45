// Package torchtotcp converts torch-mlir's gather-family ops into tcp
// (MLIR's lib/Conversion/TorchToTcp in mlir-tcp), as the pass
// --convert-torch-to-tcp, as the "torch" frontend of
// --convert-frontends-to-tcp (passes/frontends), and as the ops'
// canonicalization patterns (so --canonicalize brings them to tcp too).
//
// # Rewrites
//
// Every rewrite takes builtin tensors of its operands with
// torch_c.to_builtin_tensor, builds the tcp form, and hands the result back
// with torch_c.from_builtin_tensor (a tensor.cast first if the recipe's
// type is more or less static than the declared result); both casts are
// the materializations of TypeConverter (!torch.vtensor <-> builtin
// tensor). Function signatures keep their !torch types, as in mlir-tcp,
// unless the pass option convert-func-signatures is set: then the
// signatures are converted too (conversion.FuncSignaturePattern) and the
// casts that meet fold away.
//
//	torch.aten.gather %x, %dim, %idx, %false
//	    → tcp.gather {dim = normalized, mode = "error"}
//	torch.aten.index_select %x, %dim, %idx
//	    → the slice-gather recipe of docs/semantics.md §5.1 (passes/tcpbuild:
//	      tensor.expand_shape, tcp.broadcast_to, tcp.gather with mode
//	      "error"; a 0-d index keeps the dim)
//	torch.aten.slice.Tensor %x, %dim, %start, %end, %step
//	    → tcp.slice: starts/sizes/strides per dim (Python's clamping of
//	      start and end done at compile time, or with arith.minsi/maxsi/
//	      subi/ceildivsi on tensor.dim when the sliced dim is dynamic;
//	      other dims 0, their size (tensor.dim when dynamic), 1)
//	torch.aten.slice_scatter %x, %src, %dim, %start, %end, %step
//	    → tensor.insert_slice of src into x at Python's slice bounds,
//	      computed at compile time (constant dim/start/end/step, static
//	      sizes), stride step (slice_scatter.go)
//	torch.aten.copy %self, %src, %non_blocking
//	    → src, when src has self's type (other copies are refused)
//	torch.aten.index.Tensor_hacked_twin %x, (ListConstruct %i0 … %ik-1)
//	    → the index tensors broadcast to their common shape B
//	      (tcp.broadcast_to), expanded to B++[1] and concatenated
//	      (tensor.concat) into B++[k], then tcp.gather_nd with mode
//	      "wrap_negative" (torch wraps negative indices once)
//	torch.aten.index.Tensor %x, (ListConstruct None … None %i0 … %ik-1)
//	    → the same (torch-mlir's FX importer prints x[i], x[:, i],
//	      x[..., i], x[i, j] this way); p leading None entries (whole
//	      dims) become batch_dims = p of the tcp.gather_nd, the index
//	      broadcast along them (mixed si32 and si64 index tensors are
//	      sign-extended to i64 first). Index tensors separated by None entries
//	      (x[i, :, j], whose broadcast dims torch moves to the front) first
//	      transpose x (tcp.transpose) to the indexed dims first, then
//	      gather as above with p = 0
//	torch.vtensor.literal
//	    → tcp.const of the builtin tensor type (mlir-tcp does the same)
//	torch.aten.mul.Scalar / add.Tensor / add.Scalar / sub.Scalar /
//	sub.Tensor / mul.Tensor / where.self (static shapes)
//	    → arith.muli, mulf / addi, addf / select on operands broadcast with
//	      tensor.expand_shape + tcp.broadcast_to (arith.go; a number and
//	      f16/bf16 data, type promotion and a float alpha ≠ 1 refused)
//	torch.aten.index_put with one boolean mask (y[mask] = v, += v)
//	    → arith.select(mask, v, y) (select(mask, y + v, y)), when v does
//	      not depend on the number of true elements
//
// Negative dims are normalized (a + rank); index modes are torch 1.13's
// (docs/semantics.md §2.1).
//
// # What cannot be converted, and why
//
// A pattern that cannot convert an op returns ir.NotifyMatchFailure with
// a located reason naming the operand: a dim, start, end or step that is
// not a torch.constant.int (or none), sizes or dtype unknown, index tensors of unknown shape, of differing
// dtypes, or two of them with dynamic sizes at one broadcast dim (a
// dynamic size that only one index tensor has is read with tensor.dim). --convert-torch-to-tcp
// then fails with "failed to legalize operation 'torch.aten.…' that was
// explicitly marked illegal" and the reason as a note; --canonicalize
// leaves the op as it is.
//
// # Documented differences from torch
//
// Both concern an out-of-range index when the result is empty; the
// differential test (oracle_test.go) counts them and fails on any other
// difference.
//
//   - index_select: under mode "error" an index is reported only if the
//     recipe reads it. When the result is empty (a zero-size dim elsewhere
//     in the input), the broadcast indices are empty too and nothing is
//     read, so the converted program succeeds where torch 1.13 raises
//     "index out of range in self" (torch checks every index).
//   - index.Tensor_hacked_twin: the other way round. torch reads (and
//     checks) an index tuple only for the output elements it produces, so
//     an empty slice (a zero-size dim of self after the indexed ones)
//     raises nothing; tcp.gather_nd checks every tuple, so the converted
//     program raises "index i is out of bounds for dimension d with size s".
//
// The torch dialect's own interpreter kernels follow torch exactly.
package torchtotcp
