// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=RT
// RUN: tcp-run --print=mlir %s -e main_graph | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp --refine-func-result-types --canonicalize | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp --refine-func-result-types --canonicalize | tcp-run --print=mlir - -e main_graph | FileCheck %s --check-prefix=VAL

// onnx-mlir's newer form: onnx.Constant, an unranked onnx.Gather result and
// onnx.Return. After conversion the function returns its ranked type.

// RT-LABEL: func.func @main_graph
// RT:         onnx.Return %{{.*}} : tensor<*xf32>
// CHECK-LABEL: func.func @main_graph() -> tensor<2xf32>
// CHECK-NOT:     onnx.
// CHECK:         return %{{.*}} : tensor<2xf32>
// VAL: {{^}}dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>{{$}}
func.func @main_graph() -> tensor<*xf32> {
  %x = onnx.Constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = onnx.Constant dense<[-1, 0]> : tensor<2xi64>
  %0 = "onnx.Gather"(%x, %i) {axis = 0 : si64} : (tensor<3xf32>, tensor<2xi64>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}
