// Integer floor division of data in the Go backend (torch's integer
// scatter_reduce "mean" divides the scattered sums by the counts): the
// quotient rounds towards negative infinity, bit for bit like the
// interpreter; a zero divisor and the most negative value divided by -1
// fail the kernel, as they fail the interpreter.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e mean --backend=go | FileCheck %s --check-prefix=VAL
// RUN: tcp-run --print=mlir %s -e mean --backend=interp | FileCheck %s --check-prefix=VAL
// RUN: not tcp-run %s -e zero --backend=go 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not tcp-run %s -e zero --backend=interp 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not tcp-run %s -e overflow --backend=go 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: not tcp-run %s -e overflow --backend=interp 2>&1 | FileCheck %s --check-prefix=OVER

// CHECK-LABEL: func Mean(
// CHECK: == 0 {
// CHECK: division by zero

// sums [4+3+7, -5+(-6), 1] over counts [3, 3, 1] (x's own row counted):
// 14/3 = 4, -11/3 = -4 (floor), 1/1 = 1.
// VAL: dense<[4, -4, 1]> : tensor<3xi32>
func.func @mean() -> tensor<3xi32> {
  %x = tcp.const {value = dense<[4, -5, 1]> : tensor<3xi32>} : tensor<3xi32>
  %i = tcp.const {value = dense<[0, 1, 0, 1]> : tensor<4xi64>} : tensor<4xi64>
  %u = tcp.const {value = dense<[3, -6, 7, 0]> : tensor<4xi32>} : tensor<4xi32>
  %s = tcp.scatter %x, %i, %u {dim = 0 : index, combine = "add"} : tensor<3xi32>, tensor<4xi64>, tensor<4xi32> -> tensor<3xi32>
  %one = tcp.const {value = dense<1> : tensor<3xi32>} : tensor<3xi32>
  %ones = tcp.const {value = dense<1> : tensor<4xi32>} : tensor<4xi32>
  %c = tcp.scatter %one, %i, %ones {dim = 0 : index, combine = "add"} : tensor<3xi32>, tensor<4xi64>, tensor<4xi32> -> tensor<3xi32>
  %0 = arith.floordivsi %s, %c : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// ZERO: intdata.mlir:[[@LINE+4]]:8: error: {{.*}}division by zero
func.func @zero() -> tensor<2xi32> {
  %a = tcp.const {value = dense<[7, 8]> : tensor<2xi32>} : tensor<2xi32>
  %b = tcp.const {value = dense<[2, 0]> : tensor<2xi32>} : tensor<2xi32>
  %0 = arith.floordivsi %a, %b : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// OVER: intdata.mlir:[[@LINE+4]]:8: error: {{.*}}signed division overflow: -128 / -1
func.func @overflow() -> tensor<2xi8> {
  %a = tcp.const {value = dense<[7, -128]> : tensor<2xi8>} : tensor<2xi8>
  %b = tcp.const {value = dense<[-2, -1]> : tensor<2xi8>} : tensor<2xi8>
  %0 = arith.floordivsi %a, %b : tensor<2xi8>
  return %0 : tensor<2xi8>
}

// index_add(alpha=3) on i32: the muli of the updates is computed into a
// buffer (it is data for the scatter), wrapping at 32 bits.
// RUN: tcp-run --print=mlir %s -e alpha --backend=go | FileCheck %s --check-prefix=ALPHA
// RUN: tcp-run --print=mlir %s -e alpha --backend=interp | FileCheck %s --check-prefix=ALPHA
// 1431655765 * 3 = 2^32 - 1 wraps to -1: x[0] = 1 + -1.
// ALPHA: dense<[0, 10, 3]> : tensor<3xi32>
func.func @alpha() -> tensor<3xi32> {
  %x = tcp.const {value = dense<[1, 1, 3]> : tensor<3xi32>} : tensor<3xi32>
  %i = tcp.const {value = dense<[[0], [1], [1]]> : tensor<3x1xi64>} : tensor<3x1xi64>
  %u = tcp.const {value = dense<[1431655765, 1, 2]> : tensor<3xi32>} : tensor<3xi32>
  %three = tcp.const {value = dense<3> : tensor<3xi32>} : tensor<3xi32>
  %m = arith.muli %u, %three : tensor<3xi32>
  %0 = tcp.scatter_nd %x, %i, %m {combine = "add"} : tensor<3xi32>, tensor<3x1xi64>, tensor<3xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
