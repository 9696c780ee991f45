// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// The verifier rules of the comparison ops, located at the op.

func.func @compare_result_dtype(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.eq.Scalar' op result must have dtype i1, got si64}}
  %0 = torch.aten.eq.Scalar %x, %int1 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

func.func @compare_broadcast(%a: !torch.vtensor<[3],si64>, %b: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],i1> {
  // expected-error@+1 {{'torch.aten.lt.Tensor' op the operand sizes [3], [4] do not broadcast together}}
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[3],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}
