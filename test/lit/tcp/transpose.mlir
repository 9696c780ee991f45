// RUN: tcp-opt %s -split-input-file | FileCheck %s
// RUN: tcp-run --print=mlir %s -e transpose_2d | FileCheck %s --check-prefix=RUN2D
// RUN: tcp-run --print=mlir %s -e transpose_3d | FileCheck %s --check-prefix=RUN3D

// tcp.transpose prints in its custom form and permutes dims:
// out[p] = in[q] with q[permutation[i]] = p[i].

// CHECK-LABEL: func.func @transpose_2d
// CHECK: tcp.transpose %{{.*}} {permutation = array<i64: 1, 0>} : tensor<2x3xi64> -> tensor<3x2xi64>
// RUN2D: {{^}}dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>{{$}}
func.func @transpose_2d() -> tensor<3x2xi64> {
  %x = tcp.const {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>} : tensor<2x3xi64>
  %0 = "tcp.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xi64>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// -----

// numpy: np.arange(12).reshape(2,3,2).transpose(2,0,1)
// CHECK-LABEL: func.func @transpose_3d
// CHECK: tcp.transpose %{{.*}} {permutation = array<i64: 2, 0, 1>} : tensor<2x3x2xi32> -> tensor<2x2x3xi32>
// RUN3D: {{^}}dense<{{\[\[\[}}0, 2, 4], [6, 8, 10]], {{\[\[}}1, 3, 5], [7, 9, 11]]]> : tensor<2x2x3xi32>{{$}}
func.func @transpose_3d() -> tensor<2x2x3xi32> {
  %x = tcp.const {value = dense<[[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], [10, 11]]]> : tensor<2x3x2xi32>} : tensor<2x3x2xi32>
  %0 = tcp.transpose %x {permutation = array<i64: 2, 0, 1>} : tensor<2x3x2xi32> -> tensor<2x2x3xi32>
  return %0 : tensor<2x2x3xi32>
}

// -----

// CHECK-LABEL: func.func @transpose_dynamic
// CHECK: tcp.transpose %arg0 {permutation = array<i64: 0, 2, 1>} : tensor<?x4x5xf32> -> tensor<?x5x4xf32>
func.func @transpose_dynamic(%arg0: tensor<?x4x5xf32>) -> tensor<?x5x4xf32> {
  %0 = tcp.transpose %arg0 {permutation = array<i64: 0, 2, 1>} : tensor<?x4x5xf32> -> tensor<?x5x4xf32>
  return %0 : tensor<?x5x4xf32>
}
