// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// The elementwise ops around the scatters that the conversion refuses,
// with the reason, and their verifier rules.

// torch computes self + alpha * other on floats with one rounding.
func.func @add_alpha_float(%a: !torch.vtensor<[6],f32>, %b: !torch.vtensor<[6],f32>) -> !torch.vtensor<[6],f32> {
  %float = torch.constant.float 2.500000e+00
  // expected-error@+2 {{failed to legalize operation 'torch.aten.add.Tensor' that was explicitly marked illegal}}
  // expected-note@+1 {{operand #2 (alpha) must be the constant 1 on float tensors (torch computes self + alpha * other with one rounding)}}
  %0 = torch.aten.add.Tensor %a, %b, %float : !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.float -> !torch.vtensor<[6],f32>
  return %0 : !torch.vtensor<[6],f32>
}

// -----

// torch computes f16 products in f32 and rounds twice.
func.func @mul_f16(%v: !torch.vtensor<[3],f16>) -> !torch.vtensor<[3],f16> {
  %float = torch.constant.float 1.000000e-01
  // expected-error@+2 {{failed to legalize operation 'torch.aten.mul.Scalar' that was explicitly marked illegal}}
  // expected-note@+1 {{element type f16 is not supported (integers, f32 and f64; torch computes f16 and bf16 in f32)}}
  %0 = torch.aten.mul.Scalar %v, %float : !torch.vtensor<[3],f16>, !torch.float -> !torch.vtensor<[3],f16>
  return %0 : !torch.vtensor<[3],f16>
}

// -----

func.func @mul_int_by_float(%v: !torch.vtensor<[3],si32>) -> !torch.vtensor<[3],f32> {
  %float = torch.constant.float 1.500000e+00
  // expected-error@+2 {{failed to legalize operation 'torch.aten.mul.Scalar' that was explicitly marked illegal}}
  // expected-note@+1 {{operand #0 (self) has dtype si32, the result f32 (type promotion is not supported)}}
  %0 = torch.aten.mul.Scalar %v, %float : !torch.vtensor<[3],si32>, !torch.float -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @where_not_broadcastable(%m: !torch.vtensor<[4,3],i1>, %a: !torch.vtensor<[2],f32>, %y: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  // expected-error@+1 {{'torch.aten.where.self' op the operand sizes [4,3], [2], [4,3] do not broadcast together}}
  %0 = torch.aten.where.self %m, %a, %y : !torch.vtensor<[4,3],i1>, !torch.vtensor<[2],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @where_condition_not_bool(%m: !torch.vtensor<[4,3],si64>, %a: !torch.vtensor<[4,3],f32>, %y: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  // expected-error@+1 {{'torch.aten.where.self' op condition must have dtype i1, got si64}}
  %0 = torch.aten.where.self %m, %a, %y : !torch.vtensor<[4,3],si64>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @add_result_sizes(%a: !torch.vtensor<[4,3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.add.Tensor' op result sizes [3] do not match the broadcast sizes [4,3] of the operands}}
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// One value row per true mask element: the shape depends on the mask's values.
func.func @mask_put_per_element(%x: !torch.vtensor<[5,3],f32>, %m: !torch.vtensor<[5],i1>, %v: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %0 = torch.prim.ListConstruct %m : (!torch.vtensor<[5],i1>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_put' that was explicitly marked illegal}}
  // expected-note@+1 {{values !torch.vtensor<[2,3],f32> have a dim for the selected elements, whose number depends on the mask's values (only values that broadcast to the remaining dims [3] are supported)}}
  %1 = torch.aten.index_put %x, %0, %v, %false : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %1 : !torch.vtensor<[5,3],f32>
}

// -----

func.func @mask_put_not_leading(%x: !torch.vtensor<[5,3],f32>, %m: !torch.vtensor<[3],i1>, %v: !torch.vtensor<[1],f32>) -> !torch.vtensor<[5,3],f32> {
  %0 = torch.prim.ListConstruct %m : (!torch.vtensor<[3],i1>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_put' that was explicitly marked illegal}}
  // expected-note@+1 {{the boolean mask [3] must have the sizes of the leading dims of self [5,3]}}
  %1 = torch.aten.index_put %x, %0, %v, %false : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %1 : !torch.vtensor<[5,3],f32>
}

// -----

// A number added to f16: torch rounds it to f32, not to f16.
func.func @add_scalar_f16(%x: !torch.vtensor<[3],f16>) -> !torch.vtensor<[3],f16> {
  %float = torch.constant.float 1.000000e-01
  %int1 = torch.constant.int 1
  // expected-error@+2 {{failed to legalize operation 'torch.aten.add.Scalar' that was explicitly marked illegal}}
  // expected-note@+1 {{element type f16 is not supported (integers, f32 and f64; torch computes f16 and bf16 in f32)}}
  %0 = torch.aten.add.Scalar %x, %float, %int1 : !torch.vtensor<[3],f16>, !torch.float, !torch.int -> !torch.vtensor<[3],f16>
  return %0 : !torch.vtensor<[3],f16>
}
