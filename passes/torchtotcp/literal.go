package torchtotcp

import (
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
)

// torch.vtensor.literal becomes tcp.const of its (signless) value, handed
// back with torch_c.from_builtin_tensor. It joins the torch frontend's
// conversions during package variable initialization.
var _ = addLiteral()

func addLiteral() bool {
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.VTensorLiteralName, "torch-vtensor-literal-to-tcp", convertLiteral})
	return true
}

func convertLiteral(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	d := torch.LiteralValue(op)
	vt := op.Result(0).Type().(*torch.VTensorType)
	if d == nil || vt.BuiltinTensorType() != ir.Type(d.Type) {
		return false, ir.NotifyMatchFailure(op, "the value type is not the result's builtin tensor type %v", vt.BuiltinTensorType())
	}
	rw.SetInsertionPointBefore(op)
	c := tcp.BuildConst(rw, op.Loc(), d).Result(0)
	rw.ReplaceOp(op, []ir.Value{torch.FromBuiltinValue(rw, op.Loc(), c, vt)})
	return true, nil
}
