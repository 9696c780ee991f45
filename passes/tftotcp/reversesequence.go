package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// tf.ReverseSequence is a gather along seq_dim with computed indices:
//
//	J[p] = p[s] < L ? L - 1 - p[s] : p[s],   L = seq_lengths[p[b]]
//	J[p] = -1 where L < 0
//	output = tcp.gather input, J {dim = s, mode = "error"}
//
// (iota, the lengths and constants broadcast to the input's static shape;
// the lengths widened to i64). A length above the dim size makes J[p] for
// p[s] = 0 out of range and a negative one makes it -1, so the gather's
// mode "error" raises exactly where TensorFlow does.
var _ = addReverseSequence()

func addReverseSequence() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: tf.ReverseSequenceName, Name: "TFToTcp:" + tf.ReverseSequenceName, Convert: convertReverseSequence})
	return true
}

func convertReverseSequence(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, ok := staticRanked(op.Operand(0))
	if !ok {
		return fail(op, fmt.Errorf("the input type %s is not static", op.Operand(0).Type()))
	}
	s, b, ok := tf.ReverseSequenceDims(op, x.Rank())
	if !ok {
		return fail(op, fmt.Errorf("seq_dim and batch_dim must be distinct dims of the input"))
	}
	lt, ok := staticRanked(op.Operand(1))
	if !ok || lt.Rank() != 1 || lt.Dim(0) != x.Dim(b) {
		return fail(op, fmt.Errorf("seq_lengths %s must be static and 1-D of the size of batch_dim %d", op.Operand(1).Type(), b))
	}
	loc := op.Loc()
	rw.SetInsertionPointBefore(op)
	it := ir.RankedTensor(x.Shape(), ir.I64)
	// spread broadcasts v, of x's rank with size 1 except along dim d, to
	// x's shape.
	spread := func(v ir.Value, d int) ir.Value {
		var axes, static []int64
		var sizes []ir.Value
		for k := 0; k < x.Rank(); k++ {
			if k != d && x.Dim(k) != 1 {
				axes = append(axes, int64(k))
				static = append(static, x.Dim(k))
				sizes = append(sizes, tcpbuild.ConstantIndex(rw, loc, x.Dim(k)))
			}
		}
		return tcpbuild.BroadcastTo(rw, loc, v, axes, sizes, static)
	}
	unit := func(d int) []int64 {
		shape := tcpbuild.Ones(x.Rank())
		shape[d] = x.Dim(d)
		return shape
	}
	n := x.Dim(s)
	iv := make([]int64, n)
	for k := range iv {
		iv[k] = int64(k)
	}
	iota := spread(tcp.BuildConst(rw, loc, ir.NewDenseInts(ir.RankedTensor(unit(s), ir.I64), iv)).Result(0), s)
	l := op.Operand(1)
	if lt.Elem() != ir.I64 {
		l = arith.Cast(rw, arith.ExtSIName, loc, l, ir.RankedTensor(lt.Shape(), ir.I64)).Result(0)
	}
	l, err := tcpbuild.ExpandTo(rw, loc, l, unit(b))
	if err != nil {
		return fail(op, err)
	}
	l = spread(l, b)
	splat := func(v int64) ir.Value { return tcp.BuildConst(rw, loc, ir.NewDenseInts(it, []int64{v})).Result(0) }
	inside := arith.CmpI(rw, loc, arith.CmpSLT, iota, l).Result(0)
	last := arith.Binary(rw, arith.SubIName, loc, l, splat(1)).Result(0)
	rev := arith.Binary(rw, arith.SubIName, loc, last, iota).Result(0)
	j := arith.Select(rw, loc, inside, rev, iota).Result(0)
	neg := arith.CmpI(rw, loc, arith.CmpSLT, l, splat(0)).Result(0)
	j = arith.Select(rw, loc, neg, splat(-1), j).Result(0)
	g := tcp.BuildGather(rw, loc, op.Operand(0), j, int64(s), Mode, x)
	return true, tcpbuild.Replace(rw, op, g.Result(0))
}
