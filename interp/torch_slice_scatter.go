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
		torch.SliceScatterName:  runTorchSliceScatter,
		torch.SelectScatterName: runTorchSelectScatter,
		torch.CopyName:          runTorchCopy,
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

// runTorchSelectScatter is self with position index along dim replaced by
// src (self's shape without dim); the index wraps once and raises outside
// [-size, size).
func runTorchSelectScatter(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 4); err != nil {
		return nil, err
	}
	self, src := args[0], args[1]
	if self.Rank() == 0 {
		return nil, fmt.Errorf("select_scatter() cannot be applied to a 0-dim tensor")
	}
	dim, err := scalarInt(args[2])
	if err != nil {
		return nil, fmt.Errorf("dim: %v", err)
	}
	d, err := wrapDim(dim, self.Rank())
	if err != nil {
		return nil, err
	}
	idx, err := scalarInt(args[3])
	if err != nil {
		return nil, fmt.Errorf("index: %v", err)
	}
	n := self.Shape[d]
	if idx < -n || idx >= n {
		return nil, fmt.Errorf("select(): index %d out of range for tensor of size %s at dimension %d", idx, tensor.ShapeString(self.Shape), d)
	}
	if idx < 0 {
		idx += n
	}
	want := slices.Delete(slices.Clone(self.Shape), d, d+1)
	if src.DType != self.DType || !slices.Equal(src.Shape, want) {
		return nil, fmt.Errorf("expected src of shape %s and dtype %s, got %s", tensor.ShapeString(want), self.DType, src.Type())
	}
	out := self.Clone()
	es := int64(self.DType.Size())
	ds := self.Strides()
	m := src.NumElements()
	for i := int64(0); i < m; i++ {
		rem, off := i, idx*ds[d]
		for k := len(want) - 1; k >= 0; k-- {
			sk := k
			if k >= d {
				sk = k + 1
			}
			off += (rem % want[k]) * ds[sk]
			rem /= want[k]
		}
		copy(out.Data[off*es:(off+1)*es], src.Data[i*es:(i+1)*es])
	}
	return []*tensor.Tensor{out}, nil
}
