// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// The slice_scatter and copy cases the conversion refuses, each located
// with the reason; and the verifier's rules.

func.func @dynamic_start(%x: !torch.vtensor<[4,2],f32>, %v: !torch.vtensor<[2,2],f32>, %s: !torch.int) -> !torch.vtensor<[4,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  // expected-error@+2 {{failed to legalize operation 'torch.aten.slice_scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{'torch.aten.slice_scatter' op operand #3 (start) is not a compile-time constant (torch.constant.int)}}
  %0 = torch.aten.slice_scatter %x, %v, %int0, %s, %int3, %int1 : !torch.vtensor<[4,2],f32>, !torch.vtensor<[2,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

func.func @src_size(%x: !torch.vtensor<[4,2],f32>, %v: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[4,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  // expected-error@+2 {{failed to legalize operation 'torch.aten.slice_scatter' that was explicitly marked illegal}}
  // expected-note@+1 {{'torch.aten.slice_scatter' op src sizes [3 2] are not the slice's [2 2] (torch raises)}}
  %0 = torch.aten.slice_scatter %x, %v, %int0, %int1, %int3, %int1 : !torch.vtensor<[4,2],f32>, !torch.vtensor<[3,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

func.func @copy_broadcast(%x: !torch.vtensor<[2,2],f32>, %v: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2,2],f32> {
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.copy' that was explicitly marked illegal}}
  // expected-note@+1 {{'torch.aten.copy' op only src of self's type is supported, got src !torch.vtensor<[2],f32> and self !torch.vtensor<[2,2],f32>}}
  %0 = torch.aten.copy %x, %v, %false : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

func.func @step_zero(%x: !torch.vtensor<[4,2],f32>, %v: !torch.vtensor<[2,2],f32>) -> !torch.vtensor<[4,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  // expected-error@+1 {{'torch.aten.slice_scatter' op step must be positive (slice step must be positive), got 0}}
  %0 = torch.aten.slice_scatter %x, %v, %int0, %int1, %int3, %int0 : !torch.vtensor<[4,2],f32>, !torch.vtensor<[2,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

func.func @src_dtype(%x: !torch.vtensor<[4,2],f32>, %v: !torch.vtensor<[2,2],si32>) -> !torch.vtensor<[4,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  // expected-error@+1 {{'torch.aten.slice_scatter' op src dtype si32 must equal the dtype of self, f32}}
  %0 = torch.aten.slice_scatter %x, %v, %int0, %int1, %int3, %int1 : !torch.vtensor<[4,2],f32>, !torch.vtensor<[2,2],si32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}
