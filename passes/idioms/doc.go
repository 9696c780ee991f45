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
// The patterns join --canonicalize when the package is linked (passes/all).
package idioms
