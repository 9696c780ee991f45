// Package tcpbuild holds the IR builders that the conversions into tcp
// share (passes/onnxtotcp, passes/tftotcp, passes/torchtotcp,
// passes/stablehlototcp): index constants, dim sizes, axis normalization,
// shape-only reshapes and, most importantly, SliceGather, the slice-gather
// recipe of docs/semantics.md §5.1 that models onnx.Gather, tf.GatherV2 (with
// batch_dims), np.take and torch.index_select with tcp.gather on broadcast
// operands.
//
// For x of shape X (rank r), indices idx of shape Q (rank q), axis a and
// batch dims b (b <= a, b <= q, Q[0:b] == X[0:b]) the recipe emits, in
// this order:
//
//	%ie = tensor.expand_shape %idx …     to Q[0:b] ++ [1]*(a-b) ++ Q[b:q] ++ [1]*(r-a-1)
//	%cN = arith.constant N : index       one size per broadcast axis (tensor.dim for a dynamic dim)
//	%ib = tcp.broadcast_to %ie, …        axes [b, a) ++ [a+q-b, R) to the sizes of X
//	%xe = tensor.expand_shape %x …       only if q-b > 1: q-b-1 unit dims after axis a
//	%xb = tcp.broadcast_to %xe, …        … broadcast to Q[b+1:q]
//	%g  = tcp.gather %xb, %ib {dim = a, mode = …}
//
// with result shape X[0:a] ++ Q[b:q] ++ X[a+1:r]. When q == b (scalar
// indices, or TF batch_dims equal to the indices rank) the indices expand
// to rank r, every dim but a is broadcast, and a tensor.collapse_shape
// removes the unit dim a afterwards (unless the caller keeps it, as
// torch.index_select does for a 0-d index). Reshapes use the deterministic
// reassociation of docs/semantics.md §4 (tensor.Reassociation); steps that would
// not change anything (an expand to the same shape, a broadcast without
// axes) are omitted.
//
// Every builder validates its inputs before it creates an operation, so an
// error leaves the IR untouched; callers turn the error into a located
// diagnostic on the op they convert.
package tcpbuild
