// RUN: tcp-opt %s | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s
// RUN: tcp-run --print=mlir %s -e i8_to_ui8 | FileCheck %s --check-prefix=U8
// RUN: tcp-run --print=mlir %s -e i8_to_ui8 --backend=go | FileCheck %s --check-prefix=U8
// RUN: tcp-run --print=mlir %s -e ui16_to_i16 | FileCheck %s --check-prefix=I16
// RUN: tcp-run --print=mlir %s -e ui16_to_i16 --backend=go | FileCheck %s --check-prefix=I16

// tcp.bitcast keeps each element's bits and changes only the signedness
// they are read with: the i8 -1 is the ui8 255, the ui16 65535 the i16 -1.

// CHECK-LABEL: func.func @i8_to_ui8
// CHECK: tcp.bitcast %{{.*}} : tensor<4xi8> -> tensor<4xui8>
// GENERIC: "tcp.bitcast"(%{{.*}}) : (tensor<4xi8>) -> tensor<4xui8>
// U8: {{^}}dense<[255, 0, 127, 128]> : tensor<4xui8>{{$}}
func.func @i8_to_ui8() -> tensor<4xui8> {
  %a = tcp.const {value = dense<[-1, 0, 127, -128]> : tensor<4xi8>} : tensor<4xi8>
  %0 = tcp.bitcast %a : tensor<4xi8> -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// CHECK-LABEL: func.func @ui16_to_i16
// I16: {{^}}dense<[-1, 1, -32768]> : tensor<3xi16>{{$}}
func.func @ui16_to_i16() -> tensor<3xi16> {
  %a = tcp.const {value = dense<[65535, 1, 32768]> : tensor<3xui16>} : tensor<3xui16>
  %0 = tcp.bitcast %a : tensor<3xui16> -> tensor<3xi16>
  return %0 : tensor<3xi16>
}
