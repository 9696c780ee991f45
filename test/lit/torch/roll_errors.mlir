// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// The verifier rules of torch.aten.roll, located at the op.

func.func @roll_misaligned(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.roll' op shifts and dimensions must align: 2 shifts, 1 dims}}
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

func.func @roll_dim_range(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.roll' op dim 2 is out of range for a tensor of rank 2}}
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

func.func @roll_result_sizes(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[4,3],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.roll' op result sizes [4,3] do not match the sizes [3,4] the op computes}}
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
