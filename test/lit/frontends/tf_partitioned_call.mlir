// tf.PartitionedCall (the tf.cond branches TensorFlow prints for
// tf.experimental.numpy.take_along_axis with a negative axis) calls a
// private function: the interpreter runs it as a call, and --inline
// inlines it (then erases the function) before the conversion.
// RUN: tcp-opt %s --pass-pipeline='builtin.module(inline,convert-frontends-to-tcp)' | FileCheck %s
// RUN: tcp-run --print=mlir -e call %s | FileCheck %s --check-prefix=EXEC
// EXEC: {{^}}dense<[3.000000e+01, 1.000000e+01, 5.000000e+01]> : tensor<3xf32>{{$}}

// --inline inlines the branch function and erases it.
// CHECK-LABEL: func.func @call
// CHECK-NOT: PartitionedCall
// CHECK: tcp.gather
// CHECK-NOT: func.func private @branch
func.func @call() -> tensor<3xf32> {
  %x = "tf.Const"() <{value = dense<[10.0, 20.0, 30.0, 40.0, 50.0]> : tensor<5xf32>}> : () -> tensor<5xf32>
  %i = "tf.Const"() <{value = dense<[2, 0, 4]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %0 = "tf.PartitionedCall"(%i, %c) <{config = "", config_proto = "", executor_type = "", f = @branch}> {_lower_using_switch_merge = true, device = ""} : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %1 = "tf.GatherV2"(%x, %0, %a) <{batch_dims = 0 : i64}> {device = ""} : (tensor<5xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}
func.func private @branch(%arg0: tensor<3xi32>, %arg1: tensor<i32>) -> tensor<3xi32> {
  %0 = "tf.Identity"(%arg0) {device = ""} : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
