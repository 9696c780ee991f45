// RUN: tcp-opt %s | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s
// RUN: tcp-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tcp-run --print=mlir %s -e holds | FileCheck %s --check-prefix=HOLDS
// RUN: tcp-run --backend=go --print=mlir %s -e holds | FileCheck %s --check-prefix=HOLDS
// RUN: not tcp-run %s -e fails 2>&1 | FileCheck %s --check-prefix=FAILS
// RUN: not tcp-run --backend=go %s -e fails 2>&1 | FileCheck %s --check-prefix=FAILS

// tcp.assert raises its message, each {k} the value of values[k], when
// its 0-d i1 condition is false (the interpreter and the Go kernel
// alike); canonicalization erases it when the condition is the constant
// true.

// CHECK-LABEL: func.func @holds(
// CHECK: tcp.assert %{{.*}}, "n = {0} must be at least {1}"(%{{.*}}, %{{.*}}) : (tensor<i1>, tensor<i32>, tensor<i64>) -> ()
// CANON-LABEL: func.func @holds(
// CANON-NOT: tcp.assert
// CANON: return
// HOLDS: dense<[1, 2]> : tensor<2xi32>
func.func @holds() -> tensor<2xi32> {
  %t = tcp.const {value = dense<true> : tensor<i1>} : tensor<i1>
  %n = tcp.const {value = dense<3> : tensor<i32>} : tensor<i32>
  %m = tcp.const {value = dense<1> : tensor<i64>} : tensor<i64>
  tcp.assert %t, "n = {0} must be at least {1}"(%n, %m) : (tensor<i1>, tensor<i32>, tensor<i64>) -> ()
  %r = tcp.const {value = dense<[1, 2]> : tensor<2xi32>} : tensor<2xi32>
  return %r : tensor<2xi32>
}

// A condition computed from a dim: n = 0 here.
// CANON-LABEL: func.func @fails(
// CANON: tcp.assert
// FAILS: assert.mlir:[[@LINE+9]]:3: error: 'tcp.assert' op n = 0 must be at least 1 (100% of the time)
func.func @fails() -> tensor<0xf32> {
  %x = tcp.const {value = dense<> : tensor<0xf32>} : tensor<0xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<0xf32>
  %i = arith.index_cast %d : index to i32
  %n = tensor.from_elements %i : tensor<i32>
  %one = tcp.const {value = dense<1> : tensor<i32>} : tensor<i32>
  %c = arith.cmpi sge, %n, %one : tensor<i32>
  tcp.assert %c, "n = {0} must be at least {1} (100% of the time)"(%n, %one) : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
  return %x : tensor<0xf32>
}
