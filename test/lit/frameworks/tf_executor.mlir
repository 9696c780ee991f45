// RUN: tcp-opt %s | FileCheck %s --check-prefix=RT
// RUN: tcp-opt %s | tcp-opt | FileCheck %s --check-prefix=RT
// RUN: tcp-opt %s --mlir-print-op-generic | tcp-opt | FileCheck %s --check-prefix=RT
// RUN: tcp-opt %s --convert-frontends-to-tcp --refine-func-result-types --canonicalize | FileCheck %s
// RUN: tcp-opt %s --convert-frontends-to-tcp --refine-func-result-types --canonicalize | tcp-run --print=mlir - -e main | FileCheck %s --check-prefix=VAL

// TensorFlow's graph form (tf.mlir.experimental.convert_function with
// pass_pipeline=""): islands wrapping one op each, an unranked result.
// --convert-frontends-to-tcp inlines the graph and converts the tf ops;
// --refine-func-result-types gives the function its ranked result type.

// RT-LABEL: func.func @main
// RT:         %[[G:.*]] = tf_executor.graph {
// RT:           %[[C:.*]]:2 = tf_executor.island {
// RT-NEXT:        %[[K:.*]] = "tf.Const"()
// RT-NEXT:        tf_executor.yield %[[K]] : tensor<3xf32>
// RT-NEXT:      }
// RT:           tf_executor.fetch %{{.*}} : tensor<*xf32>
// RT-NEXT:    }
// RT-NEXT:    return %[[G]] : tensor<*xf32>
// CHECK-LABEL: func.func @main() -> tensor<2xf32>
// CHECK-NOT:     tf_executor
// CHECK-NOT:     "tf.
// CHECK:         return %{{.*}} : tensor<2xf32>
// VAL: {{^}}dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>{{$}}
func.func @main() -> tensor<*xf32> {
  %0 = tf_executor.graph {
    %x, %cx = tf_executor.island wraps "tf.Const"() <{value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}> {device = ""} : () -> tensor<3xf32>
    %i, %ci = tf_executor.island wraps "tf.Const"() <{value = dense<[2, 0]> : tensor<2xi32>}> {device = ""} : () -> tensor<2xi32>
    %outputs, %control = tf_executor.island wraps "tf.Const"() <{value = dense<0> : tensor<i32>}> {device = ""} : () -> tensor<i32>
    %outputs_0, %control_1 = tf_executor.island wraps "tf.GatherV2"(%x, %i, %outputs) <{batch_dims = 0 : i64}> {device = ""} : (tensor<3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<*xf32>
    %outputs_2, %control_3 = tf_executor.island wraps "tf.Identity"(%outputs_0) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
    tf_executor.fetch %outputs_2 : tensor<*xf32>
  }
  return %0 : tensor<*xf32>
}
