// torch.aten.full_like as the FX importer prints it for `y[1, 2] = 0.5`,
// run by the interpreter as exported and after --convert-torch-to-tcp, with
// the same results; and the splat tcp.const it becomes.

// RUN: tcp-run --print=mlir %s -e fill | FileCheck %s --check-prefix=FILL
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e fill | FileCheck %s --check-prefix=FILL
// FILL: {{^}}dense<5.000000e-01> : tensor<2x2xf32>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=FILL-TCP
// FILL-TCP-LABEL: func.func @fill(
// FILL-TCP-NOT: torch.aten.full_like
// FILL-TCP: tcp.const {value = dense<5.000000e-01> : tensor<2x2xf32>} : tensor<2x2xf32>
func.func @fill() -> !torch.vtensor<[2,2],f32> {
  %x = torch.vtensor.literal(dense<7.000000e+00> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
  %f = torch.constant.float 5.000000e-01
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.full_like %x, %f, %none, %none, %none, %false, %none : !torch.vtensor<[2,2],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}
