// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// What --convert-torch-to-tcp refuses of torch.aten.roll: the op fails to
// legalize, and the note says why.

func.func @roll_dynamic_dim(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  // expected-error@+2 {{failed to legalize operation 'torch.aten.roll' that was explicitly marked illegal}}
  // expected-note@+1 {{dim 0 rolled by 1 has a dynamic size (the split point must be a compile-time constant)}}
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[?,4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

func.func @roll_flattened_dynamic(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct : () -> !torch.list<int>
  // expected-error@+2 {{failed to legalize operation 'torch.aten.roll' that was explicitly marked illegal}}
  // expected-note@+1 {{dims is empty (a roll of the flattened tensor) and self has dynamic sizes !torch.vtensor<[?,4],f32>}}
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[?,4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}
