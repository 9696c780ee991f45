// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// What --convert-torch-to-tcp refuses of torch.aten.full_like: the op
// fails to legalize, and the note says why.

func.func @full_like_float_into_int(%x: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2],si64> {
  %f = torch.constant.float 1.500000e+00
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.full_like' that was explicitly marked illegal}}
  // expected-note@+1 {{a float fill_value for the integer result i64 is not supported}}
  %0 = torch.aten.full_like %x, %f, %none, %none, %none, %false, %none : !torch.vtensor<[2],si64>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// -----

func.func @full_like_dynamic(%x: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> {
  %f = torch.constant.float 1.500000e+00
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.full_like' that was explicitly marked illegal}}
  // expected-note@+1 {{the result must have static sizes}}
  %0 = torch.aten.full_like %x, %f, %none, %none, %none, %false, %none : !torch.vtensor<[?],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}
