// torch.roll as torch-mlir's FX importer prints it (torch.aten.roll), run
// by the interpreter as exported (torch's semantics) and after
// --convert-torch-to-tcp, with the same results; and the tcp it becomes:
// per rolled dim, the last s rows then the first n-s (s = shift mod n).

// RUN: tcp-run --print=mlir %s -e roll_two | FileCheck %s --check-prefix=TWO
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e roll_two | FileCheck %s --check-prefix=TWO
// TWO: {{^}}dense<{{\[\[}}9, 7, 8], [3, 1, 2], [6, 4, 5]]> : tensor<3x3xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=TWO-TCP
// TWO-TCP-LABEL: func.func @roll_two(
// TWO-TCP-NOT: torch.aten.roll
// TWO-TCP: tcp.slice
// TWO-TCP: tcp.slice
// TWO-TCP: tensor.concat dim(0)
// TWO-TCP: tcp.slice
// TWO-TCP: tcp.slice
// TWO-TCP: tensor.concat dim(1)
func.func @roll_two() -> !torch.vtensor<[3,3],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xsi64>) : !torch.vtensor<[3,3],si64>
  %int1 = torch.constant.int 1
  %int-2 = torch.constant.int -2
  %int0 = torch.constant.int 0
  %s = torch.prim.ListConstruct %int1, %int-2 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[3,3],si64>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[3,3],si64>
  return %0 : !torch.vtensor<[3,3],si64>
}

// A shift that is a multiple of the size is the identity: no slice.
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=FULL
// FULL-LABEL: func.func @roll_full(
// FULL-NOT: tcp.slice
// FULL: return
func.func @roll_full(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int8 = torch.constant.int 8
  %int0 = torch.constant.int 0
  %s = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// With dims empty, the flattened tensor is rolled and given back its shape.
// RUN: tcp-run --print=mlir %s -e roll_flat | FileCheck %s --check-prefix=FLAT
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e roll_flat | FileCheck %s --check-prefix=FLAT
// FLAT: {{^}}dense<{{\[\[}}4, 1], [2, 3]]> : tensor<2x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=FLAT-TCP
// FLAT-TCP-LABEL: func.func @roll_flat(
// FLAT-TCP: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x2xi64> into tensor<4xi64>
// FLAT-TCP: tensor.concat dim(0)
// FLAT-TCP: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<4xi64> into tensor<2x2xi64>
func.func @roll_flat() -> !torch.vtensor<[2,2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4]]> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct  : () -> !torch.list<int>
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[2,2],si64>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[2,2],si64>
  return %0 : !torch.vtensor<[2,2],si64>
}
