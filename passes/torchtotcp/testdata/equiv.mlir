func.func @index_select(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[5],si64>) -> !torch.vtensor<[3,5],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.index_select %arg0, %int-1, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[5],si64> -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}
func.func @index_select_0d(%arg0: !torch.vtensor<[6,2,3],si64>, %arg1: !torch.vtensor<[],si32>) -> !torch.vtensor<[1,2,3],si64> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[6,2,3],si64>, !torch.int, !torch.vtensor<[],si32> -> !torch.vtensor<[1,2,3],si64>
  return %0 : !torch.vtensor<[1,2,3],si64>
}
func.func @gather(%arg0: !torch.vtensor<[2,5,3],f32>, %arg1: !torch.vtensor<[2,4,3],si64>) -> !torch.vtensor<[2,4,3],f32> {
  %int-2 = torch.constant.int -2
  %false = torch.constant.bool false
  %0 = torch.aten.gather %arg0, %int-2, %arg1, %false : !torch.vtensor<[2,5,3],f32>, !torch.int, !torch.vtensor<[2,4,3],si64>, !torch.bool -> !torch.vtensor<[2,4,3],f32>
  return %0 : !torch.vtensor<[2,4,3],f32>
}
func.func @slice(%arg0: !torch.vtensor<[3,11],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %int-10 = torch.constant.int -10
  %int100 = torch.constant.int 100
  %int3 = torch.constant.int 3
  %0 = torch.aten.slice.Tensor %arg0, %int1, %int-10, %int100, %int3 : !torch.vtensor<[3,11],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}
func.func @index_tensor(%arg0: !torch.vtensor<[4,5,2],f32>, %arg1: !torch.vtensor<[3,1],si64>, %arg2: !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,2,2],f32> {
  %0 = torch.prim.ListConstruct %arg1, %arg2 : (!torch.vtensor<[3,1],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %1 = torch.aten.index.Tensor_hacked_twin %arg0, %0 : !torch.vtensor<[4,5,2],f32>, !torch.list<vtensor> -> !torch.vtensor<[3,2,2],f32>
  return %1 : !torch.vtensor<[3,2,2],f32>
}
