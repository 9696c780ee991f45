package torchtotcp

import (
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// aten.roll -> per (shift, dim): tensor.concat of two tcp.slice, the last
// s rows then the first n-s (s = shift mod n, Python's mod), so no index
// tensor is computed. A rolled dim must have a static size (the split
// point is a compile-time constant). With dims empty (torch.roll(x, s)),
// a static self is collapsed to 1-D, rolled and expanded back.
var _ = addRoll()

func addRoll() bool {
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.RollName, "torch-roll-to-tcp", convertRoll})
	operandNames[torch.RollName] = []string{"self", "shifts", "dims"}
	return true
}

func convertRoll(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out, err := resultSizes(op)
	if err != nil {
		return false, err
	}
	shifts, ok := torch.ConstantIntList(op.Operand(1))
	if !ok {
		return fail(op, "operand #1 (shifts) is not a compile-time constant list (torch.prim.ListConstruct of torch.constant.int)")
	}
	dims, ok := torch.ConstantIntList(op.Operand(2))
	if !ok {
		return fail(op, "operand #2 (dims) is not a compile-time constant list (torch.prim.ListConstruct of torch.constant.int)")
	}
	self := op.Operand(0).Type().(*torch.VTensorType)
	r := self.Rank()
	flat := len(dims) == 0
	orig := out
	if flat {
		if !static(out) {
			return fail(op, "dims is empty (a roll of the flattened tensor) and self has dynamic sizes %s", op.Operand(0).Type())
		}
		if len(shifts) != 1 {
			return fail(op, "dims is empty and shifts has %d entries, not 1", len(shifts))
		}
		if r == 0 {
			x, err := toBuiltin(op, rw, op.Operand(0))
			if err != nil {
				return false, err
			}
			return true, finish(op, rw, x)
		}
		n := int64(1)
		for _, s := range out {
			n *= s
		}
		out, dims, r = []int64{n}, []int64{0}, 1
	}
	norm := make([]int, len(dims))
	for i, dim := range dims {
		d, ok := tcpbuild.NormalizeAxis(dim, r)
		if !ok && r > 0 {
			return fail(op, "dim %d is out of range for rank %d", dim, r)
		}
		norm[i] = d
		if r > 0 && out[d] == ir.Dynamic {
			return fail(op, "dim %d rolled by %d has a dynamic size (the split point must be a compile-time constant)", d, shifts[i])
		}
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	if r == 0 {
		return true, finish(op, rw, x)
	}
	elem := x.Type().(*ir.RankedTensorType).Elem()
	if flat && len(orig) != 1 {
		x = tensor.CollapseShape(rw, op.Loc(), x, ir.RankedTensor(out, elem)).Result(0)
	}
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	for i, d := range norm {
		n := out[d]
		if n == 0 {
			continue
		}
		s := shifts[i] % n
		if s < 0 {
			s += n
		}
		if s == 0 {
			continue
		}
		part := func(start, size int64) ir.Value {
			starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
			ps := make([]int64, r)
			for j := range r {
				starts[j], sizes[j], strides[j] = c.Get(0), nil, c.Get(1)
				if j == d {
					starts[j], ps[j] = c.Get(start), size
				} else if out[j] == ir.Dynamic {
					ps[j] = ir.Dynamic
					sizes[j] = tcpbuild.DimSize(rw, op.Loc(), x, j)
				} else {
					ps[j] = out[j]
				}
				if sizes[j] == nil {
					sizes[j] = c.Get(ps[j])
				}
			}
			return tcp.BuildSlice(rw, op.Loc(), x, starts, sizes, strides, ir.RankedTensor(ps, elem)).Result(0)
		}
		tail, head := part(n-s, s), part(0, n-s)
		x = tensor.Concat(rw, op.Loc(), int64(d), []ir.Value{tail, head}, ir.RankedTensor(out, elem)).Result(0)
	}
	if flat && len(orig) != 1 {
		x = tensor.ExpandShape(rw, op.Loc(), x, ir.RankedTensor(orig, elem)).Result(0)
	}
	return true, finish(op, rw, x)
}
