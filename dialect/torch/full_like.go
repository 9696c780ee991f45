package torch

import "github.com/tcp-project/tcp/ir"

// FullLikeName is torch.aten.full_like (torch.full_like; the FX importer
// prints `y[1, 2] = 3.0` as full_like of the selected element).
const FullLikeName = "torch.aten.full_like"

// FullLike is torch.aten.full_like.
var FullLike = ir.MustRegister(ir.OpDef{
	Name:    FullLikeName,
	Summary: "a tensor of self's sizes filled with fill_value (torch.full_like)",
	Description: `torch.full_like(self, fill_value, dtype=None, layout=None, device=None,
pin_memory=None, memory_format=None): every element is fill_value in the
result dtype (self's when dtype is none; a float rounded once to a float
dtype, an int converted exactly when it fits). self's values are not read;
layout, device, pin_memory and memory_format do not change the values.

Verifier rules:
  1. result has self's sizes.
  2. With dtype none, result has self's dtype.`,
	Examples: []string{
		"%1 = torch.aten.full_like %0, %float3.000000e00, %none, %none, %none, %false, %none : !torch.vtensor<[],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[],f32>",
	},
	Operands: []ir.OperandDef{
		{Name: "self", Type: vtensorC},
		{Name: "fill_value", Type: numberC},
		{Name: "dtype", Type: optIntC},
		{Name: "layout", Type: optIntC},
		{Name: "device", Type: typeIs("!torch.Device or !torch.none type", Device, None)},
		{Name: "pin_memory", Type: typeIs("!torch.bool or !torch.none type", Bool, None)},
		{Name: "memory_format", Type: optMemFormatC},
	},
	Results: []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:  []ir.Trait{ir.Pure},
	Format:  atenFormat("self", "fill_value", "dtype", "layout", "device", "pin_memory", "memory_format"),
	Verify: func(op *ir.Operation) error {
		self, res := vt(op.Operand(0)), vt(op.Result(0))
		if self.HasSizes() && res.HasSizes() && !compatibleSizes(self.Sizes(), res.Sizes()) {
			return op.EmitOpError("result sizes [%s] must be self's sizes [%s]", sizesStr(res.Sizes()), sizesStr(self.Sizes()))
		}
		if op.Operand(2).Type() == None {
			return sameDType(op, self, res)
		}
		return nil
	},
})
