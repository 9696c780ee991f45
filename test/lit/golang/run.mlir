// tcp-run --backend=go runs the generated kernel (compiled into a cached
// binary) and prints what the interpreter prints.
// RUN: tcp-run --print=mlir %s -e index_select --backend=go | FileCheck %s
// RUN: tcp-run --print=mlir %s -e index_select --backend=interp | FileCheck %s
// RUN: tcp-run --print=mlir %s -e index_select --backend=go --bench 3 --workers 1 | FileCheck %s --check-prefix=BENCH
// RUN: tcp-run --print=mlir %s -e index_select --backend=go --bench 3 --bench-warmup 20ms | FileCheck %s --check-prefix=BENCH
// RUN: tcp-run --print=mlir %s -e index_select --bench 3 --bench-warmup 5ms | FileCheck %s --check-prefix=BENCH
// RUN: not tcp-run --print=mlir %s -e bad_index --backend=go 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: dense<{{\[\[}}8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01], [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<2x4xf32>
// BENCH: bench: index_select median {{[0-9.e+-]+}} s over 3 calls
func.func @index_select() -> tensor<2x4xf32> {
  %x = tcp.const {value = dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>} : tensor<3x4xf32>
  %idx = tcp.const {value = dense<[2, 0]> : tensor<2xi64>} : tensor<2xi64>
  %idx2 = tensor.expand_shape %idx [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
  %c4 = arith.constant 4 : index
  %idxb = tcp.broadcast_to %idx2, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  %out = tcp.gather %x, %idxb {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %out : tensor<2x4xf32>
}

// The kernel's errors are located at the op, as the interpreter's are.
func.func @bad_index() -> tensor<2xf32> {
  %x = tcp.const {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : tensor<3xf32>
  %idx = tcp.const {value = dense<[2, 3]> : tensor<2xi64>} : tensor<2xi64>
  // ERR: run.mlir:[[@LINE+1]]:10: error: 'tcp.gather' op index 3 is out of bounds for dimension 0 with size 3
  %out = tcp.gather %x, %idx {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %out : tensor<2xf32>
}
