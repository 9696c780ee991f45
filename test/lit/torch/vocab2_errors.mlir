// RUN: tcp-run --print=mlir %s -e size_int | FileCheck %s --check-prefix=SIZE
// RUN: tcp-opt %s --convert-torch-to-tcp -split-input-file -verify-diagnostics

// x.size(-1) at run time: the interpreter runs it; an arange whose end is
// not a compile-time constant does not convert to tcp.
// SIZE: {{^}}dense<[2, 3]> : tensor<2xi64>{{$}}
func.func @size_int() -> !torch.vtensor<[2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi64>) : !torch.vtensor<[2,3],si64>
  %int1 = torch.constant.int 1
  %intm1 = torch.constant.int -1
  %n = torch.aten.size.int %x, %intm1 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.int
  %l = torch.prim.ListConstruct %int1, %n : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  // expected-error@+2 {{failed to legalize operation 'torch.aten.arange.start_step' that was explicitly marked illegal}}
  // expected-note@+1 {{start, end and step must be compile-time integer constants (torch.constant.int), step nonzero, at most 1048576 values}}
  %i = torch.aten.arange.start_step %int1, %n, %int1, %none, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[2],si64>
  %0 = torch.aten.index_select %x, %int1, %i : !torch.vtensor<[2,3],si64>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,2],si64>
  %1 = torch.aten.select.int %0, %int0, %int0 : !torch.vtensor<[2,2],si64>, !torch.int, !torch.int -> !torch.vtensor<[2],si64>
  return %1 : !torch.vtensor<[2],si64>
}

// -----

// A float range is not converted.
func.func @arange_float() -> !torch.vtensor<[2],f32> {
  %f0 = torch.constant.float 0.000000e+00
  %f1 = torch.constant.float 1.000000e+00
  %f2 = torch.constant.float 2.000000e+00
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.arange.start_step' that was explicitly marked illegal}}
  // expected-note@+1 {{start, end and step must be compile-time integer constants}}
  %0 = torch.aten.arange.start_step %f0, %f2, %f1, %none, %none, %cpu, %false : !torch.float, !torch.float, !torch.float, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// The split sizes must be compile-time constants.
func.func @split_dynamic_sizes(%x: !torch.vtensor<[2,4],f32>, %n: !torch.int) -> !torch.vtensor<[2,?],f32> {
  %int1 = torch.constant.int 1
  %sizes = torch.prim.ListConstruct %n, %n : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.aten.split_with_sizes %x, %sizes, %int1 : !torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  // expected-error@+2 {{failed to legalize operation 'torch.prim.ListUnpack' that was explicitly marked illegal}}
  // expected-note@+1 {{the split's sizes and dim must be compile-time constants and its self sizes known}}
  %p:2 = torch.prim.ListUnpack %s : !torch.list<vtensor> -> !torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>
  return %p#0 : !torch.vtensor<[2,?],f32>
}

// -----

// An expand to the size of another tensor's dynamic dim is not converted.
func.func @expand_other_size(%x: !torch.vtensor<[1,3],f32>, %y: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,3],f32> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %n = torch.aten.size.int %y, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %l = torch.prim.ListConstruct %n, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  // expected-error@+2 {{failed to legalize operation 'torch.aten.expand' that was explicitly marked illegal}}
  // expected-note@+1 {{its dims or sizes are not compile-time constants}}
  %0 = torch.aten.expand %x, %l, %false : !torch.vtensor<[1,3],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// The dim of a cat must be a compile-time constant.
func.func @cat_dim_dynamic(%a: !torch.vtensor<[2],f32>, %d: !torch.int) -> !torch.vtensor<[4],f32> {
  %l = torch.prim.ListConstruct %a, %a : (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) -> !torch.list<vtensor>
  // expected-error@+2 {{failed to legalize operation 'torch.aten.cat' that was explicitly marked illegal}}
  // expected-note@+1 {{operand #0 (tensors) must be a torch.prim.ListConstruct of tensors of known sizes and operand #1 (dim) a compile-time constant}}
  %0 = torch.aten.cat %l, %d : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Conversions to or from bool are not converted to tcp.
func.func @convert_bool(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],i1> {
  %int11 = torch.constant.int 11
  // expected-error@+2 {{failed to legalize operation 'torch.prims.convert_element_type' that was explicitly marked illegal}}
  // expected-note@+1 {{converting f32 to i1 is not supported (no conversions to or from bool)}}
  %0 = torch.prims.convert_element_type %x, %int11 : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}

// -----

// A size check on a dynamic dim cannot be decided from the type.
func.func @assert_dynamic_size(%x: !torch.vtensor<[?],f32>) {
  %int3 = torch.constant.int 3
  %l = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %none = torch.constant.none
  // expected-error@+2 {{failed to legalize operation 'torch.aten._assert_tensor_metadata' that was explicitly marked illegal}}
  // expected-note@+1 {{operand #1 (size) must be constant sizes equal to a's static sizes}}
  torch.aten._assert_tensor_metadata %x, %l, %none, %none, %none, %none : !torch.vtensor<[?],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none
  return
}
