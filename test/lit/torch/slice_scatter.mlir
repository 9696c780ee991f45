// torch.aten.slice_scatter and aten.copy: what y[1:3] = v and y[:, ::2] = v
// become after functionalization. Round trip, interpretation and the
// conversion to a (strided) tensor.insert_slice.
// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s
// RUN: tcp-run --print=mlir %s -e rows | FileCheck %s --check-prefix=VALS
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e rows | FileCheck %s --check-prefix=VALS
// RUN: tcp-run --print=mlir %s -e cols_step2 | FileCheck %s --check-prefix=VALS2
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e cols_step2 | FileCheck %s --check-prefix=VALS2

// y[1:3] = v on a 4x2: rows 1 and 2 replaced.
// ROUNDTRIP-LABEL: func.func @rows(
// ROUNDTRIP: torch.aten.copy %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.bool -> !torch.vtensor<[2,2],f32>
// ROUNDTRIP: torch.aten.slice_scatter %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[4,2],f32>, !torch.vtensor<[2,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
// CHECK-LABEL: func.func @rows(
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[1, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x2xf32>
// VALS: dense<{{\[}}[0.000000e+00, 1.000000e+00], [9.000000e+00, 9.000000e+00], [9.000000e+00, 9.000000e+00], [6.000000e+00, 7.000000e+00]]> : tensor<4x2xf32>
func.func @rows() -> !torch.vtensor<[4,2],f32> {
  %x = torch.vtensor.literal(dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>) : !torch.vtensor<[4,2],f32>
  %v = torch.vtensor.literal(dense<9.0> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %1 = torch.aten.slice.Tensor %x, %int0, %int1, %int3, %int1 : !torch.vtensor<[4,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,2],f32>
  %false = torch.constant.bool false
  %2 = torch.aten.copy %1, %v, %false : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.bool -> !torch.vtensor<[2,2],f32>
  %3 = torch.aten.slice_scatter %x, %2, %int0, %int1, %int3, %int1 : !torch.vtensor<[4,2],f32>, !torch.vtensor<[2,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  return %3 : !torch.vtensor<[4,2],f32>
}

// y[:, ::2] = v as the importer prints it (the open end is 2^63 - 1):
// a strided insert_slice.
// CHECK-LABEL: func.func @cols_step2(
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [2, 3] [1, 2] : tensor<2x3xi32> into tensor<2x5xi32>
// VALS2: dense<{{\[}}[-1, 1, -2, 3, -3], [-4, 6, -5, 8, -6]]> : tensor<2x5xi32>
func.func @cols_step2() -> !torch.vtensor<[2,5],si32> {
  %x = torch.vtensor.literal(dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]> : tensor<2x5xsi32>) : !torch.vtensor<[2,5],si32>
  %v = torch.vtensor.literal(dense<[[-1, -2, -3], [-4, -5, -6]]> : tensor<2x3xsi32>) : !torch.vtensor<[2,3],si32>
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %end = torch.constant.int 9223372036854775807
  %0 = torch.aten.slice_scatter %x, %v, %int1, %int0, %end, %int2 : !torch.vtensor<[2,5],si32>, !torch.vtensor<[2,3],si32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,5],si32>
  return %0 : !torch.vtensor<[2,5],si32>
}
