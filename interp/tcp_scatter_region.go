package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

func init() {
	markUnsupported(map[string]string{
		tcp.YieldName: "the terminator of a scatter's combiner region; the scatter kernel reads it",
	})
}

// scatterRegionFunc returns the combine of a tcp.scatter / tcp.scatter_nd
// with combine = "region": the region run by the interpreter on 0-d
// tensors (current element, update), once per applied update, its
// tcp.yield operand the new element. The region is isolated, so its env
// has no parent.
func (x *execState) scatterRegionFunc(op *ir.Operation) (func(o, u uint64) (uint64, error), error) {
	b := tcp.CombinerRegion(op)
	if b == nil || b.NumArguments() != 2 {
		return nil, fmt.Errorf("combine = \"region\" needs a combiner region of one block with 2 arguments")
	}
	dt, err := DType(ir.ElementType(op.Result(0).Type()))
	if err != nil {
		return nil, err
	}
	isYield := func(o *ir.Operation) bool { return o.Name() == tcp.YieldName }
	return func(o, u uint64) (uint64, error) {
		be := newEnv(nil)
		for i, bits := range []uint64{o, u} {
			t, err := x.alloc(dt, nil)
			if err != nil {
				return 0, err
			}
			t.SetBits(0, bits)
			be.vals[b.Argument(i)] = t
		}
		ret, vals, err := x.runBlock(b, be, isYield)
		if err != nil {
			return 0, err
		}
		if ret == nil || len(vals) != 1 {
			return 0, fmt.Errorf("the combiner region must end in %s of one value", tcp.YieldName)
		}
		v := vals[0]
		if v.DType != dt || v.NumElements() != 1 || len(v.Shape) != 0 {
			return 0, fmt.Errorf("the combiner region yielded %s, expected a 0-d %s", v.Type(), dt)
		}
		return v.Bits(0), nil
	}, nil
}
