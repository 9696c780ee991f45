// Package onnxtotcp converts the onnx dialect into tcp (docs/semantics.md
// §5.3): --convert-onnx-to-tcp, part of --convert-frontends-to-tcp, and the
// onnx ops' canonicalization patterns.
//
//	onnx.Gather          the slice-gather recipe (tcpbuild.SliceGather), mode "wrap_negative";
//	                     scalar indices collapse the gathered dim
//	onnx.GatherElements  tcp.gather {dim = axis, mode = "wrap_negative"}
//	onnx.GatherND        tcp.gather_nd {batch_dims, mode = "wrap_negative"} (batch dims kept as the attribute)
//	onnx.Slice           tcp.slice with the constant starts/ends/axes/steps clamped as ONNX does
//	                     (interp/kernel.ONNXSliceParams); unsliced dynamic dims through tensor.dim
//	onnx.Constant        tcp.const
//
// and the index arithmetic and shape plumbing around gathers (arith.go,
// shape.go, shapeops.go): Shape and Size of static dims become constants,
// and Shape of dynamic dims (torch.onnx.export with dynamic_axes) the
// tensor.dim sizes in a tensor.from_elements;
// Cast, Add, Sub, Mod, Greater, Less, Equal, Where become arith on
// tensors; Reshape, Unsqueeze and Squeeze tensor reshapes (a dynamic dim
// passes through when it is only merged or split; a -1 beside a dynamic
// dim only when every other size is a positive constant, since ONNX
// raises for a 0 among them on an empty input); Transpose tcp.transpose;
// Concat and Pad (constant pads >= 0) tensor.concat; Expand
// tcp.broadcast_to (to a shape computed from dims, with run-time sizes:
// tensor.dim of the dims it names, else read with tensor.extract);
// ConstantOfShape a splat constant; Range a constant when its inputs are
// (directly, or through a chain of pure ops the interpreter evaluates),
// else, for a result of dynamic length, start + delta * tcp.iota(n). A
// Slice of a dynamic dim converts when it takes the whole dim, forward or
// reversed (x.flip(0)); Split is
// one tcp.slice per output. Operands the conversion needs constant
// (Slice parameters, Split sizes, Reshape's shape, Pad's pads) may be
// computed from constants by a chain of pure ops, as IREE's import of
// torch.onnx.export's shape arithmetic leaves them: the chain is evaluated.
//
// Negative axes are normalized. When the converted value's type differs
// from the op's result type (an unranked tensor<*xf32>, or a more static
// shape) a tensor.cast restores it. An op that cannot be converted gets a
// located error naming why: unranked operands, a non-constant Slice
// operand, a dynamic sliced dim, a dynamic index tuple length.
//
// Known difference (docs/frontends.md): ONNX checks every index, but the
// recipe reads only the indices an output element needs, so an
// out-of-range index whose gathered slice is empty (data with a zero-size
// dim besides axis) raises in ONNX/NumPy and not after conversion.
package onnxtotcp
