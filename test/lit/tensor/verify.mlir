// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of the tensor dialect, with
// mlir-opt-16's messages (the table of dialect/tensor/errors_test.go).

// cast incompatible size
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<3xf32>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<2xf32> to tensor<3xf32>
  return
}

// -----

// cast element type
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<2xi32>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<2xf32> to tensor<2xi32>
  return
}

// -----

// cast rank
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<2x1xf32>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<2xf32> to tensor<2x1xf32>
  return
}

// -----

// cast scalar
func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.cast' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = "tensor.cast"(%a) : (f32) -> tensor<2xf32>
  return
}

// -----

// dim constant index out of range
func.func @f(%a: tensor<2xf32>) {
  %c = arith.constant 1 : index
  // expected-error@+1 {{'tensor.dim' op index is out of range}}
  %0 = tensor.dim %a, %c : tensor<2xf32>
  return
}

// -----

// dim index type
func.func @f(%a: tensor<2xf32>, %i: i64) {
  // expected-error@+1 {{'tensor.dim' op operand #1 must be index, but got 'i64'}}
  %0 = "tensor.dim"(%a, %i) : (tensor<2xf32>, i64) -> index
  return
}

// -----

// dim of scalar
func.func @f(%a: f32, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = "tensor.dim"(%a, %i) : (f32, index) -> index
  return
}

// -----

// empty too few sizes
func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = tensor.empty(%i) : tensor<?x?xf32>
  return
}

// -----

// empty too many sizes
func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%i) : tensor<2xf32>
  return
}

// -----

// empty unranked
func.func @f() {
  // expected-error@+1 {{'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.empty() : tensor<*xf32>
  return
}

// -----

// extract index count
func.func @f(%a: tensor<2x2xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %a[%i] : tensor<2x2xf32>
  return
}

// -----

// extract result type
func.func @f(%a: tensor<2xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %0 = "tensor.extract"(%a, %i) : (tensor<2xf32>, index) -> i32
  return
}

// -----

// extract unranked
func.func @f(%a: tensor<*xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.extract' 'tensor' must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.extract %a[%i] : tensor<*xf32>
  return
}

// -----

// insert index count
func.func @f(%a: tensor<2x2xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %s into %a[%i] : tensor<2x2xf32>
  return
}

// -----

// insert scalar type
func.func @f(%a: tensor<2xf32>, %s: i32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that scalar type matches element type of dest}}
  %0 = "tensor.insert"(%s, %a, %i) : (i32, tensor<2xf32>, index) -> tensor<2xf32>
  return
}

// -----

// insert result type
func.func @f(%a: tensor<2xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %0 = "tensor.insert"(%s, %a, %i) : (f32, tensor<2xf32>, index) -> tensor<3xf32>
  return
}

// -----

// from_elements count
func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' 2 operands present, but expected 3}}
  %0 = tensor.from_elements %a, %a : tensor<3xf32>
  return
}

// -----

// from_elements count generic
func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a, %a) : (f32, f32) -> tensor<3xf32>
  return
}

// -----

// from_elements element type
func.func @f(%a: f32, %b: i32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a, %b) : (f32, i32) -> tensor<2xf32>
  return
}

// -----

// from_elements dynamic
func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %0 = tensor.from_elements %a : tensor<?xf32>
  return
}

// -----

// expand rank
func.func @f(%a: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected rank expansion, but found source rank 2 >= result rank 2}}
  %0 = tensor.expand_shape %a [[0], [1]] : tensor<2x2xf32> into tensor<2x2xf32>
  return
}

// -----

// expand static size
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %0 = tensor.expand_shape %a [[0, 1]] : tensor<2xf32> into tensor<2x4xf32>
  return
}

// -----

// expand static dynamic
func.func @f(%a: tensor<8xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.expand_shape %a [[0, 1]] : tensor<8xf32> into tensor<?x2xf32>
  return
}

// -----

// expand two dynamic dims
func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op invalid to have a single dimension (0) expanded into multiple dynamic dims (0,1)}}
  %0 = tensor.expand_shape %a [[0, 1]] : tensor<?xf32> into tensor<?x?xf32>
  return
}

// -----

// expand group count
func.func @f(%a: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected rank of the collapsed type(2) to be the number of reassociation maps(1)}}
  %0 = tensor.expand_shape %a [[0, 1, 2]] : tensor<2x2xf32> into tensor<2x2x1xf32>
  return
}

// -----

// expand map rank too high
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected reassociation map #0 of same rank as expanded memref(2), but got 3}}
  %0 = tensor.expand_shape %a [[0, 1, 2]] : tensor<4xf32> into tensor<2x2xf32>
  return
}

// -----

// expand map rank too low
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected reassociation map #0 of same rank as expanded memref(3), but got 2}}
  %0 = tensor.expand_shape %a [[0, 1]] : tensor<4xf32> into tensor<2x2x1xf32>
  return
}

// -----

// expand negative index
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected reassociation map #0 of same rank as expanded memref(2), but got 0}}
  %0 = tensor.expand_shape %a [[0, -1]] : tensor<4xf32> into tensor<2x2xf32>
  return
}

// -----

// expand not contiguous
func.func @f(%a: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected reassociation map #0 to be valid and contiguous}}
  %0 = tensor.expand_shape %a [[0, 2], [1]] : tensor<2x2xf32> into tensor<2x2x1xf32>
  return
}

// -----

// expand out of order
func.func @f(%a: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected reassociation map #0 to be valid and contiguous}}
  %0 = tensor.expand_shape %a [[1], [0, 2]] : tensor<2x2xf32> into tensor<2x2x1xf32>
  return
}

// -----

// expand empty group (mlir-opt-16 crashes)
func.func @f(%a: tensor<4x1xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected reassociation map #1 to be valid and contiguous}}
  %0 = tensor.expand_shape %a [[0, 1, 2], []] : tensor<4x1xf32> into tensor<2x2x1xf32>
  return
}

// -----

// expand scalar non-unit
func.func @f(%a: tensor<f32>) {
  // expected-error@+1 {{'tensor.expand_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref}}
  %0 = tensor.expand_shape %a [] : tensor<f32> into tensor<1x2xf32>
  return
}

// -----

// expand empty reassociation
func.func @f(%a: tensor<1xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected rank of the collapsed type(1) to be the number of reassociation maps(0)}}
  %0 = tensor.expand_shape %a [] : tensor<1xf32> into tensor<1x1xf32>
  return
}

// -----

// expand element type
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected collapsed type to be 'tensor<4xi32>', but got 'tensor<4xf32>'}}
  %0 = tensor.expand_shape %a [[0, 1]] : tensor<4xf32> into tensor<2x2xi32>
  return
}

// -----

// expand unranked source
func.func @f(%a: tensor<*xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref}}
  %0 = "tensor.expand_shape"(%a) {reassociation = [[0, 1]]} : (tensor<*xf32>) -> tensor<2x2xf32>
  return
}

// -----

// expand unranked result
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected rank expansion, but found source rank 1 >= result rank 0}}
  %0 = "tensor.expand_shape"(%a) {reassociation = []} : (tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

// expand flat reassociation
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "tensor.expand_shape"(%a) {reassociation = [0, 1]} : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// expand i32 reassociation
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "tensor.expand_shape"(%a) {reassociation = [[0 : i32, 1 : i32]]} : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// expand missing reassociation
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op requires attribute 'reassociation'}}
  %0 = "tensor.expand_shape"(%a) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// expand LLVM 19 output_shape rank (ours)
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2] : tensor<2xf32> into tensor<2x1xf32>
  return
}

// -----

// expand LLVM 19 output_shape value (ours)
func.func @f(%a: tensor<2xf32>, %n: index) {
  // expected-error@+1 {{'tensor.expand_shape' op invalid output shape provided at pos 1}}
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, %n] : tensor<2xf32> into tensor<2x1xf32>
  return
}

// -----

// expand design-doc notation with two results (ours)
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{expected '(T) -> U' with one operand and one result type, got '(tensor<2xf32>) -> (tensor<2x1xf32>, f32)'}}
  %0 = tensor.expand_shape %a [[0, 1]] : (tensor<2xf32>) -> (tensor<2x1xf32>, f32)
  return
}

// -----

// expand missing into
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'tensor.expand_shape' expected 'into'}}
  %0 = tensor.expand_shape %a [[0, 1]] : tensor<4xf32> tensor<2x2xf32>
  return
}

// -----

// collapse rank
func.func @f(%a: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected rank reduction, but found source rank 2 <= result rank 2}}
  %0 = tensor.collapse_shape %a [[0], [1]] : tensor<2x2xf32> into tensor<2x2xf32>
  return
}

// -----

// collapse rank 0
func.func @f(%a: tensor<f32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected rank reduction, but found source rank 0 <= result rank 0}}
  %0 = tensor.collapse_shape %a [] : tensor<f32> into tensor<f32>
  return
}

// -----

// collapse static size
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<2x4xf32> into tensor<9xf32>
  return
}

// -----

// collapse dynamic into static
func.func @f(%a: tensor<?x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<?x4xf32> into tensor<8xf32>
  return
}

// -----

// collapse to scalar non-unit
func.func @f(%a: tensor<1x2xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref}}
  %0 = tensor.collapse_shape %a [] : tensor<1x2xf32> into tensor<f32>
  return
}

// -----

// collapse group count
func.func @f(%a: tensor<2x2x2xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected rank of the collapsed type(2) to be the number of reassociation maps(1)}}
  %0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<2x2x2xf32> into tensor<4x2xf32>
  return
}

// -----

// slice offsets count
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %a[0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  return
}

// -----

// slice strides count
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %a[0, 0] [2, 2] [1] : tensor<4x4xf32> to tensor<2x2xf32>
  return
}

// -----

// slice source rank
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected 2 offset values}}
  %0 = tensor.extract_slice %a[0] [2] [1] : tensor<4x4xf32> to tensor<2xf32>
  return
}

// -----

// slice dynamic count
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected 1 dynamic offset values}}
  %0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// slice size mismatch
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<2x2xf32>' or a rank-reduced version. (size mismatch) }}
  %0 = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x3xf32>
  return
}

// -----

// slice negative size
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<2x-2xf32>' or a rank-reduced version. (size mismatch) }}
  %0 = tensor.extract_slice %a[-1, 0] [2, -2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  return
}

// -----

// slice element type
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xi32>
  return
}

// -----

// slice result rank
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank. }}
  %0 = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2x1xf32>
  return
}

// -----

// slice unranked source
func.func @f(%a: tensor<*xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.extract_slice %a[0] [2] [1] : tensor<*xf32> to tensor<2xf32>
  return
}

// -----

// slice static attribute kind
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op attribute 'static_offsets' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = [0, 0], static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// slice missing static attribute
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op requires attribute 'static_offsets'}}
  %0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// slice missing segment sizes
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op requires dense i32 array attribute 'operand_segment_sizes'}}
  %0 = "tensor.extract_slice"(%a) {static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// slice segment count
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op 'operand_segment_sizes' attribute for specifying operand segments must have 4 elements, but got 3}}
  %0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// slice segment total
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op operand count (1) does not match with the total size (2) specified in attribute 'operand_segment_sizes'}}
  %0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

// concat no inputs (ours)
func.func @f() {
  // expected-error@+1 {{'tensor.concat' op requires at least one input}}
  %0 = "tensor.concat"() {dim = 0 : i64} : () -> tensor<2xf32>
  return
}

// -----

// concat rank (ours)
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %a : (tensor<2xf32>) -> tensor<2x1xf32>
  return
}

// -----

// concat element type (ours)
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %a : (tensor<2xf32>) -> tensor<2xi32>
  return
}

// -----

// concat dim (ours)
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(1) %a : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// concat other dim (ours)
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

// concat result size (ours)
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<5xf32>'does not match inferred shape 'tensor<4xf32>' static sizes}}
  %0 = tensor.concat dim(0) %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  return
}

// -----

// concat dim attribute (ours)
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.concat' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "tensor.concat"(%a) {dim = 0 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// insert_slice offsets count
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2x2xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.insert_slice %s into %a[0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  return
}

// -----

// insert_slice strides count
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2x2xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.insert_slice %s into %a[0, 0] [2, 2] [1] : tensor<2x2xf32> into tensor<4x4xf32>
  return
}

// -----

// insert_slice dest rank
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2xf32>) {
  // expected-error@+1 {{expected 2 offset values}}
  %0 = tensor.insert_slice %s into %a[0] [2] [1] : tensor<2xf32> into tensor<4x4xf32>
  return
}

// -----

// insert_slice dynamic count
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2x2xf32>) {
  // expected-error@+1 {{expected 1 dynamic offset values}}
  %0 = "tensor.insert_slice"(%s, %a) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<2x2xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

// insert_slice size mismatch
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2x3xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<2x2xf32>' or a rank-reduced version. (size mismatch) }}
  %0 = tensor.insert_slice %s into %a[0, 0] [2, 2] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
  return
}

// -----

// insert_slice element type
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2x2xi32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.insert_slice %s into %a[0, 0] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<4x4xf32>
  return
}

// -----

// insert_slice source rank
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2x2x1xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank. }}
  %0 = tensor.insert_slice %s into %a[0, 0] [2, 2] [1, 1] : tensor<2x2x1xf32> into tensor<4x4xf32>
  return
}

// -----

// insert_slice result type
func.func @f(%a: tensor<4x4xf32>, %s: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.insert_slice' op failed to verify that expected result type to match dest type}}
  %0 = "tensor.insert_slice"(%s, %a) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<2x2xf32>, tensor<4x4xf32>) -> tensor<4x5xf32>
  return
}
