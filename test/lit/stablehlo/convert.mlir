// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s
// RUN: tcp-opt %s --convert-stablehlo-to-tcp | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-opt %s --canonicalize | FileCheck %s --check-prefix=NOHLO
// RUN: tcp-opt %s --convert-frontends-to-tcp | FileCheck %s --check-prefix=NOHLO

// One case per conversion pattern of --convert-stablehlo-to-tcp (the same
// rewrites serve --canonicalize and --convert-frontends-to-tcp). Every
// function here is also run before and after conversion on random inputs
// by passes/stablehlototcp (TestLitEquivalence).

// NOHLO-NOT: stablehlo.
// NOHLO-NOT: mhlo.

// gather_nd pattern: collapsed = start_index_map = [0, 1], trailing offset dims -> one tcp.gather_nd, clip.
// CHECK-LABEL: func.func @gather_nd(
// CHECK-NEXT: %[[G:.*]] = tcp.gather_nd %arg0, %arg1 {mode = "clip"} : tensor<7x11x13xf32>, tensor<3x2xi64> -> tensor<3x13xf32>
// CHECK-NEXT: return %[[G]]
func.func @gather_nd(%x: tensor<7x11x13xf32>, %i: tensor<3x2xi64>) -> tensor<3x13xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 13>} : (tensor<7x11x13xf32>, tensor<3x2xi64>) -> tensor<3x13xf32>
  return %0 : tensor<3x13xf32>
}

// gather_nd pattern with batching dims [0] on both sides -> tcp.gather_nd {batch_dims = 1}.
// CHECK-LABEL: func.func @gather_nd_batch2(
// CHECK-NEXT: tcp.gather_nd %arg0, %arg1 {batch_dims = 1 : index, mode = "clip"} : tensor<2x5x6x4xf32>, tensor<2x3x2xi64> -> tensor<2x3x4xf32>
func.func @gather_nd_batch2(%x: tensor<2x5x6x4xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 1, 4>} : (tensor<2x5x6x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// gather_elements pattern (jax take_along_axis on axis 1): every other
// operand dim is a batching dim paired with the same start-indices dim ->
// one tcp.gather {dim = 1}.
// CHECK-LABEL: func.func @take_along_axis(
// CHECK: %[[I:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1], [2, 3]] : tensor<3x2x5x1xi64> into tensor<3x2x5xi64>
// CHECK-NEXT: tcp.gather %arg0, %[[I]] {dim = 1 : index, mode = "clip"} : tensor<3x4x5xf32>, tensor<3x2x5xi64> -> tensor<3x2x5xf32>
func.func @take_along_axis(%x: tensor<3x4x5xf32>, %i: tensor<3x2x5x1xi64>) -> tensor<3x2x5xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0, 2], start_indices_batching_dims = [0, 2], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>} : (tensor<3x4x5xf32>, tensor<3x2x5x1xi64>) -> tensor<3x2x5xf32>
  return %0 : tensor<3x2x5xf32>
}

// The same with an implicit index vector and i32 indices.
// CHECK-LABEL: func.func @take_along_axis_implicit(
// CHECK-NEXT: tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi32> -> tensor<2x4xf32>
func.func @take_along_axis_implicit(%x: tensor<3x4xf32>, %i: tensor<2x4xi32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], operand_batching_dims = [1], start_indices_batching_dims = [1], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<2x4xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// gather_elements in the iota-concat form (onnx-mlir, older jax): the
// iota component is proven (an iota along its own dim, through a reshape),
// so the gather is one tcp.gather on the other component.
// CHECK-LABEL: func.func @gather_elements_iota_concat(
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1
// CHECK: %[[I:.*]] = tensor.collapse_shape %[[E]]
// CHECK-NEXT: tcp.gather %arg0, %[[I]] {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
// CHECK-NOT: tcp.gather_nd
func.func @gather_elements_iota_concat(%x: tensor<3x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %r = stablehlo.reshape %i : (tensor<2x2xi64>) -> tensor<2x2x1xi64>
  %io = stablehlo.iota dim = 1 : tensor<2x2x1xi64>
  %c = stablehlo.concatenate %r, %io, dim = 2 : (tensor<2x2x1xi64>, tensor<2x2x1xi64>) -> tensor<2x2x2xi64>
  %0 = "stablehlo.gather"(%x, %c) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<3x2xf32>, tensor<2x2x2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// An iota along the wrong dim proves nothing: the general decomposition
// (tensor.concat of the parts, one tcp.gather_nd).
// onnx-mlir's exact form: the indices and the iota parts shaped by one
// run-time shape tensor (stablehlo.dynamic_reshape, stablehlo.dynamic_iota).
// With a static result type each is a static reshape or iota, so the proof
// and the single tcp.gather are the same.
// CHECK-LABEL: func.func @gather_elements_dynamic_iota(
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1
// CHECK: %[[I:.*]] = tensor.collapse_shape %[[E]]
// CHECK-NEXT: tcp.gather %arg0, %[[I]] {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
// CHECK-NOT: tcp.gather_nd
func.func @gather_elements_dynamic_iota(%x: tensor<3x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %shape = tensor.from_elements %c2, %c2, %c1 : tensor<3xindex>
  %r = stablehlo.dynamic_reshape %i, %shape : (tensor<2x2xi64>, tensor<3xindex>) -> tensor<2x2x1xi64>
  %io = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<3xindex>) -> tensor<2x2x1xi64>
  %c = stablehlo.concatenate %r, %io, dim = 2 : (tensor<2x2x1xi64>, tensor<2x2x1xi64>) -> tensor<2x2x2xi64>
  %0 = "stablehlo.gather"(%x, %c) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = dense<1> : tensor<2xi64>} : (tensor<3x2xf32>, tensor<2x2x2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// A dynamic_iota of a static type with a constant output_shape is a
// tcp.const; such a dynamic_reshape between static shapes a reshape.
// CHECK-LABEL: func.func @dynamic_iota_reshape(
// CHECK: tcp.const {value = dense<{{\[\[}}0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>} : tensor<2x3xi32>
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0, 1]] : tensor<6xf32> into tensor<2x3xf32>
func.func @dynamic_iota_reshape(%x: tensor<6xf32>) -> (tensor<2x3xi32>, tensor<2x3xf32>) {
  %s = mhlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = mhlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xi32>
  %1 = mhlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xi32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @iota_concat_not_proven(
// CHECK: %[[C:.*]] = tensor.concat dim(2)
// CHECK: tcp.gather_nd %arg0, %[[C]] {mode = "clip"} : tensor<3x2xf32>, tensor<2x2x2xi64> -> tensor<2x2xf32>
func.func @iota_concat_not_proven(%x: tensor<3x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %r = stablehlo.reshape %i : (tensor<2x2xi64>) -> tensor<2x2x1xi64>
  %io = stablehlo.iota dim = 0 : tensor<2x2x1xi64>
  %c = stablehlo.concatenate %r, %io, dim = 2 : (tensor<2x2x1xi64>, tensor<2x2x1xi64>) -> tensor<2x2x2xi64>
  %0 = "stablehlo.gather"(%x, %c) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>} : (tensor<3x2xf32>, tensor<2x2x2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// concatenate is tensor.concat; a reshape no single reassociation covers
// is a collapse to 1-D and an expansion.
// CHECK-LABEL: func.func @concatenate_reshape(
// CHECK: %[[C:.*]] = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[C]] {{\[\[}}0, 1]] : tensor<3x3xf32> into tensor<9xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[\[}}0, 1]] : tensor<9xf32> into tensor<9x1xf32>
func.func @concatenate_reshape(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<9x1xf32> {
  %c = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %0 = stablehlo.reshape %c : (tensor<3x3xf32>) -> tensor<9x1xf32>
  return %0 : tensor<9x1xf32>
}

// A length-1 index vector with batching dims is also the take pattern (TF GatherV2 batch_dims = 1): the §5.1 recipe.
// CHECK-LABEL: func.func @gather_nd_batch(
// CHECK: %[[B:.*]] = tcp.broadcast_to %arg1, %{{.*}} {axes = [2]} : tensor<2x3x1xi32>, index -> tensor<2x3x4xi32>
// CHECK-NEXT: tcp.gather %arg0, %[[B]] {dim = 1 : index, mode = "clip"} : tensor<2x5x4xf32>, tensor<2x3x4xi32> -> tensor<2x3x4xf32>
func.func @gather_nd_batch(%x: tensor<2x5x4xf32>, %i: tensor<2x3x1xi32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>} : (tensor<2x5x4xf32>, tensor<2x3x1xi32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// take / index_select pattern on axis 1 with an implicit index vector: the §5.1 recipe, mode clip.
// CHECK-LABEL: func.func @take_axis1(
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
// CHECK: %[[B:.*]] = tcp.broadcast_to %[[E]], %{{.*}}, %{{.*}} {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
// CHECK-NEXT: tcp.gather %arg0, %[[B]] {dim = 1 : index, mode = "clip"} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
func.func @take_axis1(%x: tensor<3x4x5xf32>, %i: tensor<3xi64>) -> tensor<3x3x5xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 3, 1, 5>} : (tensor<3x4x5xf32>, tensor<3xi64>) -> tensor<3x3x5xf32>
  return %0 : tensor<3x3x5xf32>
}

// A dynamic batch dim of the start indices.
// CHECK-LABEL: func.func @dynamic_batch(
// CHECK: tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "clip"} : tensor<5x4xf32>, tensor<?x4xi64> -> tensor<?x4xf32>
func.func @dynamic_batch(%x: tensor<5x4xf32>, %i: tensor<?x1xi64>) -> tensor<?x4xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<?x1xi64>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// A statically empty result with a dynamic batch dim: the empty constant
// is broadcast to the run-time size of that dim.
// CHECK-LABEL: func.func @empty_dynamic(
// CHECK-DAG: %[[C:.*]] = tcp.const {value = dense<> : tensor<1x0xf32>} : tensor<1x0xf32>
// CHECK-DAG: %[[D:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x1xi64>
// CHECK: tcp.broadcast_to %[[C]], %[[D]] {axes = [0]} : tensor<1x0xf32>, index -> tensor<?x0xf32>
func.func @empty_dynamic(%x: tensor<3x4xf32>, %i: tensor<?x1xi64>) -> tensor<?x0xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 0>} : (tensor<3x4xf32>, tensor<?x1xi64>) -> tensor<?x0xf32>
  return %0 : tensor<?x0xf32>
}

// The mhlo spelling, with #mhlo.gather and dense slice sizes.
// CHECK-LABEL: func.func @mhlo_gather(
// CHECK: tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
func.func @mhlo_gather(%x: tensor<3x2xf32>, %i: tensor<4x1xi64>) -> tensor<4x2xf32> {
  %0 = "mhlo.gather"(%x, %i) {dimension_numbers = #mhlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = dense<[1, 2]> : tensor<2xi64>} : (tensor<3x2xf32>, tensor<4x1xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// Slice size 5 on an indexed dim of 10: the 6 windows [j, j+5) are gathered with constant indices j+o, then gather_nd clips the start to [0, 5] = [0, dim - slice_size].
// CHECK-LABEL: func.func @window(
// CHECK: %[[E:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1]] : tensor<10xf32> into tensor<10x1xf32>
// CHECK: %[[B:.*]] = tcp.broadcast_to %[[E]], %{{.*}} {axes = [1]} : tensor<10x1xf32>, index -> tensor<10x5xf32>
// CHECK: %[[J:.*]] = tcp.const {value = dense<{{\[\[}}0, 1, 2, 3, 4], [1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [3, 4, 5, 6, 7], [4, 5, 6, 7, 8], [5, 6, 7, 8, 9]]> : tensor<6x5xi64>}
// CHECK: %[[W:.*]] = tcp.gather %[[B]], %[[J]] {dim = 0 : index} : tensor<10x5xf32>, tensor<6x5xi64> -> tensor<6x5xf32>
// CHECK: tcp.gather_nd %[[W]], %arg1 {mode = "clip"} : tensor<6x5xf32>, tensor<2x1xi64> -> tensor<2x5xf32>
func.func @window(%x: tensor<10xf32>, %i: tensor<2x1xi64>) -> tensor<2x5xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 5>} : (tensor<10xf32>, tensor<2x1xi64>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// A partial slice of an unindexed dim: tcp.slice first.
// CHECK-LABEL: func.func @partial_slice(
// CHECK: %[[S:.*]] = tcp.slice %arg0 starts(%{{.*}}, %{{.*}}) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : tensor<4x6xf32> -> tensor<4x3xf32>
// CHECK: tcp.gather_nd %[[S]], %arg1 {mode = "clip"} : tensor<4x3xf32>, tensor<2x1xi64> -> tensor<2x3xf32>
func.func @partial_slice(%x: tensor<4x6xf32>, %i: tensor<2x1xi64>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (tensor<4x6xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Unsorted start_index_map and index_vector_dim = 0: operand and indices are transposed; i16 indices are sign-extended.
// CHECK-LABEL: func.func @unsorted_map(
// CHECK: %[[X:.*]] = tcp.transpose %arg0 {permutation = array<i64: 1, 0, 2>} : tensor<3x4x2xf32> -> tensor<4x3x2xf32>
// CHECK: %[[I:.*]] = tcp.transpose %arg1 {permutation = array<i64: 1, 0>} : tensor<2x5xi16> -> tensor<5x2xi16>
// CHECK: %[[W:.*]] = arith.extsi %[[I]] : tensor<5x2xi16> to tensor<5x2xi64>
// CHECK: tcp.gather_nd %[[X]], %[[W]] {mode = "clip"} : tensor<4x3x2xf32>, tensor<5x2xi64> -> tensor<5x2xf32>
func.func @unsorted_map(%x: tensor<3x4x2xf32>, %i: tensor<2x5xi16>) -> tensor<5x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 0>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xf32>, tensor<2x5xi16>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// The general case: batching dims, a window (slice size 3 on indexed dim 2), an indexed offset dim of size 1, index_vector_dim = 0, then the result transposed into place.
// CHECK-LABEL: func.func @general(
// CHECK: tcp.gather %{{.*}}, %{{.*}} {dim = 2 : index} : tensor<3x2x6x3x5xf32>, tensor<3x2x4x3x5xi64> -> tensor<3x2x4x3x5xf32>
// CHECK: %[[X:.*]] = tcp.transpose %{{.*}} {permutation = array<i64: 0, 4, 2, 1, 3>} : tensor<3x2x4x3x5xf32> -> tensor<3x5x4x2x3xf32>
// CHECK: %[[I:.*]] = tcp.transpose %arg1 {permutation = array<i64: 2, 1, 0>} : tensor<2x4x3xi32> -> tensor<3x4x2xi32>
// CHECK: %[[G:.*]] = tcp.gather_nd %[[X]], %[[I]] {batch_dims = 1 : index, mode = "clip"} : tensor<3x5x4x2x3xf32>, tensor<3x4x2xi32> -> tensor<3x4x2x3xf32>
// CHECK: tcp.transpose %[[G]] {permutation = array<i64: 1, 0, 2, 3>} : tensor<3x4x2x3xf32> -> tensor<4x3x2x3xf32>
func.func @general(%x: tensor<3x2x6x5xf32>, %i: tensor<2x4x3xi32>) -> tensor<4x3x2x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [3, 2], index_vector_dim = 0>, slice_sizes = array<i64: 1, 2, 3, 1>} : (tensor<3x2x6x5xf32>, tensor<2x4x3xi32>) -> tensor<4x3x2x3xf32>
  return %0 : tensor<4x3x2x3xf32>
}

// A statically empty result is an empty constant.
// CHECK-LABEL: func.func @empty(
// CHECK-NEXT: tcp.const {value = dense<> : tensor<2x0xf32>} : tensor<2x0xf32>
func.func @empty(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x0xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 0>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// torch_index_select (dim 1, batch_dims 1) converts through the gather it means: the §5.1 recipe.
// CHECK-LABEL: func.func @torch_index_select(
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] : tensor<2x5xi32> into tensor<2x5x1xi32>
// CHECK: %[[B:.*]] = tcp.broadcast_to %[[E]], %{{.*}} {axes = [2]} : tensor<2x5x1xi32>, index -> tensor<2x5x3xi32>
// CHECK: tcp.gather %arg0, %[[B]] {dim = 1 : index, mode = "clip"} : tensor<2x4x3xf32>, tensor<2x5x3xi32> -> tensor<2x5x3xf32>
func.func @torch_index_select(%x: tensor<2x4x3xf32>, %i: tensor<2x5xi32>) -> tensor<2x5x3xf32> {
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<2x4x3xf32>, tensor<2x5xi32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// A window of 3 on a dynamic dim D: the n = D - 2 windows are the
// concatenation of the slices [o, o + n) for o < 3, and gather_nd clips
// the start to [0, n - 1] = [0, D - 3], the spec's clamp.
// CHECK-LABEL: func.func @dynamic_window(
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
// CHECK: %[[N:.*]] = arith.subi %[[D]], %{{.*}} : index
// CHECK: %[[S0:.*]] = tcp.slice %arg0 starts(%{{.*}}) sizes(%[[N]]) strides(%{{.*}}) : tensor<?xf32> -> tensor<?xf32>
// CHECK: %[[E0:.*]] = tensor.expand_shape %[[S0]] {{\[\[}}0, 1]] : tensor<?xf32> into tensor<?x1xf32>
// CHECK: %[[W:.*]] = tensor.concat dim(1) %[[E0]], %{{.*}}, %{{.*}} : (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
// CHECK: tcp.gather_nd %[[W]], %arg1 {mode = "clip"} : tensor<?x3xf32>, tensor<2x1xi64> -> tensor<2x3xf32>
func.func @dynamic_window(%x: tensor<?xf32>, %i: tensor<2x1xi64>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 3>} : (tensor<?xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A static window whose table j + o would exceed 65536 elements (11
// windows of 6990 on a dim of 7000) is built from the 11 window slices
// instead, concatenated along a new dim.
// CHECK-LABEL: func.func @large_window(
// CHECK-NOT: tcp.const
// CHECK-COUNT-11: tcp.slice %arg0 starts(%{{.*}}) sizes(%{{.*}}) strides(%{{.*}}) : tensor<7000xf32> -> tensor<6990xf32>
// CHECK: %[[W:.*]] = tensor.concat dim(0) {{.*}} -> tensor<11x6990xf32>
// CHECK: tcp.gather_nd %[[W]], %arg1 {mode = "clip"} : tensor<11x6990xf32>, tensor<2x1xi32> -> tensor<2x6990xf32>
func.func @large_window(%x: tensor<7000xf32>, %i: tensor<2x1xi32>) -> tensor<2x6990xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 6990>} : (tensor<7000xf32>, tensor<2x1xi32>) -> tensor<2x6990xf32>
  return %0 : tensor<2x6990xf32>
}

// dynamic_slice on a static dim D with size s: the start selects, under
// mode clip, row clamp(start, 0, n-1) of the window table T[j][o] = j + o
// (n = D - s + 1), and that row gathers the operand along the dim. Dim 1 is
// dynamic: its start is read, cast and clamped to [0, tensor.dim - 2] for a
// tcp.slice.
// CHECK-LABEL: func.func @dynamic_slice(
// CHECK: %[[T:.*]] = tcp.const {value = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>} : tensor<3x2xi64>
// CHECK: %[[E:.*]] = tensor.expand_shape %arg1 [] : tensor<i64> into tensor<1x1xi64>
// CHECK: %[[B:.*]] = tcp.broadcast_to %[[E]], %[[C2:.*]] {axes = [1]} : tensor<1x1xi64>, index -> tensor<1x2xi64>
// CHECK: %[[ROW:.*]] = tcp.gather %[[T]], %[[B]] {dim = 0 : index, mode = "clip"} : tensor<3x2xi64>, tensor<1x2xi64> -> tensor<1x2xi64>
// CHECK: %[[G:.*]] = tcp.gather %arg0, %{{.*}} {dim = 0 : index} : tensor<4x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
// CHECK: %[[X:.*]] = tensor.extract %arg2[] : tensor<i64>
// CHECK: %[[I:.*]] = arith.index_cast %[[X]] : i64 to index
// CHECK: %[[D:.*]] = tensor.dim %[[G]], %{{.*}} : tensor<2x?xf32>
// CHECK: %[[H:.*]] = arith.subi %[[D]], %[[C2]] : index
// CHECK: %[[L:.*]] = arith.maxsi %[[I]], %[[C0:.*]] : index
// CHECK: %[[S:.*]] = arith.minsi %[[L]], %[[H]] : index
// CHECK: tcp.slice %[[G]] starts(%[[C0]], %[[S]]) sizes(%[[C2]], %[[C2]]) strides(%{{.*}}, %{{.*}}) : tensor<2x?xf32> -> tensor<2x2xf32>
func.func @dynamic_slice(%x: tensor<4x?xf32>, %s0: tensor<i64>, %s1: tensor<i64>) -> tensor<2x2xf32> {
  %0 = "stablehlo.dynamic_slice"(%x, %s0, %s1) {slice_sizes = array<i64: 2, 2>} : (tensor<4x?xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// slice: tcp.slice with constant starts, sizes ceil((limit - start) / stride) and strides.
// CHECK-LABEL: func.func @slice(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: tcp.slice %arg0 starts(%[[C0]], %[[C2]]) sizes(%[[C2]], %[[C2]]) strides(%[[C2]], %[[C3]]) : tensor<3x6xf32> -> tensor<2x2xf32>
func.func @slice(%x: tensor<3x6xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 6>, strides = array<i64: 2, 3>} : (tensor<3x6xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// iota: a constant.
// CHECK-LABEL: func.func @iota(
// CHECK-NEXT: tcp.const {value = dense<{{\[\[}}0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>} : tensor<2x3xi32>
func.func @iota() -> tensor<2x3xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// constant (mhlo spelling): tcp.const.
// CHECK-LABEL: func.func @constant(
// CHECK-NEXT: tcp.const {value = dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf32>} : tensor<2xf32>
func.func @constant() -> tensor<2xf32> {
  %0 = mhlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// convert between floats: extf widens, truncf rounds once (to nearest
// even); f16 <-> bf16 goes through f32, which holds both exactly.
// CHECK-LABEL: func.func @convert_floats(
// CHECK: arith.truncf %arg0 : tensor<3xf32> to tensor<3xf16>
// CHECK: arith.extf %{{.*}} : tensor<3xf16> to tensor<3xf64>
// CHECK: arith.extf %{{.*}} : tensor<3xf16> to tensor<3xf32>
// CHECK-NEXT: arith.truncf %{{.*}} : tensor<3xf32> to tensor<3xbf16>
func.func @convert_floats(%x: tensor<3xf32>) -> (tensor<3xf16>, tensor<3xf64>, tensor<3xbf16>) {
  %0 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xf16>
  %1 = stablehlo.convert %0 : (tensor<3xf16>) -> tensor<3xf64>
  %2 = stablehlo.convert %0 : (tensor<3xf16>) -> tensor<3xbf16>
  return %0, %1, %2 : tensor<3xf16>, tensor<3xf64>, tensor<3xbf16>
}
