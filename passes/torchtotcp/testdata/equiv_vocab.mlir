// The FX importer's gather and shape ops, compared before and after
// conversion on random inputs (vocab_test.go). Indices are drawn around
// zero, so many are negative or out of range.

func.func @embedding(%w: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[2,4],si64>) -> !torch.vtensor<[2,4,3],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %w, %i, %int-1, %false, %false : !torch.vtensor<[5,3],f32>, !torch.vtensor<[2,4],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,4,3],f32>
  return %0 : !torch.vtensor<[2,4,3],f32>
}

func.func @embedding_dynamic(%w: !torch.vtensor<[?,3],si32>, %i: !torch.vtensor<[?],si32>) -> !torch.vtensor<[?,3],si32> {
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %0 = torch.aten.embedding %w, %i, %int0, %true, %true : !torch.vtensor<[?,3],si32>, !torch.vtensor<[?],si32>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,3],si32>
  return %0 : !torch.vtensor<[?,3],si32>
}

func.func @select_dynamic(%x: !torch.vtensor<[?,4,?],f32>) -> !torch.vtensor<[4,?],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %0 = torch.aten.select.int %x, %int0, %int-1 : !torch.vtensor<[?,4,?],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,?],f32>
  return %0 : !torch.vtensor<[4,?],f32>
}

func.func @select_static(%x: !torch.vtensor<[3,4,2],si64>) -> !torch.vtensor<[3,2],si64> {
  %int1 = torch.constant.int 1
  %int-3 = torch.constant.int -3
  %0 = torch.aten.select.int %x, %int1, %int-3 : !torch.vtensor<[3,4,2],si64>, !torch.int, !torch.int -> !torch.vtensor<[3,2],si64>
  return %0 : !torch.vtensor<[3,2],si64>
}

func.func @flip_dynamic(%x: !torch.vtensor<[?,3,?],f32>) -> !torch.vtensor<[?,3,?],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %int1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %int-1, %int0, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.flip %x, %d : !torch.vtensor<[?,3,?],f32>, !torch.list<int> -> !torch.vtensor<[?,3,?],f32>
  return %0 : !torch.vtensor<[?,3,?],f32>
}

func.func @take_along_dim(%x: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[1,4],si64>) -> !torch.vtensor<[3,4],f32> {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %l = torch.prim.ListConstruct %int3, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %e = torch.aten.expand %i, %l, %false : !torch.vtensor<[1,4],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,4],si64>
  %r = torch.aten.remainder.Scalar %e, %int5 : !torch.vtensor<[3,4],si64>, !torch.int -> !torch.vtensor<[3,4],si64>
  %0 = torch.aten.gather %x, %int1, %r, %false : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,4],si64>, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

func.func @remainder_negative(%x: !torch.vtensor<[6],si32>) -> !torch.vtensor<[6],si32> {
  %int-4 = torch.constant.int -4
  %0 = torch.aten.remainder.Scalar %x, %int-4 : !torch.vtensor<[6],si32>, !torch.int -> !torch.vtensor<[6],si32>
  return %0 : !torch.vtensor<[6],si32>
}

func.func @plumbing(%x: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[5],si64>) -> !torch.vtensor<[5,1,2,3],f32> {
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %int5_ = torch.constant.int 5
  %p = torch.prim.ListConstruct %int2, %int0, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %t = torch.aten.permute %x, %p : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,2,3],f32>
  %c = torch.aten.contiguous %t, %int0 : !torch.vtensor<[4,2,3],f32>, !torch.int -> !torch.vtensor<[4,2,3],f32>
  %l = torch.prim.ListConstruct %int4, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %v = torch.aten.reshape %c, %l : !torch.vtensor<[4,2,3],f32>, !torch.list<int> -> !torch.vtensor<[4,6],f32>
  %il = torch.prim.ListConstruct %i : (!torch.vtensor<[5],si64>) -> !torch.list<optional<vtensor>>
  %g = torch.aten.index.Tensor %v, %il : !torch.vtensor<[4,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[5,6],f32>
  %u = torch.aten.unsqueeze %g, %int1 : !torch.vtensor<[5,6],f32>, !torch.int -> !torch.vtensor<[5,1,6],f32>
  %l2 = torch.prim.ListConstruct %int5_, %int1, %int2, %int-1 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %w = torch.aten.view %u, %l2 : !torch.vtensor<[5,1,6],f32>, !torch.list<int> -> !torch.vtensor<[5,1,2,3],f32>
  %k = torch.aten.clone %w, %none : !torch.vtensor<[5,1,2,3],f32>, !torch.none -> !torch.vtensor<[5,1,2,3],f32>
  return %k : !torch.vtensor<[5,1,2,3],f32>
}

func.func @roll_two_dims(%x: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int1 = torch.constant.int 1
  %int-7 = torch.constant.int -7
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %s = torch.prim.ListConstruct %int1, %int-7 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int0, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[4,3],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

func.func @roll_repeated_dim_dynamic_other(%x: !torch.vtensor<[?,5],si64>) -> !torch.vtensor<[?,5],si64> {
  %int2 = torch.constant.int 2
  %int9 = torch.constant.int 9
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int2, %int9 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[?,5],si64>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[?,5],si64>
  return %0 : !torch.vtensor<[?,5],si64>
}

func.func @roll_flat(%x: !torch.vtensor<[3,2,2],f32>) -> !torch.vtensor<[3,2,2],f32> {
  %int-5 = torch.constant.int -5
  %s = torch.prim.ListConstruct %int-5 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct  : () -> !torch.list<int>
  %0 = torch.aten.roll %x, %s, %d : !torch.vtensor<[3,2,2],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[3,2,2],f32>
  return %0 : !torch.vtensor<[3,2,2],f32>
}
