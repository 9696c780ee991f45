// RUN: tcp-opt %s --canonicalize | FileCheck %s
// RUN: tcp-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{top-down=false}))' | FileCheck %s

// canonicalize folds constants (materialized by their dialect), applies
// arith identities, and erases dead pure ops, leaving the gather family
// untouched but for folded size operands.

// CHECK-LABEL: func.func @fold_sizes
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT:     arith.addi
// CHECK:         tcp.broadcast_to %{{.*}}, %[[C4]] {axes = [1]}
// CHECK-NOT:     tcp.slice
// CHECK:         return
func.func @fold_sizes(%x: tensor<2x1xi64>) -> tensor<2x4xi64> {
  %c2 = arith.constant 2 : index
  %c4 = arith.addi %c2, %c2 : index
  %b = tcp.broadcast_to %x, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dead = tcp.slice %b starts(%c0, %c0) sizes(%c1, %c1) strides(%c1, %c1) : tensor<2x4xi64> -> tensor<1x1xi64>
  return %b : tensor<2x4xi64>
}

// CHECK-LABEL: func.func @identities
// CHECK-NEXT:    return %arg0 : i64
func.func @identities(%a: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %0 = arith.addi %a, %c0 : i64
  %1 = arith.muli %0, %c1 : i64
  return %1 : i64
}
