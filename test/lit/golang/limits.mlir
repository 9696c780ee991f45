// tcp-run --backend=go checks what the interpreter checks, before it
// allocates anything, with the interpreter's located messages: sizes that
// are negative or whose element count overflows int64, results over
// --max-tensor-bytes, and -e on a declaration.
// RUN: rm -rf %t && tcp-run --print=mlir %s -e args --out-dir %t
// RUN: not tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_1.npy %t/result_1.npy --backend=go 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_1.npy %t/result_1.npy --backend=interp 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_2.npy %t/result_3.npy --backend=go 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_2.npy %t/result_3.npy --backend=interp 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_4.npy %t/result_4.npy --backend=go 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_4.npy %t/result_4.npy --backend=interp 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_3.npy %t/result_3.npy --max-tensor-bytes=15 --backend=go 2>&1 | FileCheck %s --check-prefix=LIMIT16
// RUN: tcp-run --print=mlir %s -e bcast %t/result_0.npy %t/result_3.npy %t/result_3.npy --max-tensor-bytes=16 --backend=go | FileCheck %s --check-prefix=OK
// RUN: not tcp-run --print=mlir %s -e decl %t/result_0.npy --backend=go 2>&1 | FileCheck %s --check-prefix=DECL
// RUN: not tcp-run --print=mlir %s -e decl %t/result_0.npy --backend=interp 2>&1 | FileCheck %s --check-prefix=DECL

// OVERFLOW: limits.mlir:[[# @LINE + 10]]:8: error: 'tcp.broadcast_to' op tensor: element count of shape [4294967296, 4294967296] overflows int64
// NEGATIVE: limits.mlir:[[# @LINE + 9]]:8: error: 'tcp.broadcast_to' op new_dim_sizes[0] = -1 is negative
// LIMIT: limits.mlir:[[# @LINE + 8]]:8: error: 'tcp.broadcast_to' op result tensor<1000000x1000000xf32> needs more than the interpreter's limit of 1073741824 bytes
// LIMIT16: error: 'tcp.broadcast_to' op result tensor<2x2xf32> needs more than the interpreter's limit of 15 bytes
// OK: dense<1.000000e+00> : tensor<2x2xf32>
// DECL: limits.mlir:[[# @LINE + 18]]:1: error: cannot run @decl: it is a declaration without a body
// DECL-NOT: go build
// DECL-NOT: undefined

func.func @bcast(%x: tensor<1x1xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %b = tcp.broadcast_to %x, %n, %m {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}

func.func @args() -> (tensor<1x1xf32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) {
  %x = tcp.const {value = dense<1.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %big = tcp.const {value = dense<4294967296> : tensor<i64>} : tensor<i64>
  %neg = tcp.const {value = dense<-1> : tensor<i64>} : tensor<i64>
  %two = tcp.const {value = dense<2> : tensor<i64>} : tensor<i64>
  %mil = tcp.const {value = dense<1000000> : tensor<i64>} : tensor<i64>
  return %x, %big, %neg, %two, %mil : tensor<1x1xf32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>
}

func.func private @decl(%x: tensor<1x1xf32>) -> tensor<1x1xf32>
