// Package stablehlototcp is --convert-stablehlo-to-tcp: it converts the
// StableHLO (and mhlo) gather family into tcp ops, for every valid op.
//
//   - stablehlo.gather: one decomposition covers every valid configuration
//     and emits only the steps a configuration needs, so the patterns of
//     docs/semantics.md §6 come out as single ops: a gather_nd-like gather
//     (start_index_map = collapsed_slice_dims = [b, b+m), batching dims
//     [0, b), trailing full offset dims) becomes one tcp.gather_nd
//     {batch_dims = b, mode = "clip"}. The general case adds tcp.slice (partial
//     slices of unindexed dims), a window per indexed dim with a slice size
//     other than 1 (so that mode clip clamps to [0, dim - slice_size], as
//     the spec does), tcp.transpose of operand, indices and result, and
//     tensor.expand_shape / collapse_shape for unit dims (see lowerGather;
//     windows on a dynamic dim are described below).
//     Two gather_elements forms become one tcp.gather {dim = a, mode =
//     "clip"}: all other dims batching (jax's take_along_axis), and the
//     iota-concat form (onnx-mlir, older jax) when every other index
//     component is proven to be an iota along its own dim.
//   - stablehlo.torch_index_select: through the gather it means.
//   - stablehlo.scatter whose region is a combiner (returns the update, or
//     one of add, multiply, minimum, maximum, and, or of the two block
//     arguments): tcp.scatter_nd {mode = "drop"} (scatter.go), the
//     scattered dims moved first by tcp.transpose, batching dims as
//     batch_dims; x.at[..., i]-like scatters as tcp.scatter along the dim;
//     partial windows as one index tuple per update element. Any other
//     region of scalar ops (constant, add, subtract, multiply, divide,
//     negate, and, or, maximum, minimum, compare, select) becomes
//     combine = "region" with the region copied (scatter_region.go); a
//     scatter of several inputs whose region computes each result from
//     its own pair of arguments is split into one scatter per input.
//     Regions of other ops, several inputs whose region mixes them (an
//     arg-max), and partial windows of dynamic shape are located errors.
//   - stablehlo.concatenate: tensor.concat; stablehlo.reshape:
//     tensor.expand_shape / collapse_shape.
//   - stablehlo.dynamic_slice: per static dim, two tcp.gathers (the start
//     selects, under mode clip, a row of the constant window table
//     T[j][o] = j + o, i.e. the positions clamp(start, 0, dim - size) + o,
//     which then gather the operand); dims of a dynamic size (or a window
//     table over 65536 elements) use one tcp.slice whose starts are
//     clamped explicitly (tensor.extract, arith.maxsi/minsi).
//   - stablehlo.slice: tcp.slice with constant operands.
//   - stablehlo.iota (static) and stablehlo.constant: tcp.const.
//   - stablehlo.dynamic_iota and stablehlo.dynamic_reshape whose
//     output_shape is a compile-time constant (stablehlo/arith/tcp constant
//     or tensor.from_elements of constants) fitting the result type: as
//     iota and reshape of that shape (plus a tensor.cast to a dynamic
//     result type). Any other output_shape is a located error: a mismatch
//     is a run-time error of the op that the static tcp form would not
//     raise.
//
// Start indices of any signedness and of 8 to 64 bits convert: i32 and i64
// as they are, i8 and i16 through arith.extsi, signed and unsigned types
// through tcp.cast_indices (by value; a ui64 of 2^63 or more saturates to
// 2^63 - 1, which the clamp sends to the top of the range, as the spec's
// clamp of the value does).
//
// The same patterns are canonicalization patterns of the stablehlo ops
// (registered from init), so --canonicalize converts them too. The pass
// fails with a located error on an op it cannot convert: start indices of
// another width (i1, i4, ...), an iota or dynamic_iota of unknown shape,
// and a reshape or dynamic_reshape of a dynamic operand.
//
// Windows on a dynamic operand dim D (slice size s > 1, not collapsed): the
// n = D - s + 1 windows are the tensor.concat of the s slices
// tcp.slice [o, o + n) (o < s) with n from tensor.dim and arith.subi, since
// tcp has no op that counts up to a run-time size for the constant window
// table j + o of the static case. A static window whose table would exceed
// 65536 elements is built the same way, or from the n window slices when
// n < s: O(min(n, s)) ops instead of n*s constants.
//
// Collapsed dims of slice size 0 clamp to [0, dim - 1] (tcp's definition of
// what the spec leaves implementation-defined; see stablehlo.gather), which
// the decomposition does by treating them as slice size 1; an empty
// collapsed dim then makes mode clip raise at run time, as the interpreter
// does on the stablehlo op.
package stablehlototcp
