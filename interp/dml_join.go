package interp

import (
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

func init() {
	register(map[string]kernelFunc{dml.JoinName: runDMLJoin})
}

// runDMLJoin concatenates the inputs (read through their padded descs)
// along axis.
func runDMLJoin(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	views := make([]*tensor.Tensor, len(args))
	for i, a := range args {
		v, err := dmlView(x, op, i, a)
		if err != nil {
			return nil, err
		}
		views[i] = v
	}
	out, err := x.concat(views, int(op.IntAttr("axis")))
	if err != nil {
		return nil, err
	}
	return asResult(op, out[0])
}
