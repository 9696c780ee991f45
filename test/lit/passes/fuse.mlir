// RUN: tcp-opt %s --tcp-fuse | FileCheck %s

// A gather of a gather composes the indices: the intermediate tensor goes.
// CHECK-LABEL: func.func @gather_of_gather
// CHECK-NEXT:    %[[K:.*]] = tcp.gather %arg1, %arg2 {dim = 1 : index, mode = "wrap_negative"} : tensor<2x3xi64>, tensor<2x5xi64> -> tensor<2x5xi64>
// CHECK-NEXT:    %[[G:.*]] = tcp.gather %arg0, %[[K]] {dim = 1 : index} : tensor<2x7xf32>, tensor<2x5xi64> -> tensor<2x5xf32>
// CHECK-NEXT:    return %[[G]]
func.func @gather_of_gather(%x: tensor<2x7xf32>, %i: tensor<2x3xi64>, %j: tensor<2x5xi64>) -> tensor<2x5xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index} : tensor<2x7xf32>, tensor<2x3xi64> -> tensor<2x3xf32>
  %1 = tcp.gather %0, %j {dim = 1 : index, mode = "wrap_negative"} : tensor<2x3xf32>, tensor<2x5xi64> -> tensor<2x5xf32>
  return %1 : tensor<2x5xf32>
}

// An inner gather that checks its indices (mode error) stays: the outer
// gather may not select every index it checks.
// CHECK-LABEL: func.func @checked_inner
// CHECK-NEXT:    tcp.gather %arg0, %arg1 {dim = 0 : index, mode = "error"}
// CHECK-NEXT:    tcp.gather %{{.*}}, %arg2 {dim = 0 : index}
func.func @checked_inner(%x: tensor<7xf32>, %i: tensor<3xi64>, %j: tensor<5xi64>) -> tensor<5xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<7xf32>, tensor<3xi64> -> tensor<3xf32>
  %1 = tcp.gather %0, %j {dim = 0 : index} : tensor<3xf32>, tensor<5xi64> -> tensor<5xf32>
  return %1 : tensor<5xf32>
}

// Two slices with constant parameters become one.
// CHECK-LABEL: func.func @slice_of_slice
// CHECK:         %[[S:.*]] = tcp.slice %arg0 starts(%{{.*}}) sizes(%{{.*}}) strides(%{{.*}}) : tensor<10xf32> -> tensor<3xf32>
// CHECK-NEXT:    return %[[S]]
func.func @slice_of_slice(%x: tensor<10xf32>) -> tensor<3xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %m1 = arith.constant -1 : index
  %0 = tcp.slice %x starts(%c9) sizes(%c8) strides(%m1) : tensor<10xf32> -> tensor<8xf32>
  %1 = tcp.slice %0 starts(%c1) sizes(%c3) strides(%c2) : tensor<8xf32> -> tensor<3xf32>
  return %1 : tensor<3xf32>
}
