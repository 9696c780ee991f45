// RUN: tcp-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// One negative test per verifier rule of the torch types and ops (and the
// type syntax errors, located at the offending character).
// vtensor: a size is non-negative or ?
func.func @t0() {
  // expected-error@+1 {{expected a non-negative size or '?', got -2}}
  %0 = "x.y"() : () -> !torch.vtensor<[3,-2],f32>
  return
}

// -----

// vtensor: the dtype is a torch dtype
func.func @t1() {
  // expected-error@+1 {{invalid dtype for !torch.vtensor: expected i1, si8, si16, si32, si64, ui8, f16, bf16, f32, f64 or unk, got i64}}
  %0 = "x.y"() : () -> !torch.vtensor<[3],i64>
  return
}

// -----

// vtensor: sizes start with [ or *
func.func @t2() {
  // expected-error@+1 {{expected '[' or '*' to start the sizes of !torch.vtensor}}
  %0 = "x.y"() : () -> !torch.vtensor<3,f32>
  return
}

// -----

// list: nothing after the element type
func.func @t3() {
  // expected-error@+1 {{expected '>'}}
  %0 = "x.y"() : () -> !torch.list<int x>
  return
}

// -----

// int: no parameters
func.func @t4() {
  // expected-error@+1 {{unexpected '<' after the parameters of !torch.int}}
  %0 = "x.y"() : () -> !torch.int<1>
  return
}

// -----

// ListConstruct: operands have the element type
func.func @v0(%a: !torch.vtensor<[2],si64>, %b: !torch.int) {
  // expected-error@+1 {{'torch.prim.ListConstruct' op operand #1 has type !torch.int, but the list holds !torch.vtensor}}
  %0 = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2],si64>, !torch.int) -> !torch.list<vtensor>
  return
}

// -----

// index_select rule 1: index dtype
func.func @v1(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],f32>) {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.index_select' op index must have dtype si64 or si32, got f32}}
  %0 = torch.aten.index_select %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],f32> -> !torch.vtensor<[2,4],f32>
  return
}

// -----

// index_select rule 2: index rank
func.func @v2(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,2],si64>) {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.index_select' op index must have rank 0 or 1 (index_select(): Index is supposed to be a vector), got rank 2}}
  %0 = torch.aten.index_select %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,2],si64> -> !torch.vtensor<[4,4],f32>
  return
}

// -----

// index_select rule 3: dim in range
func.func @v3(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],si64>) {
  %int2 = torch.constant.int 2
  // expected-error@+1 {{'torch.aten.index_select' op dim 2 is out of range for a tensor of rank 2 (expected to be in range of [-2, 1])}}
  %0 = torch.aten.index_select %x, %int2, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[3,2],f32>
  return
}

// -----

// index_select rule 4: result dtype
func.func @v4(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],si64>) {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.index_select' op result dtype f64 must equal the dtype of self, f32}}
  %0 = torch.aten.index_select %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f64>
  return
}

// -----

// index_select rule 4: result rank
func.func @v5(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],si64>) {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.index_select' op result must have the rank of self (2), got 1}}
  %0 = torch.aten.index_select %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2],f32>
  return
}

// -----

// index_select rule 4: result sizes
func.func @v6(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],si64>) {
  %int-2 = torch.constant.int -2
  // expected-error@+1 {{'torch.aten.index_select' op result size 3 at dim 0 does not match the expected size 2}}
  %0 = torch.aten.index_select %x, %int-2, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[3,4],f32>
  return
}

// -----

// gather rule 1: index dtype
func.func @v7(%x: !torch.vtensor<[2,2],f32>, %i: !torch.vtensor<[2,2],si32>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.gather' op index must have dtype si64 (gather(): Expected dtype int64 for index), got si32}}
  %0 = torch.aten.gather %x, %int0, %i, %false : !torch.vtensor<[2,2],f32>, !torch.int, !torch.vtensor<[2,2],si32>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return
}

// -----

// gather rule 2: ranks
func.func @v8(%x: !torch.vtensor<[2,2],f32>, %i: !torch.vtensor<[2],si64>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.gather' op index must have the rank of self (2), got 1}}
  %0 = torch.aten.gather %x, %int0, %i, %false : !torch.vtensor<[2,2],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.bool -> !torch.vtensor<[2],f32>
  return
}

// -----

// gather rule 3: dim in range
func.func @v9(%x: !torch.vtensor<[2,2],f32>, %i: !torch.vtensor<[2,2],si64>) {
  %int-3 = torch.constant.int -3
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.gather' op dim -3 is out of range for a tensor of rank 2 (expected to be in range of [-2, 1])}}
  %0 = torch.aten.gather %x, %int-3, %i, %false : !torch.vtensor<[2,2],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return
}

// -----

// gather rule 4: index not larger than self
func.func @v10(%x: !torch.vtensor<[2,2],f32>, %i: !torch.vtensor<[2,3],si64>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.gather' op index size 3 at dimension 1 must not exceed the size of self, 2}}
  %0 = torch.aten.gather %x, %int0, %i, %false : !torch.vtensor<[2,2],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.bool -> !torch.vtensor<[2,3],f32>
  return
}

// -----

// gather rule 5: result shape
func.func @v11(%x: !torch.vtensor<[2,2],f32>, %i: !torch.vtensor<[2,1],si64>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.gather' op result sizes [2,2] must equal the index sizes [2,1]}}
  %0 = torch.aten.gather %x, %int0, %i, %false : !torch.vtensor<[2,2],f32>, !torch.int, !torch.vtensor<[2,1],si64>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return
}

// -----

// slice rule 1: dim in range
func.func @v12(%x: !torch.vtensor<[4],f32>) {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.slice.Tensor' op dim 1 is out of range for a tensor of rank 1 (expected to be in range of [-1, 0])}}
  %0 = torch.aten.slice.Tensor %x, %int1, %int1, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[0],f32>
  return
}

// -----

// slice rule 2: positive step
func.func @v13(%x: !torch.vtensor<[4],f32>) {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.slice.Tensor' op step must be positive (slice step must be positive), got 0}}
  %0 = torch.aten.slice.Tensor %x, %int0, %int0, %int0, %int0 : !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[0],f32>
  return
}

// -----

// slice rule 3: other sizes
func.func @v14(%x: !torch.vtensor<[4,5],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.slice.Tensor' op result size 4 at dim 1 must equal the size of self, 5}}
  %0 = torch.aten.slice.Tensor %x, %int0, %int0, %int1, %int1 : !torch.vtensor<[4,5],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,4],f32>
  return
}

// -----

// slice rule 3: rank
func.func @v15(%x: !torch.vtensor<[4,5],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.slice.Tensor' op result must have the rank of self (2), got 1}}
  %0 = torch.aten.slice.Tensor %x, %int0, %int0, %int1, %int1 : !torch.vtensor<[4,5],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1],f32>
  return
}

// -----

// index.Tensor_hacked_twin rule 2: at most rank(self) indices
func.func @v16(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[2],si64>) {
  %l = torch.prim.ListConstruct %i, %i : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.aten.index.Tensor_hacked_twin' op too many indices for a tensor of rank 1: 2}}
  %0 = torch.aten.index.Tensor_hacked_twin %x, %l : !torch.vtensor<[4],f32>, !torch.list<vtensor> -> !torch.vtensor<[2],f32>
  return
}

// -----

// index.Tensor_hacked_twin rule 2: index dtype
func.func @v17(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[2],i1>) {
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[2],i1>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.aten.index.Tensor_hacked_twin' op index #0 must have dtype si64 or si32 (tensors used as indices must be long or int), got i1}}
  %0 = torch.aten.index.Tensor_hacked_twin %x, %l : !torch.vtensor<[4],f32>, !torch.list<vtensor> -> !torch.vtensor<[?],f32>
  return
}

// -----

// index.Tensor_hacked_twin rule 3: result dtype
func.func @v18(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[2],si64>) {
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.aten.index.Tensor_hacked_twin' op result dtype si64 must equal the dtype of self, f32}}
  %0 = torch.aten.index.Tensor_hacked_twin %x, %l : !torch.vtensor<[4],f32>, !torch.list<vtensor> -> !torch.vtensor<[2],si64>
  return
}

// -----

// to_builtin_tensor rule 1: known dtype
func.func @v19(%x: !torch.vtensor<[4],unk>) {
  // expected-error@+1 {{'torch_c.to_builtin_tensor' op operand !torch.vtensor<[4],unk> must have a known dtype}}
  %0 = torch_c.to_builtin_tensor %x : !torch.vtensor<[4],unk> -> tensor<4xf32>
  return
}

// -----

// to_builtin_tensor rule 2: result type
func.func @v20(%x: !torch.vtensor<[4],si64>) {
  // expected-error@+1 {{'torch_c.to_builtin_tensor' op result type must be tensor<4xi64> (the builtin tensor type of !torch.vtensor<[4],si64>), got tensor<4xsi64>}}
  %0 = torch_c.to_builtin_tensor %x : !torch.vtensor<[4],si64> -> tensor<4xsi64>
  return
}

// -----

// from_builtin_tensor rule 1: operand type
func.func @v21(%x: tensor<4xi64>) {
  // expected-error@+1 {{'torch_c.from_builtin_tensor' op operand type must be tensor<3xi64> (the builtin tensor type of !torch.vtensor<[3],si64>), got tensor<4xi64>}}
  %0 = torch_c.from_builtin_tensor %x : tensor<4xi64> -> !torch.vtensor<[3],si64>
  return
}

// -----

// from_builtin_tensor rule 1: known dtype
func.func @v22(%x: tensor<4xi64>) {
  // expected-error@+1 {{'torch_c.from_builtin_tensor' op result !torch.vtensor<[4],unk> must have a known dtype}}
  %0 = torch_c.from_builtin_tensor %x : tensor<4xi64> -> !torch.vtensor<[4],unk>
  return
}

// -----

// vtensor.literal rule 1: value has the result's tensor type
func.func @lit() {
  // expected-error@+1 {{'torch.vtensor.literal' op value type tensor<2xi64> must be the tensor type of the result !torch.vtensor<[2],si64>}}
  %0 = torch.vtensor.literal(dense<[1, 2]> : tensor<2xi64>) : !torch.vtensor<[2],si64>
  return
}

// -----

// index.Tensor_hacked_twin rule 4: result sizes
func.func @index_result(%x: !torch.vtensor<[4,5],f32>, %i: !torch.vtensor<[2,1],si64>, %j: !torch.vtensor<[3],si64>) {
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[2,1],si64>, !torch.vtensor<[3],si64>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.aten.index.Tensor_hacked_twin' op result sizes [2,3,5] do not match the indexed sizes [2,3]}}
  %0 = torch.aten.index.Tensor_hacked_twin %x, %l : !torch.vtensor<[4,5],f32>, !torch.list<vtensor> -> !torch.vtensor<[2,3,5],f32>
  return
}

// -----

// index.Tensor_hacked_twin rule 4: the indices broadcast
func.func @index_broadcast(%x: !torch.vtensor<[4,5],f32>, %i: !torch.vtensor<[2],si64>, %j: !torch.vtensor<[3],si64>) {
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[2],si64>, !torch.vtensor<[3],si64>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.aten.index.Tensor_hacked_twin' op the index tensors do not broadcast together}}
  %0 = torch.aten.index.Tensor_hacked_twin %x, %l : !torch.vtensor<[4,5],f32>, !torch.list<vtensor> -> !torch.vtensor<[?],f32>
  return
}

// -----

// index.Tensor rule 2: None entries count against the rank
func.func @v_index_none_rank(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[2],si64>) {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %i : (!torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  // expected-error@+1 {{'torch.aten.index.Tensor' op too many indices for a tensor of rank 1: 2}}
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2],f32>
  return
}

// -----

// index.Tensor rule 4: a leading None keeps its dim in front of the index sizes
func.func @v_index_none_sizes(%x: !torch.vtensor<[4,5],f32>, %i: !torch.vtensor<[3],si64>) {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %i : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  // expected-error@+1 {{'torch.aten.index.Tensor' op result sizes [3,5] do not match the indexed sizes [4,3]}}
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[4,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3,5],f32>
  return
}

// -----

// ListConstruct rule 2: a list<optional<vtensor>> holds tensors and Nones only
func.func @v_optional_list(%n: !torch.int) {
  // expected-error@+1 {{'torch.prim.ListConstruct' op operand #0 has type !torch.int, but the list holds !torch.optional<vtensor>}}
  %l = torch.prim.ListConstruct %n : (!torch.int) -> !torch.list<optional<vtensor>>
  return
}
