// --verify-semantics draws random arguments of each function's declared
// types. A declared argument larger than --max-tensor-bytes is not
// allocated (this one would take 34 GB per trial): the function is
// skipped with a warning. Index bounds near 2^63 (a gather into a huge
// tensor.empty) are drawn without overflow.
// RUN: tcp-opt %s --verify-semantics --canonicalize --verify-diagnostics
// RUN: tcp-opt %s --verify-semantics --canonicalize --max-tensor-bytes=32 2>&1 | FileCheck %s --check-prefix=LIMIT

// expected-warning@+1 {{--verify-semantics skipped @huge: argument #0 of type tensor<8x1073741824xf32> needs more than the limit of 1073741824 bytes (--max-tensor-bytes)}}
func.func @huge(%a: tensor<8x1073741824xf32>, %i: tensor<8x2xi64>) -> tensor<8x2xf32> {
  %0 = tcp.gather %a, %i {dim = 1 : index, mode = "error"} : tensor<8x1073741824xf32>, tensor<8x2xi64> -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// LIMIT: warning: --verify-semantics skipped @small: argument #0 of type tensor<4x4xf32> needs more than the limit of 32 bytes (--max-tensor-bytes)
func.func @small(%a: tensor<4x4xf32>, %i: tensor<4x2xi64>) -> tensor<4x2xf32> {
  %0 = tcp.gather %a, %i {dim = 1 : index, mode = "error"} : tensor<4x4xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// LIMIT-NOT: skipped @near
func.func @near(%i: tensor<2xi64>) -> tensor<2xi8> {
  %a = tensor.empty() : tensor<4611686018427387904xi8>
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "error"} : tensor<4611686018427387904xi8>, tensor<2xi64> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}
