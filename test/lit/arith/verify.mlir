// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of the arith dialect, with
// mlir-opt-16's messages (the table of dialect/arith/errors_test.go).

// constant unsigned
func.func @f() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : ui32
  return
}

// -----

// constant signed generic
func.func @f() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() {value = 1 : si32} : () -> si32
  return
}

// -----

// constant type mismatch
func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}

// -----

// constant missing value
func.func @f() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i64
  return
}

// -----

// constant untyped value
func.func @f() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = i32} : () -> none
  return
}

// -----

// constant dense array value
func.func @f() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = array<i64: 1>} : () -> none
  return
}

// -----

// constant string value
func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = "s"} : () -> i64
  return
}

// -----

// constant string of type none
func.func @f() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "arith.constant"() {value = "s"} : () -> none
  return
}

// -----

// constant two results
func.func @f() {
  // expected-error@+1 {{'arith.constant' op requires one result}}
  %0:2 = "arith.constant"() {value = 1 : i32} : () -> (i32, i32)
  return
}

// -----

// constant operand
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.constant' op requires zero operands}}
  %0 = "arith.constant"(%a) {value = 1 : i32} : (i32) -> i32
  return
}

// -----

// addi float operand
func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

// muli unsigned operand
func.func @f(%a: ui64) {
  // expected-error@+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'ui64'}}
  %0 = arith.muli %a, %a : ui64
  return
}

// -----

// subi mixed operands
func.func @f(%a: i64, %b: i32) {
  // expected-error@+1 {{'arith.subi' op requires the same type for all operands and results}}
  %0 = "arith.subi"(%a, %b) : (i64, i32) -> i64
  return
}

// -----

// divsi result type
func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.divsi' op requires the same type for all operands and results}}
  %0 = "arith.divsi"(%a, %a) : (i64, i64) -> i32
  return
}

// -----

// addi one operand
func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i64) -> i64
  return
}

// -----

// addf integer operand
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

// mulf tensor shapes
func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'arith.mulf' op requires the same type for all operands and results}}
  %0 = "arith.mulf"(%a, %b) {fastmath = #arith.fastmath<none>} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

// addf bad fastmath
func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%a, %a) {fastmath = 1 : i32} : (f32, f32) -> f32
  return
}

// -----

// extsi narrowing
func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  return
}

// -----

// extui same width
func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.extui' op operand type 'i64' and result type 'i64' are cast incompatible}}
  %0 = arith.extui %a : i64 to i64
  return
}

// -----

// trunci widening
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

// extsi index operand
func.func @f(%a: index) {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %a : index to i64
  return
}

// -----

// extsi shape
func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : tensor<2xi32> to tensor<3xi64>
  return
}

// -----

// extsi tensor to scalar
func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : tensor<2xi32> to i64
  return
}

// -----

// extsi ranked to unranked
func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.extsi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.extsi %a : tensor<2xi32> to tensor<*xi64>
  return
}

// -----

// index_cast same type
func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i64' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i64 to i64
  return
}

// -----

// index_cast index to index
func.func @f(%a: index) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_cast %a : index to index
  return
}

// -----

// index_cast float
func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %a : f32 to index
  return
}

// -----

// index_cast float result
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %a : i32 to f32
  return
}

// -----

// index_castui integers
func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.index_castui' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.index_castui %a : i64 to i32
  return
}

// -----

// sitofp float operand
func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %a : f32 to f64
  return
}

// -----

// sitofp integer result
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %0 = arith.sitofp %a : i32 to i64
  return
}

// -----

// fptosi integer operand
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.fptosi %a : i32 to i64
  return
}

// -----

// bitcast width
func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i64' and result type 'f32' are cast incompatible}}
  %0 = arith.bitcast %a : i64 to f32
  return
}

// -----

// bitcast index
func.func @f(%a: index) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'index' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %a : index to i64
  return
}

// -----

// bitcast tensor width
func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'tensor<2xi32>' and result type 'tensor<2xf64>' are cast incompatible}}
  %0 = arith.bitcast %a : tensor<2xi32> to tensor<2xf64>
  return
}

// -----

// bitcast unsigned
func.func @f(%a: ui32) {
  // expected-error@+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'ui32'}}
  %0 = arith.bitcast %a : ui32 to f32
  return
}

// -----

// cmpi unknown predicate
func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

// cmpi float operands
func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi slt, %a, %a : f32
  return
}

// -----

// cmpi predicate out of range
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 12 : i64} : (i32, i32) -> i1
  return
}

// -----

// cmpi predicate i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1 : i32} : (i32, i32) -> i1
  return
}

// -----

// cmpi predicate string
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = "slt"} : (i32, i32) -> i1
  return
}

// -----

// cmpi missing predicate
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

// cmpi result not bool
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32
  return
}

// -----

// cmpi result shape
func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (tensor<2xi32>, tensor<2xi32>) -> i1
  return
}

// -----

// cmpi mixed operands
func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 1 : i64} : (i32, i64) -> i1
  return
}

// -----

// select integer condition
func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

// select value types
func.func @f(%c: i1, %a: i32, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

// select condition shape
func.func @f(%c: tensor<3xi1>, %a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.select %c, %a, %a : tensor<3xi1>, tensor<2xi32>
  return
}

// -----

// select tensor condition scalar values
func.func @f(%c: tensor<2xi1>, %a: i32) {
  // expected-error@+1 {{'arith.select' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = arith.select %c, %a, %a : tensor<2xi1>, i32
  return
}

// -----

// select condition dynamic shape
func.func @f(%c: tensor<?xi1>, %a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<2xi1>', but got 'tensor<?xi1>'}}
  %0 = arith.select %c, %a, %a : tensor<?xi1>, tensor<2xi32>
  return
}

// -----

// extf must widen
func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

// truncf must narrow (f16 and bf16 have one width)
func.func @f(%a: f16) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f16' and result type 'bf16' are cast incompatible}}
  %0 = arith.truncf %a : f16 to bf16
  return
}
