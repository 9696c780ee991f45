// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s
// RUN: tcp-run --print=mlir %s -e mask | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --verify-semantics | FileCheck %s --check-prefix=TCP
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e mask | FileCheck %s --check-prefix=VAL

// jax's fill-mode mask: every index in range, reduced with "and" across the
// index vector dim, in StableHLO's compact reduce form.

// CHECK-LABEL: func.func @in_range
// CHECK:         stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.and across dimensions = [1] : (tensor<3x2xi1>, tensor<i1>) -> tensor<3xi1>
// GEN:           "stablehlo.reduce"(%{{.*}}, %{{.*}}) ({
// GEN-NEXT:      ^bb0(%[[A:.*]]: tensor<i1>, %[[B:.*]]: tensor<i1>):
// GEN-NEXT:        %[[R:.*]] = "stablehlo.and"(%[[A]], %[[B]]) : (tensor<i1>, tensor<i1>) -> tensor<i1>
// GEN-NEXT:        "stablehlo.return"(%[[R]]) : (tensor<i1>) -> ()
// GEN-NEXT:      }) {dimensions = array<i64: 1>} : (tensor<3x2xi1>, tensor<i1>) -> tensor<3xi1>
// TCP-LABEL: func.func @in_range
// TCP-NOT:     stablehlo.
// TCP:         tcp.slice
// TCP:         arith.andi
// TCP:         tcp.slice
// TCP:         arith.andi
// TCP:         return
func.func @in_range(%i: tensor<3x2xi32>) -> tensor<3xi1> {
  %z = stablehlo.constant dense<0> : tensor<3x2xi32>
  %n = stablehlo.constant dense<[[4, 5]]> : tensor<1x2xi32>
  %nb = stablehlo.broadcast_in_dim %n, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<3x2xi32>
  %0 = stablehlo.compare GE, %i, %z, SIGNED : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi1>
  %1 = stablehlo.compare LT, %i, %nb, SIGNED : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi1>
  %2 = stablehlo.and %0, %1 : tensor<3x2xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %3 = stablehlo.reduce(%2 init: %t) applies stablehlo.and across dimensions = [1] : (tensor<3x2xi1>, tensor<i1>) -> tensor<3xi1>
  return %3 : tensor<3xi1>
}

// VAL: {{^}}dense<[true, false, false]> : tensor<3xi1>{{$}}
func.func @mask() -> tensor<3xi1> {
  %i = stablehlo.constant dense<[[3, 4], [4, 0], [-1, 2]]> : tensor<3x2xi32>
  %0 = func.call @in_range(%i) : (tensor<3x2xi32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// A sum over two dims (row-major unrolling).
// CHECK-LABEL: func.func @sum
// CHECK:         stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [0, 2] : (tensor<2x3x2xi32>, tensor<i32>) -> tensor<3xi32>
func.func @sum(%x: tensor<2x3x2xi32>) -> tensor<3xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0, 2] : (tensor<2x3x2xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
