

func.func @forward(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[2],si64>, %arg2: !torch.vtensor<[1,4,2],si64>, %arg3: !torch.vtensor<*,f32>, %arg4: !torch.vtensor, %arg5: !torch.list<int>, %arg6: !torch.float) -> !torch.vtensor<[2,4],f32> {
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  %1 = torch.aten.gather %arg2, %int-1, %arg2, %false : !torch.vtensor<[1,4,2],si64>, !torch.int, !torch.vtensor<[1,4,2],si64>, !torch.bool -> !torch.vtensor<[1,4,2],si64>
  %2 = torch.aten.slice.Tensor %arg0, %int-1, %none, %int-1, %int1 : !torch.vtensor<[?,4],f32>, !torch.int, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[?,?],f32>
  %3 = torch.prim.ListConstruct %arg1, %arg1 : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %4 = torch.aten.index.Tensor_hacked_twin %arg0, %3 : !torch.vtensor<[?,4],f32>, !torch.list<vtensor> -> !torch.vtensor<[2],f32>
  %5 = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[2],si64> -> tensor<2xi64>
  %6 = torch_c.from_builtin_tensor %5 : tensor<2xi64> -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2,4],f32>
}
