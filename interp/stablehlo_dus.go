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
		stablehlo.DynamicUpdateSliceName:                 runHLODynamicUpdateSlice,
		stablehlo.MHLO(stablehlo.DynamicUpdateSliceName): runHLODynamicUpdateSlice,
	})
}

// runHLODynamicUpdateSlice is the spec's dynamic_update_slice: each start
// clamped to [0, operand.shape[d] - update.shape[d]], so the window always
// lies inside the operand.
func runHLODynamicUpdateSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 2 {
		return nil, fmt.Errorf("expects an operand and an update")
	}
	in, up := args[0], args[1]
	r := in.Rank()
	if up.Rank() != r || len(args)-2 != r || up.DType != in.DType {
		return nil, fmt.Errorf("expects an update of rank %d and element type %s and %d start indices", r, in.DType, r)
	}
	starts := make([]int64, r)
	for d := 0; d < r; d++ {
		if up.Shape[d] > in.Shape[d] {
			return nil, fmt.Errorf("update size %d exceeds operand size %d in dimension %d", up.Shape[d], in.Shape[d], d)
		}
		t := args[2+d]
		if t.NumElements() != 1 || t.DType.IsFloat() {
			return nil, fmt.Errorf("start index %d must be a 0-d integer tensor", d)
		}
		starts[d] = max(0, min(kernel.IndexValue(t, 0), in.Shape[d]-up.Shape[d]))
	}
	out := in.Clone()
	n := up.NumElements()
	es := int64(in.DType.Size())
	ds := in.Strides()
	coord := make([]int64, r)
	for i := int64(0); i < n; i++ {
		rem := i
		for d := r - 1; d >= 0; d-- {
			coord[d] = rem % up.Shape[d]
			rem /= up.Shape[d]
		}
		off := int64(0)
		for d := 0; d < r; d++ {
			off += (starts[d] + coord[d]) * ds[d]
		}
		copy(out.Data[off*es:(off+1)*es], up.Data[i*es:(i+1)*es])
	}
	return []*tensor.Tensor{out}, nil
}
