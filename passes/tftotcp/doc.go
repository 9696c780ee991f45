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
// The option gpu (convert-tf-to-tcp{gpu=true}) follows TensorFlow on GPU
// instead: out-of-range indices read 0 (mode "fill", fill_value 0).
//
// A located error names why an op cannot be converted: a non-constant
// axis operand, i16 indices (tcp.gather takes i32 or i64), unranked
// operands, a dynamic index tuple length. The recipe reads only the
// indices an output element needs; TensorFlow checks them all (see
// docs/frontends.md, "Empty results").
package tftotcp
