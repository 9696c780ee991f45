// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp -verify-diagnostics

func.func @unknown(%arg0: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  // expected-error@+2 {{failed to legalize operation 'torch.operator' that was explicitly marked illegal}}
  // expected-note@+1 {{operator "onnx.Relu" is not defined by the onnx dialect}}
  %0 = torch.operator "onnx.Relu"(%arg0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

func.func @not_onnx(%arg0: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  // expected-error@+2 {{failed to legalize operation 'torch.operator' that was explicitly marked illegal}}
  // expected-note@+1 {{operator "aten.relu" is not an onnx.* operator}}
  %0 = torch.operator "aten.relu"(%arg0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

func.func @no_dtype(%arg0: !torch.vtensor<[2],f32>, %arg1: !torch.vtensor<[1],si64>) -> !torch.vtensor {
  // expected-error@+2 {{failed to legalize operation 'torch.operator' that was explicitly marked illegal}}
  // expected-note@+1 {{result type !torch.vtensor is not a !torch.vtensor with a known dtype}}
  %0 = torch.operator "onnx.Gather"(%arg0, %arg1) : (!torch.vtensor<[2],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// Only optional trailing inputs may be left out: Gather's indices may not.
func.func @missing_required(%arg0: !torch.vtensor<[3,6],f32>) -> !torch.vtensor<[3,6],f32> {
  // expected-error@+2 {{failed to legalize operation 'torch.operator' that was explicitly marked illegal}}
  // expected-note@+1 {{operator "onnx.Gather" expects 2 operands, got 1}}
  %0 = torch.operator "onnx.Gather"(%arg0) : (!torch.vtensor<[3,6],f32>) -> !torch.vtensor<[3,6],f32>
  return %0 : !torch.vtensor<[3,6],f32>
}
