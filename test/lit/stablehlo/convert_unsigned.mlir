// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp --verify-semantics | FileCheck %s --check-prefix=NOHLO
// NOHLO-NOT: stablehlo.

// stablehlo.convert from jax's unsigned indices: tcp.cast_indices reads
// the unsigned value exactly, then trunci wraps as convert does (a ui32 of
// 2^31 or more becomes negative in i32). Also run before and after on
// random inputs by passes/stablehlototcp (TestLitEquivalence).

// CHECK-LABEL: func.func @ui32_to_i32(
// CHECK: %[[W:.*]] = tcp.cast_indices %arg0 : tensor<3xui32> -> tensor<3xi64>
// CHECK: arith.trunci %[[W]] : tensor<3xi64> to tensor<3xi32>
func.func @ui32_to_i32(%arg0: tensor<3xui32>) -> tensor<3xi32> {
  %0 = stablehlo.convert %arg0 : (tensor<3xui32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// A narrower source fits i32 exactly.
// CHECK-LABEL: func.func @ui8_to_i32(
// CHECK-NEXT: %[[W:.*]] = tcp.cast_indices %arg0 : tensor<4xui8> -> tensor<4xi32>
// CHECK-NEXT: return %[[W]]
func.func @ui8_to_i32(%arg0: tensor<4xui8>) -> tensor<4xi32> {
  %0 = stablehlo.convert %arg0 : (tensor<4xui8>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @ui16_to_f32(
// CHECK: arith.sitofp %{{.*}} : tensor<2xi64> to tensor<2xf32>
func.func @ui16_to_f32(%arg0: tensor<2xui16>) -> tensor<2xf32> {
  %0 = stablehlo.convert %arg0 : (tensor<2xui16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
