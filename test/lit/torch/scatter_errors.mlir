// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// The torch scatters the conversion refuses, with the reason, and the
// verifier rules of the new ops.

func.func @reduce_not_constant(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[2,3],f32>, %r: !torch.str) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.scatter.reduce' that was explicitly marked illegal}}
  // expected-note@+1 {{operand #4 is not a compile-time constant (torch.constant.str)}}
  %0 = torch.aten.scatter.reduce %x, %int0, %i, %u, %r : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @index_put_separated(%x: !torch.vtensor<[3,4,5],f32>, %i: !torch.vtensor<[2],si64>, %k: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4,5],f32> {
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %i, %none, %k : (!torch.vtensor<[2],si64>, !torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_put' that was explicitly marked illegal}}
  // expected-note@+1 {{index tensors separated by None entries (torch moves their broadcast dims to the front) are not supported}}
  %1 = torch.aten.index_put %x, %0, %v, %false : !torch.vtensor<[3,4,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,4],f32>, !torch.bool -> !torch.vtensor<[3,4,5],f32>
  return %1 : !torch.vtensor<[3,4,5],f32>
}

// -----

func.func @index_dtype(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si32>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.scatter_add' op index must have dtype si64 (scatter(): Expected dtype int64 for index), got si32}}
  %0 = torch.aten.scatter_add %x, %int0, %i, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @index_larger_than_src(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.scatter.src' op index size 2 at dimension 0 must not exceed the size of src, 1}}
  %0 = torch.aten.scatter.src %x, %int0, %i, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[1,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @bad_reduce(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "max"
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.scatter_reduce.two' op reduce "max" is not one of sum, prod, mean, amax, amin}}
  %0 = torch.aten.scatter_reduce.two %x, %int0, %i, %u, %str, %true : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @dim_range(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int2 = torch.constant.int 2
  // expected-error@+1 {{'torch.aten.scatter.src' op dim 2 is out of range for a tensor of rank 2 (expected to be in range of [-2, 1])}}
  %0 = torch.aten.scatter.src %x, %int2, %i, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @index_put_dtype(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[3],si64>, %v: !torch.vtensor<[3,3],si32>) -> !torch.vtensor<[4,3],f32> {
  %0 = torch.prim.ListConstruct %i : (!torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.index_put' op values must have the dtype of self (f32), got si32}}
  %1 = torch.aten.index_put %x, %0, %v, %true : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],si32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %1 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @expand_rank(%x: !torch.vtensor<[],f32>) -> !torch.vtensor<[3],f32> {
  %int3 = torch.constant.int 3
  %0 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.expand' op result sizes [3] do not match the sizes [3,3] the op computes}}
  %1 = torch.aten.expand %x, %0, %false : !torch.vtensor<[],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3],f32>
  return %1 : !torch.vtensor<[3],f32>
}
