// Programs over tcp, arith and tensor ops with common subexpressions, dead
// ops and foldable constants; every pipeline in semantics_test.go must keep
// their results (checked by the interpreter on random inputs).
func.func @cse_gathers(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %1 = tcp.gather %a, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %2 = tcp.gather %a, %i {dim = 0 : index, mode = "wrap"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

func.func @modes_differ(%a: tensor<5xi32>, %i: tensor<6xi64>) -> (tensor<6xi32>, tensor<6xi32>) {
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "wrap"} : tensor<5xi32>, tensor<6xi64> -> tensor<6xi32>
  %1 = tcp.gather %a, %i {dim = 0 : index, mode = "fill", fill_value = 7 : i32} : tensor<5xi32>, tensor<6xi64> -> tensor<6xi32>
  return %0, %1 : tensor<6xi32>, tensor<6xi32>
}

func.func @index_select(%x: tensor<3x4xf32>, %idx: tensor<2xi64>) -> tensor<2x4xf32> {
  %c2 = arith.constant 2 : index
  %c2b = arith.constant 2 : index
  %c4 = arith.addi %c2, %c2b : index
  %e = tensor.expand_shape %idx [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
  %b = tcp.broadcast_to %e, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  %g = tcp.gather %x, %b {dim = 0 : index, mode = "wrap_negative"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}

func.func @slices(%x: tensor<4x4xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %cm2 = arith.constant -2 : index
  %s1 = tcp.slice %x starts(%c0, %c1) sizes(%c2, %c2) strides(%c2, %c2) : tensor<4x4xi64> -> tensor<2x2xi64>
  %s2 = tcp.slice %x starts(%c3, %c1) sizes(%c2, %c2) strides(%cm2, %c2) : tensor<4x4xi64> -> tensor<2x2xi64>
  %dead = tcp.slice %x starts(%c0, %c0) sizes(%c1, %c1) strides(%c1, %c1) : tensor<4x4xi64> -> tensor<1x1xi64>
  return %s1, %s2 : tensor<2x2xi64>, tensor<2x2xi64>
}

func.func @gather_nd(%d: tensor<2x2x2xi32>, %i: tensor<2x1xi64>) -> tensor<2x2xi32> {
  %k = tcp.const {value = dense<[[1], [0]]> : tensor<2x1xi64>} : tensor<2x1xi64>
  %0 = tcp.gather_nd %d, %k {batch_dims = 1 : index} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>
  %1 = tcp.gather_nd %d, %i {batch_dims = 1 : index, mode = "clip"} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>
  %2 = tcp.gather_nd %d, %i {batch_dims = 1 : index, mode = "clip"} : tensor<2x2x2xi32>, tensor<2x1xi64> -> tensor<2x2xi32>
  return %2 : tensor<2x2xi32>
}

func.func @scalar_arith(%a: i64, %b: i64) -> (i64, i1) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %0 = arith.addi %a, %c0 : i64
  %1 = arith.muli %0, %c1 : i64
  %2 = arith.subi %1, %b : i64
  %3 = arith.cmpi slt, %2, %a : i64
  %4 = arith.select %3, %2, %b : i64
  return %4, %3 : i64, i1
}
