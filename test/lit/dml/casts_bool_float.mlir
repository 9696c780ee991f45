// jax's x[m.astype(int32)] (bool m) and x[f.astype(int32)] (float f):
// extui of i1 (UINT8 0 or 1) and fptosi (truncation toward zero; lowered
// with assume-in-bounds, since DirectML cannot report a NaN or an
// out-of-range value) become DML_OPERATOR_CAST.
// RUN: tcp-opt %s --convert-tcp-to-dml='assume-in-bounds=true' | FileCheck %s

// CHECK-LABEL: func.func @bools(
// CHECK: dml.cast %{{.*}} : tensor<4xi1> -> tensor<4xi32>
// CHECK: dml.gather
func.func @bools(%x: tensor<3x2xf32>, %m: tensor<4xi1>) -> tensor<4x2xf32> {
  %c2 = arith.constant 2 : index
  %0 = arith.extui %m : tensor<4xi1> to tensor<4xi32>
  %e = tensor.expand_shape %0 [[0, 1]] : tensor<4xi32> into tensor<4x1xi32>
  %b = tcp.broadcast_to %e, %c2 {axes = [1]} : tensor<4x1xi32>, index -> tensor<4x2xi32>
  %1 = tcp.gather %x, %b {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<4x2xi32> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// CHECK-LABEL: func.func @floats(
// CHECK: dml.cast %{{.*}} : tensor<4xf32> -> tensor<4xi32>
// CHECK: dml.gather
func.func @floats(%x: tensor<5xf32>, %f: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.fptosi %f : tensor<4xf32> to tensor<4xi32>
  %1 = tcp.gather %x, %0 {dim = 0 : index, mode = "clip"} : tensor<5xf32>, tensor<4xi32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// x[i].astype(float16): truncf of FLOAT32 data to FLOAT16 is a CAST too
// (to nearest even; extf widens exactly).
// CHECK-LABEL: func.func @astype(
// CHECK: dml.gather
// CHECK: dml.cast %{{.*}} : tensor<3x2xf32> -> tensor<3x2xf16>
func.func @astype(%x: tensor<4x2xf32>, %i: tensor<3x2xi32>) -> tensor<3x2xf16> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<4x2xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
  %1 = arith.truncf %0 : tensor<3x2xf32> to tensor<3x2xf16>
  return %1 : tensor<3x2xf16>
}

// Cast(Gather(x, i), to=FLOAT) of int32 data: arith.sitofp is a CAST
// (one rounding to nearest even; integers of at most 32 bits).
// CHECK-LABEL: func.func @sitofp(
// CHECK: dml.gather
// CHECK: dml.cast %{{.*}} : tensor<2x3xi32> -> tensor<2x3xf32>
func.func @sitofp(%x: tensor<5x3xi32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<5x3xi32>, tensor<2x3xi64> -> tensor<2x3xi32>
  %1 = arith.sitofp %0 : tensor<2x3xi32> to tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
