package torchtotcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
)

// Slice assignment: torch.aten.slice_scatter becomes a tensor.insert_slice
// of src into self at Python's slice bounds (computed at compile time from
// constant start, end and step; strided for a step > 1), and
// torch.aten.copy of src of self's type is src.
var _ = func() bool {
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.SliceScatterName, "torch-slice-scatter-to-tcp", convertSliceScatter})
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.CopyName, "torch-copy-to-tcp", convertCopy})
	operandNames[torch.SliceScatterName] = []string{"self", "src", "dim", "start", "end", "step"}
	operandNames[torch.CopyName] = []string{"self", "src", "non_blocking"}
	return true
}()

func convertSliceScatter(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	src, err := rankedVT(op, 1)
	if err != nil {
		return false, err
	}
	d, start, end, step, err := sliceOperands(op, 2, self.Rank())
	if err != nil {
		return false, err
	}
	r := self.Rank()
	if !static(self.Sizes()) || !static(src.Sizes()) {
		return fail(op, "self %s and src %s need static sizes", op.Operand(0).Type(), op.Operand(1).Type())
	}
	first, count := PySliceBounds(self.Sizes()[d], start, end, step)
	want := slices.Clone(self.Sizes())
	want[d] = count
	if !slices.Equal(src.Sizes(), want) {
		return fail(op, "src sizes %v are not the slice's %v (torch raises)", src.Sizes(), want)
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	u, err := toBuiltin(op, rw, op.Operand(1))
	if err != nil {
		return false, err
	}
	offs, strides := make([]int64, r), make([]int64, r)
	for i := range strides {
		strides[i] = 1
	}
	offs[d], strides[d] = first, step
	v := tensor.InsertSlice(rw, op.Loc(), u, x, tensor.Static(offs...), tensor.Static(want...), tensor.Static(strides...)).Result(0)
	return true, finish(op, rw, v)
}

func convertCopy(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := checkResult(op); err != nil {
		return false, err
	}
	if op.Operand(0).Type() != op.Operand(1).Type() {
		return fail(op, "only src of self's type is supported, got src %s and self %s", op.Operand(1).Type(), op.Operand(0).Type())
	}
	u, err := toBuiltin(op, rw, op.Operand(1))
	if err != nil {
		return false, err
	}
	return true, finish(op, rw, u)
}
