// The torch scatter family as torch-mlir's FX importer prints it; each
// function is run before and after conversion by TestScatterEquivalent.
func.func @scatter_src(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.scatter.src %x, %int0, %i, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[3,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
func.func @scatter_value(%x: !torch.vtensor<[3,4],si32>, %i: !torch.vtensor<[3,2],si64>) -> !torch.vtensor<[3,4],si32> {
  %int-1 = torch.constant.int -1
  %float = torch.constant.float -2.750000e+00
  %0 = torch.aten.scatter.value %x, %int-1, %i, %float : !torch.vtensor<[3,4],si32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.float -> !torch.vtensor<[3,4],si32>
  return %0 : !torch.vtensor<[3,4],si32>
}
func.func @scatter_reduce_multiply(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[5,3],si64>, %u: !torch.vtensor<[5,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "multiply"
  %0 = torch.aten.scatter.reduce %x, %int0, %i, %u, %str : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[5,3],si64>, !torch.vtensor<[5,3],f32>, !torch.str -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
func.func @scatter_add(%x: !torch.vtensor<[3,5],si64>, %i: !torch.vtensor<[3,4],si64>, %u: !torch.vtensor<[3,4],si64>) -> !torch.vtensor<[3,5],si64> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.scatter_add %x, %int1, %i, %u : !torch.vtensor<[3,5],si64>, !torch.int, !torch.vtensor<[3,4],si64>, !torch.vtensor<[3,4],si64> -> !torch.vtensor<[3,5],si64>
  return %0 : !torch.vtensor<[3,5],si64>
}
func.func @scatter_reduce_mean_noself(%x: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[6,3],si64>, %u: !torch.vtensor<[6,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "mean"
  %false = torch.constant.bool false
  %0 = torch.aten.scatter_reduce.two %x, %int0, %i, %u, %str, %false : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[6,3],si64>, !torch.vtensor<[6,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}
func.func @scatter_reduce_mean_int(%x: !torch.vtensor<[5],si32>, %i: !torch.vtensor<[6],si64>, %u: !torch.vtensor<[6],si32>) -> !torch.vtensor<[5],si32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "mean"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %x, %int0, %i, %u, %str, %true : !torch.vtensor<[5],si32>, !torch.int, !torch.vtensor<[6],si64>, !torch.vtensor<[6],si32>, !torch.str, !torch.bool -> !torch.vtensor<[5],si32>
  return %0 : !torch.vtensor<[5],si32>
}
func.func @scatter_reduce_amin_noself(%x: !torch.vtensor<[5],si64>, %i: !torch.vtensor<[6],si64>, %u: !torch.vtensor<[6],si64>) -> !torch.vtensor<[5],si64> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "amin"
  %false = torch.constant.bool false
  %0 = torch.aten.scatter_reduce.two %x, %int0, %i, %u, %str, %false : !torch.vtensor<[5],si64>, !torch.int, !torch.vtensor<[6],si64>, !torch.vtensor<[6],si64>, !torch.str, !torch.bool -> !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],si64>
}
func.func @index_put_cols(%x: !torch.vtensor<[3,6],f32>, %j: !torch.vtensor<[4],si64>, %v: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,6],f32> {
  %none = torch.constant.none
  %0 = torch.aten.clone %x, %none : !torch.vtensor<[3,6],f32>, !torch.none -> !torch.vtensor<[3,6],f32>
  %1 = torch.prim.ListConstruct %none, %j : (!torch.none, !torch.vtensor<[4],si64>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  %2 = torch.aten.index_put %0, %1, %v, %false : !torch.vtensor<[3,6],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,4],f32>, !torch.bool -> !torch.vtensor<[3,6],f32>
  return %2 : !torch.vtensor<[3,6],f32>
}
func.func @index_put_pairs_accumulate(%x: !torch.vtensor<[4,5],f32>, %i: !torch.vtensor<[3,1],si64>, %j: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[2],f32>) -> !torch.vtensor<[4,5],f32> {
  %1 = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[3,1],si64>, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %true = torch.constant.bool true
  %2 = torch.aten.index_put %x, %1, %v, %true : !torch.vtensor<[4,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2],f32>, !torch.bool -> !torch.vtensor<[4,5],f32>
  return %2 : !torch.vtensor<[4,5],f32>
}
func.func @index_fill(%x: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[3],si64>) -> !torch.vtensor<[5,3],f32> {
  %float = torch.constant.float -1.000000e+00
  %int6 = torch.constant.int 6
  %int0 = torch.constant.int 0
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %0 = torch.aten.scalar_tensor %float, %int6, %int0, %cpu, %false : !torch.float, !torch.int, !torch.int, !torch.Device, !torch.bool -> !torch.vtensor<[],f32>
  %int3 = torch.constant.int 3
  %1 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.expand %0, %1, %false : !torch.vtensor<[],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,3],f32>
  %3 = torch.prim.ListConstruct %i : (!torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %4 = torch.aten.index_put %x, %3, %2, %false : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %4 : !torch.vtensor<[5,3],f32>
}
