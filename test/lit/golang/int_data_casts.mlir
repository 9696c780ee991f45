// Integer casts of gathered data (x[i].to(torch.int32),
// x[i].astype(jnp.uint8) as signless bits, ONNX Cast between integer
// types): the Go backend loads the element as an int (sign-extended, or
// zero-extended for unsigned types), applies the casts (trunci keeps the
// low bits, extui zero-extends, fptosi truncates toward zero) and stores
// it in the result's type, the interpreter's meaning. A fill guard below
// the cast has its fill converted too.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e trunc --backend=go | FileCheck %s --check-prefix=TRUNC
// RUN: tcp-run --print=mlir %s -e trunc --backend=interp | FileCheck %s --check-prefix=TRUNC
// RUN: tcp-run --print=mlir %s -e zext --backend=go | FileCheck %s --check-prefix=ZEXT
// RUN: tcp-run --print=mlir %s -e zext --backend=interp | FileCheck %s --check-prefix=ZEXT
// RUN: tcp-run --print=mlir %s -e fptosi --backend=go | FileCheck %s --check-prefix=FPTOSI
// RUN: tcp-run --print=mlir %s -e fptosi --backend=interp | FileCheck %s --check-prefix=FPTOSI

// CHECK-LABEL: func Trunc(
// CHECK: int32(tcpTrunc32(int(
// 2^40 + 7 keeps its low 32 bits (7); index 5 is out of range under
// mode fill: the fill (i64's minimum) truncates to 0.
// TRUNC: dense<[7, -3, 0]> : tensor<3xi32>
func.func @trunc() -> tensor<3xi32> {
  %x = tcp.const {value = dense<[1099511627783, -3, 5]> : tensor<3xi64>} : tensor<3xi64>
  %i = tcp.const {value = dense<[0, 1, 5]> : tensor<3xi64>} : tensor<3xi64>
  %g = tcp.gather %x, %i {dim = 0 : index, mode = "fill"} : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  %0 = arith.trunci %g : tensor<3xi64> to tensor<3xi32>
  return %0 : tensor<3xi32>
}

// CHECK-LABEL: func Zext(
// CHECK: int64(tcpZext8(int(
// ZEXT: dense<[255, 128, 1]> : tensor<3xi64>
func.func @zext() -> tensor<3xi64> {
  %x = tcp.const {value = dense<[1, -1, -128]> : tensor<3xi8>} : tensor<3xi8>
  %i = tcp.const {value = dense<[1, 2, 0]> : tensor<3xi32>} : tensor<3xi32>
  %g = tcp.gather %x, %i {dim = 0 : index} : tensor<3xi8>, tensor<3xi32> -> tensor<3xi8>
  %0 = arith.extui %g : tensor<3xi8> to tensor<3xi64>
  return %0 : tensor<3xi64>
}

// FPTOSI: dense<[-2, 100, 1]> : tensor<3xi16>
func.func @fptosi() -> tensor<3xi16> {
  %x = tcp.const {value = dense<[1.5, -2.7, 100.9]> : tensor<3xf32>} : tensor<3xf32>
  %i = tcp.const {value = dense<[1, 2, 0]> : tensor<3xi32>} : tensor<3xi32>
  %g = tcp.gather %x, %i {dim = 0 : index} : tensor<3xf32>, tensor<3xi32> -> tensor<3xf32>
  %0 = arith.fptosi %g : tensor<3xf32> to tensor<3xi16>
  return %0 : tensor<3xi16>
}
