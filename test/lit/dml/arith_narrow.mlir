// jax's index normalization on int8/int16 indices (x < 0 ? x + n : x):
// DirectML's element-wise operators take 8- and 16-bit data only from
// feature level 5.1, so below it each operand is CAST to INT32, the
// operator runs on INT32, and an integer result is CAST back (keeping
// the low bits: addi wraps at 8 bits as arith's does).
// RUN: tcp-opt %s --convert-tcp-to-dml | FileCheck %s
// RUN: tcp-opt %s --convert-tcp-to-dml='feature-level=5.1' | FileCheck %s --check-prefix=FL51

// CHECK-LABEL: func.func @normalize(
// CHECK: dml.cast %arg1 {dimension_count = 1 : index} : tensor<5xi8> -> tensor<5xi32>
// CHECK: dml.element_wise_logical_less_than %{{.*}}, %{{.*}} : tensor<5xi32>, tensor<5xi32> -> tensor<5xi1>
// CHECK: dml.element_wise_add %{{.*}}, %{{.*}} : tensor<5xi32>, tensor<5xi32> -> tensor<5xi32>
// CHECK-NEXT: dml.cast %{{.*}} : tensor<5xi32> -> tensor<5xi8>
// CHECK: dml.element_wise_if %{{.*}} : tensor<5xi1>, tensor<5xi32>, tensor<5xi32> -> tensor<5xi32>
// FL51-LABEL: func.func @normalize(
// FL51-NOT: tensor<5xi32>, tensor<5xi32>
// FL51: dml.element_wise_logical_less_than %{{.*}} : tensor<5xi8>, tensor<1xi8> -> tensor<5xi1>
func.func @normalize(%x: tensor<6x2xf32>, %i: tensor<5xi8>) -> tensor<5x2xf32> {
  %n = tcp.const {value = dense<6> : tensor<5xi8>} : tensor<5xi8>
  %z = tcp.const {value = dense<0> : tensor<5xi8>} : tensor<5xi8>
  %c2 = arith.constant 2 : index
  %lt = arith.cmpi slt, %i, %z : tensor<5xi8>
  %a = arith.addi %i, %n : tensor<5xi8>
  %s = arith.select %lt, %a, %i : tensor<5xi1>, tensor<5xi8>
  %e = arith.extsi %s : tensor<5xi8> to tensor<5xi32>
  %x1 = tensor.expand_shape %e [[0, 1]] : tensor<5xi32> into tensor<5x1xi32>
  %b = tcp.broadcast_to %x1, %c2 {axes = [1]} : tensor<5x1xi32>, index -> tensor<5x2xi32>
  %g = tcp.gather %x, %b {dim = 0 : index, mode = "clip"} : tensor<6x2xf32>, tensor<5x2xi32> -> tensor<5x2xf32>
  return %g : tensor<5x2xf32>
}
