package torchtotcp

import (
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
)

// aten.full_like -> a splat tcp.const of the number in the result dtype
// (static sizes; a float number for an integer result is refused).
var _ = addFullLike()

func addFullLike() bool {
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.FullLikeName, "torch-full-like-to-tcp", convertFullLike})
	operandNames[torch.FullLikeName] = []string{"self", "fill_value", "dtype", "layout", "device", "pin_memory", "memory_format"}
	return true
}

func convertFullLike(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rt, err := staticResult(op)
	if err != nil {
		return false, err
	}
	if !ir.IsFloat(rt.Elem()) && op.Operand(1).Type() != torch.Int {
		return fail(op, "a float fill_value for the integer result %s is not supported", rt.Elem())
	}
	c, err := numberSplat(op, rw, 1, rt.Shape(), rt.Elem())
	if err != nil {
		return false, err
	}
	return true, finish(op, rw, c)
}
