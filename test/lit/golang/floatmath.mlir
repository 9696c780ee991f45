// Float elementwise arith on data in the Go backend (jax.grad's scaled
// cotangents, .at[].divide, torch's scatter_reduce mean): each op is
// computed into its own buffer in float64 and rounded once to the element
// type, bit for bit like the interpreter. maxf and minf return NaN when
// either operand is NaN and order -0 below +0.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e grad --backend=go | FileCheck %s --check-prefix=VAL
// RUN: tcp-run --print=mlir %s -e grad --backend=interp | FileCheck %s --check-prefix=VAL
// RUN: tcp-run --print=mlir %s -e half --backend=go | FileCheck %s --check-prefix=HALF
// RUN: tcp-run --print=mlir %s -e half --backend=interp | FileCheck %s --check-prefix=HALF

// CHECK-LABEL: func Grad(
// CHECK: tcpMulF(float64(
// CHECK: tcpMaxF(
// negf flips a NaN's sign; maxf of NaN is NaN; 0/-0 is the default NaN.
// VAL: dense<[-2.000000e+00, 0.000000e+00, 0xFFC00000, -6.000000e+00]> : tensor<4xf32>
// VAL: dense<[3.000000e+00, 0x7FC00000, 1.000000e+00, 2.000000e+00]> : tensor<4xf32>
// VAL: dense<[-5.000000e-01, 0xFFC00000, 0x7FC00000, 5.000000e-01]> : tensor<4xf32>
func.func @grad() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = tcp.const {value = dense<[1.0, 0.0, 0x7FC00000, 3.0]> : tensor<4xf32>} : tensor<4xf32>
  %y = tcp.const {value = dense<[2.0, -0.0, 1.0, 2.0]> : tensor<4xf32>} : tensor<4xf32>
  %i = tcp.const {value = dense<[3, 2, 1, 0]> : tensor<4xi32>} : tensor<4xi32>
  %m = arith.mulf %x, %y : tensor<4xf32>
  %0 = arith.negf %m : tensor<4xf32>
  %g = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<4xf32>, tensor<4xi32> -> tensor<4xf32>
  %mx = arith.maxf %g, %y : tensor<4xf32>
  %1 = arith.maxf %mx, %y : tensor<4xf32>
  %a = arith.subf %x, %y : tensor<4xf32>
  %2 = arith.divf %a, %y : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// f16(0.1) * 3 rounds once to f16, and 60000 + 60000 overflows to inf.
// HALF: dense<[2.998050e-01, 0x7C00]> : tensor<2xf16>
func.func @half() -> tensor<2xf16> {
  %x = tcp.const {value = dense<[0.1, 60000.0]> : tensor<2xf16>} : tensor<2xf16>
  %y = tcp.const {value = dense<[3.0, 60000.0]> : tensor<2xf16>} : tensor<2xf16>
  %m = arith.mulf %x, %y : tensor<2xf16>
  %a = arith.addf %x, %y : tensor<2xf16>
  %c = tensor.concat dim(0) %m, %a : (tensor<2xf16>, tensor<2xf16>) -> tensor<4xf16>
  %j = tcp.const {value = dense<[0, 3]> : tensor<2xi32>} : tensor<2xi32>
  %r = tcp.gather %c, %j {dim = 0 : index} : tensor<4xf16>, tensor<2xi32> -> tensor<2xf16>
  return %r : tensor<2xf16>
}

// jax.grad of maximum: cmpf oeq of x and max(x, 0) selects 1 or 0; an
// ordered predicate is false on NaN, an unordered one true.
// RUN: tcp-run --print=mlir %s -e cmp --backend=go | FileCheck %s --check-prefix=CMP
// RUN: tcp-run --print=mlir %s -e cmp --backend=interp | FileCheck %s --check-prefix=CMP
// CMP: dense<[1.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CMP: dense<[0.000000e+00, 1.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<4xf32>
func.func @cmp() -> (tensor<4xf32>, tensor<4xf32>) {
  %x = tcp.const {value = dense<[1.0, -2.0, 0x7FC00000, 0.0]> : tensor<4xf32>} : tensor<4xf32>
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %o = arith.constant dense<1.0> : tensor<4xf32>
  %m = arith.maxf %x, %z : tensor<4xf32>
  %e = arith.cmpf oeq, %x, %m : tensor<4xf32>
  %0 = arith.select %e, %o, %z : tensor<4xi1>, tensor<4xf32>
  %u = arith.cmpf ult, %x, %z : tensor<4xf32>
  %1 = arith.select %u, %o, %z : tensor<4xi1>, tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
