// RUN: tcp-opt %s -split-input-file | FileCheck %s
// RUN: tcp-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tcp-run --print=mlir %s -e ui64_to_i64 | FileCheck %s --check-prefix=UI64
// RUN: tcp-run --print=mlir %s -e ui8_to_i32 | FileCheck %s --check-prefix=UI8
// RUN: tcp-run --print=mlir %s -e i64_to_i32 | FileCheck %s --check-prefix=I64
// RUN: tcp-run --print=mlir %s -e gather_ui16 | FileCheck %s --check-prefix=GATHER

// tcp.cast_indices reads each element by its signedness and saturates it
// into i32 or i64: exact for every value that fits, 2^63 and above (ui64)
// become 2^63 - 1, never negative.

// CHECK-LABEL: func.func @ui64_to_i64
// CHECK: tcp.cast_indices %{{.*}} : tensor<4xui64> -> tensor<4xi64>
// GENERIC: "tcp.cast_indices"(%{{.*}}) : (tensor<4xui64>) -> tensor<4xi64>
// UI64: {{^}}dense<[9223372036854775807, 9223372036854775807, 9223372036854775807, 7]> : tensor<4xi64>{{$}}
func.func @ui64_to_i64() -> tensor<4xi64> {
  %x = tcp.const {value = dense<[18446744073709551615, 9223372036854775808, 9223372036854775807, 7]> : tensor<4xui64>} : tensor<4xui64>
  %0 = tcp.cast_indices %x : tensor<4xui64> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// CHECK-LABEL: func.func @ui8_to_i32
// CHECK: tcp.cast_indices %{{.*}} : tensor<2x2xui8> -> tensor<2x2xi32>
// UI8: {{^}}dense<{{\[\[}}255, 128], [0, 1]]> : tensor<2x2xi32>{{$}}
func.func @ui8_to_i32() -> tensor<2x2xi32> {
  %x = tcp.const {value = dense<[[255, 128], [0, 1]]> : tensor<2x2xui8>} : tensor<2x2xui8>
  %0 = tcp.cast_indices %x : tensor<2x2xui8> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// Signless values are signed; out of i32's range they saturate.
// CHECK-LABEL: func.func @i64_to_i32
// I64: {{^}}dense<[-2147483648, -1, 2147483647]> : tensor<3xi32>{{$}}
func.func @i64_to_i32() -> tensor<3xi32> {
  %x = tcp.const {value = dense<[-5000000000, -1, 5000000000]> : tensor<3xi64>} : tensor<3xi64>
  %0 = tcp.cast_indices %x : tensor<3xi64> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// Unsigned indices of a tcp.gather (65535 clips to 2).
// CHECK-LABEL: func.func @gather_ui16
// CHECK: tcp.cast_indices %{{.*}} : tensor<?xui16> -> tensor<?xi64>
// GATHER: {{^}}dense<[30, 10]> : tensor<2xi32>{{$}}
func.func @gather_ui16_impl(%x: tensor<3xi32>, %i: tensor<?xui16>) -> tensor<?xi32> {
  %0 = tcp.cast_indices %i : tensor<?xui16> -> tensor<?xi64>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<3xi32>, tensor<?xi64> -> tensor<?xi32>
  return %1 : tensor<?xi32>
}
func.func @gather_ui16() -> tensor<2xi32> {
  %x = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi32>} : tensor<3xi32>
  %i = tcp.const {value = dense<[65535, 0]> : tensor<2xui16>} : tensor<2xui16>
  %c = tensor.cast %i : tensor<2xui16> to tensor<?xui16>
  %0 = func.call @gather_ui16_impl(%x, %c) : (tensor<3xi32>, tensor<?xui16>) -> tensor<?xi32>
  %1 = tensor.cast %0 : tensor<?xi32> to tensor<2xi32>
  return %1 : tensor<2xi32>
}
