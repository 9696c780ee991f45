// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tcp-run --print=mlir %s -e affine | FileCheck %s --check-prefix=AFFINE
// RUN: tcp-run --print=mlir %s -e affine --backend=go --workers 1 | FileCheck %s --check-prefix=AFFINE
// RUN: tcp-run --print=mlir %s -e affine --backend=go --workers 3 | FileCheck %s --check-prefix=AFFINE
// RUN: tcp-run --print=mlir %s -e rows_where | FileCheck %s --check-prefix=ROWS
// RUN: tcp-run --print=mlir %s -e rows_where --backend=go --workers 2 | FileCheck %s --check-prefix=ROWS
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s --check-prefix=GO
// RUN: not tcp-opt %s --convert-tcp-to-dml='assume-unique-indices=true' 2>&1 | FileCheck %s --check-prefix=DML

// combine = "region": the scatter's combiner is its region of scalar ops
// on 0-d tensors, (current element, update) -> tcp.yield of the new
// element. It prints after the result type with its entry block
// arguments, and round-trips in both forms.

// CHECK-LABEL: func.func @affine(
// CHECK: tcp.scatter %{{.*}} {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
// CHECK-NEXT: ^bb0(%[[C:.*]]: tensor<f32>, %[[U:.*]]: tensor<f32>):
// CHECK-NEXT: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[C]], %[[K]] : tensor<f32>
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[M]], %[[U]] : tensor<f32>
// CHECK-NEXT: tcp.yield %[[R]] : tensor<f32>
// CHECK-NEXT: }
// GENERIC: "tcp.scatter"(%{{.*}}) ({
// GENERIC-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// GENERIC: "tcp.yield"
// GENERIC-NEXT: }) {combine = "region", dim = 0 : index} : (tensor<4xf32>, tensor<3xi64>, tensor<3xf32>) -> tensor<4xf32>
// Index 1 twice: 2 * (2 * 2 + 10) + 20 = 48; index 3: 2 * 4 + 30 = 38.
// AFFINE: dense<[1.000000e+00, 4.800000e+01, 3.000000e+00, 3.800000e+01]> : tensor<4xf32>
// GO: func Affine(
// GO: tcpMulF(
// GO: tcpAddF(
func.func @affine() -> tensor<4xf32> {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %i = arith.constant dense<[1, 1, 3]> : tensor<3xi64>
  %u = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%cur: tensor<f32>, %upd: tensor<f32>):
    %two = arith.constant dense<2.0> : tensor<f32>
    %m = arith.mulf %cur, %two : tensor<f32>
    %r = arith.addf %m, %upd : tensor<f32>
    tcp.yield %r : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// scatter_nd of rows on i32, mode drop (index 5 is skipped): the region
// stores upd * upd where cur > upd - 3 and keeps cur elsewhere. Row 0
// meets [4, 5] (kept: 1 > 1 and 2 > 2 fail) then [7, -1] (1 kept, 2 ->
// 1); row 1 meets [-1, 1] (both replaced by 1).
// CHECK-LABEL: func.func @rows_where(
// CHECK: tcp.scatter_nd %{{.*}} {combine = "region", mode = "drop"} : tensor<3x2xi32>, tensor<4x1xi64>, tensor<4x2xi32> -> tensor<3x2xi32> {
// CHECK: arith.cmpi sgt
// CHECK: arith.select
// CHECK: tcp.yield
// ROWS: dense<{{\[}}[1, 1], [1, 1], [30, 40]]> : tensor<3x2xi32>
func.func @rows_where() -> tensor<3x2xi32> {
  %a = arith.constant dense<[[1, 2], [3, 4], [30, 40]]> : tensor<3x2xi32>
  %i = arith.constant dense<[[0], [5], [0], [1]]> : tensor<4x1xi64>
  %u = arith.constant dense<[[4, 5], [9, 9], [7, -1], [-1, 1]]> : tensor<4x2xi32>
  %0 = tcp.scatter_nd %a, %i, %u {combine = "region", mode = "drop"} : tensor<3x2xi32>, tensor<4x1xi64>, tensor<4x2xi32> -> tensor<3x2xi32> {
  ^bb0(%cur: tensor<i32>, %upd: tensor<i32>):
    %k = arith.constant dense<3> : tensor<i32>
    %s = arith.subi %upd, %k : tensor<i32>
    %gt = arith.cmpi sgt, %cur, %s : tensor<i32>
    %sq = arith.muli %upd, %upd : tensor<i32>
    %r = arith.select %gt, %sq, %cur : tensor<i1>, tensor<i32>
    tcp.yield %r : tensor<i32>
  }
  return %0 : tensor<3x2xi32>
}

// DML: error: 'tcp.scatter' op cannot be lowered to DirectML: combine = "region" cannot be expressed: DirectML has no scatter reduction
