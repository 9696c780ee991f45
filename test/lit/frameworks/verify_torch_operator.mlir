// RUN: tcp-opt %s -verify-diagnostics

func.func @empty_name(%arg0: !torch.vtensor<[2],f32>) {
  // expected-error@+1 {{'torch.operator' op expects a non-empty name}}
  %0 = torch.operator ""(%arg0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  return
}
