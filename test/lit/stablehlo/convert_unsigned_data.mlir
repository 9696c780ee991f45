// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-opt --verify-roundtrip | FileCheck %s --check-prefix=RT
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | tcp-translate --mlir-to-go | FileCheck %s --check-prefix=GO

// A convert to an unsigned type whose result is used as data (jax's
// jnp.take(x.astype(uint8), i)): the value is computed in signless
// arithmetic, truncated to the low N bits (the convert's wrap modulo 2^N)
// and given back its unsigned type by tcp.bitcast, so the gather and the
// function result keep ui8. passes/stablehlototcp (TestLitEquivalence)
// runs every function before and after on random inputs. A float source
// is in convert_unsigned_data_float.mlir: there the interpreter raises on
// a value outside the unsigned range (implementation-defined in
// StableHLO), which the converted program wraps modulo 2^N instead.

// An integer source: the low 16 bits, returned as ui16.
// CHECK-LABEL: func.func @i32_to_u16(
// CHECK: %[[N:.*]] = arith.trunci %arg0 : tensor<4xi32> to tensor<4xi16>
// CHECK: tcp.bitcast %[[N]] : tensor<4xi16> -> tensor<4xui16>
// RT: tcp.bitcast %{{.*}} : tensor<4xi16> -> tensor<4xui16>
// GO: func I32ToU16(r0 []uint16, a0 []int32)
// GO: uint16(tcpZext16(
func.func @i32_to_u16(%arg0: tensor<4xi32>) -> tensor<4xui16> {
  %0 = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}
