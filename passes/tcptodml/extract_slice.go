package tcptodml

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// tensor.extract_slice becomes the tcp.slice of its window (then
// DML_SLICE1 like any tcp.slice) and, when it drops unit dims, a
// tensor.collapse_shape of that (a view, folded into the consumer's tensor
// desc). DML_SLICE1 takes its offsets, sizes and strides in the operator
// desc, so each must be a constant: a static entry or a constant index
// operand; a computed one is a located error.

// extractSlice rewrites and lowers op.
func (c *conv) extractSlice(op *ir.Operation) *ir.Diagnostic {
	gs, err := op.Def().OperandGroups(op)
	if err != nil || len(gs) != 4 {
		return errorf(op, "malformed operand groups")
	}
	src := op.Operand(0)
	if d := checkTensor(op, "the source", src.Type()); d != nil {
		return d
	}
	rank := len(shapeOf(src))
	vals, derr := constEntries(op, gs, 1, rank, "DML_SLICE1 needs")
	if derr != nil {
		return derr
	}
	c.rw.SetInsertionPointBefore(op)
	idx := func(vs []int64) []ir.Value {
		out := make([]ir.Value, len(vs))
		for i, v := range vs {
			out[i] = arith.ConstantIndex(c.rw, op.Loc(), v).Result(0)
		}
		return out
	}
	for d, n := range vals[1] {
		if n <= 0 {
			return errorf(op, "the size of dim %d is %d, and DirectML tensors cannot have zero-size dims", d, n)
		}
		if vals[2][d] == 0 {
			return errorf(op, "the stride of dim %d is 0", d)
		}
	}
	et := ir.ElementType(src.Type())
	full := ir.RankedTensor(vals[1], et)
	sl := tcp.BuildSlice(c.rw, op.Loc(), src, idx(vals[0]), idx(vals[1]), idx(vals[2]), full)
	res := sl.Result(0)
	want := op.Result(0).Type().(*ir.RankedTensorType)
	if want.Rank() != rank {
		groups, gerr := tensor.Reassociation(want.Shape(), vals[1])
		if gerr != nil {
			return errorf(op, "cannot reduce the slice sizes %v to the result type %s", vals[1], want)
		}
		res = tensor.CollapseShapeWith(c.rw, op.Loc(), res, want, groups).Result(0)
	}
	op.ReplaceAllUsesWith([]ir.Value{res})
	op.Erase()
	return c.slice(sl)
}

// constEntries reads the offsets, sizes and strides of an extract_slice or
// insert_slice (operand groups from first on) as constants: static
// entries or constant index operands; a computed one is a located error
// starting with why ("DML_SLICE1 needs").
func constEntries(op *ir.Operation, gs [][]ir.Value, first, rank int, why string) ([][]int64, *ir.Diagnostic) {
	what := []string{"offset", "size", "stride"}
	vals := make([][]int64, 3)
	for k, name := range []string{"static_offsets", "static_sizes", "static_strides"} {
		a, ok := op.Attr(name).(*ir.DenseArrayAttr)
		if !ok || len(a.Ints) != rank {
			return nil, errorf(op, "%s must have %d entries", name, rank)
		}
		dyn := gs[k+first]
		for d, v := range a.Ints {
			if v == ir.Dynamic {
				if len(dyn) == 0 {
					return nil, errorf(op, "fewer dynamic operands than entries marked dynamic")
				}
				x, ok := ir.ConstantInt(dyn[0])
				if !ok {
					return nil, errorf(op, "%s a constant %s for dim %d, got a computed value", why, what[k], d)
				}
				v, dyn = x, dyn[1:]
			}
			vals[k] = append(vals[k], v)
		}
	}
	return vals, nil
}
