// The size of a strided slice of a run-time dim, as the jax conversion
// leaves it for x[1::3] on a symbolic dim: floor((b + 1) / 3) in index
// arithmetic (divsi, remsi, cmpi, select, andi on index and i1 scalars).
// The Go backend computes it in the kernel and in its Dims function; a
// divisor that is not a nonzero constant is checked at run time.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e main %S/../../frameworks/testdata/jax/v3_poly_step3_off1/arg0.npy --backend=go | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e main %S/../../frameworks/testdata/jax/v3_poly_step3_off1/arg0.npy --backend=interp | FileCheck %s --check-prefix=OUT

// CHECK: func tcpBool(b bool) int
// CHECK: func tcpSelect(c, a, b int) int
// CHECK-LABEL: func Main(
// CHECK: := (a0d0 + 1) % (3)
// CHECK: := (a0d0 + 1) / (3)
// CHECK-LABEL: func MainDims(
// CHECK: := (a0d0 + 1) % (3)
// CHECK: := (a0d0 + 1) / (3)
// CHECK: tcpSelect(
// OUT: {{^}}dense<{{\[\[}}-0.997372806, 0.987770259], [-0.122483172, -0.586722791], [0.435679436, -1.75562394{{\]\]}}> : tensor<3x2xf32>{{$}}
module {
  func.func public @main(%arg0: tensor<?x2xf32>) -> (tensor<?x2xf32>) {
    %cst = arith.constant dense<1> : tensor<1xi32>
    %cst_0 = arith.constant dense<3> : tensor<1xi32>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c-1 = arith.constant -1 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x2xf32>
    %3 = arith.addi %dim, %c1 : index
    %4 = arith.cmpi sgt, %3, %c0 : index
    %5 = arith.cmpi slt, %3, %c0 : index
    %6 = arith.select %5, %c-1, %3 : index
    %7 = arith.select %4, %c1, %6 : index
    %8 = arith.cmpi ne, %7, %c1 : index
    %9 = arith.remsi %3, %c3 : index
    %10 = arith.cmpi ne, %9, %c0 : index
    %11 = arith.andi %8, %10 : i1
    %12 = arith.divsi %3, %c3 : index
    %13 = arith.subi %12, %c1 : index
    %14 = arith.select %11, %13, %12 : index
    %15 = tcp.iota(%14) {dim = 0 : index} : tensor<?xi32>
    %16 = tcp.broadcast_to %cst_0, %14 {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
    %17 = arith.muli %16, %15 : tensor<?xi32>
    %18 = tcp.broadcast_to %cst, %14 {axes = [0]} : tensor<1xi32>, index -> tensor<?xi32>
    %19 = arith.addi %18, %17 : tensor<?xi32>
    %expanded = tensor.expand_shape %19 [[0, 1]] : tensor<?xi32> into tensor<?x1xi32>
    %20 = tcp.broadcast_to %expanded, %c2 {axes = [1]} : tensor<?x1xi32>, index -> tensor<?x2xi32>
    %21 = tcp.gather %arg0, %20 {dim = 0 : index, mode = "clip"} : tensor<?x2xf32>, tensor<?x2xi32> -> tensor<?x2xf32>
    return %21 : tensor<?x2xf32>
  }
}

