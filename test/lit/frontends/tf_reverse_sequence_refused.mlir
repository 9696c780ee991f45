// tf.reverse_sequence (tf.ReverseSequence: a reversal of the first
// seq_lengths[b] elements of each batch row, a data-dependent gather) is
// not in the tf dialect: the parser refuses it with a located error.
// RUN: not tcp-opt %s 2>&1 | FileCheck %s
// CHECK: tf_reverse_sequence_refused.mlir:7:8: error: unregistered operation 'tf.ReverseSequence' found in dialect ('tf') that does not allow unknown operations
func.func @f(%x: tensor<3x5xf32>, %n: tensor<3xi64>) -> tensor<3x5xf32> {
  %0 = "tf.ReverseSequence"(%x, %n) <{batch_dim = 0 : i64, seq_dim = 1 : i64}> {device = ""} : (tensor<3x5xf32>, tensor<3xi64>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
