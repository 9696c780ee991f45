// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-opt --verify-roundtrip | FileCheck %s --check-prefix=RT
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-translate --mlir-to-go | FileCheck %s --check-prefix=GO

// jnp.take(x.astype(uint8), i): a float converted to ui8 and gathered as
// data. The conversion is arith.fptosi to i32, arith.trunci to i8 (the low
// 8 bits) and tcp.bitcast back to ui8. For x in [0, 256) this is
// StableHLO's convert exactly (test/frameworks checks it bit for bit
// against jax: jax/v2_astype_u8_then_take); outside that range StableHLO
// leaves the result implementation-defined and tcp's interpreter raises on
// the unconverted program, while the converted one wraps modulo 256 (so
// this function is not in TestLitEquivalence, which requires both to
// raise alike).

// CHECK-LABEL: func.func @astype_u8_take(
// CHECK: %[[W:.*]] = arith.fptosi %arg0 : tensor<5xf32> to tensor<5xi32>
// CHECK: %[[N:.*]] = arith.trunci %[[W]] : tensor<5xi32> to tensor<5xi8>
// CHECK: %[[U:.*]] = tcp.bitcast %[[N]] : tensor<5xi8> -> tensor<5xui8>
// CHECK: tcp.gather %[[U]], %{{.*}} : tensor<5xui8>, tensor<3xi32> -> tensor<3xui8>
// RT: tcp.bitcast %{{.*}} : tensor<5xi8> -> tensor<5xui8>
// GO: func AstypeU8Take(r0 []uint8, a0 []float32, a1 []int32)
// GO: uint8(tcpZext8(
func.func @astype_u8_take(%arg0: tensor<5xf32>, %arg1: tensor<3xi32>) -> tensor<3xui8> {
  %c = stablehlo.constant dense<0> : tensor<3xi32>
  %c4 = stablehlo.constant dense<4> : tensor<3xi32>
  %lo = stablehlo.maximum %arg1, %c : tensor<3xi32>
  %i = stablehlo.minimum %lo, %c4 : tensor<3xi32>
  %0 = stablehlo.convert %arg0 : (tensor<5xf32>) -> tensor<5xui8>
  %1 = stablehlo.broadcast_in_dim %i, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
  %2 = "stablehlo.gather"(%0, %1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<5xui8>, tensor<3x1xi32>) -> tensor<3xui8>
  return %2 : tensor<3xui8>
}

