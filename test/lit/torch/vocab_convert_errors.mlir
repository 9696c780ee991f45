// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// What --convert-torch-to-tcp refuses of the FX importer's gather and shape
// ops: the op fails to legalize, and the note says why.

func.func @select_index_not_constant(%x: !torch.vtensor<[3,4],f32>, %i: !torch.int) -> !torch.vtensor<[4],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.select.int' that was explicitly marked illegal}}
  // expected-note@+1 {{operand #2 (index) is not a compile-time constant (torch.constant.int)}}
  %0 = torch.aten.select.int %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

func.func @flip_dims_not_constant(%x: !torch.vtensor<[3,4],f32>, %d: !torch.int) -> !torch.vtensor<[3,4],f32> {
  %l = torch.prim.ListConstruct %d : (!torch.int) -> !torch.list<int>
  // expected-error@+2 {{failed to legalize operation 'torch.aten.flip'}}
  // expected-note@+1 {{its dims or sizes are not compile-time constants (torch.constant.int, torch.prim.ListConstruct of them)}}
  %0 = torch.aten.flip %x, %l : !torch.vtensor<[3,4],f32>, !torch.list<int> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

func.func @remainder_by_zero(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.remainder.Scalar'}}
  // expected-note@+1 {{operand #1 (other) is 0 (torch raises ZeroDivisionError)}}
  %0 = torch.aten.remainder.Scalar %x, %int0 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

func.func @remainder_float(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %int2 = torch.constant.int 2
  // expected-error@+2 {{failed to legalize operation 'torch.aten.remainder.Scalar'}}
  // expected-note@+1 {{only integer tensors modulo an integer are supported, got f32 % !torch.int}}
  %0 = torch.aten.remainder.Scalar %x, %int2 : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @expand_dynamic(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int4 = torch.constant.int 4
  %int-1 = torch.constant.int -1
  %l = torch.prim.ListConstruct %int4, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.expand'}}
  // expected-note@+1 {{dim 0 of self is dynamic and expanded to the static size 4 (it must be 1 or 4 at run time)}}
  %0 = torch.aten.expand %x, %l, %false : !torch.vtensor<[?,3],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @view_dynamic(%x: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[?,4],f32> {
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int-1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+2 {{failed to legalize operation 'torch.aten.view'}}
  // expected-note@+1 {{reshaping [?,6] to [?,4] needs static sizes unless it only inserts or removes unit dims or merges or splits adjacent dims}}
  %0 = torch.aten.view %x, %l : !torch.vtensor<[?,6],f32>, !torch.list<int> -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}
