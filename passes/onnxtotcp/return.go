package onnxtotcp

import (
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
)

// onnx.Return becomes func.return with the same operands. It joins
// Frontend's conversions during package variable initialization, before
// init registers Frontend.
var _ = addReturn()

func addReturn() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: onnx.ReturnName, Name: "ONNXReturnToFuncReturn", Convert: convertReturn})
	return true
}

func convertReturn(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rw.SetInsertionPointBefore(op)
	rw.Create(function.ReturnName, op.Loc(), op.Operands(), nil, nil)
	rw.EraseOp(op)
	return true, nil
}

// onnx.EntryPoint, onnx-mlir's module-level marker of the model's
// function, computes nothing: the conversion erases it.
var _ = addEntryPoint()

func addEntryPoint() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: onnx.EntryPointName, Name: "ONNXEntryPointErase", Convert: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			rw.EraseOp(op)
			return true, nil
		}})
	return true
}
