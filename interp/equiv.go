package interp

import (
	"fmt"
	"math/rand"
	"strings"

	"github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// CheckEquivalent is the semantic oracle for rewrites: for every function
// of before whose arguments have static shapes and whose ops (in both
// modules) all have kernels, it runs the function of the same name in both
// modules on trials sets of random arguments and requires either equal
// results (bitwise, NaN equal to NaN) or a runtime error in both. Integer
// arguments are drawn from a small range around zero so that index
// operands hit both in- and out-of-range values. It returns the first
// difference, or nil. checked reports how many functions were compared.
func CheckEquivalent(before, after *ir.Operation, trials int, seed int64) (checked int, err error) {
	rng := rand.New(rand.NewSource(seed))
	for _, fb := range function.Funcs(before) {
		f := function.FuncOp{Operation: fb}
		if f.IsDeclaration() || !interpretable(fb) {
			continue
		}
		fa := function.Lookup(after, f.Name())
		if fa == nil {
			return checked, fmt.Errorf("@%s disappeared", f.Name())
		}
		if !interpretable(fa) {
			return checked, fmt.Errorf("@%s: the rewritten function has ops without kernels", f.Name())
		}
		ok := true
		for _, t := range f.Type().Inputs() {
			if rt, isT := RuntimeType(t).(*ir.RankedTensorType); isT && !rt.HasStaticShape() {
				ok = false
			}
		}
		if !ok {
			continue
		}
		checked++
		for i := 0; i < trials; i++ {
			args, err := randomArgs(rng, f.Type().Inputs())
			if err != nil {
				return checked, fmt.Errorf("@%s: %v", f.Name(), err)
			}
			rb, eb := Run(fb, args)
			ra, ea := Run(fa, args)
			switch {
			case (eb == nil) != (ea == nil):
				return checked, fmt.Errorf("@%s on %s: before: %v, after: %v", f.Name(), describeArgs(args), resultOrErr(rb, eb), resultOrErr(ra, ea))
			case eb != nil:
				continue
			}
			if len(rb) != len(ra) {
				return checked, fmt.Errorf("@%s: %d results before, %d after", f.Name(), len(rb), len(ra))
			}
			for k := range rb {
				if !tensor.Equal(rb[k], ra[k], tensor.NaNEqual) {
					return checked, fmt.Errorf("@%s on %s: result %d differs: before %s, after %s", f.Name(), describeArgs(args), k, tensor.Format(rb[k]), tensor.Format(ra[k]))
				}
			}
		}
	}
	return checked, nil
}

func interpretable(fn *ir.Operation) bool {
	ok := true
	fn.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op != fn && !Supported(op.Name()) {
			ok = false
		}
	})
	return ok
}

func randomArgs(rng *rand.Rand, types []ir.Type) ([]*tensor.Tensor, error) {
	args := make([]*tensor.Tensor, len(types))
	for i, t := range types {
		if t = RuntimeType(t); t == nil {
			return nil, fmt.Errorf("argument #%d: no random values for type %s", i, types[i])
		}
		dt, err := DType(ir.ElementType(t))
		if err != nil {
			return nil, err
		}
		var shape []int64
		if rt, ok := t.(*ir.RankedTensorType); ok {
			shape = rt.Shape()
		}
		v, err := tensor.New(dt, shape)
		if err != nil {
			return nil, err
		}
		for j := int64(0); j < v.NumElements(); j++ {
			switch {
			case dt.IsFloat():
				v.SetFloat64(int(j), float64(rng.Intn(2001)-1000)/8)
			case dt == tensor.I1:
				v.SetInt64(int(j), int64(rng.Intn(2)))
			case dt.IsUnsigned():
				v.SetInt64(int(j), int64(rng.Intn(8)))
			default:
				v.SetInt64(int(j), int64(rng.Intn(12)-4))
			}
		}
		args[i] = v
	}
	return args, nil
}

func describeArgs(args []*tensor.Tensor) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = tensor.Format(a)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func resultOrErr(r []*tensor.Tensor, err error) string {
	if err != nil {
		return "error " + err.Error()
	}
	return describeArgs(r)
}
