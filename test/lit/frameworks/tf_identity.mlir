// RUN: tcp-opt %s -split-input-file | tcp-opt -split-input-file | FileCheck %s --check-prefix=RT
// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp | FileCheck %s
// RUN: tcp-run --print=mlir %s -e identity_gather | FileCheck %s --check-prefix=VAL
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e identity_gather | FileCheck %s --check-prefix=VAL

// tf.Identity, as TensorFlow's tf.mlir.experimental.convert_function puts it
// in front of every result (with a device attribute), returns its operand.

// RT-LABEL: func.func @identity_gather
// RT:         "tf.Identity"(%{{.*}}) {device = ""} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-LABEL: func.func @identity_gather
// CHECK-NOT:     tf.
// CHECK:         tcp.gather
// CHECK-NOT:     tf.
// CHECK:         return
// VAL: {{^}}dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>{{$}}
func.func @identity_gather() -> tensor<2xf32> {
  %x = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}> {device = ""} : () -> tensor<3xf32>
  %i = "tf.Const"() <{value = dense<[2, 0]> : tensor<2xi32>}> {device = ""} : () -> tensor<2xi32>
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> {device = ""} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%x, %i, %a) <{batch_dims = 0 : i64}> {device = ""} : (tensor<3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// A less static result type is kept through a tensor.cast.
// CHECK-LABEL: func.func @identity_dynamic
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %arg0 : tensor<3xf32> to tensor<?xf32>
// CHECK-NEXT:    return %[[C]] : tensor<?xf32>
func.func @identity_dynamic(%arg0: tensor<3xf32>) -> tensor<?xf32> {
  %0 = "tf.Identity"(%arg0) : (tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
