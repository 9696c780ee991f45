// The ONNX importer on a model written from this file (no binary input is
// committed): --mlir-to-onnx writes the function as model.onnx, and
// --import-onnx reads it back in onnx-mlir's form, which then runs.
// RUN: tcp-translate --mlir-to-onnx %s -o %t.onnx
// RUN: tcp-translate --import-onnx %t.onnx | FileCheck %s
// RUN: tcp-translate --import-onnx %t.onnx -o %t.mlir
// RUN: tcp-run --print=mlir %t.mlir | FileCheck %s --check-prefix=EXEC
// tcp-run --expect compares results with expected files (.npy here, .pb alike).
// RUN: tcp-run --print=mlir %t.mlir --out-dir %t.out
// RUN: tcp-run --print=mlir %t.mlir --expect %t.out/result_0.npy --expect %t.out/result_1.npy
// RUN: not tcp-run --print=mlir %t.mlir --expect %t.out/result_1.npy --expect %t.out/result_0.npy 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: tcp-translate --import-onnx --mlir-print-op-generic %t.onnx | FileCheck %s --check-prefix=GENERIC
// Each op carries the byte offset of its node (line 1, column offset+1).
// RUN: tcp-translate --import-onnx --mlir-print-debuginfo %t.onnx | FileCheck %s --check-prefix=LOC
// A file that is not a protobuf is a located error, and no output is written.
// RUN: not tcp-translate --import-onnx %s -o %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not cat %t.bad.mlir

// CHECK-LABEL: func.func @main_graph() -> (tensor<2x2xf32>, tensor<1x1xf32>)
// CHECK-SAME: attributes {input_names = [], output_names = ["rows", "sliced"]}
// CHECK-DAG: %[[NONE:.*]] = "onnx.NoValue"() {value} : () -> none
// CHECK-DAG: %[[DATA:.*]] = onnx.Constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-DAG: %[[IDX:.*]] = onnx.Constant dense<[-1, 0]> : tensor<2xi64>
// CHECK: %[[ROWS:.*]] = "onnx.Gather"(%[[DATA]], %[[IDX]]) {axis = 0 : si64, onnx_node_name = "pick rows"} : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
// CHECK: %[[S:.*]] = "onnx.Slice"(%[[ROWS]], %{{.*}}, %{{.*}}, %[[NONE]], %[[NONE]]) : (tensor<2x2xf32>, tensor<2xi64>, tensor<2xi64>, none, none) -> tensor<1x1xf32>
// CHECK: return %[[ROWS]], %[[S]] : tensor<2x2xf32>, tensor<1x1xf32>

// EXEC: dense<{{\[}}[5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
// EXEC-NEXT: dense<5.000000e+00> : tensor<1x1xf32>

// GENERIC: "func.func"() ({
// GENERIC: "onnx.Constant"() {value = dense<[-1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
// GENERIC: function_type = () -> (tensor<2x2xf32>, tensor<1x1xf32>)
// GENERIC-SAME: sym_name = "main_graph"

// MISMATCH: tcp-run: error: result #0 of @main_graph differs from {{.*}}result_1.npy (expected vs actual): shape [1, 1] vs [2, 2]

// LOC: "onnx.Gather"{{.*}} loc("pick rows"("{{.*}}.onnx":1:{{[0-9]+}}))

// ERR: import.mlir:1:{{[0-9]+}}: error: malformed ONNX model: ModelProto: field {{.*}}

func.func @main_graph() -> (tensor<2x2xf32>, tensor<1x1xf32>) attributes {input_names = [], output_names = ["rows", "sliced"]} {
  %data = onnx.Constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %idx = onnx.Constant dense<[-1, 0]> : tensor<2xi64>
  %rows = "onnx.Gather"(%data, %idx) {axis = 0 : si64, onnx_node_name = "pick rows"} : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  %starts = onnx.Constant dense<[0, 0]> : tensor<2xi64>
  %ends = onnx.Constant dense<[1, 1]> : tensor<2xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %s = "onnx.Slice"(%rows, %starts, %ends, %none, %none) : (tensor<2x2xf32>, tensor<2xi64>, tensor<2xi64>, none, none) -> tensor<1x1xf32>
  return %rows, %s : tensor<2x2xf32>, tensor<1x1xf32>
}
