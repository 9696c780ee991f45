package interp

import "github.com/tcp-project/tcp/dialect/onnx"

// onnx.Return ends the enclosing call like func.return (the interpreter
// handles every ReturnLike terminator; runReturn only reports a misplaced
// one).
func init() {
	register(map[string]kernelFunc{onnx.ReturnName: runReturn})
}
