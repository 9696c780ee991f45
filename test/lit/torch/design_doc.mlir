// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=FRONTENDS
// RUN: tcp-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// The gather design's torch.index_select example (example 1): the IR it
// shows, line for line (tcp.broadcast_to is the design's name), plus the
// index mode torch implies. --convert-torch-to-tcp leaves the now unused
// %int0 (a conversion does not erase dead ops); --convert-frontends-to-tcp
// prints exactly the design's IR; --canonicalize hoists the constant.

// CHECK-LABEL: func.func @index_select(
// CHECK-SAME:      %[[ARG0:.*]]: !torch.vtensor<[3,4],f32>, %[[ARG1:.*]]: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
// CHECK-NEXT:    %int0 = torch.constant.int 0
// CHECK-NEXT:    %[[X:.*]] = torch_c.to_builtin_tensor %[[ARG0]] : !torch.vtensor<[3,4],f32> -> tensor<3x4xf32>
// CHECK-NEXT:    %[[I:.*]] = torch_c.to_builtin_tensor %[[ARG1]] : !torch.vtensor<[2],si64> -> tensor<2xi64>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[I]] {{\[\[}}0, 1]] : tensor<2xi64> into tensor<2x1xi64>
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[B:.*]] = tcp.broadcast_to %[[E]], %[[C4]] {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %[[X]], %[[B]] {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
// CHECK-NEXT:    %[[R:.*]] = torch_c.from_builtin_tensor %[[G]] : tensor<2x4xf32> -> !torch.vtensor<[2,4],f32>
// CHECK-NEXT:    return %[[R]] : !torch.vtensor<[2,4],f32>

// FRONTENDS-LABEL: func.func @index_select(
// FRONTENDS-NEXT:    %0 = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[3,4],f32> -> tensor<3x4xf32>
// FRONTENDS-NEXT:    %1 = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[2],si64> -> tensor<2xi64>
// FRONTENDS-NEXT:    %expanded = tensor.expand_shape %1 {{\[\[}}0, 1]] : tensor<2xi64> into tensor<2x1xi64>
// FRONTENDS-NEXT:    %c4 = arith.constant 4 : index
// FRONTENDS-NEXT:    %2 = tcp.broadcast_to %expanded, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
// FRONTENDS-NEXT:    %3 = tcp.gather %0, %2 {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
// FRONTENDS-NEXT:    %4 = torch_c.from_builtin_tensor %3 : tensor<2x4xf32> -> !torch.vtensor<[2,4],f32>
// FRONTENDS-NEXT:    return %4 : !torch.vtensor<[2,4],f32>

// CANON-LABEL: func.func @index_select(
// CANON-NEXT:    %c4 = arith.constant 4 : index
// CANON-NEXT:    %0 = torch_c.to_builtin_tensor %arg0
// CANON-NEXT:    %1 = torch_c.to_builtin_tensor %arg1
// CANON-NEXT:    %expanded = tensor.expand_shape %1 {{\[\[}}0, 1]] : tensor<2xi64> into tensor<2x1xi64>
// CANON-NEXT:    %2 = tcp.broadcast_to %expanded, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
// CANON-NEXT:    %3 = tcp.gather %0, %2 {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
// CANON-NEXT:    %4 = torch_c.from_builtin_tensor %3 : tensor<2x4xf32> -> !torch.vtensor<[2,4],f32>
// CANON-NEXT:    return %4
func.func @index_select(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}
