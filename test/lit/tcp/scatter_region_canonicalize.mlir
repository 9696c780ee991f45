// RUN: tcp-opt %s --inline --canonicalize | FileCheck %s
// RUN: tcp-run --print=mlir %s -e named | FileCheck %s --check-prefix=OUT
// RUN: tcp-opt %s --canonicalize | tcp-run --print=mlir - -e named | FileCheck %s --check-prefix=OUT

// A combiner region that is one of the named combiners on integers becomes
// that combine; float regions and i1 orderings stay regions (a float
// region's NaN result depends on its operand order; maxsi on i1 orders
// true = -1 below false, unlike combine "max" on i1, which is or).

// With constant operands the named scatters then fold (a region blocks
// constant folding): replace [5, 6, 7] at [1, 1, 3], add them at
// [0, 0, 9 -> 3], max with them at [2, 9 (dropped), 2].
// CHECK-LABEL: func.func @named() -> tensor<4xi32> {
// CHECK-NEXT: tcp.const {value = dense<[12, 6, 7, 14]> : tensor<4xi32>}
// OUT: dense<[12, 6, 7, 14]> : tensor<4xi32>
func.func @named() -> tensor<4xi32> {
  %x = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %i = arith.constant dense<[1, 1, 3]> : tensor<3xi64>
  %j = arith.constant dense<[0, 0, 9]> : tensor<3xi64>
  %k = arith.constant dense<[[2], [9], [2]]> : tensor<3x1xi64>
  %u = arith.constant dense<[5, 6, 7]> : tensor<3xi32>
  %r = func.call @named_args(%x, %i, %j, %k, %u) : (tensor<4xi32>, tensor<3xi64>, tensor<3xi64>, tensor<3x1xi64>, tensor<3xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @named_args(
// CHECK: %[[R:.*]] = tcp.scatter %{{.*}} {dim = 0 : index} : tensor<4xi32>, tensor<3xi64>, tensor<3xi32> -> tensor<4xi32>
// CHECK-NEXT: %[[A:.*]] = tcp.scatter %[[R]], %{{.*}} {combine = "add", dim = 0 : index, mode = "clip"} : tensor<4xi32>, tensor<3xi64>, tensor<3xi32> -> tensor<4xi32>
// CHECK-NEXT: %[[M:.*]] = tcp.scatter_nd %[[A]], %{{.*}} {combine = "max", mode = "drop"} : tensor<4xi32>, tensor<3x1xi64>, tensor<3xi32> -> tensor<4xi32>
// CHECK-NEXT: return %[[M]]
func.func @named_args(%x: tensor<4xi32>, %i: tensor<3xi64>, %j: tensor<3xi64>, %k: tensor<3x1xi64>, %u: tensor<3xi32>) -> tensor<4xi32> {
  %0 = tcp.scatter %x, %i, %u {combine = "region", dim = 0 : index} : tensor<4xi32>, tensor<3xi64>, tensor<3xi32> -> tensor<4xi32> {
  ^bb0(%c: tensor<i32>, %v: tensor<i32>):
    tcp.yield %v : tensor<i32>
  }
  %1 = tcp.scatter %0, %j, %u {combine = "region", dim = 0 : index, mode = "clip"} : tensor<4xi32>, tensor<3xi64>, tensor<3xi32> -> tensor<4xi32> {
  ^bb0(%c: tensor<i32>, %v: tensor<i32>):
    %s = arith.addi %v, %c : tensor<i32>
    tcp.yield %s : tensor<i32>
  }
  %2 = tcp.scatter_nd %1, %k, %u {combine = "region", mode = "drop"} : tensor<4xi32>, tensor<3x1xi64>, tensor<3xi32> -> tensor<4xi32> {
  ^bb0(%c: tensor<i32>, %v: tensor<i32>):
    %s = arith.maxsi %c, %v : tensor<i32>
    tcp.yield %s : tensor<i32>
  }
  return %2 : tensor<4xi32>
}

// CHECK-LABEL: func.func @kept(
// CHECK: tcp.scatter %{{.*}} {combine = "region", dim = 0 : index} : tensor<4xf32>
// CHECK: arith.addf
// CHECK: tcp.scatter %{{.*}} {combine = "region", dim = 0 : index} : tensor<4xi1>
// CHECK: arith.maxsi
func.func @kept(%x: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>, %b: tensor<4xi1>, %w: tensor<3xi1>) -> (tensor<4xf32>, tensor<4xi1>) {
  %0 = tcp.scatter %x, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: tensor<f32>):
    %s = arith.addf %c, %v : tensor<f32>
    tcp.yield %s : tensor<f32>
  }
  %1 = tcp.scatter %b, %i, %w {combine = "region", dim = 0 : index} : tensor<4xi1>, tensor<3xi64>, tensor<3xi1> -> tensor<4xi1> {
  ^bb0(%c: tensor<i1>, %v: tensor<i1>):
    %s = arith.maxsi %c, %v : tensor<i1>
    tcp.yield %s : tensor<i1>
  }
  return %0, %1 : tensor<4xf32>, tensor<4xi1>
}
