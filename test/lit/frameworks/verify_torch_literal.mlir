// RUN: tcp-opt %s -verify-diagnostics

func.func @shape() {
  // expected-error@+1 {{'torch.vtensor.literal' op value type tensor<2xsi64> must be the tensor type of the result !torch.vtensor<[3],si64>}}
  %0 = torch.vtensor.literal(dense<[0, 2]> : tensor<2xsi64>) : !torch.vtensor<[3],si64>
  return
}
