package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch.vtensor.literal: its value as the builtin tensor (signless).
func init() {
	register(map[string]kernelFunc{torch.VTensorLiteralName: runTorchLiteral})
}

func runTorchLiteral(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	d := torch.LiteralValue(op)
	if d == nil {
		return nil, fmt.Errorf("value must be a dense elements attribute")
	}
	if dt, err := DType(d.Type.Elem()); err == nil {
		if err := x.checkSize(dt, d.Type.Shape()); err != nil {
			return nil, err
		}
	}
	return one(FromAttr(d))
}
