package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch.aten.full_like (dialect/torch full_like.go): self's sizes filled
// with the number in the result dtype; a float number is rounded once to a
// float dtype; a float number for an integer dtype is refused.

func init() {
	register(map[string]kernelFunc{torch.FullLikeName: runTorchFullLike})
}

func runTorchFullLike(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 7); err != nil {
		return nil, err
	}
	dt, err := DType(ir.ElementType(RuntimeType(op.Result(0).Type())))
	if err != nil {
		return nil, err
	}
	fill := args[1]
	out, err := x.alloc(dt, args[0].Shape)
	if err != nil {
		return nil, err
	}
	n := int(out.NumElements())
	switch {
	case dt.IsFloat():
		v := fill.Float64At(0)
		for i := 0; i < n; i++ {
			out.SetFloat64(i, v)
		}
	case fill.DType.IsFloat():
		return nil, fmt.Errorf("a float fill_value for the integer dtype %s is not supported", dt)
	default:
		v := fill.Int64At(0)
		if dt == tensor.I1 && v != 0 {
			v = 1
		}
		for i := 0; i < n; i++ {
			out.SetInt64(i, v)
		}
	}
	return []*tensor.Tensor{out}, nil
}
