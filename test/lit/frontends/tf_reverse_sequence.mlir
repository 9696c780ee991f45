// RUN: tcp-opt %s -split-input-file --convert-tf-to-tcp --verify-semantics | FileCheck %s
// RUN: tcp-opt %s -split-input-file --convert-tf-to-tcp | tcp-run --entry=f --print=mlir - | FileCheck %s --check-prefix=EXEC
// RUN: not tcp-run --entry=bad --print=mlir %s 2>&1 | FileCheck %s --check-prefix=BAD

// tf.reverse_sequence (tf.ReverseSequence) is a gather along seq_dim with
// computed indices: each batch row's first seq_lengths[b] elements
// reversed. A length outside [0, size] is TensorFlow's error, and the
// converted gather's mode "error" raises there too (--verify-semantics
// runs both on random lengths, mostly out of range).

// CHECK-LABEL: func.func @f
// CHECK: arith.cmpi slt
// CHECK: arith.subi
// CHECK: arith.select
// CHECK: tcp.gather %{{.*}}, %{{.*}} {dim = 1 : index, mode = "error"} : tensor<3x5xf32>, tensor<3x5xi64> -> tensor<3x5xf32>
// EXEC: {{^}}dense<{{\[\[}}2.000000e+00, 1.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00], [6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01], [1.500000e+01, 1.400000e+01, 1.300000e+01, 1.200000e+01, 1.100000e+01]]> : tensor<3x5xf32>{{$}}
func.func @f() -> tensor<3x5xf32> {
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<3x5xf32>}> : () -> tensor<3x5xf32>
  %n = "tf.Const"() <{value = dense<[2, 0, 5]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %0 = "tf.ReverseSequence"(%x, %n) <{batch_dim = 0 : i64, seq_dim = 1 : i64}> {device = ""} : (tensor<3x5xf32>, tensor<3xi64>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// A negative batch_dim counts from the rank; i32 lengths are widened.
// CHECK-LABEL: func.func @g
// CHECK: arith.extsi %arg1 : tensor<3xi32> to tensor<3xi64>
// CHECK: tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "error"}
func.func @g(%x: tensor<4x2x3xi32>, %n: tensor<3xi32>) -> tensor<4x2x3xi32> {
  %0 = "tf.ReverseSequence"(%x, %n) <{batch_dim = -1 : i64, seq_dim = 0 : i64}> {device = ""} : (tensor<4x2x3xi32>, tensor<3xi32>) -> tensor<4x2x3xi32>
  return %0 : tensor<4x2x3xi32>
}

// BAD: error: {{.*}}seq_lens(1) = 6 is outside [0, 5]
func.func @bad() -> tensor<2x5xf32> {
  %x = "tf.Const"() <{value = dense<1.0> : tensor<2x5xf32>}> : () -> tensor<2x5xf32>
  %n = "tf.Const"() <{value = dense<[1, 6]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %0 = "tf.ReverseSequence"(%x, %n) <{batch_dim = 0 : i64, seq_dim = 1 : i64}> {device = ""} : (tensor<2x5xf32>, tensor<2xi64>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
