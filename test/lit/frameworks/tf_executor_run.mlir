// RUN: tcp-run --print=mlir %s -e main | FileCheck %s --check-prefix=MAIN
// RUN: tcp-opt %s --convert-frontends-to-tcp | tcp-run --print=mlir - -e main | FileCheck %s --check-prefix=MAIN
// RUN: tcp-run --print=mlir %s -e call | FileCheck %s --check-prefix=CALL
// RUN: not tcp-run --print=mlir %s -e oob 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not tcp-run --print=mlir %s -e main --max-steps 9 2>&1 | FileCheck %s --check-prefix=STEPS

// The interpreter runs the tf_executor graph form as it is printed, before
// --convert-frontends-to-tcp: the graph runs its body, each island its
// body, and the graph's results are the data operands of its fetch (the
// control tokens are dropped). Island bodies read values defined above them
// (%x in the function, %i in the graph).

// MAIN: {{^}}dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>{{$}}
// MAIN-NEXT: {{^}}dense<[2, 0]> : tensor<2xi32>{{$}}
func.func @main() -> (tensor<*xf32>, tensor<2xi32>) {
  %x = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %0:2 = tf_executor.graph {
    %i, %ci = tf_executor.island wraps "tf.Const"() <{value = dense<[2, 0]> : tensor<2xi32>}> {device = ""} : () -> tensor<2xi32>
    %g, %cg = tf_executor.island {
      %a = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %r = "tf.GatherV2"(%x, %i, %a) <{batch_dims = 0 : i64}> : (tensor<3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<*xf32>
      tf_executor.yield %r : tensor<*xf32>
    }
    %s, %cs = tf_executor.island wraps "tf.Identity"(%g) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
    tf_executor.fetch %s, %i, %cg, %cs : tensor<*xf32>, tensor<2xi32>, !tf_executor.control, !tf_executor.control
  }
  return %0#0, %0#1 : tensor<*xf32>, tensor<2xi32>
}

// A function with a graph calls one with a graph (a new frame each).
// CALL: {{^}}dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>{{$}}
func.func @call() -> tensor<*xf32> {
  %m:2 = func.call @main() : () -> (tensor<*xf32>, tensor<2xi32>)
  %0 = tf_executor.graph {
    %r, %cr = tf_executor.island wraps "tf.Identity"(%m#0) : (tensor<*xf32>) -> tensor<*xf32>
    tf_executor.fetch %r : tensor<*xf32>
  }
  return %0 : tensor<*xf32>
}

// An error inside an island is located at the op that raised it.
// OOB: tf_executor_run.mlir:[[# @LINE + 7]]:{{[0-9]+}}: error: 'tf.GatherV2' op
// OOB-NOT: error:
func.func @oob() -> tensor<*xf32> {
  %x = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %0 = tf_executor.graph {
    %i, %ci = tf_executor.island wraps "tf.Const"() <{value = dense<[3]> : tensor<1xi32>}> : () -> tensor<1xi32>
    %a, %ca = tf_executor.island wraps "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %g, %cg = tf_executor.island wraps "tf.GatherV2"(%x, %i, %a) <{batch_dims = 0 : i64}> : (tensor<3xf32>, tensor<1xi32>, tensor<i32>) -> tensor<*xf32>
    tf_executor.fetch %g : tensor<*xf32>
  }
  return %0 : tensor<*xf32>
}

// The ops of island and graph bodies count towards --max-steps.
// STEPS: error: {{.*}} op the run exceeds the limit of 9 operations
