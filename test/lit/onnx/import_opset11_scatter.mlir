// Models of opsets 11 and 12 import (their Gather, Scatter, Slice and
// Pad have the meaning of opset 13); a scatter reduction the model's
// opset does not define is a located error, as ONNX's checker says
// (reduction from opset 16, min and max from 18).
// RUN: tcp-translate --mlir-to-onnx --onnx-opset=11 --onnx-value-info=false %s --onnx-func=plain -o %t11.onnx
// RUN: tcp-translate --import-onnx %t11.onnx -o %t11.mlir
// RUN: tcp-run --print=mlir %t11.mlir | FileCheck %s --check-prefix=EXEC
// RUN: tcp-translate --mlir-to-onnx --onnx-opset=13 %s --onnx-func=reduce_add -o %t13.onnx
// RUN: not tcp-translate --import-onnx %t13.onnx 2>&1 | FileCheck %s --check-prefix=ADD13
// RUN: tcp-translate --mlir-to-onnx --onnx-opset=16 %s --onnx-func=reduce_max -o %t16.onnx
// RUN: not tcp-translate --import-onnx %t16.onnx 2>&1 | FileCheck %s --check-prefix=MAX16
// RUN: tcp-translate --mlir-to-onnx --onnx-opset=18 %s --onnx-func=reduce_max -o %t18.onnx
// RUN: tcp-translate --import-onnx %t18.onnx | FileCheck %s --check-prefix=MAX18

// Negative indices at opset 11: rows -1 and 0 replaced.
// EXEC: {{^}}dense<{{\[\[}}7.000000e+00, 8.000000e+00], [3.000000e+00, 4.000000e+00], [9.000000e+00, 1.000000e+01]]> : tensor<3x2xf32>{{$}}
func.func @plain() -> tensor<3x2xf32> {
  %x = onnx.Constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %i = onnx.Constant dense<[[0], [-1]]> : tensor<2x1xi64>
  %u = onnx.Constant dense<[[7.0, 8.0], [9.0, 10.0]]> : tensor<2x2xf32>
  %0 = "onnx.ScatterND"(%x, %i, %u) : (tensor<3x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// ADD13: .onnx:1:{{[0-9]+}}: error: node {{[0-9]+}} (ScatterND{{.*}}): attribute reduction = "add" needs opset 16 or later, the model uses opset 13
func.func @reduce_add(%x: tensor<3x2xf32>, %i: tensor<2x1xi64>, %u: tensor<2x2xf32>) -> tensor<3x2xf32> {
  %0 = "onnx.ScatterND"(%x, %i, %u) {reduction = "add"} : (tensor<3x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// MAX16: .onnx:1:{{[0-9]+}}: error: node {{[0-9]+}} (ScatterElements{{.*}}): attribute reduction = "max" needs opset 18 or later, the model uses opset 16
// MAX18: "onnx.ScatterElements"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = -1 : si64, reduction = "max"}
func.func @reduce_max(%x: tensor<3x2xf32>, %i: tensor<3x4xi64>, %u: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %0 = "onnx.ScatterElements"(%x, %i, %u) {axis = -1 : si64, reduction = "max"} : (tensor<3x2xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
