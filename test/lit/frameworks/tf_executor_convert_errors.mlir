// RUN: tcp-opt %s -split-input-file --convert-frontends-to-tcp -verify-diagnostics

// The graph is inlined from its first yield (see passes/tftotcp
// executor.go), so the driver reports that yield; the note says why.
func.func @control_edge(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-note@+1 {{'tf_executor.graph' op cannot be converted to tcp: a control token is used by tf_executor.yield; control dependencies are not supported}}
  %0 = tf_executor.graph {
    // expected-error@+1 {{failed to legalize operation 'tf_executor.yield' that was explicitly marked illegal}}
    %o, %c = tf_executor.island wraps "tf.Identity"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    %o2:3 = tf_executor.island {
      %1 = "tf.Identity"(%o) : (tensor<2xf32>) -> tensor<2xf32>
      "tf_executor.yield"(%1, %c) : (tensor<2xf32>, !tf_executor.control) -> ()
    }
    tf_executor.fetch %o2#0 : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}
