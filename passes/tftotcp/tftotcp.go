package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Mode is the tcp index mode of TensorFlow's gathers (CPU semantics).
const Mode = tcp.ModeError

// Frontend is the tf frontend as registered in passes/frontends.
var Frontend = frontends.Frontend{
	Name:     "tf",
	Dialects: []string{"tf"},
	Conversions: []frontends.Conversion{
		{Root: tf.GatherV2Name, Name: "TFGatherV2ToTcp", Convert: convertGatherV2},
		{Root: tf.GatherName, Name: "TFGatherToTcp", Convert: convertGather},
		{Root: tf.GatherNdName, Name: "TFGatherNdToTcp", Convert: convertGatherNd},
		{Root: tf.ConstName, Name: "TFConstToTcp", Convert: convertConst},
	},
}

func init() {
	frontends.Register(Frontend)
	ir.RegisterPass(frontends.NewPassInfo("convert-tf-to-tcp", "Convert the tf dialect (TensorFlow) to tcp", "tf"))
}

func fail(op *ir.Operation, err error) (bool, error) {
	return false, op.EmitOpError("cannot be converted to tcp: %v", err)
}

// indices checks the indices operand: ranked, i32 or i64.
func indices(op *ir.Operation) (*ir.RankedTensorType, error) {
	q, err := tcpbuild.Ranked(op.Operand(1), "indices")
	if err != nil {
		return nil, err
	}
	if !tcpbuild.IsIndexElement(q.Elem()) {
		return nil, fmt.Errorf("operand #1 (indices) has element type %s; tcp gathers take i32 or i64 indices", q.Elem())
	}
	return q, nil
}

func convertGatherV2(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	axis, ok := tf.ConstantAxis(op)
	if !ok {
		return fail(op, fmt.Errorf("operand #2 (axis) is not a constant; the gather axis must be known at compile time"))
	}
	return gather(op, rw, axis, tf.BatchDims(op))
}

func convertGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	return gather(op, rw, 0, 0)
}

func gather(op *ir.Operation, rw *ir.Rewriter, axis, batchDims int64) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "params")
	if err != nil {
		return fail(op, err)
	}
	q, err := indices(op)
	if err != nil {
		return fail(op, err)
	}
	a, ok := tcpbuild.NormalizeAxis(axis, x.Rank())
	if !ok {
		return fail(op, fmt.Errorf("axis %d is out of range for params of rank %d", axis, x.Rank()))
	}
	// TensorFlow: batch_dims in [-q, q], negatives count from q.
	b := int(batchDims)
	if batchDims < 0 {
		b += q.Rank()
	}
	if batchDims < -int64(q.Rank()) || batchDims > int64(q.Rank()) || b > a {
		return fail(op, fmt.Errorf("batch_dims %d is out of range for axis %d and indices of rank %d", batchDims, a, q.Rank()))
	}
	if err := tcpbuild.CheckResultType(op, tcpbuild.SliceGatherShape(x.Shape(), q.Shape(), a, b, true), x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	v, err := tcpbuild.SliceGather(rw, op.Loc(), op.Operand(0), op.Operand(1), a, b, Mode, true)
	if err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

func convertGatherNd(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "params")
	if err != nil {
		return fail(op, err)
	}
	q, err := indices(op)
	if err != nil {
		return fail(op, err)
	}
	m := q.Dim(q.Rank() - 1)
	if m == ir.Dynamic {
		return fail(op, fmt.Errorf("the index tuple length (the last dim of indices) is dynamic; tcp.gather_nd needs it static"))
	}
	shape := append(append([]int64{}, q.Shape()[:q.Rank()-1]...), x.Shape()[m:]...)
	if err := tcpbuild.CheckResultType(op, shape, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	g := tcp.BuildGatherND(rw, op.Loc(), op.Operand(0), op.Operand(1), 0, Mode, ir.RankedTensor(shape, x.Elem()))
	return true, tcpbuild.Replace(rw, op, g.Result(0))
}

func convertConst(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	d := op.Attr("value").(*ir.DenseElementsAttr)
	if !tcpbuild.CastCompatible(d.Type, op.Result(0).Type()) {
		return fail(op, fmt.Errorf("the value type %s is not compatible with the result type %s", d.Type, op.Result(0).Type()))
	}
	rw.SetInsertionPointBefore(op)
	return true, tcpbuild.Replace(rw, op, tcp.BuildConst(rw, op.Loc(), d).Result(0))
}
