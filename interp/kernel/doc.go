// Package kernel holds the reference semantics of the tcp gather-family
// ops as plain functions on tensor.Tensor values. It is the oracle the
// interpreter, the passes and the generated kernels are checked against,
// and it follows docs/semantics.md exactly:
//
//	Gather       tcp.gather       (§3.1; torch.gather, onnx.GatherElements)
//	GatherND     tcp.gather_nd    (§3.2; onnx.GatherND, tf.gather_nd)
//	BroadcastTo  tcp.broadcast_to (§3.3; also tcp.broadcast)
//	Slice        tcp.slice        (§3.4; DML SLICE1 with start = first element read)
//	Reshape      tensor.expand_shape / tensor.collapse_shape
//	Take         the §5.1 slice-gather recipe (onnx.Gather, np.take, index_select)
//	ONNXSliceParams  onnx.Slice inputs to tcp.slice parameters (§3.4 clamping)
//
// # Index modes
//
// Mode is the mode attribute (§2): PromiseInBounds (the default), Error,
// WrapNegative, Clip, Wrap and Fill. For a value v on a dim of size s:
//
//	promise_in_bounds  0 <= v < s promised; checked here and reported
//	error              0 <= v < s, else an error (negatives too)
//	wrap_negative      -s <= v < 0 reads v+s; else an error
//	clip               clamp(v, 0, s-1)
//	wrap               floor modulo, result in [0, s)
//	fill               out of range: the element (or gather_nd slice) is the fill value
//
// Clip and Wrap fail only when they must read from a dim of size 0 (as
// NumPy: "cannot do a non-empty take from an empty axes"). The fill value
// defaults to DefaultFillValue (jax's: NaN, the most negative signed value,
// the largest unsigned value, true).
//
// # Errors
//
// Index values rejected by the mode give an *IndexError with torch's
// phrasing, "index 2 is out of bounds for dimension 1 with size 2", plus
// " (mode promise_in_bounds)" for a broken promise; the first offender in
// row-major order of the indices is reported. Out-of-range slices give a
// *SliceError. Shape and attribute problems are plain errors naming the
// op. The interpreter prefixes the op's location to all of them.
//
// # Safety
//
// Inputs are validated (tensor.Validate) before use, shapes are
// multiplied with overflow checks, offsets are int64 and every index is
// resolved into range before it addresses memory, so no input, however
// malformed, makes a kernel read outside a buffer. Kernels never modify
// their inputs; Reshape shares its input's data.
package kernel
