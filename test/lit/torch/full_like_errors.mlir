// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// The verifier rules of torch.aten.full_like, located at the op.

func.func @full_like_sizes(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32> {
  %f = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.full_like' op result sizes [3,2] must be self's sizes [2,3]}}
  %0 = torch.aten.full_like %x, %f, %none, %none, %none, %false, %none : !torch.vtensor<[2,3],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

func.func @full_like_dtype(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],si64> {
  %f = torch.constant.int 1
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.full_like' op}}
  %0 = torch.aten.full_like %x, %f, %none, %none, %none, %false, %none : !torch.vtensor<[2],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}
