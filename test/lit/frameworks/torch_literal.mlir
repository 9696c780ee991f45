// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=RT
// RUN: tcp-run --print=mlir %s -e run | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize --verify-semantics | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=CONV
// RUN: tcp-opt %s --convert-frontends-to-tcp --torch-func-backend-type-conversion --canonicalize | tcp-run --print=mlir - -e run | FileCheck %s --check-prefix=VAL

// torch-mlir's fx importer keeps a captured index tensor as
// torch.vtensor.literal (si64 for torch.int64). With constant indices the
// canonicalizer turns the gather into a strided slice.

// RT-LABEL: func.func @index_select
// RT:         torch.vtensor.literal(dense<[2, 0]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
// CONV: tcp.const {value = dense<[2, 0]> : tensor<2xi64>}
// CHECK-LABEL: func.func @index_select
// CHECK-NOT:     torch.
// CHECK:         tcp.slice %arg0 starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}})
// VAL: {{^}}dense<{{\[\[}}5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>{{$}}
func.func @index_select(%x: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %xv = torch_c.from_builtin_tensor %x : tensor<3x2xf32> -> !torch.vtensor<[3,2],f32>
  %i = torch.vtensor.literal(dense<[2, 0]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %xv, %int0, %i : !torch.vtensor<[3,2],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,2],f32>
  %1 = torch_c.to_builtin_tensor %0 : !torch.vtensor<[2,2],f32> -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

func.func @run() -> tensor<2x2xf32> {
  %x = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : tensor<3x2xf32>
  %0 = func.call @index_select(%x) : (tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
