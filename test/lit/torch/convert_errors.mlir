// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics
// RUN: not tcp-opt %s --convert-frontends-to-tcp -split-input-file 2>&1 | FileCheck %s --check-prefix=FRONTENDS

// One negative test per case the torch-to-tcp rewrites cannot convert:
// the op fails to legalize, and the note says why, naming the operand.

func.func @dim_not_constant(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],si64>, %dim: !torch.int) -> !torch.vtensor<[?,?],f32> {
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_select' that was explicitly marked illegal}}
  // expected-note@+1 {{'torch.aten.index_select' op operand #1 (dim) is not a compile-time constant (torch.constant.int)}}
  %0 = torch.aten.index_select %arg0, %dim, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}
// FRONTENDS: error: failed to legalize operation 'torch.aten.index_select' that was explicitly marked illegal
// FRONTENDS: note: 'torch.aten.index_select' op operand #1 (dim) is not a compile-time constant (torch.constant.int)

// -----

func.func @unknown_sizes(%arg0: !torch.vtensor<*,f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<*,f32> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_select'}}
  // expected-note@+1 {{operand #0 (self) needs known sizes and dtype, got !torch.vtensor<*,f32>}}
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<*,f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<*,f32>
  return %0 : !torch.vtensor<*,f32>
}

// -----

func.func @unknown_index_dtype(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],unk>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_select'}}
  // expected-note@+1 {{operand #2 (index) needs known sizes and dtype, got !torch.vtensor<[2],unk>}}
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],unk> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

func.func @result_dtype_unknown(%arg0: !torch.vtensor<[3,4],unk>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],unk> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_select'}}
  // expected-note@+1 {{operand #0 (self) needs known sizes and dtype, got !torch.vtensor<[3,4],unk>}}
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],unk>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],unk>
  return %0 : !torch.vtensor<[2,4],unk>
}

// -----

func.func @index_select_0d_self(%arg0: !torch.vtensor<[],f32>, %arg1: !torch.vtensor<[1],si64>) -> !torch.vtensor<[],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index_select'}}
  // expected-note@+1 {{operand #0 (self) must have rank >= 1, got 0}}
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[],f32>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

func.func @gather_dim_not_constant(%arg0: !torch.vtensor<[2,2],f32>, %arg1: !torch.vtensor<[2,2],si64>, %dim: !torch.int) -> !torch.vtensor<[2,2],f32> {
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.gather'}}
  // expected-note@+1 {{operand #1 (dim) is not a compile-time constant (torch.constant.int)}}
  %0 = torch.aten.gather %arg0, %dim, %arg1, %false : !torch.vtensor<[2,2],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

func.func @slice_start_not_constant(%arg0: !torch.vtensor<[4],f32>, %start: !torch.int) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  // expected-error@+2 {{failed to legalize operation 'torch.aten.slice.Tensor'}}
  // expected-note@+1 {{operand #2 (start) is not a compile-time constant (torch.constant.int)}}
  %0 = torch.aten.slice.Tensor %arg0, %int0, %start, %none, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

func.func @slice_step_not_constant(%arg0: !torch.vtensor<[4],f32>, %step: !torch.int) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  // expected-error@+2 {{failed to legalize operation 'torch.aten.slice.Tensor'}}
  // expected-note@+1 {{operand #4 (step) is not a compile-time constant (torch.constant.int)}}
  %0 = torch.aten.slice.Tensor %arg0, %int0, %none, %none, %step : !torch.vtensor<[4],f32>, !torch.int, !torch.none, !torch.none, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

func.func @index_tensor_not_list_construct(%arg0: !torch.vtensor<[3],f32>, %l: !torch.list<vtensor>) -> !torch.vtensor<[?],f32> {
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index.Tensor_hacked_twin'}}
  // expected-note@+1 {{operand #1 (indices) must come from torch.prim.ListConstruct}}
  %0 = torch.aten.index.Tensor_hacked_twin %arg0, %l : !torch.vtensor<[3],f32>, !torch.list<vtensor> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// Two index tensors with dynamic sizes at one broadcast dim: which one
// broadcasts (a size of 1 at run time) is unknown at compile time.
func.func @index_tensor_two_dynamic(%arg0: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[?],si64>, %j: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?],f32> {
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>) -> !torch.list<vtensor>
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index.Tensor_hacked_twin'}}
  // expected-note@+1 {{index tensors #0 and #1 both have a dynamic size at broadcast dim 0; which one broadcasts is only known at run time}}
  %0 = torch.aten.index.Tensor_hacked_twin %arg0, %l : !torch.vtensor<[3,4],f32>, !torch.list<vtensor> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

func.func @index_tensor_unknown_dtype(%arg0: !torch.vtensor<[3,3],f32>, %i: !torch.vtensor<[2],si64>, %j: !torch.vtensor<[2],unk>) -> !torch.vtensor<[2],f32> {
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],unk>) -> !torch.list<vtensor>
  // expected-error@+2 {{failed to legalize operation 'torch.aten.index.Tensor_hacked_twin'}}
  // expected-note@+1 {{index tensor #1 needs known sizes and dtype, got !torch.vtensor<[2],unk>}}
  %0 = torch.aten.index.Tensor_hacked_twin %arg0, %l : !torch.vtensor<[3,3],f32>, !torch.list<vtensor> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
