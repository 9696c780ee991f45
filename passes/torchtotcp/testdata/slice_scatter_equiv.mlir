// slice_scatter (what slice assignment becomes) and copy: Python slice
// bounds with negative, None, past-the-end and strided entries, on every
// dim, float and integer data.
func.func @rows(%x: !torch.vtensor<[5,3],f32>, %v: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %1 = torch.aten.slice.Tensor %x, %int0, %int1, %int3, %int1 : !torch.vtensor<[5,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  %false = torch.constant.bool false
  %2 = torch.aten.copy %1, %v, %false : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[2,3],f32>
  %3 = torch.aten.slice_scatter %x, %2, %int0, %int1, %int3, %int1 : !torch.vtensor<[5,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[5,3],f32>
  return %3 : !torch.vtensor<[5,3],f32>
}

func.func @cols_step2_open(%x: !torch.vtensor<[3,5],si64>, %v: !torch.vtensor<[3,3],si64>) -> !torch.vtensor<[3,5],si64> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %end = torch.constant.int 9223372036854775807
  %0 = torch.aten.slice_scatter %x, %v, %int1, %int0, %end, %int2 : !torch.vtensor<[3,5],si64>, !torch.vtensor<[3,3],si64>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,5],si64>
  return %0 : !torch.vtensor<[3,5],si64>
}

func.func @negative_dim_tail(%x: !torch.vtensor<[2,3,6],f32>, %v: !torch.vtensor<[2,3,2],f32>) -> !torch.vtensor<[2,3,6],f32> {
  %dim = torch.constant.int -1
  %start = torch.constant.int -2
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %0 = torch.aten.slice_scatter %x, %v, %dim, %start, %none, %int1 : !torch.vtensor<[2,3,6],f32>, !torch.vtensor<[2,3,2],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[2,3,6],f32>
  return %0 : !torch.vtensor<[2,3,6],f32>
}

func.func @step3_from1(%x: !torch.vtensor<[8],si32>, %v: !torch.vtensor<[3],si32>) -> !torch.vtensor<[8],si32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %int3 = torch.constant.int 3
  %0 = torch.aten.slice_scatter %x, %v, %int0, %int1, %none, %int3 : !torch.vtensor<[8],si32>, !torch.vtensor<[3],si32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[8],si32>
  return %0 : !torch.vtensor<[8],si32>
}

func.func @empty_window(%x: !torch.vtensor<[4,2],f32>, %v: !torch.vtensor<[0,2],f32>) -> !torch.vtensor<[4,2],f32> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %0 = torch.aten.slice_scatter %x, %v, %int0, %int3, %int1, %int1 : !torch.vtensor<[4,2],f32>, !torch.vtensor<[0,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// select_scatter: y[2] = v, y[:, -1] = v and a rank-1 self (0-d src).
func.func @select_scatter(%x: !torch.vtensor<[4,3],f32>, %v: !torch.vtensor<[3],f32>, %w: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[5],si64>, %s: !torch.vtensor<[],si64>) -> (!torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[5],si64>) {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %int1 = torch.constant.int 1
  %0 = torch.aten.select_scatter %x, %v, %int0, %int2 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[3],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,3],f32>
  %1 = torch.aten.select_scatter %x, %w, %int1, %int-1 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,3],f32>
  %2 = torch.aten.select_scatter %y, %s, %int-1, %int-1 : !torch.vtensor<[5],si64>, !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[5],si64>
  return %0, %1, %2 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[5],si64>
}

func.func @select_scatter_3d_middle(%x: !torch.vtensor<[2,3,4],si32>, %v: !torch.vtensor<[2,4],si32>) -> !torch.vtensor<[2,3,4],si32> {
  %int1 = torch.constant.int 1
  %int-2 = torch.constant.int -2
  %0 = torch.aten.select_scatter %x, %v, %int1, %int-2 : !torch.vtensor<[2,3,4],si32>, !torch.vtensor<[2,4],si32>, !torch.int, !torch.int -> !torch.vtensor<[2,3,4],si32>
  return %0 : !torch.vtensor<[2,3,4],si32>
}
