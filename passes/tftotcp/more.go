package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// tf.Sub, tf.Mul, tf.Abs, tf.Pack and the calls:
//
//	tf.Sub, tf.Mul           -> arith.subi/muli (subf/mulf), broadcast like AddV2
//	tf.Abs (integers)        -> arith.select(x < 0, 0 - x, x)
//	tf.Neg (integers)        -> arith.subi(0, x)
//	tf.FloorDiv (integers)   -> q = arith.divsi(x, y), minus 1 where the
//	                            remainder is nonzero and its sign differs
//	                            from y's
//	tf.Pack                  -> tensor.expand_shape of each value + tensor.concat
//	tf.PartitionedCall,
//	tf.StatefulPartitionedCall -> inlined by --inline (which runs first in
//	                           the frontends pipeline); one left is an error
var _ = addMore()

func addMore() bool {
	notInlined := func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		return fail(op, fmt.Errorf("the call was not inlined (run --inline first; a callee must be a func.func with one block)"))
	}
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: tf.SubName, Name: "TFToTcp:" + tf.SubName, Convert: tfElementwise(arith.SubIName, arith.SubFName)},
		frontends.Conversion{Root: tf.MulName, Name: "TFToTcp:" + tf.MulName, Convert: tfElementwise(arith.MulIName, arith.MulFName)},
		frontends.Conversion{Root: tf.AbsName, Name: "TFToTcp:" + tf.AbsName, Convert: convertAbs},
		frontends.Conversion{Root: tf.NegName, Name: "TFToTcp:" + tf.NegName, Convert: convertNeg},
		frontends.Conversion{Root: tf.FloorDivName, Name: "TFToTcp:" + tf.FloorDivName, Convert: convertFloorDiv},
		frontends.Conversion{Root: tf.PackName, Name: "TFToTcp:" + tf.PackName, Convert: convertPack},
		frontends.Conversion{Root: tf.PartitionedCallName, Name: "TFToTcp:" + tf.PartitionedCallName, Convert: notInlined},
		frontends.Conversion{Root: tf.StatefulPartitionedCallName, Name: "TFToTcp:" + tf.StatefulPartitionedCallName, Convert: notInlined},
	)
	return true
}

func convertAbs(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t, ok := staticRanked(op.Operand(0))
	if !ok {
		return fail(op, fmt.Errorf("the x type %s is not static", op.Operand(0).Type()))
	}
	if it, ok := t.Elem().(ir.IntegerType); !ok || it.Width == 1 || it.Sign != ir.Signless {
		return fail(op, fmt.Errorf("element type %s is not supported (signed integer index arithmetic)", t.Elem()))
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	zero := tcp.BuildConst(rw, loc, ir.NewDenseInts(t, []int64{0})).Result(0)
	neg := arith.CmpI(rw, loc, arith.CmpSLT, op.Operand(0), zero).Result(0)
	minus := arith.Binary(rw, arith.SubIName, loc, zero, op.Operand(0)).Result(0)
	return true, tcpbuild.Replace(rw, op, arith.Select(rw, loc, neg, minus, op.Operand(0)).Result(0))
}

func convertPack(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, ok := staticRanked(op.Operand(0))
	if !ok {
		return fail(op, fmt.Errorf("the values type %s is not static", op.Operand(0).Type()))
	}
	axis := int64(0)
	if a, ok := op.Attr("axis").(ir.IntegerAttr); ok {
		axis = a.Value
	}
	shape, ok := tf.PackShape(x.Shape(), op.NumOperands(), axis)
	if !ok {
		return fail(op, fmt.Errorf("axis %d is out of range for values of rank %d", axis, x.Rank()))
	}
	if axis < 0 {
		axis += int64(x.Rank()) + 1
	}
	one, _ := tf.PackShape(x.Shape(), 1, axis)
	rw.SetInsertionPointBefore(op)
	var parts []ir.Value
	for _, v := range op.Operands() {
		e, err := tcpbuild.ExpandTo(rw, op.Loc(), v, one)
		if err != nil {
			return fail(op, err)
		}
		parts = append(parts, e)
	}
	out := ir.RankedTensor(shape, x.Elem())
	v := parts[0]
	if len(parts) > 1 {
		v = tensor.Concat(rw, op.Loc(), axis, parts, out).Result(0)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

func convertNeg(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t, ok := staticRanked(op.Operand(0))
	if !ok {
		return fail(op, fmt.Errorf("the x type %s is not static", op.Operand(0).Type()))
	}
	if it, ok := t.Elem().(ir.IntegerType); !ok || it.Width == 1 || it.Sign != ir.Signless {
		return fail(op, fmt.Errorf("element type %s is not supported (signed integer index arithmetic)", t.Elem()))
	}
	rw.SetInsertionPointBefore(op)
	zero := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(t, []int64{0})).Result(0)
	return true, tcpbuild.Replace(rw, op, arith.Binary(rw, arith.SubIName, op.Loc(), zero, op.Operand(0)).Result(0))
}

func convertFloorDiv(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if it, ok := ir.ElementType(op.Operand(0).Type()).(ir.IntegerType); !ok || it.Sign != ir.Signless || it.Width == 1 {
		return fail(op, fmt.Errorf("element type %s is not supported (signless integers only)", ir.ElementType(op.Operand(0).Type())))
	}
	vs, r, err := broadcastOperands(op, rw)
	if err != nil {
		return fail(op, err)
	}
	loc := op.Loc()
	a, b := vs[0], vs[1]
	zero := tcp.BuildConst(rw, loc, ir.NewDenseInts(r, []int64{0})).Result(0)
	one := tcp.BuildConst(rw, loc, ir.NewDenseInts(r, []int64{1})).Result(0)
	q := arith.Binary(rw, arith.DivSIName, loc, a, b).Result(0)
	rem := arith.Binary(rw, arith.RemSIName, loc, a, b).Result(0)
	nonzero := arith.CmpI(rw, loc, arith.CmpNE, rem, zero).Result(0)
	remNeg := arith.CmpI(rw, loc, arith.CmpSLT, rem, zero).Result(0)
	bNeg := arith.CmpI(rw, loc, arith.CmpSLT, b, zero).Result(0)
	differ := arith.CmpI(rw, loc, arith.CmpNE, remNeg, bNeg).Result(0)
	fix := arith.Binary(rw, arith.AndIName, loc, nonzero, differ).Result(0)
	down := arith.Binary(rw, arith.SubIName, loc, q, one).Result(0)
	return true, tcpbuild.Replace(rw, op, arith.Select(rw, loc, fix, down, q).Result(0))
}
