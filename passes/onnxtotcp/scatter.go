package onnxtotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// ScatterElements becomes tcp.scatter {dim = axis (normalized)}, ScatterND
// tcp.scatter_nd; both with mode wrap_negative (ONNX's index rule) and the
// reduction as the combine (none: replace).
var _ = func() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: onnx.ScatterElementsName, Name: "ONNXScatterElementsToTcp", Convert: convertScatterElements},
		frontends.Conversion{Root: onnx.ScatterNDName, Name: "ONNXScatterNDToTcp", Convert: convertScatterND})
	return true
}()

func combineOf(op *ir.Operation) string {
	if r := onnx.Reduction(op); r != "none" {
		return r
	}
	return tcp.CombineReplace
}

// scatterOperands checks the ranked operands and result of a scatter and
// the combine on the element type.
func scatterOperands(op *ir.Operation) (x, q, u *ir.RankedTensorType, err error) {
	if x, q, err = dataAndIndices(op); err != nil {
		return
	}
	if u, err = tcpbuild.Ranked(op.Operand(2), "updates"); err != nil {
		return
	}
	if !tcp.CombineAllowed(combineOf(op), x.Elem()) {
		err = fmt.Errorf("reduction %q is not defined by tcp for element type %s", onnx.Reduction(op), x.Elem())
		return
	}
	err = tcpbuild.CheckResultType(op, x.Shape(), x.Elem())
	return
}

func convertScatterElements(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, q, _, err := scatterOperands(op)
	if err != nil {
		return fail(op, err)
	}
	a, ok := tcpbuild.NormalizeAxis(onnx.Axis(op), x.Rank())
	if !ok || x.Rank() != q.Rank() {
		return fail(op, fmt.Errorf("expects data and indices of equal rank with axis in range"))
	}
	for d := range x.Rank() {
		if d != a && x.Dim(d) != ir.Dynamic && q.Dim(d) != ir.Dynamic && q.Dim(d) > x.Dim(d) {
			return fail(op, fmt.Errorf("indices dim %d (size %d) exceeds the data dim (size %d)", d, q.Dim(d), x.Dim(d)))
		}
	}
	rw.SetInsertionPointBefore(op)
	v := tcpbuild.Scatter(rw, op.Loc(), op.Operand(0), op.Operand(1), op.Operand(2), int64(a), combineOf(op), Mode)
	return true, tcpbuild.Replace(rw, op, v)
}

func convertScatterND(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	_, q, _, err := scatterOperands(op)
	if err != nil {
		return fail(op, err)
	}
	if q.Dim(q.Rank()-1) == ir.Dynamic {
		return fail(op, fmt.Errorf("the index tuple length (the last dim of indices) is dynamic; tcp.scatter_nd needs it static"))
	}
	rw.SetInsertionPointBefore(op)
	v := tcpbuild.ScatterND(rw, op.Loc(), op.Operand(0), op.Operand(1), op.Operand(2), 0, combineOf(op), Mode)
	return true, tcpbuild.Replace(rw, op, v)
}
