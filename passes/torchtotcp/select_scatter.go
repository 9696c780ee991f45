package torchtotcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
)

// aten.select_scatter -> tensor.expand_shape of src to a unit dim at dim +
// tensor.insert_slice at the wrapped index (static sizes, constant dim
// and index).
var _ = func() bool {
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.SelectScatterName, "torch-select-scatter-to-tcp", convertSelectScatter})
	operandNames[torch.SelectScatterName] = []string{"self", "src", "dim", "index"}
	return true
}()

func convertSelectScatter(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
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
	idx, err := constInt(op, 3)
	if err != nil {
		return false, err
	}
	r := self.Rank()
	if !static(self.Sizes()) || !static(src.Sizes()) {
		return fail(op, "self %s and src %s need static sizes", op.Operand(0).Type(), op.Operand(1).Type())
	}
	d := int(dim)
	if d < 0 {
		d += r
	}
	n := self.Sizes()[d]
	if idx < 0 {
		idx += n
	}
	want := slices.Clone(self.Sizes())
	want[d] = 1
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	u, err := toBuiltin(op, rw, op.Operand(1))
	if err != nil {
		return false, err
	}
	elem := u.Type().(*ir.RankedTensorType).Elem()
	var groups [][]int64
	for k := 0; k < r-1; k++ {
		groups = append(groups, []int64{int64(k)})
	}
	if r > 1 {
		if d == r-1 {
			groups[r-2] = append(groups[r-2], int64(r-1))
		} else {
			for k := range groups {
				if k > d || k == d {
					groups[k] = []int64{int64(k + 1)}
				}
			}
			groups[d] = []int64{int64(d), int64(d + 1)}
		}
	}
	u = tensor.ExpandShapeWith(rw, op.Loc(), u, ir.RankedTensor(want, elem), groups).Result(0)
	offs, strides := make([]int64, r), make([]int64, r)
	for i := range strides {
		strides[i] = 1
	}
	offs[d] = idx
	v := tensor.InsertSlice(rw, op.Loc(), u, x, tensor.Static(offs...), tensor.Static(want...), tensor.Static(strides...)).Result(0)
	return true, finish(op, rw, v)
}
