// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=ROUND
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s --check-prefix=ROUND
// RUN: tcp-run --print=mlir %s -e holds | FileCheck %s --check-prefix=HOLDS
// RUN: not tcp-run --print=mlir %s -e fails 2>&1 | FileCheck %s --check-prefix=FAILS
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --print=mlir - -e holds | FileCheck %s --check-prefix=HOLDS
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | not tcp-run --print=mlir - -e fails 2>&1 | FileCheck %s --check-prefix=TCPFAILS
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | tcp-run --backend=go --print=mlir - -e holds | FileCheck %s --check-prefix=HOLDS
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | not tcp-run --backend=go --print=mlir - -e fails 2>&1 | FileCheck %s --check-prefix=TCPFAILS
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | FileCheck %s --check-prefix=CANON

// jax.export checks the dimension variables of symbolic shapes with
// stablehlo.custom_call @shape_assertion: the interpreter raises its
// error_message (each {k} replaced by input k+1) when the assertion is
// false; the conversion to tcp makes it a tcp.assert, which the tcp
// interpreter and the Go kernel raise alike, and which canonicalization
// erases when its condition folds to true (static dims).

// ROUND-LABEL: func.func @holds(
// ROUND: stablehlo.custom_call @shape_assertion(%{{.*}}, %{{.*}}) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', got {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
// HOLDS: dense<1.500000e+00> : tensor<2x3xf32>
// CHECK-LABEL: func.func @holds(
// CHECK-NOT: custom_call
// CHECK: tcp.assert %{{.*}}, "Expected value >= 1 for dimension variable 'b', got {0}"(%{{.*}}) : (tensor<i1>, tensor<i32>) -> ()
// CHECK: return
// CANON-LABEL: func.func @holds(
// CANON-NOT: tcp.assert
// CANON: return
// CANON-LABEL: func.func @fails(
// CANON: tcp.assert
func.func @holds() -> tensor<2x3xf32> {
  %x = stablehlo.constant dense<1.5> : tensor<2x3xf32>
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', got {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return %x : tensor<2x3xf32>
}

// TCPFAILS: error: 'tcp.assert' op Expected value >= 1 for dimension variable 'b', got 0
// FAILS: shape_assertion.mlir:47:3: error: 'stablehlo.custom_call' op Expected value >= 1 for dimension variable 'b', got 0
func.func @fails() -> tensor<0x3xf32> {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<0x3xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', got {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return %x : tensor<0x3xf32>
}
