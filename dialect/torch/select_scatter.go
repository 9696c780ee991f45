package torch

import "github.com/tcp-project/tcp/ir"

// SelectScatterName is torch.aten.select_scatter (the functional form of
// y[i] = v along one dim, which decompositions print instead of the FX
// importer's arange + eq + where).
const SelectScatterName = "torch.aten.select_scatter"

// SelectScatter is torch.aten.select_scatter.
var SelectScatter = ir.MustRegister(ir.OpDef{
	Name:    SelectScatterName,
	Summary: "self with self.select(dim, index) replaced by src",
	Description: `Returns a copy of self whose position index along dim (a negative index
wrapped once; torch raises outside [-size, size)) is replaced by src,
which has self's shape without dim.

Verifier rules:
  1. result has self's type; src has self's dtype and rank - 1.
  2. A constant dim is in [-r, r); a constant index with a static size is
     in [-size, size).`,
	Examples: []string{
		"%0 = torch.aten.select_scatter %arg0, %arg1, %int0, %int2 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[3],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,3],f32>",
	},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "src", Type: vtensorC}, {Name: "dim", Type: intC}, {Name: "index", Type: intC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "src", "dim", "index"),
	Verify: func(op *ir.Operation) error {
		self, src, res := vt(op.Operand(0)), vt(op.Operand(1)), vt(op.Result(0))
		if self.HasDType() && src.HasDType() && self.DType() != src.DType() {
			return op.EmitOpError("src dtype %s must equal the dtype of self, %s", src.DType(), self.DType())
		}
		if ir.Type(self) != ir.Type(res) {
			return op.EmitOpError("requires the result type to be self's %s, got %s", self, res)
		}
		if !self.HasSizes() {
			return nil
		}
		if src.HasSizes() && src.Rank() != self.Rank()-1 {
			return op.EmitOpError("requires src of rank %d (self's without dim), got %d", self.Rank()-1, src.Rank())
		}
		dim, ok := ConstantIntValue(op.Operand(2))
		if !ok {
			return nil
		}
		d, ok := wrapDimIn(dim, self.Rank())
		if !ok || self.Rank() == 0 {
			return op.EmitOpError("dim %d is out of range for a tensor of rank %d", dim, self.Rank())
		}
		n := self.Sizes()[d]
		if i, ok := ConstantIntValue(op.Operand(3)); ok && n != ir.Dynamic && (i < -n || i >= n) {
			return op.EmitOpError("index %d is out of range for dimension %d with size %d", i, d, n)
		}
		return nil
	},
})
