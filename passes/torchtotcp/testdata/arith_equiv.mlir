// The elementwise ops around the scatters (TestEquivalent): mul.Scalar by
// a number that f32 cannot hold exactly (rounded to f32 first, as torch
// does), of f64 and of wrapping integers; add.Tensor with broadcasting and
// an integer alpha; where.self with a 0-d scalar; and the programs the FX
// importer prints for index_add(alpha=...) and `y[i, j] += v`.
func.func @mul_f32(%v: !torch.vtensor<[7,3],f32>) -> !torch.vtensor<[7,3],f32> {
  %float = torch.constant.float 1.000000e-01
  %0 = torch.aten.mul.Scalar %v, %float : !torch.vtensor<[7,3],f32>, !torch.float -> !torch.vtensor<[7,3],f32>
  return %0 : !torch.vtensor<[7,3],f32>
}
func.func @mul_f64(%v: !torch.vtensor<[5],f64>) -> !torch.vtensor<[5],f64> {
  %float = torch.constant.float 3.300000e+00
  %0 = torch.aten.mul.Scalar %v, %float : !torch.vtensor<[5],f64>, !torch.float -> !torch.vtensor<[5],f64>
  return %0 : !torch.vtensor<[5],f64>
}
func.func @mul_i8(%v: !torch.vtensor<[6],si8>) -> !torch.vtensor<[6],si8> {
  %int = torch.constant.int 77
  %0 = torch.aten.mul.Scalar %v, %int : !torch.vtensor<[6],si8>, !torch.int -> !torch.vtensor<[6],si8>
  return %0 : !torch.vtensor<[6],si8>
}
func.func @add_broadcast(%a: !torch.vtensor<[4,3],f32>, %b: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[1,3],f32>, !torch.int -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
func.func @add_int_alpha(%a: !torch.vtensor<[4,3],si32>, %b: !torch.vtensor<[3],si32>) -> !torch.vtensor<[4,3],si32> {
  %int = torch.constant.int -3
  %0 = torch.aten.add.Tensor %a, %b, %int : !torch.vtensor<[4,3],si32>, !torch.vtensor<[3],si32>, !torch.int -> !torch.vtensor<[4,3],si32>
  return %0 : !torch.vtensor<[4,3],si32>
}
func.func @where_scalar(%m: !torch.vtensor<[4,3],i1>, %y: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %none = torch.constant.none
  %float = torch.constant.float 5.000000e-01
  %int6 = torch.constant.int 6
  %int0 = torch.constant.int 0
  %cpu = torch.constant.device "cpu"
  %s = torch.aten.scalar_tensor %float, %int6, %int0, %cpu, %none : !torch.float, !torch.int, !torch.int, !torch.Device, !torch.none -> !torch.vtensor<[],f32>
  %0 = torch.aten.where.self %m, %s, %y : !torch.vtensor<[4,3],i1>, !torch.vtensor<[],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
func.func @where_rows(%m: !torch.vtensor<[4,1],i1>, %a: !torch.vtensor<[3],si64>, %y: !torch.vtensor<[4,3],si64>) -> !torch.vtensor<[4,3],si64> {
  %0 = torch.aten.where.self %m, %a, %y : !torch.vtensor<[4,1],i1>, !torch.vtensor<[3],si64>, !torch.vtensor<[4,3],si64> -> !torch.vtensor<[4,3],si64>
  return %0 : !torch.vtensor<[4,3],si64>
}
func.func @index_add_alpha(%x: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[7],si64>, %v: !torch.vtensor<[7,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %float = torch.constant.float 2.000000e+00
  %0 = torch.aten.mul.Scalar %v, %float : !torch.vtensor<[7,3],f32>, !torch.float -> !torch.vtensor<[7,3],f32>
  %1 = torch.prim.ListConstruct %i : (!torch.vtensor<[7],si64>) -> !torch.list<optional<vtensor>>
  %true = torch.constant.bool true
  %2 = torch.aten.index_put %x, %1, %0, %true : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[7,3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %2 : !torch.vtensor<[5,3],f32>
}
func.func @pair_iadd(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[6],si64>, %j: !torch.vtensor<[6],si64>, %v: !torch.vtensor<[6],f32>) -> !torch.vtensor<[3,4],f32> {
  %none = torch.constant.none
  %0 = torch.aten.clone %x, %none : !torch.vtensor<[3,4],f32>, !torch.none -> !torch.vtensor<[3,4],f32>
  %1 = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[6],si64>, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %2 = torch.aten.index.Tensor %0, %1 : !torch.vtensor<[3,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[6],f32>
  %int1 = torch.constant.int 1
  %3 = torch.aten.add.Tensor %2, %v, %int1 : !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.int -> !torch.vtensor<[6],f32>
  %4 = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[6],si64>, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  %5 = torch.aten.index_put %0, %4, %3, %false : !torch.vtensor<[3,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[6],f32>, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %5 : !torch.vtensor<[3,4],f32>
}
func.func @mask_put_rows(%x: !torch.vtensor<[5,3],f32>, %m: !torch.vtensor<[5],i1>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[5,3],f32> {
  %0 = torch.prim.ListConstruct %m : (!torch.vtensor<[5],i1>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  %1 = torch.aten.index_put %x, %0, %v, %false : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %1 : !torch.vtensor<[5,3],f32>
}
func.func @mask_put_accumulate(%x: !torch.vtensor<[2,3],f32>, %m: !torch.vtensor<[2,3],i1>, %v: !torch.vtensor<[1],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.prim.ListConstruct %m : (!torch.vtensor<[2,3],i1>) -> !torch.list<optional<vtensor>>
  %true = torch.constant.bool true
  %1 = torch.aten.index_put %x, %0, %v, %true : !torch.vtensor<[2,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1],f32>, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %1 : !torch.vtensor<[2,3],f32>
}
func.func @add_scalar_f32(%x: !torch.vtensor<[5,2],f32>) -> !torch.vtensor<[5,2],f32> {
  %float = torch.constant.float 1.000000e-01
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Scalar %x, %float, %int1 : !torch.vtensor<[5,2],f32>, !torch.float, !torch.int -> !torch.vtensor<[5,2],f32>
  return %0 : !torch.vtensor<[5,2],f32>
}
func.func @sub_scalar_int_alpha(%x: !torch.vtensor<[5],si16>) -> !torch.vtensor<[5],si16> {
  %int = torch.constant.int 3000
  %alpha = torch.constant.int 7
  %0 = torch.aten.sub.Scalar %x, %int, %alpha : !torch.vtensor<[5],si16>, !torch.int, !torch.int -> !torch.vtensor<[5],si16>
  return %0 : !torch.vtensor<[5],si16>
}
func.func @sub_tensor_f16(%a: !torch.vtensor<[3,4],f16>, %b: !torch.vtensor<[4],f16>) -> !torch.vtensor<[3,4],f16> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.sub.Tensor %a, %b, %int1 : !torch.vtensor<[3,4],f16>, !torch.vtensor<[4],f16>, !torch.int -> !torch.vtensor<[3,4],f16>
  return %0 : !torch.vtensor<[3,4],f16>
}
func.func @mul_tensor_bf16(%a: !torch.vtensor<[3,4],bf16>, %b: !torch.vtensor<[3,1],bf16>) -> !torch.vtensor<[3,4],bf16> {
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[3,4],bf16>, !torch.vtensor<[3,1],bf16> -> !torch.vtensor<[3,4],bf16>
  return %0 : !torch.vtensor<[3,4],bf16>
}
func.func @mul_tensor_int(%a: !torch.vtensor<[6],si8>, %b: !torch.vtensor<[6],si8>) -> !torch.vtensor<[6],si8> {
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[6],si8>, !torch.vtensor<[6],si8> -> !torch.vtensor<[6],si8>
  return %0 : !torch.vtensor<[6],si8>
}

// y[2] = v as the FX importer prints it, with arange(4) given as an
// argument: eq.Scalar picks the row, where.self takes v there.
func.func @set_row_eq_where(%r: !torch.vtensor<[4,1],si64>, %v: !torch.vtensor<[4,3],f32>, %x: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.eq.Scalar %r, %int2 : !torch.vtensor<[4,1],si64>, !torch.int -> !torch.vtensor<[4,1],i1>
  %1 = torch.aten.where.self %0, %v, %x : !torch.vtensor<[4,1],i1>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
  return %1 : !torch.vtensor<[4,3],f32>
}

func.func @compare_tensor_broadcast(%a: !torch.vtensor<[4,1],si32>, %b: !torch.vtensor<[1,3],si32>) -> (!torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>) {
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[4,1],si32>, !torch.vtensor<[1,3],si32> -> !torch.vtensor<[4,3],i1>
  %1 = torch.aten.le.Tensor %a, %b : !torch.vtensor<[4,1],si32>, !torch.vtensor<[1,3],si32> -> !torch.vtensor<[4,3],i1>
  %2 = torch.aten.gt.Tensor %a, %b : !torch.vtensor<[4,1],si32>, !torch.vtensor<[1,3],si32> -> !torch.vtensor<[4,3],i1>
  %3 = torch.aten.ge.Tensor %a, %b : !torch.vtensor<[4,1],si32>, !torch.vtensor<[1,3],si32> -> !torch.vtensor<[4,3],i1>
  %4 = torch.aten.eq.Tensor %a, %b : !torch.vtensor<[4,1],si32>, !torch.vtensor<[1,3],si32> -> !torch.vtensor<[4,3],i1>
  %5 = torch.aten.ne.Tensor %a, %b : !torch.vtensor<[4,1],si32>, !torch.vtensor<[1,3],si32> -> !torch.vtensor<[4,3],i1>
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>, !torch.vtensor<[4,3],i1>
}

func.func @compare_scalar(%a: !torch.vtensor<[6],si64>) -> (!torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>) {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.ne.Scalar %a, %int-1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6],i1>
  %1 = torch.aten.lt.Scalar %a, %int-1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6],i1>
  %2 = torch.aten.le.Scalar %a, %int-1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6],i1>
  %3 = torch.aten.gt.Scalar %a, %int-1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6],i1>
  %4 = torch.aten.ge.Scalar %a, %int-1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6],i1>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>, !torch.vtensor<[6],i1>
}

// y[1, 2] = 0.1 as printed: full_like of the selected element (the number
// rounded once to the dtype), and an int fill of an i32 and a bool tensor.
func.func @full_like(%x: !torch.vtensor<[2,3],f32>, %h: !torch.vtensor<[3],f16>, %i: !torch.vtensor<[2],si32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f16>, !torch.vtensor<[2],si32>, !torch.vtensor<[2],i1>) {
  %f = torch.constant.float 1.000000e-01
  %int-3 = torch.constant.int -3
  %int11 = torch.constant.int 11
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.full_like %x, %f, %none, %none, %none, %false, %none : !torch.vtensor<[2,3],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.full_like %h, %f, %none, %none, %none, %false, %none : !torch.vtensor<[3],f16>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[3],f16>
  %2 = torch.aten.full_like %i, %int-3, %none, %none, %none, %false, %none : !torch.vtensor<[2],si32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2],si32>
  %3 = torch.aten.full_like %i, %int-3, %int11, %none, %none, %false, %none : !torch.vtensor<[2],si32>, !torch.int, !torch.int, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2],i1>
  return %0, %1, %2, %3 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f16>, !torch.vtensor<[2],si32>, !torch.vtensor<[2],i1>
}

// x.masked_fill(x > 0.1, 0.0): a float number rounded to f32 once, and
// float tensors compared (f64, broadcast).
func.func @compare_float(%x: !torch.vtensor<[3,4],f32>, %a: !torch.vtensor<[3,1],f64>, %b: !torch.vtensor<[4],f64>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>, !torch.vtensor<[3,4],i1>, !torch.vtensor<[3,4],i1>, !torch.vtensor<[3,4],i1>) {
  %f = torch.constant.float 1.000000e-01
  %int0 = torch.constant.int 0
  %0 = torch.aten.gt.Scalar %x, %f : !torch.vtensor<[3,4],f32>, !torch.float -> !torch.vtensor<[3,4],i1>
  %z = torch.aten.mul.Scalar %x, %int0 : !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.where.self %0, %z, %x : !torch.vtensor<[3,4],i1>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
  %2 = torch.aten.eq.Tensor %a, %b : !torch.vtensor<[3,1],f64>, !torch.vtensor<[4],f64> -> !torch.vtensor<[3,4],i1>
  %3 = torch.aten.ne.Tensor %a, %b : !torch.vtensor<[3,1],f64>, !torch.vtensor<[4],f64> -> !torch.vtensor<[3,4],i1>
  %4 = torch.aten.le.Scalar %x, %int0 : !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[3,4],i1>
  %5 = torch.aten.ge.Tensor %a, %b : !torch.vtensor<[3,1],f64>, !torch.vtensor<[4],f64> -> !torch.vtensor<[3,4],i1>
  return %1, %2, %3, %4, %5 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>, !torch.vtensor<[3,4],i1>, !torch.vtensor<[3,4],i1>, !torch.vtensor<[3,4],i1>
}
