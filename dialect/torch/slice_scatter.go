package torch

import "github.com/tcp-project/tcp/ir"

// Op names of the slice-assignment vocabulary (what y[1:3] = v and
// y[:, ::2] = v become after functionalization).
const (
	SliceScatterName = "torch.aten.slice_scatter"
	CopyName         = "torch.aten.copy"
)

// SliceScatter is torch.aten.slice_scatter.
var SliceScatter = ir.MustRegister(ir.OpDef{
	Name:    SliceScatterName,
	Summary: "self with the slice self[start:end:step] along dim replaced by src",
	Description: `Returns a copy of self whose slice along dim, with Python's rules as in
torch.aten.slice.Tensor (start and end, None for 0 and the end, wrapped
once if negative and clamped to [0, size]; step > 0), is replaced by src
element for element. src must have self's shape except at dim, where it
has the slice's length (torch raises otherwise: the interpreter checks at
run time).

Verifier rules:
  1. A constant step is positive.
  2. result has self's type; src has self's dtype and rank.`,
	Examples: []string{
		"%0 = torch.aten.slice_scatter %arg0, %arg1, %int0, %int1, %int3, %int1 : !torch.vtensor<[5,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[5,3],f32>",
	},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "src", Type: vtensorC}, {Name: "dim", Type: intC},
		{Name: "start", Type: optIntC}, {Name: "end", Type: optIntC}, {Name: "step", Type: intC}},
	Results: []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:  []ir.Trait{ir.Pure},
	Format:  atenFormat("self", "src", "dim", "start", "end", "step"),
	Verify: func(op *ir.Operation) error {
		self, src, res := vt(op.Operand(0)), vt(op.Operand(1)), vt(op.Result(0))
		if self.HasDType() && src.HasDType() && self.DType() != src.DType() {
			return op.EmitOpError("src dtype %s must equal the dtype of self, %s", src.DType(), self.DType())
		}
		if ir.Type(self) != ir.Type(res) {
			return op.EmitOpError("requires the result type to be self's %s, got %s", self, res)
		}
		if self.HasSizes() && src.HasSizes() && self.Rank() != src.Rank() {
			return op.EmitOpError("requires src of self's rank %d, got %d", self.Rank(), src.Rank())
		}
		if step, ok := ConstantIntValue(op.Operand(5)); ok && step <= 0 {
			return op.EmitOpError("step must be positive (slice step must be positive), got %d", step)
		}
		return nil
	},
})

// Copy is torch.aten.copy (the functional form of self.copy_(src)).
var Copy = ir.MustRegister(ir.OpDef{
	Name:    CopyName,
	Summary: "src's values in self's shape and dtype",
	Description: `The functional form of self.copy_(src): src broadcast to self's shape and
converted to self's dtype; self's values are not read. tcp supports src of
self's shape and dtype (what slice assignment y[a:b] = v leaves); the
interpreter and the conversion refuse the others with an error.

Verifier rules: result has self's type.`,
	Examples: []string{
		"%0 = torch.aten.copy %arg0, %arg1, %false : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[2,3],f32>",
	},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "src", Type: vtensorC}, {Name: "non_blocking", Type: boolC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "src", "non_blocking"),
	Verify: func(op *ir.Operation) error {
		if self, res := vt(op.Operand(0)), vt(op.Result(0)); ir.Type(self) != ir.Type(res) {
			return op.EmitOpError("requires the result type to be self's %s, got %s", self, res)
		}
		return nil
	},
})
