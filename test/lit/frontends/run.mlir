// The frontend ops run with their frameworks' semantics (tcp-run), and
// after --convert-frontends-to-tcp give the same results; the empty-result
// difference of docs/frontends.md is shown at the end.

// ONNX test_gather_negative_indices: data 0..9, indices [0, -9, -10].
// RUN: tcp-run --print=mlir %s -e onnx_gather_negative | FileCheck %s --check-prefix=NEG
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e onnx_gather_negative | FileCheck %s --check-prefix=NEG
// NEG: {{^}}dense<[0.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<3xf32>{{$}}
func.func @onnx_gather_negative() -> tensor<3xf32> {
  %x = onnx.Constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>
  %i = onnx.Constant dense<[0, -9, -10]> : tensor<3xi64>
  %0 = "onnx.Gather"(%x, %i) {axis = 0 : si64} : (tensor<10xf32>, tensor<3xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// The gather design's tf.gather example with params = arange(60), axis 1.
// RUN: tcp-run --print=mlir %s -e tf_gather_v2 | FileCheck %s --check-prefix=TF
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e tf_gather_v2 | FileCheck %s --check-prefix=TF
// TF: {{^}}dense<{{\[\[\[}}15, 16, 17, 18, 19], [0, 1, 2, 3, 4], [10, 11, 12, 13, 14]], {{\[\[}}35, 36, 37, 38, 39], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34]], {{\[\[}}55, 56, 57, 58, 59], [40, 41, 42, 43, 44], [50, 51, 52, 53, 54]]]> : tensor<3x3x5xi32>{{$}}
func.func @tf_gather_v2() -> tensor<3x3x5xi32> {
  %x = "tf.Const"() {value = dense<[[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]], [[20, 21, 22, 23, 24], [25, 26, 27, 28, 29], [30, 31, 32, 33, 34], [35, 36, 37, 38, 39]], [[40, 41, 42, 43, 44], [45, 46, 47, 48, 49], [50, 51, 52, 53, 54], [55, 56, 57, 58, 59]]]> : tensor<3x4x5xi32>} : () -> tensor<3x4x5xi32>
  %i = "tf.Const"() {value = dense<[3, 0, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %axis = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%x, %i, %axis) {batch_dims = 0 : i64} : (tensor<3x4x5xi32>, tensor<3xi64>, tensor<i32>) -> tensor<3x3x5xi32>
  return %0 : tensor<3x3x5xi32>
}

// docs/semantics.md §5.4's batch_dims example: arange(24).reshape(2,3,4),
// indices [[3,0],[1,1]], axis 2, batch_dims 1.
// RUN: tcp-run --print=mlir %s -e tf_batch_dims | FileCheck %s --check-prefix=BATCH
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e tf_batch_dims | FileCheck %s --check-prefix=BATCH
// BATCH: {{^}}dense<{{\[\[\[}}3, 0], [7, 4], [11, 8]], {{\[\[}}13, 13], [17, 17], [21, 21]]]> : tensor<2x3x2xi64>{{$}}
func.func @tf_batch_dims() -> tensor<2x3x2xi64> {
  %x = "tf.Const"() {value = dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<2x3x4xi64>} : () -> tensor<2x3x4xi64>
  %i = "tf.Const"() {value = dense<[[3, 0], [1, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %axis = "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.GatherV2"(%x, %i, %axis) <{batch_dims = 1 : i64}> : (tensor<2x3x4xi64>, tensor<2x2xi32>, tensor<1xi32>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// TensorFlow on CPU rejects negative indices; so does the converted program.
// RUN: not tcp-run --print=mlir %s -e tf_negative 2>&1 | FileCheck %s --check-prefix=TFNEG
// RUN: tcp-opt %s --convert-frontends-to-tcp | not tcp-run --print=mlir - -e tf_negative 2>&1 | FileCheck %s --check-prefix=TFNEG
// TFNEG: error: {{.*}} op index -1 is out of bounds for dimension 0 with size 5
func.func @tf_negative() -> tensor<2x2xf32> {
  %x = "tf.Const"() {value = dense<1.0> : tensor<5x2xf32>} : () -> tensor<5x2xf32>
  %i = "tf.Const"() {value = dense<[0, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Gather"(%x, %i) : (tensor<5x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// The documented difference: index 5 on an axis of size 3 whose slices are
// empty (data 3x0). ONNX (and NumPy) raise, so does the frontend op; the
// tcp recipe never reads the index and returns the empty result.
// RUN: not tcp-run --print=mlir %s -e empty_result 2>&1 | FileCheck %s --check-prefix=EMPTY-FRONTEND
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e empty_result | FileCheck %s --check-prefix=EMPTY-TCP
// EMPTY-FRONTEND: error: 'onnx.Gather' op index 5 is out of bounds for dimension 0 with size 3
// EMPTY-TCP: {{^}}dense<> : tensor<1x0xf32>{{$}}
func.func @empty_result() -> tensor<1x0xf32> {
  %x = onnx.Constant dense<> : tensor<3x0xf32>
  %i = onnx.Constant dense<[5]> : tensor<1xi64>
  %0 = "onnx.Gather"(%x, %i) {axis = 0 : si64} : (tensor<3x0xf32>, tensor<1xi64>) -> tensor<1x0xf32>
  return %0 : tensor<1x0xf32>
}
