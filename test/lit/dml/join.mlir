// tensor.concat lowers to dml.join (DML_OPERATOR_JOIN); below feature
// level 3.0 the axis is in DimensionCount 4 padded coordinates. The JSON
// and C++ emitters write InputCount and the array of input descs.
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=2.1 | FileCheck %s --check-prefix=FL21
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e join | FileCheck %s --check-prefix=VALUES
// RUN: tcp-run --print=mlir %s -e join | FileCheck %s --check-prefix=VALUES
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-translate --mlir-to-dml-json | FileCheck %s --check-prefix=JSON
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-translate --mlir-to-dml-cpp | FileCheck %s --check-prefix=CPP

// CHECK: dml.join %{{.*}}, %{{.*}} {axis = 1 : index, dimension_count = 2 : index} : tensor<2x1xf32>, tensor<2x2xf32> -> tensor<2x3xf32>
// FL21: dml.join %{{.*}}, %{{.*}} {axis = 3 : index, dimension_count = 4 : index}
// VALUES: dense<{{\[\[}}1.000000e+00, 3.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// JSON: "Type": "DML_OPERATOR_JOIN"
// JSON: "InputCount": 2,
// JSON-NEXT: "InputTensors": [
// JSON: "Axis": 1
// CPP: DML_TENSOR_DESC n{{[0-9]+}}_Inputs[2] = {n{{[0-9]+}}_Input0, n{{[0-9]+}}_Input1};
// CPP: DML_JOIN_OPERATOR_DESC n{{[0-9]+}}_desc = {/*InputCount*/ 2, n{{[0-9]+}}_Inputs, &n{{[0-9]+}}_Output, /*Axis*/ 1};
func.func @join() -> tensor<2x3xf32> {
  %a = tcp.const {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : tensor<2x1xf32>
  %b = tcp.const {value = dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>} : tensor<2x2xf32>
  %0 = tensor.concat dim(1) %a, %b : (tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
