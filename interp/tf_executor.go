package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The tf_executor graph form (dialect/tf executor.go), run as TensorFlow
// runs a graph of islands without control operands: in textual order.
// tf_executor.graph runs its one body block and returns the data operands
// of its tf_executor.fetch (control tokens among them are dropped, as the
// graph's result types drop them); tf_executor.island runs its body block
// and returns the operands of its tf_executor.yield, then its control
// token. Island bodies read values from the graph and the function (the
// body env is a child of the enclosing one). The terminators are read by
// these kernels and never run on their own.
//
// A !tf_executor.control token has no data: its runtime value is the none
// sentinel (the value of type none; RuntimeType maps the control type to
// none), so results and fetch operands of that type are checked like none.

func init() {
	registerRegion(map[string]regionKernelFunc{
		tf.GraphName:  runTFGraph,
		tf.IslandName: runTFIsland,
	})
	markUnsupported(map[string]string{
		tf.YieldName: "the terminator of a tf_executor.island body; the island kernel reads it",
		tf.FetchName: "the terminator of a tf_executor.graph body; the graph kernel reads it",
	})
	runtimeTypes = append(runtimeTypes, func(t ir.Type) (ir.Type, bool) {
		if t == tf.ControlType {
			return ir.None, true
		}
		return nil, false
	})
}

// runTFBody runs the single body block of op in a child of e up to the
// terminator named term and returns the terminator's operand values.
func (x *execState) runTFBody(op *ir.Operation, e *env, term string) (*ir.Operation, []*tensor.Tensor, error) {
	if len(op.Regions()) != 1 || len(op.Region(0).Blocks) != 1 {
		return nil, nil, fmt.Errorf("expects a body of one block ending in %s", term)
	}
	t, vals, err := x.runBlock(op.Region(0).Blocks[0], newEnv(e), func(o *ir.Operation) bool { return o.Name() == term })
	if err != nil {
		return nil, nil, err
	}
	if t == nil {
		return nil, nil, fmt.Errorf("expects a body of one block ending in %s", term)
	}
	return t, vals, nil
}

func runTFGraph(x *execState, op *ir.Operation, e *env, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	fetch, vals, err := x.runTFBody(op, e, tf.FetchName)
	if err != nil {
		return nil, err
	}
	var out []*tensor.Tensor
	for i, v := range vals {
		if fetch.Operand(i).Type() != tf.ControlType {
			out = append(out, v)
		}
	}
	return out, nil
}

func runTFIsland(x *execState, op *ir.Operation, e *env, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	_, vals, err := x.runTFBody(op, e, tf.YieldName)
	if err != nil {
		return nil, err
	}
	if n := op.NumResults(); n == len(vals)+1 && op.Result(n-1).Type() == tf.ControlType {
		vals = append(vals, noneValue)
	}
	return vals, nil
}
