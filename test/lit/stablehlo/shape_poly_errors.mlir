// RUN: tcp-opt %s -split-input-file --convert-stablehlo-to-tcp -verify-diagnostics

// The symbolic-shape ops and unsigned arithmetic that --convert-stablehlo-to-tcp
// refuses; each error is located at the op and names why.

func.func @custom_call_other(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.custom_call' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.custom_call' op cannot be converted to tcp: custom_call target @my_kernel has no tcp counterpart (only jax's @shape_assertion is converted)}}
  %0 = stablehlo.custom_call @my_kernel(%x) {has_side_effect = false} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dynamic_gather_sizes_from_argument(%x: tensor<?x4xf32>, %i: tensor<7x1xi32>, %s: tensor<2xi32>) -> tensor<?x7xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.dynamic_gather' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.dynamic_gather' op cannot be converted to tcp: slice size 0 is a run-time value, converted only for one window (x[1:] on a symbolic dim) or a take along one axis with the other dims taken whole}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>} : (tensor<?x4xf32>, tensor<7x1xi32>, tensor<2xi32>) -> tensor<?x7xf32>
  return %0 : tensor<?x7xf32>
}

// -----

func.func @dynamic_reshape_not_unit_dims(%x: tensor<?x4xf32>, %s: tensor<2xi32>) -> tensor<?x2xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.dynamic_reshape' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.dynamic_reshape' op cannot be converted to tcp: its operand shape tensor<?x4xf32> is not static and the result shape tensor<?x2xf32> is not a reassociation of it (static dims split or merged, unit dims inserted or removed, each dynamic dim kept)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

func.func @reduce_dynamic_dim(%x: tensor<?x2xi1>) -> tensor<2xi1> {
  %t = stablehlo.constant dense<true> : tensor<i1>
  // expected-error@+2 {{failed to legalize operation 'stablehlo.reduce' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.reduce' op cannot be converted to tcp: it reduces the dynamic dim 0 (only static reduced dims are unrolled)}}
  %0 = stablehlo.reduce(%x init: %t) applies stablehlo.and across dimensions = [0] : (tensor<?x2xi1>, tensor<i1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// An unsigned arithmetic result that would have to be unsigned again.
func.func @unsigned_sum_returned(%a: tensor<3xui8>, %b: tensor<3xui8>) -> tensor<3xui8> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.add' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.add' op cannot be converted to tcp: its unsigned result (tensor<3xui8>) is used by 'func.return' (operand #0), which would need it back in an unsigned type; tcp has signless arithmetic only, and unsigned values computed by arithmetic may only flow into arithmetic, comparisons, selects, shape ops, converts and gather or dynamic_slice indices}}
  %0 = stablehlo.add %a, %b : tensor<3xui8>
  return %0 : tensor<3xui8>
}

// -----

// An unsigned arithmetic result gathered from as data.
func.func @unsigned_sum_as_data(%a: tensor<3xui8>, %i: tensor<2x1xi32>) -> tensor<2xui8> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.multiply' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.multiply' op cannot be converted to tcp: its unsigned result (tensor<3xui8>) is used by 'stablehlo.gather' (operand #0)}}
  %0 = stablehlo.multiply %a, %a : tensor<3xui8>
  %1 = "stablehlo.gather"(%0, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3xui8>, tensor<2x1xi32>) -> tensor<2xui8>
  return %1 : tensor<2xui8>
}

// -----

// ui64 has no exact wide form.
func.func @ui64_add(%a: tensor<3xui64>, %i: tensor<2xf32>) -> tensor<3xi64> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.add' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.add' op cannot be converted to tcp: element type ui64 is not signless}}
  %0 = stablehlo.add %a, %a : tensor<3xui64>
  %1 = stablehlo.convert %0 : (tensor<3xui64>) -> tensor<3xi64>
  return %1 : tensor<3xi64>
}

// -----

// A run-time stride other than 1 with run-time bounds: the size would be
// a division of tensor values.
func.func @rds_runtime_stride(%x: tensor<?x5xf32>, %s: tensor<2xi32>, %l: tensor<2xi32>, %t: tensor<2xi32>) -> tensor<?x?xf32> {
  // expected-error@+2 {{failed to legalize operation 'stablehlo.real_dynamic_slice' that was explicitly marked illegal}}
  // expected-note@+1 {{'stablehlo.real_dynamic_slice' op cannot be converted to tcp: the stride of dim 0 is not 1 and its bounds are not constants}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %t : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
