// The README's example commands, checked.
// RUN: tcp-run %S/../../../examples/index_select.mlir | FileCheck %s --check-prefix=INTERP --strict-whitespace
// RUN: tcp-opt --convert-frontends-to-tcp %S/../../../examples/torch_index_select.mlir | FileCheck %s --check-prefix=TORCH
// RUN: tcp-opt --convert-frontends-to-tcp %S/../../../examples/torch_index_select.mlir | tcp-opt --verify-roundtrip | FileCheck %s --check-prefix=TORCH

// INTERP:      {{^}}result #0: tensor<2x4xf32>{{$}}
// INTERP-NEXT: {{^}}{{\[\[}} 0.  1.  2.  3.]{{$}}
// INTERP-NEXT: {{^}} [ 8.  9. 10. 11.]]{{$}}
// INTERP-EMPTY:

// TORCH:      %[[X:.*]] = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[3,4],f32> -> tensor<3x4xf32>
// TORCH-NEXT: %[[I:.*]] = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[2],si64> -> tensor<2xi64>
// TORCH-NEXT: %[[E:.*]] = tensor.expand_shape %[[I]] {{\[}}[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
// TORCH-NEXT: %[[C4:.*]] = arith.constant 4 : index
// TORCH-NEXT: %[[B:.*]] = tcp.broadcast_to %[[E]], %[[C4]] {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
// TORCH-NEXT: %[[G:.*]] = tcp.gather %[[X]], %[[B]] {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
// TORCH-NEXT: torch_c.from_builtin_tensor %[[G]] : tensor<2x4xf32> -> !torch.vtensor<[2,4],f32>
