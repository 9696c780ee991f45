// Package idioms adds canonicalization patterns that fold the index
// arithmetic frameworks wrap around their gathers back into the gather,
// where the result is exactly the same for every input:
//
//   - an iota-concatenated index: tcp.gather_nd %x, (tensor.concat of a
//     constant C whose column j holds each row's j-th coordinate, and I)
//     with batch_dims 0 is tcp.gather_nd %x, I {batch_dims = k} (TensorFlow's
//     converter writes gather_nd with batch_dims this way; the batch
//     coordinates are always in range, so the index mode does not matter).
//
//   - a clamped index: tcp.gather or tcp.gather_nd of clamp(i, 0, n - 1)
//     (arith.maxsi/minsi with splat constants, in either order: what
//     stablehlo.clamp converts to), n the size of every indexed dim, is the
//     gather of i under mode clip, whatever its mode was;
//
//   - a once-wrapped index: a gather under promise_in_bounds, error or
//     wrap_negative of select(i < 0, i + n, i) (or select(i >= 0, i,
//     i + n)) is the gather of i under wrap_negative. Under clip (jax's
//     x[i]) the select means "wrap once, then clamp", which no single mode
//     expresses: it stays elementwise index arithmetic, which both backends
//     fuse into the gather's index loads.
//
//   - a masked gather: select(0 <= J < n, gather(x, I), splat c), where I
//     and the mask read one root index tensor through broadcasts and
//     reshapes that place every element identically (checked by running
//     both chains on a tensor of positions), n the gathered dim and the
//     gather under a mode that never fails, is the gather under mode fill
//     with fill_value c: jnp's fill mode (jnp.take's default,
//     take_along_axis(mode='fill')).
//
// The index computation may reach the gather through single-use
// broadcast_to, expand_shape and collapse_shape ops (the slice-gather
// recipe's), which commute with elementwise arithmetic. Every pattern is
// checked by the interpreter on random inputs (test/lit/passes/
// canonicalize_index_modes.mlir runs under --verify-semantics).
//
// The patterns join --canonicalize when the package is linked (passes/all).
package idioms
