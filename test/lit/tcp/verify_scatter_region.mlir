// RUN: tcp-opt %s -split-input-file -verify-diagnostics

// One negative case per verifier rule of combine = "region" (rule 9 of
// tcp.scatter and tcp.scatter_nd), located at the op that breaks it.

func.func @region_without_combine(%a: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tcp.scatter' op has a combiner region but combine = "add" (a region needs combine = "region")}}
  %0 = tcp.scatter %a, %i, %u {combine = "add", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: tensor<f32>):
    tcp.yield %v : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @combine_without_region(%a: tensor<4xf32>, %i: tensor<3x1xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tcp.scatter_nd' op with combine = "region" expects one combiner region, got 0}}
  %0 = tcp.scatter_nd %a, %i, %u {combine = "region"} : tensor<4xf32>, tensor<3x1xi64>, tensor<3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @argument_count(%a: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tcp.scatter' op expects a combiner region with 2 arguments (current element, update) of type tensor<f32>, got 1}}
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>):
    tcp.yield %c : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @argument_type(%a: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tcp.scatter' op expects combiner argument #1 of type tensor<f32>, got f32}}
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: f32):
    tcp.yield %c : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @yield_type(%a: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: tensor<f32>):
    %k = arith.constant dense<1> : tensor<i32>
    // expected-error@+1 {{'tcp.yield' op must yield one tensor<f32> from the combiner region of tcp.scatter, got (tensor<f32>, tensor<i32>)}}
    tcp.yield %c, %k : tensor<f32>, tensor<i32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @no_yield(%a: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tcp.scatter' op expects its combiner region to end in tcp.yield}}
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: tensor<f32>):
    stablehlo.return %c : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @op_not_allowed(%a: tensor<4xi32>, %i: tensor<3xi64>, %u: tensor<3xi32>) -> tensor<4xi32> {
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xi32>, tensor<3xi64>, tensor<3xi32> -> tensor<4xi32> {
  ^bb0(%c: tensor<i32>, %v: tensor<i32>):
    // expected-error@+1 {{'arith.divsi' op is not allowed in the combiner region of tcp.scatter}}
    %d = arith.divsi %c, %v : tensor<i32>
    tcp.yield %d : tensor<i32>
  }
  return %0 : tensor<4xi32>
}

// -----

func.func @not_scalar(%a: tensor<4xf32>, %i: tensor<3x1xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  %0 = tcp.scatter_nd %a, %i, %u {combine = "region"} : tensor<4xf32>, tensor<3x1xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: tensor<f32>):
    // expected-error@+1 {{'tcp.const' op result #0 has type tensor<2xf32>; a combiner region computes on 0-d tensors}}
    %k = tcp.const {value = dense<1.0> : tensor<2xf32>} : tensor<2xf32>
    tcp.yield %c : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @two_blocks(%a: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tcp.scatter' op expects a combiner region of one block, got 2}}
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: tensor<f32>):
    tcp.yield %c : tensor<f32>
  ^bb1:
    tcp.yield %c : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @captured(%a: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>, %k: tensor<f32>) -> tensor<4xf32> {
  %0 = tcp.scatter %a, %i, %u {combine = "region", dim = 0 : index} : tensor<4xf32>, tensor<3xi64>, tensor<3xf32> -> tensor<4xf32> {
  ^bb0(%c: tensor<f32>, %v: tensor<f32>):
    // The region is isolated from above: values outside it are not in scope.
    // expected-error@+1 {{use of undeclared SSA value name '%k'}}
    %d = arith.addf %c, %k : tensor<f32>
    tcp.yield %d : tensor<f32>
  }
  return %0 : tensor<4xf32>
}
