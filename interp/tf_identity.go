package interp

import (
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// tf.Identity returns its operand (the result type may be less static; the
// value is the same).
func init() {
	register(map[string]kernelFunc{tf.IdentityName: runTFIdentity})
}

func runTFIdentity(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	return []*tensor.Tensor{args[0]}, nil
}
