// RUN: tcp-opt %s --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s
// RUN: tcp-opt %s --cse | FileCheck %s
// RUN: tcp-opt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: tcp-opt %s --cse --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE
// RUN: not tcp-opt %s --pass-pipeline='builtin.module(func.func(nosuchpass))' 2>&1 | FileCheck %s --check-prefix=BAD

// CSE merges the two identical gathers; the pipeline syntax and per-pass
// flags are equivalent.

// CHECK-LABEL: func.func @twice
// CHECK:         %[[G:.*]] = tcp.gather
// CHECK-NOT:     tcp.gather
// CHECK:         return %[[G]], %[[G]]
func.func @twice(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %1 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP: func.func @twice

// PIPE: Pass Manager with 1 passes:
// PIPE: builtin.module(cse)

// BAD: nosuchpass
