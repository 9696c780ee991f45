package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch.aten.{eq,ne,lt,le,gt,ge}.{Scalar,Tensor} (dialect/torch
// compare.go): an i1 tensor, operands broadcast. Integers compare as
// signed values; floats of one dtype as IEEE values, a number other
// rounded to self's float dtype first. Other mixed integer and float
// operands (which torch promotes) are refused.

func init() {
	m := map[string]kernelFunc{}
	for name := range torch.CompareOps {
		m[name] = runTorchCompare
	}
	register(m)
}

func runTorchCompare(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	a, b := args[0], args[1]
	scalarOther := op.Operand(1).Type() == torch.Int || op.Operand(1).Type() == torch.Float
	// A float self takes a number of either kind (rounded to self's dtype);
	// an integer self, an integer number; two tensors, one dtype kind.
	if (!scalarOther || !a.DType.IsFloat()) && a.DType.IsFloat() != b.DType.IsFloat() || a.DType.IsFloat() && !scalarOther && a.DType != b.DType {
		return nil, fmt.Errorf("self (%s) and other (%s) need type promotion, which is not supported", a.DType, b.DType)
	}
	bs, err := broadcastAll(a, b)
	if err != nil {
		return nil, err
	}
	out, err := x.alloc(tensor.I1, bs[0].Shape)
	if err != nil {
		return nil, err
	}
	rel := torch.CompareOps[op.Name()]
	isFloat := a.DType.IsFloat()
	if isFloat && a.DType != tensor.F32 && a.DType != tensor.F64 {
		return nil, fmt.Errorf("float dtype %s is not supported (f32 and f64)", a.DType)
	}
	for i := 0; i < int(out.NumElements()); i++ {
		var c int
		nan := false
		if isFloat {
			p, q := bs[0].Float64At(i), bs[1].Float64At(i)
			if a.DType == tensor.F32 {
				// A number other is rounded to self's dtype first.
				q = float64(float32(q))
			}
			switch {
			case math.IsNaN(p) || math.IsNaN(q):
				nan = true
			case p < q:
				c = -1
			case p > q:
				c = 1
			}
		} else {
			p, q := bs[0].Int64At(i), bs[1].Int64At(i)
			switch {
			case p < q:
				c = -1
			case p > q:
				c = 1
			}
		}
		var v bool
		switch rel {
		case "eq":
			v = !nan && c == 0
		case "ne":
			v = nan || c != 0
		case "lt":
			v = !nan && c < 0
		case "le":
			v = !nan && c <= 0
		case "gt":
			v = !nan && c > 0
		case "ge":
			v = !nan && c >= 0
		}
		if v {
			out.SetBits(i, 1)
		}
	}
	return []*tensor.Tensor{out}, nil
}
