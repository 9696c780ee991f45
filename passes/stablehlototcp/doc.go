// Package stablehlototcp is --convert-stablehlo-to-tcp: it converts the
// StableHLO (and mhlo) gather family into tcp ops, for every valid op.
//
//   - stablehlo.gather: one decomposition covers every valid configuration
//     and emits only the steps a configuration needs, so the patterns of
//     SEMANTICS.md §6 come out as single ops: a gather_nd-like gather
//     (start_index_map = collapsed_slice_dims = [b, b+m), batching dims
//     [0, b), trailing full offset dims) becomes one tcp.gather_nd
//     {batch_dims = b, mode = "clip"}. The general case adds tcp.slice (partial
//     slices of unindexed dims), a window per indexed dim with a slice size
//     other than 1 (so that mode clip clamps to [0, dim - slice_size], as
//     the spec does), tcp.transpose of operand, indices and result, and
//     tensor.expand_shape / collapse_shape for unit dims. See lowerGather.
//     Two gather_elements forms become one tcp.gather {dim = a, mode =
//     "clip"}: all other dims batching (jax's take_along_axis), and the
//     iota-concat form (onnx-mlir, older jax) when every other index
//     component is proven to be an iota along its own dim.
//   - stablehlo.torch_index_select: through the gather it means.
//   - stablehlo.concatenate: tensor.concat; stablehlo.reshape:
//     tensor.expand_shape / collapse_shape.
//   - stablehlo.dynamic_slice: tcp.slice whose starts are clamped
//     explicitly (arith.maxsi/minsi) to [0, dim - size].
//   - stablehlo.slice: tcp.slice with constant operands.
//   - stablehlo.iota (static) and stablehlo.constant: tcp.const.
//
// The same patterns are canonicalization patterns of the stablehlo ops
// (registered from init), so --canonicalize converts them too. The pass
// fails with a located error on an op it cannot convert (start indices of
// a signed/unsigned integer type, which arith cannot compute on; a
// dynamic operand dim indexed with a slice size other than 1).
package stablehlototcp
