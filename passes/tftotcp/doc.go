// Package tftotcp converts the tf dialect into tcp (docs/semantics.md §5.4):
// --convert-tf-to-tcp, part of --convert-frontends-to-tcp, and the tf ops'
// canonicalization patterns.
//
//	tf.GatherV2  the slice-gather recipe (tcpbuild.SliceGather) with the constant axis and
//	             batch_dims (both normalized), mode "error" (TensorFlow on CPU)
//	tf.Gather    the same with axis 0 and no batch dims
//	tf.GatherNd  tcp.gather_nd {mode = "error"}
//	tf.Const     tcp.const (plus tensor.cast when the result type is less static)
//
// Around them (vocab.go, shape.go, stridedslice.go, cast.go,
// reversesequence.go): ReverseV2 and reversing StridedSlices become
// tcp.slice with negative strides; Squeeze, ExpandDims and Reshape tensor
// reshapes; Minimum, Maximum, AddV2, Less, SelectV2, Relu, Cast and
// FloorMod arith on tensors; Transpose tcp.transpose; ReverseSequence a
// tcp.gather along seq_dim with computed indices (mode "error", raising
// for a length outside [0, size] as TensorFlow does).
//
// The option gpu (convert-tf-to-tcp{gpu=true}) follows TensorFlow on GPU
// instead: out-of-range indices read 0 (mode "fill", fill_value 0).
//
// A located error names why an op cannot be converted: a non-constant
// axis operand, i16 indices (tcp.gather takes i32 or i64), unranked
// operands, a dynamic index tuple length. The recipe reads only the
// indices an output element needs; TensorFlow checks them all (see
// docs/frontends.md, "Empty results").
package tftotcp
