// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file | FileCheck %s

// mlir-tcp's TorchToTcp cases for torch.aten.slice.Tensor,
// torch.aten.gather and torch.aten.index_select (its
// test/Conversion/TorchToTcp/data_movement.mlir), in our own words. Two
// differences from mlir-tcp's output: the broadcast is named
// tcp.broadcast_to (the gather design's name), and the gathers carry
// torch's index mode, mode = "error".

// CHECK-LABEL: func.func @torch.aten.slice.Tensor(
// CHECK-SAME:      %[[ARG0:.*]]: !torch.vtensor<[1,56,?,?],f32>) -> !torch.vtensor<[1,28,?,?],f32>
// CHECK:         %[[V1:.*]] = torch_c.to_builtin_tensor %[[ARG0]] : !torch.vtensor<[1,56,?,?],f32> -> tensor<1x56x?x?xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C28:.*]] = arith.constant 28 : index
// CHECK-DAG:     %[[D2:.*]] = tensor.dim %[[V1]], %{{.*}} : tensor<1x56x?x?xf32>
// CHECK-DAG:     %[[D3:.*]] = tensor.dim %[[V1]], %{{.*}} : tensor<1x56x?x?xf32>
// CHECK:         %[[V2:.*]] = tcp.slice %[[V1]] starts(%[[C0]], %[[C0]], %[[C0]], %[[C0]]) sizes(%[[C1]], %[[C28]], %[[D2]], %[[D3]]) strides(%[[C1]], %[[C2]], %[[C1]], %[[C1]]) : tensor<1x56x?x?xf32> -> tensor<1x28x?x?xf32>
// CHECK:         %[[V3:.*]] = torch_c.from_builtin_tensor %[[V2]] : tensor<1x28x?x?xf32> -> !torch.vtensor<[1,28,?,?],f32>
// CHECK:         return %[[V3]]
func.func @torch.aten.slice.Tensor(%arg0: !torch.vtensor<[1,56,?,?],f32>) -> !torch.vtensor<[1,28,?,?],f32> {
  %int100 = torch.constant.int 100
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %0 = torch.aten.slice.Tensor %arg0, %int1, %int0, %int100, %int2 : !torch.vtensor<[1,56,?,?],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,28,?,?],f32>
  return %0 : !torch.vtensor<[1,28,?,?],f32>
}

// -----

// CHECK-LABEL: func.func @torch.aten.gather(
// CHECK-SAME:      %[[ARG0:.*]]: !torch.vtensor<[1,4,3],f32>,
// CHECK-SAME:      %[[ARG1:.*]]: !torch.vtensor<[1,4,2],si64>) -> !torch.vtensor<[1,4,2],f32>
// CHECK-DAG:     %[[V1:.*]] = torch_c.to_builtin_tensor %[[ARG0]] : !torch.vtensor<[1,4,3],f32> -> tensor<1x4x3xf32>
// CHECK-DAG:     %[[V2:.*]] = torch_c.to_builtin_tensor %[[ARG1]] : !torch.vtensor<[1,4,2],si64> -> tensor<1x4x2xi64>
// CHECK:         %[[G:.*]] = tcp.gather %[[V1]], %[[V2]] {dim = 2 : index, mode = "error"} :
// CHECK-SAME:        tensor<1x4x3xf32>, tensor<1x4x2xi64> -> tensor<1x4x2xf32>
// CHECK:         %[[V3:.*]] = torch_c.from_builtin_tensor %[[G]] : tensor<1x4x2xf32> -> !torch.vtensor<[1,4,2],f32>
// CHECK:         return %[[V3]] : !torch.vtensor<[1,4,2],f32>
func.func @torch.aten.gather(%arg0: !torch.vtensor<[1,4,3],f32>, %arg1: !torch.vtensor<[1,4,2],si64>) -> !torch.vtensor<[1,4,2],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %arg0, %int-1, %arg1, %false : !torch.vtensor<[1,4,3],f32>, !torch.int, !torch.vtensor<[1,4,2],si64>, !torch.bool -> !torch.vtensor<[1,4,2],f32>
  return %0 : !torch.vtensor<[1,4,2],f32>
}

// -----

// CHECK-LABEL: func.func @torch.aten.index_select(
// CHECK-SAME:      %[[ARG0:.*]]: !torch.vtensor<[4,3],f32>,
// CHECK-SAME:      %[[ARG1:.*]]: !torch.vtensor<[2],si64>) -> !torch.vtensor<[4,2],f32>
// CHECK:         %[[E:.*]] = tensor.expand_shape
// CHECK-SAME:        tensor<2xi64> into tensor<1x2xi64>
// CHECK:         %[[B:.*]] = tcp.broadcast_to %[[E]], %{{.*}} {axes = [0]} : tensor<1x2xi64>, index -> tensor<4x2xi64>
// CHECK:         %[[G:.*]] = tcp.gather %{{.*}}, %[[B]] {dim = 1 : index, mode = "error"} :
// CHECK-SAME:        tensor<4x3xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
// CHECK:         %[[V3:.*]] = torch_c.from_builtin_tensor %[[G]] : tensor<4x2xf32> -> !torch.vtensor<[4,2],f32>
// CHECK:         return %[[V3]] : !torch.vtensor<[4,2],f32>
func.func @torch.aten.index_select(%arg0: !torch.vtensor<[4,3],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[4,2],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.index_select %arg0, %int-1, %arg1: !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}
