// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s
// RUN: tcp-run --print=mlir %s -e positions | FileCheck %s --check-prefix=VAL
// RUN: tcp-run --backend=go --print=mlir %s -e gathered | FileCheck %s --check-prefix=GATHER
// RUN: tcp-run --print=mlir %s -e gathered | FileCheck %s --check-prefix=GATHER
// RUN: not tcp-run --backend=go %s -e positions 2>&1 | FileCheck %s --check-prefix=GOERR
// RUN: tcp-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// tcp.iota: the coordinate along dim, in a shape whose sizes are operands
// (one per dim). With a static type and constant sizes it folds into a
// tcp.const. The Go
// kernel computes it into index reads (a gather's indices), and says so
// when it is returned as data.

// GOERR: iota.mlir:[[@LINE+10]]:8: error: 'tcp.iota' op is not supported by the Go backend: its elements are computed into index reads only

// CHECK-LABEL: func.func @positions(
// CHECK: tcp.iota(%{{.*}}, %{{.*}}) {dim = 1 : index} : tensor<2x3xi32>
// VAL: dense<{{\[\[}}0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
// FOLD-LABEL: func.func @positions(
// FOLD-NOT: tcp.iota
func.func @positions() -> tensor<2x3xi32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = tcp.iota(%c2, %c3) {dim = 1 : index} : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// The run-time size of an argument's dim.
// CHECK-LABEL: func.func @rows(
// CHECK: tcp.iota(%{{.*}}) {dim = 0 : index} : tensor<?xi64>
// FOLD-LABEL: func.func @rows(
// FOLD: tcp.iota
func.func @rows(%x: tensor<?x4xf32>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %0 = tcp.iota(%n) {dim = 0 : index} : tensor<?xi64>
  return %0 : tensor<?xi64>
}

// x[::-1] as jax writes it on a symbolic dim: n - 1 - iota(n) as gather
// indices.
// GATHER: dense<[3.000000e+00, 2.000000e+00, 1.000000e+00]> : tensor<3xf32>
func.func @gathered() -> tensor<3xf32> {
  %x = tcp.const {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : tensor<3xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<3xf32>
  %i = tcp.iota(%n) {dim = 0 : index} : tensor<?xi32>
  %m = tcp.const {value = dense<2> : tensor<1xi32>} : tensor<1xi32>
  %mb = tcp.broadcast_to %m, %n {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
  %r = arith.subi %mb, %i : tensor<?xi32>
  %g = tcp.gather %x, %r {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<?xi32> -> tensor<?xf32>
  %c = tensor.cast %g : tensor<?xf32> to tensor<3xf32>
  return %c : tensor<3xf32>
}
