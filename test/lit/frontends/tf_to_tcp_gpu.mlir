// RUN: tcp-opt %s --pass-pipeline='builtin.module(convert-tf-to-tcp{gpu=true})' | FileCheck %s
// RUN: tcp-opt %s --convert-tf-to-tcp=gpu=true | tcp-run --print=mlir - -e gather | FileCheck %s --check-prefix=GPU
// RUN: tcp-opt %s --convert-tf-to-tcp | not tcp-run --print=mlir - -e gather 2>&1 | FileCheck %s --check-prefix=CPU

// convert-tf-to-tcp{gpu=true} follows TensorFlow on a GPU, where an out-of-range
// index reads 0 (mode "fill", fill_value 0) where the CPU form fails.

// CHECK-LABEL: func.func @gather
// CHECK:         tcp.gather %{{.*}}, %{{.*}} {dim = 0 : index, fill_value = 0.000000e+00 : f32, mode = "fill"} : tensor<5x2xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
// CHECK:         tcp.gather_nd %{{.*}}, %{{.*}} {fill_value = 0 : i64, mode = "fill"} : tensor<2x2xi64>, tensor<2x1xi64> -> tensor<2x2xi64>
// GPU: {{^}}dense<{{\[\[}}5.000000e+00, 6.000000e+00], [0.000000e+00, 0.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<3x2xf32>{{$}}
// CPU: error: 'tcp.gather' op index 7 is out of bounds for dimension 0 with size 5
func.func @gather() -> tensor<3x2xf32> {
  %x = "tf.Const"() {value = dense<[[1.0, 2.0], [3.0, 4.0], [4.0, 3.0], [9.0, 9.0], [5.0, 6.0]]> : tensor<5x2xf32>} : () -> tensor<5x2xf32>
  %i = "tf.Const"() {value = dense<[4, 7, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tf.Gather"(%x, %i) : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @gather_nd(%x: tensor<2x2xi64>, %n: tensor<2x1xi64>) -> tensor<2x2xi64> {
  %0 = "tf.GatherNd"(%x, %n) : (tensor<2x2xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}
