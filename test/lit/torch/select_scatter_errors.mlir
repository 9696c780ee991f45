// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// The verifier rules of torch.aten.select_scatter, located at the op.

func.func @index_range(%x: !torch.vtensor<[3],si64>, %v: !torch.vtensor<[],si64>) -> !torch.vtensor<[3],si64> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  // expected-error@+1 {{'torch.aten.select_scatter' op index 3 is out of range for dimension 0 with size 3}}
  %0 = torch.aten.select_scatter %x, %v, %int0, %int3 : !torch.vtensor<[3],si64>, !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

func.func @src_rank(%x: !torch.vtensor<[3,2],f32>, %v: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[3,2],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.select_scatter' op requires src of rank 1 (self's without dim), got 2}}
  %0 = torch.aten.select_scatter %x, %v, %int0, %int0 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

func.func @dim_range(%x: !torch.vtensor<[3,2],f32>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3,2],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.select_scatter' op dim 2 is out of range for a tensor of rank 2}}
  %0 = torch.aten.select_scatter %x, %v, %int2, %int0 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}
