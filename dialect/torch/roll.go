package torch

import (
	"slices"

	"github.com/tcp-project/tcp/ir"
)

// RollName is torch.aten.roll (torch.roll, Tensor.roll).
const RollName = "torch.aten.roll"

// Roll is torch.aten.roll.
var Roll = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    RollName,
	Summary: "rotate self along dims by shifts (torch.roll)",
	Description: `torch.roll(self, shifts, dims): for each pair (s, d) in order,
out[p] = self[p with p[d] := (p[d] - s) mod size(d)] (Python's mod, so a
negative shift rotates the other way and |s| may exceed size(d)); a dim may
appear more than once and its shifts add up. With dims empty, self is
flattened, rolled by its one shift, and given back its shape.

Verifier rules:
  1. With constant lists: dims empty and exactly one shift, or as many
     shifts as dims; every dim in [-r, r) (r counted as 1 for a 0-d
     self, as torch does).
  2. result has self's dtype and sizes.`,
	Examples: []string{
		"%2 = torch.aten.roll %arg0, %0, %1 : !torch.vtensor<[4,3],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[4,3],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "shifts", Type: intListC}, dimsOp},
}))

// inferRoll checks roll's constant shifts and dims against self's rank.
func inferRoll(op *ir.Operation, s []int64) ([]int64, error) {
	shifts, ok1 := ConstantIntList(op.Operand(1))
	dims, ok2 := ConstantIntList(op.Operand(2))
	if ok1 && ok2 {
		if len(dims) == 0 && len(shifts) != 1 {
			return nil, errf("with dims empty, shifts must have exactly one entry (`shifts` required), got %d", len(shifts))
		}
		if len(dims) != 0 && len(shifts) != len(dims) {
			return nil, errf("shifts and dimensions must align: %d shifts, %d dims", len(shifts), len(dims))
		}
	}
	if ok2 {
		for _, dim := range dims {
			if _, ok := wrapDimIn(dim, len(s)); !ok {
				return nil, errf("dim %d is out of range for a tensor of rank %d", dim, len(s))
			}
		}
	}
	return slices.Clone(s), nil
}
