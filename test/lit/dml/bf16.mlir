// bf16 data moves through DirectML as UINT16 bits: DirectML has no
// bfloat16 type, and a gather or slice only copies elements.
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-translate --mlir-to-dml-json | FileCheck %s --check-prefix=JSON
// RUN: tcp-run --print=mlir %s -e take | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-tcp-to-dml | tcp-run --print=mlir - -e take | FileCheck %s --check-prefix=VAL

// CHECK-LABEL: func.func @take(
// CHECK: dml.gather_elements %{{.*}} : tensor<3x2xbf16>, tensor<2x2xi32> -> tensor<2x2xbf16>
// JSON: "DataType": "DML_TENSOR_DATA_TYPE_UINT16"
// VAL: dense<{{\[}}[5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xbf16>
func.func @take() -> tensor<2x2xbf16> {
  %x = tcp.const {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xbf16>} : tensor<3x2xbf16>
  %i = tcp.const {value = dense<[[2, 2], [0, 0]]> : tensor<2x2xi32>} : tensor<2x2xi32>
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<3x2xbf16>, tensor<2x2xi32> -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}
