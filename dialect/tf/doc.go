// Package tf registers the subset of the TensorFlow MLIR dialect that tcp
// imports: tf.GatherV2, tf.GatherNd, the legacy tf.Gather and tf.Const
// (tensorflow/tensorflow:tensorflow/compiler/mlir/tensorflow/ir/tf_generated_ops.td).
//
// Syntax is what TensorFlow prints: the generic form, with the axis of
// GatherV2 as a third operand (usually a "tf.Const") and batch_dims an i64
// attribute, in either the attribute dictionary or the properties form:
//
//	%0 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
//	%1 = "tf.GatherV2"(%arg0, %arg1, %0) {batch_dims = 0 : i64} : (tensor<3x4x5xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x3x5xf32>
//	%2 = "tf.GatherNd"(%arg0, %arg1) <{bad_indices_policy = ""}> : (tensor<4x3x2xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>
//
// Other attributes TensorFlow attaches (device, _class, …) are kept and
// ignored.
//
// Around the gathers users write (vocab.go, cast.go, reversesequence.go):
// tf.ReverseV2, tf.Squeeze, tf.ExpandDims, tf.Minimum, tf.Maximum,
// tf.AddV2, tf.Less, tf.SelectV2, tf.Relu, tf.Cast (tf.cast of ids,
// unsigned ones included), tf.Transpose, tf.FloorMod
// (tf.experimental.numpy.take(mode='wrap')) and tf.ReverseSequence
// (tf.reverse_sequence, a gather with computed indices).
//
// The scatters (scatter.go): tf.TensorScatterUpdate/Add/Sub/Min/Max,
// tf.ScatterNd (on zeros, duplicates summed) and tf.UnsortedSegmentSum/Max/
// Min/Prod (negative segment ids dropped, ids >= num_segments an error,
// empty segments at TensorFlow's identity).
//
// Semantics are those of TensorFlow on CPU: indices must be in [0, s);
// negative or too large indices are a runtime error, checked for every
// index even when the result is empty (interp/tf.go). Indices may be i16,
// i32 or i64 (Tindices); the axis operand i32 or i64 of rank 0 or a
// one-element vector. Conversion into tcp is passes/tftotcp.
package tf
