// RUN: tcp-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: tcp-opt %s --canonicalize --split-input-file --verify-semantics | FileCheck %s

// The tcp folds and canonicalization patterns, one case (and its near
// misses) per chunk. The second RUN line checks every rewrite with the
// interpreter on random inputs.

// A broadcast of nothing folds to its input.
// CHECK-LABEL: func.func @broadcast_nothing
// CHECK-NEXT:    return %arg0, %arg1
func.func @broadcast_nothing(%x: tensor<2x1xf32>, %y: tensor<?x3xi32>) -> (tensor<2x1xf32>, tensor<?x3xi32>) {
  %c1 = arith.constant 1 : index
  %0 = tcp.broadcast_to %x, %c1 {axes = [1]} : tensor<2x1xf32>, index -> tensor<2x1xf32>
  %1 = "tcp.broadcast_to"(%y) {axes = []} : (tensor<?x3xi32>) -> tensor<?x3xi32>
  return %0, %1 : tensor<2x1xf32>, tensor<?x3xi32>
}

// A size that is not the constant 1 is a broadcast.
// CHECK-LABEL: func.func @broadcast_unknown_size
// CHECK:         tcp.broadcast_to %arg0, %arg1
func.func @broadcast_unknown_size(%x: tensor<2x1xf32>, %n: index) -> tensor<2x?xf32> {
  %0 = tcp.broadcast_to %x, %n {axes = [1]} : tensor<2x1xf32>, index -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// A broadcast of a broadcast becomes one broadcast; tcp.broadcast keeps
// its name.
// CHECK-LABEL: func.func @broadcast_twice
// CHECK-NEXT:    %[[B:.*]] = tcp.broadcast_to %arg0, %arg1, %arg2 {axes = [0, 2]} : tensor<1x3x1xf32>, index, index -> tensor<?x3x?xf32>
// CHECK-NEXT:    %[[C:.*]] = tcp.broadcast %arg0, %arg1, %arg2 {axes = [0, 2]} : tensor<1x3x1xf32>, index, index -> tensor<?x3x?xf32>
// CHECK-NEXT:    return %[[B]], %[[C]]
func.func @broadcast_twice(%x: tensor<1x3x1xf32>, %n: index, %m: index) -> (tensor<?x3x?xf32>, tensor<?x3x?xf32>) {
  %0 = tcp.broadcast_to %x, %n {axes = [0]} : tensor<1x3x1xf32>, index -> tensor<?x3x1xf32>
  %1 = tcp.broadcast_to %0, %m {axes = [2]} : tensor<?x3x1xf32>, index -> tensor<?x3x?xf32>
  %2 = tcp.broadcast %x, %m {axes = [2]} : tensor<1x3x1xf32>, index -> tensor<1x3x?xf32>
  %3 = tcp.broadcast %2, %n {axes = [0]} : tensor<1x3x?xf32>, index -> tensor<?x3x?xf32>
  return %1, %3 : tensor<?x3x?xf32>, tensor<?x3x?xf32>
}

// Re-broadcasting an axis the inner broadcast sized with a value is left
// alone (the inner result's static 1 is checked at run time).
// CHECK-LABEL: func.func @broadcast_same_axis
// CHECK-COUNT-2: tcp.broadcast_to
func.func @broadcast_same_axis(%x: tensor<1xf32>, %n: index, %m: index) -> tensor<?xf32> {
  %0 = tcp.broadcast_to %x, %n {axes = [0]} : tensor<1xf32>, index -> tensor<1xf32>
  %1 = tcp.broadcast_to %0, %m {axes = [0]} : tensor<1xf32>, index -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// A slice reading the whole input in order is its input.
// CHECK-LABEL: func.func @slice_identity
// CHECK-NEXT:    return %arg0, %arg1
func.func @slice_identity(%x: tensor<3x4xf32>, %y: tensor<?x4xi64>) -> (tensor<3x4xf32>, tensor<?x4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = tcp.slice %x starts(%c0, %c0) sizes(%c3, %c4) strides(%c1, %c1) : tensor<3x4xf32> -> tensor<3x4xf32>
  %d = tensor.dim %y, %c0 : tensor<?x4xi64>
  %1 = tcp.slice %y starts(%c0, %c0) sizes(%d, %c4) strides(%c1, %c1) : tensor<?x4xi64> -> tensor<?x4xi64>
  return %0, %1 : tensor<3x4xf32>, tensor<?x4xi64>
}

// A reversal is not the identity.
// CHECK-LABEL: func.func @slice_reversed
// CHECK:         tcp.slice
func.func @slice_reversed(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %0 = tcp.slice %x starts(%c2) sizes(%c3) strides(%m1) : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Reshapes that cancel fold away; others stay.
// CHECK-LABEL: func.func @reshapes
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %arg2
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[C]]
// CHECK-NEXT:    return %arg0, %arg1, %[[E]]
func.func @reshapes(%x: tensor<?x3xf32>, %y: tensor<6xi64>, %z: tensor<2x3xi64>) -> (tensor<?x3xf32>, tensor<6xi64>, tensor<3x2xi64>) {
  %0 = tensor.collapse_shape %x [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] : tensor<?xf32> into tensor<?x3xf32>
  %2 = tensor.expand_shape %y [[0, 1]] : tensor<6xi64> into tensor<2x3xi64>
  %3 = tensor.collapse_shape %2 [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
  %4 = tensor.collapse_shape %z [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
  %5 = tensor.expand_shape %4 [[0, 1]] : tensor<6xi64> into tensor<3x2xi64>
  return %1, %3, %5 : tensor<?x3xf32>, tensor<6xi64>, tensor<3x2xi64>
}

// -----

// A gather along dim 0 whose indices are an iota is a slice, in every
// mode when the indices are provably in range.
// CHECK-LABEL: func.func @iota_gather
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT:     tcp.gather
// CHECK:         tcp.slice %arg0 starts(%[[C0]], %[[C0]]) sizes(%[[C3]], %[[C2]]) strides(%[[C1]], %[[C1]]) : tensor<5x4xf32> -> tensor<3x2xf32>
// CHECK:         tcp.slice %arg0 starts(%[[C0]], %[[C0]]) sizes(%[[C3]], %[[C2]]) strides(%[[C1]], %[[C1]]) : tensor<5x4xf32> -> tensor<3x2xf32>
func.func @iota_gather(%x: tensor<5x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %i = tcp.const {value = dense<[[0, 0], [1, 1], [2, 2]]> : tensor<3x2xi64>} : tensor<3x2xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<5x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  %1 = tcp.gather %x, %i {dim = 0 : index, mode = "fill"} : tensor<5x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xf32>
}

// Any arithmetic progression along dim (here 4, 2, 0 along dim 1) gives a
// strided slice.
// CHECK-LABEL: func.func @strided_gather
// CHECK-DAG:     %[[M2:.*]] = arith.constant -2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         tcp.slice %arg0 starts(%{{.*}}, %[[C4]]) sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %[[M2]]) : tensor<2x5xi32> -> tensor<2x3xi32>
func.func @strided_gather(%x: tensor<2x5xi32>) -> tensor<2x3xi32> {
  %i = tcp.const {value = dense<[[4, 2, 0], [4, 2, 0]]> : tensor<2x3xi32>} : tensor<2x3xi32>
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap"} : tensor<2x5xi32>, tensor<2x3xi32> -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// With a dynamic input dim the indices may be out of range: error and
// promise_in_bounds (and wrap_negative with non-negative indices) become
// slices, whose out-of-range reads are errors too; clip, wrap and fill,
// which give values out of range, stay gathers.
// CHECK-LABEL: func.func @iota_gather_dynamic
// CHECK-COUNT-3: tcp.slice
// CHECK-NOT:     tcp.slice
// CHECK:         tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "clip"}
// CHECK-NEXT:    tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "wrap"}
// CHECK-NEXT:    tcp.gather %arg0, %{{.*}} {dim = 0 : index, mode = "fill"}
func.func @iota_gather_dynamic(%x: tensor<?xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %i = tcp.const {value = dense<[0, 1, 2]> : tensor<3xi64>} : tensor<3xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  %1 = tcp.gather %x, %i {dim = 0 : index} : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  %2 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  %3 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  %4 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap"} : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  %5 = tcp.gather %x, %i {dim = 0 : index, mode = "fill"} : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// Negative indices under wrap_negative read from the end: no slice.
// Indices out of range of a static dim: no slice in any mode. Indices
// that are not a progression: no slice.
// CHECK-LABEL: func.func @no_slice
// CHECK-NOT:     tcp.slice
// CHECK-COUNT-3: tcp.gather
func.func @no_slice(%x: tensor<?xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %n = tcp.const {value = dense<[-3, -2, -1]> : tensor<3xi64>} : tensor<3xi64>
  %0 = tcp.gather %x, %n {dim = 0 : index, mode = "wrap_negative"} : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  %o = tcp.const {value = dense<[1, 2, 3]> : tensor<3xi64>} : tensor<3xi64>
  %1 = tcp.gather %y, %o {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<3xi64> -> tensor<3xf32>
  %p = tcp.const {value = dense<[0, 2, 1]> : tensor<3xi64>} : tensor<3xi64>
  %2 = tcp.gather %y, %p {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<3xi64> -> tensor<3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Ops whose operands are all small constants fold through the
// interpreter, unless they raise an error.
// CHECK-LABEL: func.func @constants
// CHECK-DAG:     tcp.const {value = dense<[30, 10]> : tensor<2xi64>}
// CHECK-DAG:     tcp.const {value = dense<7> : tensor<2x3xi64>}
// CHECK-DAG:     %[[E:.*]] = tcp.gather {{.*}}mode = "error"
// CHECK:         return {{.*}}, {{.*}}, %[[E]]
func.func @constants() -> (tensor<2xi64>, tensor<2x3xi64>, tensor<1xi64>) {
  %a = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi64>} : tensor<3xi64>
  %i = tcp.const {value = dense<[-1, 3]> : tensor<2xi64>} : tensor<2xi64>
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "wrap"} : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>
  %s = tcp.const {value = dense<7> : tensor<1x1xi64>} : tensor<1x1xi64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %1 = tcp.broadcast_to %s, %c2, %c3 {axes = [0, 1]} : tensor<1x1xi64>, index, index -> tensor<2x3xi64>
  %j = tcp.const {value = dense<[5]> : tensor<1xi64>} : tensor<1xi64>
  %2 = tcp.gather %a, %j {dim = 0 : index, mode = "error"} : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>
  return %0, %1, %2 : tensor<2xi64>, tensor<2x3xi64>, tensor<1xi64>
}
