// The gather design's first example as torch-mlir prints it:
// torch.index_select(x, 0, [0, 2]) on a 3x4 input. Bring it to tcp with
//   tcp-opt --convert-frontends-to-tcp examples/torch_index_select.mlir
// or run every stage with
//   tcp-pipeline examples/torch_index_select.mlir --assume-in-bounds
func.func @index_select(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}
