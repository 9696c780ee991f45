package interp_test

import (
	"errors"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/tensor"
)

// The tf_executor graph form runs as printed: islands read the function's
// arguments and earlier islands' results, the graph returns the fetch's
// data operands, and control tokens (the none value) are dropped.
func TestTFExecutor(t *testing.T) {
	src := `func.func @f(%x: tensor<2x3xi64>, %i: tensor<2xi32>) -> (tensor<*xi64>, tensor<2xi32>) {
  %a = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0:2 = tf_executor.graph {
    %g, %cg = tf_executor.island wraps "tf.GatherV2"(%x, %i, %a) <{batch_dims = 0 : i64}> {device = ""} : (tensor<2x3xi64>, tensor<2xi32>, tensor<i32>) -> tensor<*xi64>
    %r:3 = tf_executor.island {
      %k = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
      %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %h = "tf.GatherV2"(%g, %k, %z) <{batch_dims = 0 : i64}> : (tensor<*xi64>, tensor<2xi32>, tensor<i32>) -> tensor<*xi64>
      tf_executor.yield %h, %k : tensor<*xi64>, tensor<2xi32>
    }
    tf_executor.fetch %r#0, %cg, %r#1, %r#2 : tensor<*xi64>, !tf_executor.control, tensor<2xi32>, !tf_executor.control
  }
  return %0#0, %0#1 : tensor<*xi64>, tensor<2xi32>
}`
	fn := parseFunc(t, src, "f")
	x := i64s(sh(2, 3), 10, 11, 12, 20, 21, 22)
	for _, c := range []runCase{
		{name: "rows swapped", args: []*tensor.Tensor{x, typed(i32, sh(2), 2, 0)}, want: []string{"dense<[[22, 20], [12, 10]]> : tensor<2x2xi64>", "dense<[1, 0]> : tensor<2xi32>"}},
		{name: "error in an island", args: []*tensor.Tensor{x, typed(i32, sh(2), 3, 0)}, err: "t.mlir:4:40: error: 'tf.GatherV2' op index 3 is out of bounds for dimension 1 with size 3"},
	} {
		checkRun(t, fn, c)
	}

	// The error's op is the op in the island; steps count the ops of every
	// body (const, graph, island, GatherV2, yield, island, tf.Const: the
	// 8th operation is the second island's second tf.Const).
	_, err := interp.Run(fn, []*tensor.Tensor{x, typed(i32, sh(2), 3, 0)})
	var re *interp.RuntimeError
	if !errors.As(err, &re) || re.Op.Name() != "tf.GatherV2" {
		t.Errorf("got %v, want a RuntimeError at tf.GatherV2", err)
	}
	_, err = interp.Options{MaxSteps: 7}.Run(fn, []*tensor.Tensor{x, typed(i32, sh(2), 2, 0)})
	if want := "t.mlir:7:12: error: 'tf.Const' op the run exceeds the limit of 7 operations"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}

	// A func.call in an island runs its callee in a new frame. (Not in the
	// lit tests: mlir-opt-16 resolves no symbol from inside an unregistered
	// op.)
	callSrc := `func.func @g(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = tf_executor.graph {
    %r:2 = tf_executor.island {
      %c = func.call @id(%x) : (tensor<2xi32>) -> tensor<2xi32>
      tf_executor.yield %c : tensor<2xi32>
    }
    tf_executor.fetch %r#0 : tensor<2xi32>
  }
  return %0 : tensor<2xi32>
}
func.func @id(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = tf_executor.graph {
    %r, %cr = tf_executor.island wraps "tf.Identity"(%x) : (tensor<2xi32>) -> tensor<2xi32>
    tf_executor.fetch %r : tensor<2xi32>
  }
  return %0 : tensor<2xi32>
}`
	checkRun(t, parseFunc(t, callSrc, "g"), runCase{name: "call in an island", args: []*tensor.Tensor{typed(i32, sh(2), 4, 5)}, want: []string{"dense<[4, 5]> : tensor<2xi32>"}})
}
