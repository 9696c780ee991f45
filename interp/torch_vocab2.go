package interp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch.aten.size.int, arange.start_step, split_with_sizes and
// prim.ListUnpack (dialect/torch vocab2.go). A !torch.int is a 0-d i64
// tensor at run time; a split_with_sizes list is represented by its
// self tensor, which ListUnpack slices with the split's (constant) sizes.

func init() {
	register(map[string]kernelFunc{
		torch.SizeIntName:         runTorchSizeInt,
		torch.ArangeStartStepName: runTorchArange,
		torch.SplitWithSizesName:  runTorchFirst,
		torch.ListUnpackName:      runTorchListUnpack,
		torch.CatName:             runTorchCat,
		torch.ConvertElementTypeName: func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
			if err := nargs(args, 2); err != nil {
				return nil, err
			}
			return runONNXCast(x, op, args[:1]) // the same conversions, by the result's dtype
		},
		torch.AssertTensorMetadataName: runTorchAssertTensorMetadata,
	})
}

func runTorchAssertTensorMetadata(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 6); err != nil {
		return nil, err
	}
	a := args[0]
	if op.Operand(3).Type() != torch.None {
		want := torch.DTypeOfCode(args[3].Int64At(0))
		if want == nil {
			return nil, fmt.Errorf("dtype %d is not a supported ScalarType code", args[3].Int64At(0))
		}
		dt, err := DType(torch.BuiltinElement(want))
		if err != nil {
			return nil, err
		}
		if dt != a.DType {
			return nil, fmt.Errorf("tensor metadata mismatch: dtype %s, expected %s", a.DType, dt)
		}
	}
	if op.Operand(1).Type() != torch.None {
		sizes, err := listInts(args[1])
		if err != nil {
			return nil, fmt.Errorf("size: %v", err)
		}
		if !slices.Equal(sizes, a.Shape) {
			return nil, fmt.Errorf("tensor metadata mismatch: sizes %v, expected %v", a.Shape, sizes)
		}
	}
	return nil, nil
}

func runTorchCat(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	elems, ok := x.lists[args[0]]
	if !ok || len(elems) == 0 {
		return nil, fmt.Errorf("expects a non-empty list of tensors (torch.prim.ListConstruct)")
	}
	for i, e := range elems {
		if e.DType != elems[0].DType || e.Rank() != elems[0].Rank() {
			return nil, fmt.Errorf("tensor #%d has type %s, tensor #0 %s: cat needs one dtype and rank here", i, e.Type(), elems[0].Type())
		}
	}
	if elems[0].Rank() == 0 {
		return nil, fmt.Errorf("zero-dimensional tensor cannot be concatenated")
	}
	d, err := wrapDim(args[1].Int64At(0), elems[0].Rank())
	if err != nil {
		return nil, err
	}
	for i, e := range elems {
		for k := range e.Shape {
			if k != d && e.Shape[k] != elems[0].Shape[k] {
				return nil, fmt.Errorf("sizes of tensors must match except in dimension %d: expected size %d but got size %d for tensor number %d in the list", d, elems[0].Shape[k], e.Shape[k], i)
			}
		}
	}
	return x.concat(elems, d)
}

func runTorchSizeInt(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if args[0].Rank() == 0 {
		return nil, fmt.Errorf("dimension specified as %d but tensor has no dimensions", args[1].Int64At(0))
	}
	d, err := wrapDim(args[1].Int64At(0), args[0].Rank())
	if err != nil {
		return nil, err
	}
	return one(tensor.FromInt64s(tensor.I64, nil, []int64{args[0].Shape[d]}))
}

func runTorchArange(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 7); err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		if !args[i].DType.IsInt() {
			return nil, fmt.Errorf("only integer start, end and step are supported, got %s", args[i].DType)
		}
	}
	start, end, step := args[0].Int64At(0), args[1].Int64At(0), args[2].Int64At(0)
	if step == 0 {
		return nil, fmt.Errorf("step must be nonzero")
	}
	vals, ok := torch.ArangeInts(start, end, step)
	if !ok {
		return nil, fmt.Errorf("arange(%d, %d, %d) has too many values", start, end, step)
	}
	rt, ok := RuntimeType(op.Result(0).Type()).(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("the result needs a known dtype, got %s", op.Result(0).Type())
	}
	dt, err := DType(rt.Elem())
	if err != nil {
		return nil, err
	}
	if !dt.IsInt() || dt == tensor.I1 {
		return nil, fmt.Errorf("only integer result dtypes are supported, got %s", dt)
	}
	return one(tensor.FromInt64s(dt, []int64{int64(len(vals))}, vals))
}

func runTorchListUnpack(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	d := op.Operand(0).DefiningOp()
	if d == nil || d.Name() != torch.SplitWithSizesName {
		return nil, fmt.Errorf("only the list of a torch.aten.split_with_sizes can be unpacked here")
	}
	dim, sizes, err := torch.SplitOf(d)
	if err != nil {
		return nil, err
	}
	if sizes == nil {
		return nil, fmt.Errorf("the split's sizes and dim must be constants")
	}
	self := args[0]
	if len(sizes) != op.NumResults() {
		return nil, fmt.Errorf("expects %d results, got %d", len(sizes), op.NumResults())
	}
	total := int64(0)
	for _, s := range sizes {
		total += s
	}
	if total != self.Shape[dim] {
		return nil, fmt.Errorf("split_with_sizes expects split_sizes to sum exactly to %d (input tensor's size at dimension %d), but got split_sizes=%v", self.Shape[dim], dim, sizes)
	}
	var outs []*tensor.Tensor
	off := int64(0)
	for _, s := range sizes {
		starts := make([]int64, self.Rank())
		strides := make([]int64, self.Rank())
		shape := append([]int64(nil), self.Shape...)
		for i := range strides {
			strides[i] = 1
		}
		starts[dim], shape[dim] = off, s
		t, err := kernel.Slice(self, starts, shape, strides)
		if err != nil {
			return nil, err
		}
		outs = append(outs, t)
		off += s
	}
	return outs, nil
}
