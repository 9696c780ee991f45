package interp

import (
	"math"

	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

func init() {
	register(map[string]kernelFunc{dml.MinName: runDMLMin})
}

// runDMLMin computes min(a, b) elementwise through both views, comparing
// by the data type's values (unsigned types as unsigned).
func runDMLMin(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	a, err := dmlView(x, op, 0, args[0])
	if err != nil {
		return nil, err
	}
	b, err := dmlView(x, op, 1, args[1])
	if err != nil {
		return nil, err
	}
	out := a.Clone()
	for i := 0; i < int(out.NumElements()); i++ {
		switch {
		case a.DType.IsFloat():
			out.SetFloat64(i, math.Min(a.Float64At(i), b.Float64At(i)))
		case a.DType.IsUnsigned():
			out.SetBits(i, min(a.Bits(i), b.Bits(i)))
		default:
			out.SetInt64(i, min(a.Int64At(i), b.Int64At(i)))
		}
	}
	return asResult(op, out)
}
