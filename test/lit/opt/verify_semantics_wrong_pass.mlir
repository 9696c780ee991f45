// REQUIRES: test-passes
// RUN: not tcp-opt %s --verify-semantics --test-drop-gather-mode 2>&1 | FileCheck %s --check-prefix=DROP
// RUN: not tcp-opt %s --verify-semantics --pass-pipeline='builtin.module(func.func(canonicalize,test-gather-to-wrap))' 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: tcp-opt %s --test-gather-to-wrap | FileCheck %s --check-prefix=UNCHECKED

// Deliberately wrong test-only passes (registered by the Go lit harness
// only, never in the tcp-opt binary; LLVM's lit reports this test as
// unsupported): --verify-semantics names the pass and the function, and
// gives the first differing input and both outcomes; without the flag the
// wrong output goes through.

// DROP: verify_semantics_wrong_pass.mlir:[[# @LINE + 6]]:1: error: pass 'test-drop-gather-mode' changed the semantics of @clip: only after the rewrite it raises an error
// DROP: note: on input (dense<{{.*}}> : tensor<{{[0-9]+}}x4xf32>, dense<{{.*}}> : tensor<2x4xi64>)
// DROP: note: before: (dense<{{.*}}> : tensor<2x4xf32>)
// DROP: note: after: raises {{.*}}.mlir:[[# @LINE + 4]]:8: error: 'tcp.gather' op index {{-?[0-9]+}} is out of bounds for dimension 0 with size {{[0-9]+}} (mode promise_in_bounds)
// WRAP: error: pass 'test-gather-to-wrap' changed the semantics of @clip: result 0 differs
// UNCHECKED: mode = "wrap"
func.func @clip(%x: tensor<?x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<?x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
