// Every tool reads its input from "-" and from piped stdin as mlir-opt
// does (tcp-pipeline included: a piped file is the input, not the
// embedded example), gives the same --version line, and reports a missing
// input file with the same message, mlir-opt's.

// RUN: tcp-opt - < %s | FileCheck %s --check-prefix=OPT
// RUN: cat %s | tcp-opt | FileCheck %s --check-prefix=OPT
// OPT: func.func @main() -> tensor<2xi64>

// RUN: tcp-translate --mlir-to-go - < %s | FileCheck %s --check-prefix=GO
// RUN: cat %s | tcp-translate --mlir-to-go | FileCheck %s --check-prefix=GO
// GO: func Gather(

// RUN: tcp-run - < %s | FileCheck %s --check-prefix=EXEC
// RUN: cat %s | tcp-run | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: error
// EXEC: {{4,? 5}}

// RUN: tcp-pipeline - -e gather --trials 4 < %s | FileCheck %s --check-prefix=PIPE
// RUN: cat %s | tcp-pipeline -e gather --trials 4 | FileCheck %s --check-prefix=PIPE
// PIPE: tcp-pipeline: @gather of <stdin>{{$}}
// PIPE: 1. input {{ *}}1 op: tcp.gather
// PIPE: OK: every stage computes the frontend's values

// RUN: tcp-opt --version | FileCheck %s --check-prefix=VERSION -DTOOL=tcp-opt
// RUN: tcp-translate --version | FileCheck %s --check-prefix=VERSION -DTOOL=tcp-translate
// RUN: tcp-run --version | FileCheck %s --check-prefix=VERSION -DTOOL=tcp-run
// RUN: tcp-pipeline --version | FileCheck %s --check-prefix=VERSION -DTOOL=tcp-pipeline
// VERSION: {{^}}[[TOOL]] (tcp) {{[0-9]+\.[0-9]+\.[0-9]+}}

// RUN: rm -rf %t && mkdir -p %t
// RUN: not tcp-opt %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.mlir
// RUN: not tcp-translate --mlir-to-go %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.mlir
// RUN: not tcp-translate --import-onnx %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.mlir
// RUN: not tcp-run %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.mlir
// RUN: not tcp-run %s %t/missing.mlir -e one 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.mlir
// RUN: not tcp-pipeline %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.mlir
// MISSING: {{^}}cannot open input file '[[FILE]]': No such file or directory{{$}}

func.func @main() -> tensor<2xi64> {
  %0 = tcp.const {value = dense<[4, 5]> : tensor<2xi64>} : tensor<2xi64>
  return %0 : tensor<2xi64>
}

func.func @one(%x: tensor<2xi64>) -> tensor<2xi64> {
  return %x : tensor<2xi64>
}

func.func @gather(%x: tensor<3x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
