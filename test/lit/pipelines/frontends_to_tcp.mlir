// The named pipeline --frontends-to-tcp-pipeline brings exporters' IR to
// tcp with builtin tensor types at the function boundary, as a flag and
// inside --pass-pipeline (where it expands to its passes); the result is
// what the Go backend and DirectML take.
// RUN: tcp-opt --frontends-to-tcp-pipeline %s | FileCheck %s
// RUN: tcp-opt --pass-pipeline='builtin.module(frontends-to-tcp-pipeline)' %s | FileCheck %s
// RUN: tcp-opt --frontends-to-tcp-pipeline --dump-pass-pipeline %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE
// RUN: tcp-opt --frontends-to-tcp-pipeline %s | tcp-translate --mlir-to-go | FileCheck %s --check-prefix=GO
// RUN: tcp-opt --pass-pipeline='builtin.module(frontends-to-tcp-pipeline,convert-tcp-to-dml{assume-in-bounds=true})' %s | tcp-translate --mlir-to-dml-json | FileCheck %s --check-prefix=DML
// RUN: tcp-opt --help | FileCheck %s --check-prefix=HELP

// CHECK-LABEL: func.func @index_select(
// CHECK-SAME:    %{{.*}}: tensor<3x4xf32>, %{{.*}}: tensor<2xi64>) -> tensor<2x4xf32>
// CHECK-NOT:     torch
// CHECK:         tcp.gather
// CHECK-NOT:     torch
// CHECK:         return

// PIPE: builtin.module(inline,convert-frontends-to-tcp,torch-func-backend-type-conversion,refine-func-result-types,canonicalize

// GO: func IndexSelect(

// DML: "DML_OPERATOR_GATHER"

// HELP: Pass pipelines
// HELP: --frontends-to-tcp-pipeline {{.*}}Bring frontend IR to tcp

func.func @index_select(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}
