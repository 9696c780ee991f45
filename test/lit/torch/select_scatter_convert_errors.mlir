// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// What --convert-torch-to-tcp refuses of torch.aten.select_scatter: the op
// fails to legalize, and the note says why.

func.func @index_not_constant(%x: !torch.vtensor<[3],si64>, %v: !torch.vtensor<[],si64>, %i: !torch.int) -> !torch.vtensor<[3],si64> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.select_scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{operand #3 (index) is not a compile-time constant (torch.constant.int)}}
  %0 = torch.aten.select_scatter %x, %v, %int0, %i : !torch.vtensor<[3],si64>, !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

func.func @dynamic(%x: !torch.vtensor<[?,2],f32>, %v: !torch.vtensor<[2],f32>) -> !torch.vtensor<[?,2],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.select_scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{need static sizes}}
  %0 = torch.aten.select_scatter %x, %v, %int0, %int0 : !torch.vtensor<[?,2],f32>, !torch.vtensor<[2],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,2],f32>
  return %0 : !torch.vtensor<[?,2],f32>
}
