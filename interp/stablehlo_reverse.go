package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

func init() {
	register(map[string]kernelFunc{
		stablehlo.ReverseName:                 runHLOReverse,
		stablehlo.MHLO(stablehlo.ReverseName): runHLOReverse,
	})
}

// runHLOReverse is stablehlo.reverse: a slice with stride -1 from the last
// element along each reversed dim.
func runHLOReverse(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	dims, _ := stablehlo.I64List(op.Attr("dimensions"))
	if a.Rank() == 0 {
		if len(dims) > 0 {
			return nil, fmt.Errorf("dimensions %v do not fit a 0-d operand", dims)
		}
		return []*tensor.Tensor{a}, nil
	}
	starts, sizes, strides := sliceAll(a.Shape)
	for _, d := range dims {
		if d < 0 || d >= int64(a.Rank()) {
			return nil, fmt.Errorf("dimension %d is out of range for rank %d", d, a.Rank())
		}
		if a.Shape[d] > 0 {
			starts[d], strides[d] = a.Shape[d]-1, -1
		}
	}
	return one(kernel.Slice(a, starts, sizes, strides))
}
