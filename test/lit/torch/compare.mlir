// torch.aten.{eq,ne,lt,le,gt,ge}.{Scalar,Tensor} as the FX importer prints
// them around index assignment (y[2] = v: arange(n) == 2 and a where) and
// index masks, run by the interpreter as exported and after
// --convert-torch-to-tcp, with the same results; and the arith.cmpi each
// becomes.

// RUN: tcp-run --print=mlir %s -e set_row | FileCheck %s --check-prefix=ROW
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e set_row | FileCheck %s --check-prefix=ROW
// ROW: {{^}}dense<{{\[\[}}1, 2], [9, 9], [5, 6]]> : tensor<3x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=ROW-TCP
// ROW-TCP-LABEL: func.func @set_row(
// ROW-TCP: arith.cmpi eq, %{{.*}}, %{{.*}} : tensor<3x1xi64>
// ROW-TCP: arith.select
func.func @set_row() -> !torch.vtensor<[3,2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %v = torch.vtensor.literal(dense<9> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %r = torch.vtensor.literal(dense<[[0], [1], [2]]> : tensor<3x1xsi64>) : !torch.vtensor<[3,1],si64>
  %int1 = torch.constant.int 1
  %0 = torch.aten.eq.Scalar %r, %int1 : !torch.vtensor<[3,1],si64>, !torch.int -> !torch.vtensor<[3,1],i1>
  %1 = torch.aten.where.self %0, %v, %x : !torch.vtensor<[3,1],i1>, !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],si64> -> !torch.vtensor<[3,2],si64>
  return %1 : !torch.vtensor<[3,2],si64>
}

// A lower-triangle mask: arange(3)[:, None] < arange(3)[None, :].
// RUN: tcp-run --print=mlir %s -e band | FileCheck %s --check-prefix=BAND
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e band | FileCheck %s --check-prefix=BAND
// BAND: {{^}}dense<{{\[\[}}false, true, true], [false, false, true], [false, false, false]]> : tensor<3x3xi1>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=BAND-TCP
// BAND-TCP-LABEL: func.func @band(
// BAND-TCP: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<3x3xi32>
func.func @band() -> !torch.vtensor<[3,3],i1> {
  %a = torch.vtensor.literal(dense<[[0], [1], [2]]> : tensor<3x1xsi32>) : !torch.vtensor<[3,1],si32>
  %b = torch.vtensor.literal(dense<[[0, 1, 2]]> : tensor<1x3xsi32>) : !torch.vtensor<[1,3],si32>
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[3,1],si32>, !torch.vtensor<[1,3],si32> -> !torch.vtensor<[3,3],i1>
  return %0 : !torch.vtensor<[3,3],i1>
}
