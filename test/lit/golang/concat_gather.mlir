// tensor.concat of gathers in the Go backend (torch.cat([x[i], x[:1]]),
// torch.stack of gathered rows): each gathered operand reads its indices
// at its own coordinate clamped to its extent, so every index it loads is
// one the result reads anyway; the value outside its piece is discarded.
// RUN: tcp-run --print=mlir %s -e cat --backend=go | FileCheck %s --check-prefix=CAT
// RUN: tcp-run --print=mlir %s -e cat --backend=interp | FileCheck %s --check-prefix=CAT
// RUN: not tcp-run --print=mlir %s -e cat_bad_index --backend=go 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tcp-run --print=mlir %s -e cat_bad_index --backend=interp 2>&1 | FileCheck %s --check-prefix=BAD

// Rows [2, 0] gathered, then row 1 sliced, then row 1 gathered.
// CAT: {{^}}dense<{{\[\[}}9.000000e+00, 1.000000e+01], [1.000000e+00, 2.000000e+00], [5.000000e+00, 6.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<4x2xf32>{{$}}
func.func @cat() -> tensor<4x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = tcp.const {value = dense<[[1.0, 2.0], [5.0, 6.0], [9.0, 10.0]]> : tensor<3x2xf32>} : tensor<3x2xf32>
  %i = tcp.const {value = dense<[[2, 2], [0, 0]]> : tensor<2x2xi64>} : tensor<2x2xi64>
  %j = tcp.const {value = dense<[[1, 1]]> : tensor<1x2xi64>} : tensor<1x2xi64>
  %g = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  %s = tcp.slice %x starts(%c1, %c0) sizes(%c1, %c2) strides(%c1, %c1) : tensor<3x2xf32> -> tensor<1x2xf32>
  %h = tcp.gather %x, %j {dim = 0 : index, mode = "wrap"} : tensor<3x2xf32>, tensor<1x2xi64> -> tensor<1x2xf32>
  %0 = tensor.concat dim(0) %g, %s, %h : (tensor<2x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// An index out of range in a piece raises, in both backends.
// BAD: index 7 is out of bounds for dimension 0 with size 3
func.func @cat_bad_index() -> tensor<3x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = tcp.const {value = dense<[[1.0, 2.0], [5.0, 6.0], [9.0, 10.0]]> : tensor<3x2xf32>} : tensor<3x2xf32>
  %i = tcp.const {value = dense<[[0, 0], [7, 7]]> : tensor<2x2xi64>} : tensor<2x2xi64>
  %g = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  %s = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  %t = tcp.slice %s starts(%c0, %c0) sizes(%c1, %c2) strides(%c1, %c1) : tensor<2x2xf32> -> tensor<1x2xf32>
  %0 = tensor.concat dim(0) %t, %g : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
