// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of func.func, func.return and
// func.call, with mlir-opt-16's messages.

func.func @ret_count(%a: i64) -> (i64, i64) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@ret_count) returns 2}}
  return %a : i64
}

// -----

func.func @ret_type(%a: i32) -> i64 {
  // expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @ret_type}}
  return %a : i32
}

// -----

func.func private @callee(i64) -> i64

func.func @call_unknown(%a: i64) -> i64 {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  %0 = call @nope(%a) : (i64) -> i64
  return %0 : i64
}

// -----

func.func private @callee(i64) -> i64

func.func @call_arity(%a: i64) -> i64 {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @callee(%a, %a) : (i64, i64) -> i64
  return %0 : i64
}

// -----

func.func private @callee(i64) -> i64

func.func @call_type(%a: i32) -> i64 {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0}}
  %0 = call @callee(%a) : (i32) -> i64
  return %0 : i64
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_decl(i64) -> i64

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('i64')}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {function_type = (i64) -> (), sym_name = "entry_args"} : () -> ()

// -----

func.func @not_last(%a: i64) -> i64 {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return %a : i64
  %0 = arith.addi %a, %a : i64
}

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()
