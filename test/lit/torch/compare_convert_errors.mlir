// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// What --convert-torch-to-tcp refuses of the comparison ops: the op fails
// to legalize, and the note says why.

func.func @compare_float(%a: !torch.vtensor<[3],f16>, %b: !torch.vtensor<[3],f16>) -> !torch.vtensor<[3],i1> {
  // expected-error@+2 {{failed to legalize operation 'torch.aten.lt.Tensor' that was explicitly marked illegal}}
  // expected-note@+1 {{self has dtype f16; only signed integer, f32 and f64 comparisons are converted}}
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[3],f16>, !torch.vtensor<[3],f16> -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}

// -----

func.func @compare_float_number(%a: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],i1> {
  %f = torch.constant.float 1.500000e+00
  // expected-error@+2 {{failed to legalize operation 'torch.aten.ge.Scalar' that was explicitly marked illegal}}
  // expected-note@+1 {{an integer tensor compared with !torch.float is promoted to float, which is not supported}}
  %0 = torch.aten.ge.Scalar %a, %f : !torch.vtensor<[3],si64>, !torch.float -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}
