// RUN: tcp-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: tcp-opt %s --canonicalize --split-input-file --verify-semantics | FileCheck %s
// RUN: not tcp-run --print=mlir %s -e fails_at_run_time 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tcp-opt %s --canonicalize | not tcp-run --print=mlir - -e fails_at_run_time 2>&1 | FileCheck %s --check-prefix=ERR

// tcp.broadcast_to and tcp.slice check a constant size operand against the
// static result dim (docs/semantics.md §3.3: a listed size from an arith.constant; §3.4). A size that only folds
// to a contradicting constant is valid IR that fails at run time, so
// canonicalize does not fold it: folding would turn valid IR invalid.
// ERR: error: 'tcp.broadcast_to' op result #0: got tensor<2x5xi64>, want tensor<2x4xi64>

// CHECK-LABEL: func.func @broadcast_size_from_addi
// CHECK:         %[[SUM:.*]] = arith.addi
// CHECK:         tcp.broadcast_to %arg0, %[[SUM]] {axes = [1]}
func.func @broadcast_size_from_addi(%x: tensor<2x1xi64>) -> tensor<2x4xi64> {
  %a = arith.constant 2 : index
  %b = arith.constant 3 : index
  %c = arith.addi %a, %b : index
  %r = tcp.broadcast_to %x, %c {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  return %r : tensor<2x4xi64>
}

// CHECK-LABEL: func.func @fails_at_run_time
// CHECK:         arith.addi
func.func @fails_at_run_time() -> tensor<2x4xi64> {
  %x = tcp.const {value = dense<[[1], [2]]> : tensor<2x1xi64>} : tensor<2x1xi64>
  %a = arith.constant 2 : index
  %b = arith.constant 3 : index
  %c = arith.addi %a, %b : index
  %r = tcp.broadcast_to %x, %c {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  return %r : tensor<2x4xi64>
}

// CHECK-LABEL: func.func @broadcast_size_from_dim
// CHECK:         %[[DIM:.*]] = tensor.dim %arg1
// CHECK:         tcp.broadcast_to %arg0, %[[DIM]] {axes = [1]}
func.func @broadcast_size_from_dim(%x: tensor<2x1xi64>, %y: tensor<5xf32>) -> tensor<2x4xi64> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %y, %c0 : tensor<5xf32>
  %r = tcp.broadcast_to %x, %d {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  return %r : tensor<2x4xi64>
}

// CHECK-LABEL: func.func @slice_size_from_addi
// CHECK:         %[[SUM:.*]] = arith.addi
// CHECK:         tcp.slice %arg0 starts(%{{.*}}) sizes(%[[SUM]])
func.func @slice_size_from_addi(%x: tensor<8xf32>) -> tensor<2xf32> {
  %a = arith.constant 2 : index
  %b = arith.constant 1 : index
  %c = arith.addi %a, %b : index
  %r = tcp.slice %x starts(%b) sizes(%c) strides(%b) : tensor<8xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// A size that folds to the static dim folds as usual.
// CHECK-LABEL: func.func @agreeing_size_folds
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    tcp.broadcast_to %arg0, %[[C4]] {axes = [1]}
func.func @agreeing_size_folds(%x: tensor<2x1xi64>) -> tensor<2x4xi64> {
  %a = arith.constant 2 : index
  %c = arith.addi %a, %a : index
  %r = tcp.broadcast_to %x, %c {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  return %r : tensor<2x4xi64>
}
