package interp

import (
	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// onnx.Return ends the enclosing call like func.return (the interpreter
// handles every ReturnLike terminator; runReturn only reports a misplaced
// one).
func init() {
	register(map[string]kernelFunc{onnx.ReturnName: runReturn})
}

func init() {
	// onnx.EntryPoint is a module-level marker: nothing to compute.
	register(map[string]kernelFunc{onnx.EntryPointName: func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		return nil, nil
	}})
}
