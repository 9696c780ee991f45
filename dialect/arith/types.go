package arith

import (
	"github.com/tcp-project/tcp/ir"
)

// Type constraints, named and described as MLIR 16's ODS constraints.

// elemOrSelf returns the element type of a tensor, or t itself.
func elemOrSelf(t ir.Type) ir.Type { return ir.ElementType(t) }

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

func isSignless(t ir.Type) bool {
	it, ok := t.(ir.IntegerType)
	return ok && it.Sign == ir.Signless
}

// like admits a scalar matching elem, or a tensor of such scalars.
func like(desc string, elem func(ir.Type) bool) ir.TypeConstraint {
	return ir.TypePred(desc, func(t ir.Type) bool { return elem(elemOrSelf(t)) })
}

var (
	// SignlessIntegerOrIndexLike is "signless-integer-like": iN or index,
	// or a tensor of them.
	SignlessIntegerOrIndexLike = like("signless-integer-like", func(t ir.Type) bool {
		return t == ir.Index || isSignless(t)
	})
	// SignlessFixedWidthIntegerLike excludes index.
	SignlessFixedWidthIntegerLike = like("signless-fixed-width-integer-like", isSignless)
	// FloatLike is a float or a tensor of floats.
	FloatLike = like("floating-point-like", ir.IsFloat)
	// BoolLike is i1 or a tensor of i1.
	BoolLike = like("bool-like", func(t ir.Type) bool { return t == ir.I1 })
	// IndexCastType is index_cast's operand/result constraint.
	IndexCastType = like("signless-integer-like or memref of signless-integer", func(t ir.Type) bool {
		return t == ir.Index || isSignless(t)
	})
	// BitcastType is bitcast's operand/result constraint.
	BitcastType = like("signless-integer-or-float-like or memref of signless-integer or float", func(t ir.Type) bool {
		return t == ir.Index || isSignless(t) || ir.IsFloat(t)
	})
)

// bitWidth is the width of an integer, float or index (64) type.
func bitWidth(t ir.Type) int {
	switch t := t.(type) {
	case ir.IntegerType:
		return t.Width
	case ir.FloatType:
		return t.Width()
	case ir.IndexType:
		return 64
	}
	return 0
}

// sameShapeI1 is MLIR's getI1SameShape: i1, or a tensor of i1 shaped like t.
func sameShapeI1(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return ir.RankedTensor(t.Shape(), ir.I1)
	case *ir.UnrankedTensorType:
		return ir.UnrankedTensor(ir.I1)
	}
	return ir.I1
}

// compatibleShapes is MLIR's verifyCompatibleShapes over a type list: all
// scalars, or all tensors whose ranked members share a rank and have equal
// static dims.
func compatibleShapes(ts []ir.Type) bool {
	nt := 0
	for _, t := range ts {
		if isTensor(t) {
			nt++
		}
	}
	if nt == 0 {
		return true
	}
	if nt != len(ts) {
		return false
	}
	var ranked []*ir.RankedTensorType
	for _, t := range ts {
		if r, ok := t.(*ir.RankedTensorType); ok {
			ranked = append(ranked, r)
		}
	}
	if len(ranked) == 0 {
		return true
	}
	rank := ranked[0].Rank()
	for _, r := range ranked {
		if r.Rank() != rank {
			return false
		}
	}
	for i := 0; i < rank; i++ {
		d := ir.Dynamic
		for _, r := range ranked {
			x := r.Dim(i)
			if x == ir.Dynamic {
				continue
			}
			if d != ir.Dynamic && d != x {
				return false
			}
			d = x
		}
	}
	return true
}

// verifyElementwise is MLIR's ElementwiseMappable verification.
func verifyElementwise(op *ir.Operation) error {
	var res, ops []ir.Type
	for _, t := range op.ResultTypes() {
		if isTensor(t) {
			res = append(res, t)
		}
	}
	for _, t := range op.OperandTypes() {
		if isTensor(t) {
			ops = append(ops, t)
		}
	}
	switch {
	case len(res) == 0 && len(ops) == 0:
		return nil
	case len(ops) == 0:
		return op.EmitOpError("if a result is non-scalar, then at least one operand must be non-scalar")
	case len(res) == 0:
		return op.EmitOpError("if an operand is non-scalar, then there must be at least one non-scalar result")
	case len(res) != op.NumResults():
		return op.EmitOpError("if an operand is non-scalar, then all results must be non-scalar")
	}
	all := append(ops, res...)
	_, ranked := all[0].(*ir.RankedTensorType)
	for _, t := range all {
		if _, r := t.(*ir.RankedTensorType); r != ranked {
			return op.EmitOpError("all non-scalar operands/results must have the same shape and base type")
		}
	}
	if !compatibleShapes(all) {
		return op.EmitOpError("all non-scalar operands/results must have the same shape and base type")
	}
	return nil
}
