// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative test per verifier rule of the FX importer's gather and
// shape ops, located at the op, with torch's reason.

func.func @embedding_weight_rank(%w: !torch.vtensor<[3],f32>, %i: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.embedding' op weight must be 2-D ('weight' must be 2-D), got rank 1}}
  %0 = torch.aten.embedding %w, %i, %int-1, %false, %false : !torch.vtensor<[3],f32>, !torch.vtensor<[2],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

func.func @embedding_float_indices(%w: !torch.vtensor<[3,2],f32>, %i: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2,2],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  // expected-error@+1 {{indices must have dtype si64 or si32}}
  %0 = torch.aten.embedding %w, %i, %int-1, %false, %false : !torch.vtensor<[3,2],f32>, !torch.vtensor<[2],f32>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

func.func @embedding_result(%w: !torch.vtensor<[3,2],f32>, %i: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4,3],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  // expected-error@+1 {{result sizes [4,3] do not match the sizes [4,2] the op computes}}
  %0 = torch.aten.embedding %w, %i, %int-1, %false, %false : !torch.vtensor<[3,2],f32>, !torch.vtensor<[4],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @select_index_out_of_range(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3],f32> {
  %int1 = torch.constant.int 1
  %int-5 = torch.constant.int -5
  // expected-error@+1 {{index -5 is out of range for dimension 1 with size 4}}
  %0 = torch.aten.select.int %x, %int1, %int-5 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @select_dim(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  // expected-error@+1 {{dim 2 is out of range for a tensor of rank 2}}
  %0 = torch.aten.select.int %x, %int2, %int0 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @flip_duplicate_dims(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %int-2 = torch.constant.int -2
  %d = torch.prim.ListConstruct %int0, %int-2 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{dims has duplicates: dim 0 appears more than once}}
  %0 = torch.aten.flip %x, %d : !torch.vtensor<[3,4],f32>, !torch.list<int> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

func.func @expand_mismatch(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,4],f32> {
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int2, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  // expected-error@+1 {{the expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1}}
  %0 = torch.aten.expand %x, %l, %false : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

func.func @view_count(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4],f32> {
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{shape '[4]' is invalid for input of size 6}}
  %0 = torch.aten.view %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

func.func @reshape_two_inferred(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[?,?],f32> {
  %int-1 = torch.constant.int -1
  %l = torch.prim.ListConstruct %int-1, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{only one dimension can be inferred}}
  %0 = torch.aten.reshape %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

func.func @unsqueeze_dim(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3,1],f32> {
  %int3 = torch.constant.int 4
  // expected-error@+1 {{dim 4 is out of range for unsqueeze of a tensor of rank 2 (expected to be in range of [-3, 2])}}
  %0 = torch.aten.unsqueeze %x, %int3 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3,1],f32>
  return %0 : !torch.vtensor<[2,3,1],f32>
}

// -----

func.func @prims_squeeze_not_one(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %l = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{dim 0 has size 2; prims.squeeze removes only dims of size 1}}
  %0 = torch.prims.squeeze %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @squeeze_dim_result(%x: !torch.vtensor<[2,1],f32>) -> !torch.vtensor<[2,1],f32> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{result sizes [2,1] do not match the sizes [2] the op computes}}
  %0 = torch.aten.squeeze.dim %x, %int1 : !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
  return %0 : !torch.vtensor<[2,1],f32>
}

// -----

func.func @permute_repeated(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,2],f32> {
  %int0 = torch.constant.int 0
  %l = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{repeated dim 0 in permute}}
  %0 = torch.aten.permute %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

func.func @clone_dtype(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],si64> {
  %none = torch.constant.none
  // expected-error@+1 {{result dtype si64 must equal the dtype of self, f32}}
  %0 = torch.aten.clone %x, %none : !torch.vtensor<[2],f32>, !torch.none -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// -----

func.func @str_not_a_string() {
  // expected-error@+1 {{'torch.constant.str' op attribute 'value' failed to satisfy constraint: string attribute}}
  %s = "torch.constant.str"() {value = 3 : i64} : () -> !torch.str
  return
}
