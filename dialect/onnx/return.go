package onnx

import "github.com/tcp-project/tcp/ir"

// ReturnName is onnx-mlir's function terminator.
const ReturnName = "onnx.Return"

// Return is onnx.Return, which newer onnx-mlir prints at the end of
// @main_graph instead of func.return (often with unranked types:
// onnx.Return %0 : tensor<*xf32>).
var Return = ir.MustRegister(ir.OpDef{
	Name:    ReturnName,
	Summary: "ONNX Return: the values the enclosing function returns",
	Description: `Returns its operands from the enclosing func.func, as func.return does.

Verifier rules: it is directly in a func.func; the operand types are the
function's result types (as func.return's).`,
	Examples: []string{"onnx.Return %0 : tensor<3x2xf32>"},
	Operands: []ir.OperandDef{{Name: "operands", Type: ir.AnyType, Variadic: true}},
	Traits:   []ir.Trait{ir.Pure, ir.Terminator, ir.ReturnLike, ir.HasParent("func.func")},
	Format:   "attr-dict ($operands^ `:` type($operands))?",
	Verify: func(op *ir.Operation) error {
		f := op.ParentOp()
		ta, ok := f.Attr("function_type").(ir.TypeAttr)
		if !ok {
			return nil
		}
		ft, ok := ta.Type.(*ir.FunctionType)
		if !ok {
			return nil
		}
		res := ft.Results()
		if len(res) != op.NumOperands() {
			return op.EmitOpError("has %d operands, but enclosing function returns %d", op.NumOperands(), len(res))
		}
		for i, t := range res {
			if op.Operand(i).Type() != t {
				return op.EmitOpError("type of return operand %d (%s) doesn't match function result type (%s)", i, op.Operand(i).Type(), t)
			}
		}
		return nil
	},
})
