// Index casts and tensor.extract in the Go backend: a cast is a
// conversion at the index load (never a materialized tensor), an extracted
// start is loaded once before the loops.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e saturate --backend=go | FileCheck %s --check-prefix=SAT
// RUN: tcp-run --print=mlir %s -e saturate --backend=interp | FileCheck %s --check-prefix=SAT
// RUN: tcp-run --print=mlir %s -e window --backend=go | FileCheck %s --check-prefix=WIN
// RUN: tcp-run --print=mlir %s -e window --backend=interp | FileCheck %s --check-prefix=WIN

// CHECK-LABEL: func Unsigned(
// CHECK: := tcpSatU64(t{{[0-9]+}})
// CHECK: tcpClip(
// CHECK-LABEL: func UnsignedDims(
func.func @unsigned(%x: tensor<?x4xf32>, %i: tensor<?x4xui64>) -> tensor<?x4xf32> {
  %0 = tcp.cast_indices %i : tensor<?x4xui64> -> tensor<?x4xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<?x4xf32>, tensor<?x4xi64> -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// CHECK-LABEL: func Narrow(
// CHECK: tcpZext16(
// CHECK-LABEL: func NarrowDims(
func.func @narrow(%x: tensor<5xf32>, %i: tensor<3xi16>) -> tensor<3xf32> {
  %0 = arith.extui %i : tensor<3xi16> to tensor<3xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "wrap"} : tensor<5xf32>, tensor<3xi64> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// 2^64 - 1 saturates to 2^63 - 1 (clip: the last row); 4294967295 to
// i32 saturates to 2^31 - 1 (clip: the last row); 7 is in range.
// SAT: dense<[3.000000e+01, 3.000000e+01, 1.000000e+01]> : tensor<3xf32>
func.func @saturate() -> tensor<3xf32> {
  %x = tcp.const {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : tensor<3xf32>
  %i = tcp.const {value = dense<[18446744073709551615, 4294967295, 0]> : tensor<3xui64>} : tensor<3xui64>
  %0 = tcp.cast_indices %i : tensor<3xui64> -> tensor<3xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3xf32>, tensor<3xi32> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// StableHLO's dynamic_slice: the start 7 clamps to 5 - 2 = 3.
// CHECK-LABEL: func Window(
// CHECK: := max(
// CHECK: := min(
// WIN: dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>
func.func @window() -> tensor<2xf32> {
  %x = tcp.const {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>} : tensor<5xf32>
  %s = tcp.const {value = dense<7> : tensor<i32>} : tensor<i32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %e = tensor.extract %s[] : tensor<i32>
  %i = arith.index_cast %e : i32 to index
  %lo = arith.maxsi %i, %c0 : index
  %st = arith.minsi %lo, %c3 : index
  %0 = tcp.slice %x starts(%st) sizes(%c2) strides(%c1) : tensor<5xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
