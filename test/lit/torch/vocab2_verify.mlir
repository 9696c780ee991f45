// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// The verifier rules of split_with_sizes and size.int.

func.func @split_bad_sum(%x: !torch.vtensor<[2,4],f32>) -> !torch.list<vtensor> {
  %int1 = torch.constant.int 1
  %sizes = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.split_with_sizes' op split sizes add up to 2, but dim 1 has size 4}}
  %s = torch.aten.split_with_sizes %x, %sizes, %int1 : !torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  return %s : !torch.list<vtensor>
}

// -----

func.func @size_dim_range(%x: !torch.vtensor<[2,4],f32>) -> !torch.int {
  %int2 = torch.constant.int 2
  // expected-error@+1 {{'torch.aten.size.int' op dim 2 is out of range for a tensor of rank 2}}
  %n = torch.aten.size.int %x, %int2 : !torch.vtensor<[2,4],f32>, !torch.int -> !torch.int
  return %n : !torch.int
}

// -----

func.func @cat_dtypes(%a: !torch.vtensor<[2],f32>, %b: !torch.vtensor<[2],si64>) -> !torch.vtensor<[4],f32> {
  %int0 = torch.constant.int 0
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.aten.cat' op list elements must have one dtype, got f32 and si64}}
  %0 = torch.aten.cat %l, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

func.func @cat_sizes(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,2],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,2],f32>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.aten.cat' op sizes of tensors must match except in dimension 0: tensor #1 has size 2 at dim 1, expected 3}}
  %0 = torch.aten.cat %l, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @assert_dtype(%x: !torch.vtensor<[3],f32>) {
  %none = torch.constant.none
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %cpu = torch.constant.device "cpu"
  // expected-error@+1 {{'torch.aten._assert_tensor_metadata' op dtype 3 does not name a's dtype f32}}
  torch.aten._assert_tensor_metadata %x, %none, %none, %int3, %cpu, %int0 : !torch.vtensor<[3],f32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int
  return
}

// -----

func.func @convert_code(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %int9 = torch.constant.int 9
  // expected-error@+1 {{'torch.prims.convert_element_type' op dtype 9 is not a supported ScalarType code (0-7, 11, 15)}}
  %0 = torch.prims.convert_element_type %x, %int9 : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
