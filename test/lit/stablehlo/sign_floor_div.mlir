// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --frontends-to-tcp-pipeline | FileCheck %s --check-prefix=SIZE

// stablehlo.sign, integer stablehlo.divide and stablehlo.remainder, as jax
// prints them in the floor division of a run-time size (x[::2] on a
// symbolic dim). passes/stablehlototcp (TestLitEquivalence) runs every
// function before and after the conversion on random inputs.

// sign(x) = select(x > 0, 1, select(x < 0, -1, x)).
// CHECK-LABEL: func.func @sign_i32(
// CHECK-DAG: %[[Z:.*]] = tcp.const {value = dense<0> : tensor<4xi32>}
// CHECK-DAG: %[[GT:.*]] = arith.cmpi sgt, %arg0, %[[Z]] : tensor<4xi32>
// CHECK-DAG: %[[LT:.*]] = arith.cmpi slt, %arg0, %[[Z]] : tensor<4xi32>
// CHECK: %[[IN:.*]] = arith.select %[[LT]], %{{.*}}, %arg0 : tensor<4xi1>, tensor<4xi32>
// CHECK: arith.select %[[GT]], %{{.*}}, %[[IN]] : tensor<4xi1>, tensor<4xi32>
// CHECK-NOT: stablehlo.
func.func @sign_i32(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.sign %arg0 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// A float zero keeps its sign and a NaN stays NaN (the select returns x).
// CHECK-LABEL: func.func @sign_f32(
// CHECK-DAG: arith.cmpf ogt, %arg0, %{{.*}} : tensor<3xf32>
// CHECK-DAG: arith.cmpf olt, %arg0, %{{.*}} : tensor<3xf32>
// CHECK: arith.select %{{.*}}, %{{.*}}, %arg0 : tensor<3xi1>, tensor<3xf32>
func.func @sign_f32(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.sign"(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// Integer division truncates toward zero: arith.divsi.
// CHECK-LABEL: func.func @divide_i32(
// CHECK: arith.divsi %arg0, %{{.*}} : tensor<4xi32>
// CHECK: arith.remsi %arg0, %{{.*}} : tensor<4xi32>
func.func @divide_i32(%arg0: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %c = stablehlo.constant dense<-3> : tensor<4xi32>
  %0 = stablehlo.divide %arg0, %c : tensor<4xi32>
  %1 = stablehlo.remainder %arg0, %c : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// x[::2] with x of shape (b, 3) symbolic, as jax.export prints it (its
// helper functions inlined; jax asserts b >= 1): the size floor((b + 1) / 2) is traced to
// index arithmetic on tensor.dim, with no tensor element read at run time.
// SIZE-LABEL: func.func @step2(
// SIZE: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// SIZE: %[[B1:.*]] = arith.addi %[[D]], %{{.*}} : index
// SIZE-DAG: arith.remsi %[[B1]], %{{.*}} : index
// SIZE-DAG: %[[Q:.*]] = arith.divsi %[[B1]], %{{.*}} : index
// SIZE: %[[N:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Q]] : index
// SIZE: tcp.iota(%[[N]])
// SIZE-NOT: tensor.extract
// SIZE: tcp.gather %arg0
// SIZE-NOT: stablehlo.
func.func @step2(%arg1: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %c_1 = stablehlo.constant dense<2> : tensor<i32>
  %c_2 = stablehlo.constant dense<1> : tensor<i32>
  %arg0 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %ge = stablehlo.compare GE, %arg0, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%ge, %arg0) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b'", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %1 = stablehlo.add %arg0, %c_2 : tensor<i32>
  %q = stablehlo.divide %1, %c_1 : tensor<i32>
  %s1 = stablehlo.sign %1 : tensor<i32>
  %s2 = stablehlo.sign %c_1 : tensor<i32>
  %ne = stablehlo.compare NE, %s1, %s2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = stablehlo.remainder %1, %c_1 : tensor<i32>
  %rne = stablehlo.compare NE, %r, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %both = stablehlo.and %ne, %rne : tensor<i1>
  %qm1 = stablehlo.subtract %q, %c_2 : tensor<i32>
  %fd = stablehlo.select %both, %qm1, %q : tensor<i1>, tensor<i32>
  %3 = stablehlo.reshape %fd : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.dynamic_iota %3, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %9 = stablehlo.dynamic_broadcast_in_dim %c_1, %3, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
  %10 = stablehlo.multiply %9, %4 : tensor<?xi32>
  %21 = stablehlo.concatenate %3, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %22 = stablehlo.dynamic_broadcast_in_dim %10, %21, dims = [0] : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x1xi32>
  %23 = "stablehlo.gather"(%arg1, %22) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 3>}> : (tensor<?x3xf32>, tensor<?x1xi32>) -> tensor<?x3xf32>
  return %23 : tensor<?x3xf32>
}
