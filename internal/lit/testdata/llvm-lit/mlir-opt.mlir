// REQUIRES: mlir-opt
// RUN: mlir-opt %s | FileCheck %s
// CHECK-LABEL: func.func @f
// CHECK-NEXT: return
func.func @f() {
  return
}
