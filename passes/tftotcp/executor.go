package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
)

// tf_executor.graph is inlined (TensorFlow's
// tf-executor-to-functional-conversion, also registered as that pass): the ops of each island move in front of
// the graph in order, island outputs become the yielded values, and the
// graph's results the fetched ones. Control tokens must be unused (the
// converter's single-function graphs only chain them into the fetch,
// which ignores them here). The tf ops then convert as usual.
var _ = addExecutorConversion()

func addExecutorConversion() bool {
	// Rooted at the graph and also at tf_executor.yield: the graph has no
	// operands, so the frontends driver would reach it only after the ops
	// with operands (phase 3); a yield has operands and is visited, in
	// program order, before the ops of later islands, so the graph is
	// inlined before its tf ops convert.
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: tf.YieldName, Name: "TFExecutorGraphInlineAtYield", Convert: convertGraphAtYield},
		frontends.Conversion{Root: tf.GraphName, Name: "TFExecutorGraphInline", Convert: convertGraph})
	return true
}

func convertGraphAtYield(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	isl := op.ParentOp()
	if isl == nil || isl.Name() != tf.IslandName || isl.ParentOp() == nil || isl.ParentOp().Name() != tf.GraphName {
		return fail(op, fmt.Errorf("is not in a %s of a %s", tf.IslandName, tf.GraphName))
	}
	return convertGraph(isl.ParentOp(), rw)
}

func convertGraph(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if len(op.Region(0).Blocks) != 1 {
		return fail(op, fmt.Errorf("the graph body has %d blocks, want 1", len(op.Region(0).Blocks)))
	}
	body := op.Region(0).Blocks[0]
	fetch := body.Last()
	if fetch == nil || fetch.Name() != tf.FetchName {
		return fail(op, fmt.Errorf("the graph body does not end in %s", tf.FetchName))
	}
	// Check first, rewrite after: islands only, control tokens used by
	// nothing but the fetch.
	for _, isl := range body.Ops() {
		if isl == fetch {
			continue
		}
		if isl.Name() != tf.IslandName {
			return fail(op, fmt.Errorf("the graph holds %s; only islands are supported", isl.Name()))
		}
		ctl := isl.Result(isl.NumResults() - 1)
		for u := ctl.FirstUse(); u != nil; u = u.NextUse() {
			if u.Owner() != fetch {
				return fail(op, fmt.Errorf("a control token is used by %s; control dependencies are not supported", u.Owner().Name()))
			}
		}
	}
	for _, isl := range body.Ops() {
		if isl == fetch {
			continue
		}
		ib := isl.Region(0).Blocks[0]
		yield := ib.Last()
		for _, inner := range ib.Ops() {
			if inner != yield {
				inner.MoveBefore(op)
			}
		}
		vals := append(append([]ir.Value{}, yield.Operands()...), nil)
		for i := 0; i < isl.NumResults()-1; i++ {
			ir.ReplaceAllUsesWith(isl.Result(i), vals[i])
		}
	}
	var outs []ir.Value
	for _, v := range fetch.Operands() {
		if v.Type() != tf.ControlType {
			outs = append(outs, v)
		}
	}
	rw.ReplaceOp(op, outs)
	return true, nil
}
