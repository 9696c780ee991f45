// RUN: tcp-opt %s --cse | FileCheck %s --check-prefix=CSE
// RUN: tcp-opt %s --dce | FileCheck %s --check-prefix=DCE

// CSE merges identical pure ops (same operands, attributes and types) but
// not gathers that differ in mode, and, as MLIR's CSE, erases trivially
// dead ops; DCE erases unused pure ops only.

// CSE-LABEL: func.func @f
// CSE:         %[[A:.*]] = tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "clip"}
// CSE-NEXT:    %[[B:.*]] = tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "wrap"}
// CSE-NOT:     tcp.gather_nd
// CSE-NEXT:    return %[[A]], %[[A]], %[[B]]

// DCE-LABEL: func.func @f
// DCE-COUNT-3: tcp.gather %arg0
// DCE-NOT:     tcp.gather_nd
// DCE:         return
func.func @f(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %j: tensor<2x1xi64>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %1 = tcp.gather %a, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %2 = tcp.gather %a, %i {dim = 0 : index, mode = "wrap"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %unused = tcp.gather_nd %a, %j {mode = "clip"} : tensor<3x4xf32>, tensor<2x1xi64> -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}
