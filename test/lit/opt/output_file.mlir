// RUN: rm -rf %t && mkdir -p %t
// RUN: tcp-opt %s -o %t/out.mlir
// RUN: FileCheck %s --input-file %t/out.mlir
// A failing run leaves the existing output file untouched.
// RUN: not tcp-opt %S/../parser/errors.mlir -o %t/out.mlir
// RUN: FileCheck %s --input-file %t/out.mlir

// CHECK: func.func @kept
func.func @kept() {
  return
}
