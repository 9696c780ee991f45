// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic -split-input-file | tcp-opt -split-input-file | FileCheck %s --check-prefix=ROUND

// The elementwise ops torch-mlir's FX importer prints around the
// scatters: index_add(alpha=a) scales the source with aten.mul.Scalar,
// `y[i, j] += v` adds with aten.add.Tensor, `y[m] = c` with a mask of y's
// shape is aten.where.self. passes/torchtotcp's TestEquivalent (testdata/arith_equiv.mlir) runs
// them before and after on random inputs.
// ROUND: torch.aten.mul.Scalar %{{.*}}, %{{.*}} : !torch.vtensor<[7,3],f32>, !torch.float -> !torch.vtensor<[7,3],f32>

// CHECK-LABEL: func.func @mul_scalar(
// CHECK: %[[C:.*]] = tcp.const {value = dense<2.000000e+00> : tensor<7x3xf32>}
// CHECK: arith.mulf %{{.*}}, %[[C]] : tensor<7x3xf32>
func.func @mul_scalar(%v: !torch.vtensor<[7,3],f32>) -> !torch.vtensor<[7,3],f32> {
  %float2 = torch.constant.float 2.000000e+00
  %0 = torch.aten.mul.Scalar %v, %float2 : !torch.vtensor<[7,3],f32>, !torch.float -> !torch.vtensor<[7,3],f32>
  return %0 : !torch.vtensor<[7,3],f32>
}

// -----

// CHECK-LABEL: func.func @mul_scalar_int(
// CHECK: %[[C:.*]] = tcp.const {value = dense<3> : tensor<2x6xi32>}
// CHECK: arith.muli %{{.*}}, %[[C]] : tensor<2x6xi32>
func.func @mul_scalar_int(%v: !torch.vtensor<[2,6],si32>) -> !torch.vtensor<[2,6],si32> {
  %int3 = torch.constant.int 3
  %0 = torch.aten.mul.Scalar %v, %int3 : !torch.vtensor<[2,6],si32>, !torch.int -> !torch.vtensor<[2,6],si32>
  return %0 : !torch.vtensor<[2,6],si32>
}

// -----

// CHECK-LABEL: func.func @add_tensor(
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<6xf32>
func.func @add_tensor(%a: !torch.vtensor<[6],f32>, %b: !torch.vtensor<[6],f32>) -> !torch.vtensor<[6],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.int -> !torch.vtensor<[6],f32>
  return %0 : !torch.vtensor<[6],f32>
}

// -----

// Broadcast operands, an integer alpha.
// CHECK-LABEL: func.func @add_tensor_int_broadcast(
// CHECK: %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3xi64> into tensor<1x3xi64>
// CHECK: %[[B:.*]] = tcp.broadcast_to %[[E]], %{{.*}} {axes = [0]} : tensor<1x3xi64>, index -> tensor<4x3xi64>
// CHECK: %[[M:.*]] = arith.muli %[[B]], %{{.*}} : tensor<4x3xi64>
// CHECK: arith.addi %{{.*}}, %[[M]] : tensor<4x3xi64>
func.func @add_tensor_int_broadcast(%a: !torch.vtensor<[4,3],si64>, %b: !torch.vtensor<[3],si64>) -> !torch.vtensor<[4,3],si64> {
  %int-2 = torch.constant.int -2
  %0 = torch.aten.add.Tensor %a, %b, %int-2 : !torch.vtensor<[4,3],si64>, !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[4,3],si64>
  return %0 : !torch.vtensor<[4,3],si64>
}

// -----

// A 0-d scalar tensor broadcast against the mask.
// CHECK-LABEL: func.func @where_scalar(
// CHECK: %[[B:.*]] = tcp.broadcast_to %{{.*}} {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<4x3xf32>
// CHECK: arith.select %{{.*}}, %[[B]], %{{.*}} : tensor<4x3xi1>, tensor<4x3xf32>
func.func @where_scalar(%m: !torch.vtensor<[4,3],i1>, %s: !torch.vtensor<[],f32>, %y: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %0 = torch.aten.where.self %m, %s, %y : !torch.vtensor<[4,3],i1>, !torch.vtensor<[],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// x[mask] = v with a row mask: a select of v broadcast over the rows.
// CHECK-LABEL: func.func @mask_put_rows(
// CHECK: %[[V:.*]] = tcp.broadcast_to %{{.*}} {axes = [0]} : tensor<1x3xf32>, index -> tensor<5x3xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<5xi1> into tensor<5x1xi1>
// CHECK: %[[M:.*]] = tcp.broadcast_to %[[E]], %{{.*}} {axes = [1]} : tensor<5x1xi1>, index -> tensor<5x3xi1>
// CHECK: arith.select %[[M]], %[[V]], %{{.*}} : tensor<5x3xi1>, tensor<5x3xf32>
func.func @mask_put_rows(%x: !torch.vtensor<[5,3],f32>, %m: !torch.vtensor<[5],i1>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[5,3],f32> {
  %0 = torch.prim.ListConstruct %m : (!torch.vtensor<[5],i1>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  %1 = torch.aten.index_put %x, %0, %v, %false : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %1 : !torch.vtensor<[5,3],f32>
}

// -----

// x[mask] += v: the sum where the mask is true.
// CHECK-LABEL: func.func @mask_put_accumulate(
// CHECK: %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<2x3xi32>
// CHECK: arith.select %{{.*}}, %[[S]], %{{.*}} : tensor<2x3xi1>, tensor<2x3xi32>
func.func @mask_put_accumulate(%x: !torch.vtensor<[2,3],si32>, %m: !torch.vtensor<[2,3],i1>, %v: !torch.vtensor<[1],si32>) -> !torch.vtensor<[2,3],si32> {
  %0 = torch.prim.ListConstruct %m : (!torch.vtensor<[2,3],i1>) -> !torch.list<optional<vtensor>>
  %true = torch.constant.bool true
  %1 = torch.aten.index_put %x, %0, %v, %true : !torch.vtensor<[2,3],si32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1],si32>, !torch.bool -> !torch.vtensor<[2,3],si32>
  return %1 : !torch.vtensor<[2,3],si32>
}

// -----

// y[i] += 1.5: add.Scalar, the number a splat of the dtype.
// CHECK-LABEL: func.func @add_scalar(
// CHECK: %[[C:.*]] = tcp.const {value = dense<1.500000e+00> : tensor<5x2xf32>}
// CHECK: arith.addf %{{.*}}, %[[C]] : tensor<5x2xf32>
func.func @add_scalar(%x: !torch.vtensor<[5,2],f32>) -> !torch.vtensor<[5,2],f32> {
  %float = torch.constant.float 1.500000e+00
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Scalar %x, %float, %int1 : !torch.vtensor<[5,2],f32>, !torch.float, !torch.int -> !torch.vtensor<[5,2],f32>
  return %0 : !torch.vtensor<[5,2],f32>
}

// -----

// CHECK-LABEL: func.func @sub_tensor_int_alpha(
// CHECK: %[[M:.*]] = arith.muli %{{.*}}, %{{.*}} : tensor<4xi64>
// CHECK: arith.subi %{{.*}}, %[[M]] : tensor<4xi64>
func.func @sub_tensor_int_alpha(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.sub.Tensor %a, %b, %int2 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// CHECK-LABEL: func.func @mul_tensor_bf16(
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<3x4xbf16>
func.func @mul_tensor_bf16(%a: !torch.vtensor<[3,4],bf16>, %b: !torch.vtensor<[3,4],bf16>) -> !torch.vtensor<[3,4],bf16> {
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[3,4],bf16>, !torch.vtensor<[3,4],bf16> -> !torch.vtensor<[3,4],bf16>
  return %0 : !torch.vtensor<[3,4],bf16>
}
