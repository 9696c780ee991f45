package interp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

func init() {
	register(map[string]kernelFunc{
		torch.SliceScatterName: runTorchSliceScatter,
		torch.CopyName:         runTorchCopy,
	})
}

// runTorchSliceScatter is torch.slice_scatter: self with the Python slice
// start:end:step along dim replaced by src (of the slice's shape).
func runTorchSliceScatter(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 6); err != nil {
		return nil, err
	}
	self, src := args[0], args[1]
	d, first, count, step, err := torchSliceArgs(op, args, 2, self)
	if err != nil {
		return nil, err
	}
	want := slices.Clone(self.Shape)
	want[d] = count
	if src.DType != self.DType || !slices.Equal(src.Shape, want) {
		return nil, fmt.Errorf("expected src of shape %s and dtype %s, got %s", tensor.ShapeString(want), self.DType, src.Type())
	}
	out := self.Clone()
	r := self.Rank()
	es := int64(self.DType.Size())
	ds := self.Strides()
	coord := make([]int64, r)
	n := src.NumElements()
	for i := int64(0); i < n; i++ {
		rem := i
		for k := r - 1; k >= 0; k-- {
			coord[k] = rem % want[k]
			rem /= want[k]
		}
		off := int64(0)
		for k := 0; k < r; k++ {
			c := coord[k]
			if k == d {
				c = first + c*step
			}
			off += c * ds[k]
		}
		copy(out.Data[off*es:(off+1)*es], src.Data[i*es:(i+1)*es])
	}
	return []*tensor.Tensor{out}, nil
}

// runTorchCopy is torch.copy for src of self's shape and dtype: src.
func runTorchCopy(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	self, src := args[0], args[1]
	if src.DType != self.DType || !slices.Equal(src.Shape, self.Shape) {
		return nil, fmt.Errorf("copy of %s into %s: only src of self's shape and dtype is supported", src.Type(), self.Type())
	}
	return []*tensor.Tensor{src.Clone()}, nil
}
