// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @fetch_type(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'tf_executor.graph' op result #0 has type tensor<3xf32>, the fetch's operand tensor<2xf32>}}
  %0 = "tf_executor.graph"() ({
    "tf_executor.fetch"(%a) : (tensor<2xf32>) -> ()
  }) : () -> tensor<3xf32>
  return %a : tensor<2xf32>
}

// -----

func.func @island_results(%a: tensor<2xf32>) {
  tf_executor.graph {
    // expected-error@+1 {{'tf_executor.island' op has 1 results, want the 1 yielded values and a control token}}
    %0 = "tf_executor.island"() ({
      "tf_executor.yield"(%a) : (tensor<2xf32>) -> ()
    }) : () -> tensor<2xf32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @island_parent(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tf_executor.island' op expects parent op 'tf_executor.graph'}}
  %0:2 = tf_executor.island wraps "tf.Identity"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}
