package torchtotcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
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
	dim, err := constInt(op, 2)
	if err != nil {
		return false, err
	}
	opt := func(i int) (*int64, error) {
		if torch.IsConstantNone(op.Operand(i)) {
			return nil, nil
		}
		v, err := constInt(op, i)
		return &v, err
	}
	start, err := opt(3)
	if err != nil {
		return false, err
	}
	end, err := opt(4)
	if err != nil {
		return false, err
	}
	step, err := constInt(op, 5)
	if err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	if step <= 0 {
		return fail(op, "%s must be positive, got %d", operandName(op, 5), step)
	}
	r := self.Rank()
	if r == 0 {
		return fail(op, "%s must have rank >= 1, got 0", operandName(op, 0))
	}
	d, ok := tcpbuild.NormalizeAxis(dim, r)
	if !ok {
		return fail(op, "dim %d is out of range for rank %d", dim, r)
	}
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
