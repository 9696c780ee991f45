package torch

import (
	"github.com/tcp-project/tcp/ir"
)

// Elementwise ops torch-mlir's FX importer prints around the scatters
// users write: index_add(..., alpha=a) scales the source with
// aten.mul.Scalar, `y[i, j] += v` adds with aten.add.Tensor between its
// gather and its index_put (`y[i] += 1.5`: add.Scalar, `-=`: sub.Scalar /
// sub.Tensor, `*=`: mul.Tensor), and `y[mask] = c` with a boolean mask of
// y's shape becomes aten.where.self. Operands broadcast numpy-style
// (BroadcastSizes).

// Op names.
const (
	MulScalarName = "torch.aten.mul.Scalar"
	AddTensorName = "torch.aten.add.Tensor"
	WhereSelfName = "torch.aten.where.self"
	AddScalarName = "torch.aten.add.Scalar"
	SubScalarName = "torch.aten.sub.Scalar"
	SubTensorName = "torch.aten.sub.Tensor"
	MulTensorName = "torch.aten.mul.Tensor"
)

// elementwiseDef fills in what the ops of this file share: a vtensor
// result, Pure, the aten format, and a verifier that checks the result
// sizes against the broadcast of the tensor operands.
func elementwiseDef(def ir.OpDef) ir.OpDef {
	names := make([]string, len(def.Operands))
	for i, o := range def.Operands {
		names[i] = o.Name
	}
	def.Results = []ir.ResultDef{{Name: "result", Type: vtensorC}}
	def.Traits = []ir.Trait{ir.Pure}
	def.Format = atenFormat(names...)
	def.Verify = verifyElementwise
	return def
}

func verifyElementwise(op *ir.Operation) error {
	res := vt(op.Result(0))
	var shapes [][]int64
	for _, v := range op.Operands() {
		t, ok := v.Type().(*VTensorType)
		if !ok {
			continue
		}
		if !t.HasSizes() {
			return nil
		}
		shapes = append(shapes, t.Sizes())
	}
	want, ok := BroadcastSizes(shapes)
	if !ok {
		return op.EmitOpError("the operand sizes %s do not broadcast together", shapesText(shapes))
	}
	if op.Name() == WhereSelfName {
		if c := vt(op.Operand(0)); c.HasDType() && c.DType().String() != "i1" {
			return op.EmitOpError("condition must have dtype i1, got %s", c.DType())
		}
	}
	if IsCompare(op.Name()) && res.HasDType() && res.DType().String() != "i1" {
		return op.EmitOpError("result must have dtype i1, got %s", res.DType())
	}
	if res.HasSizes() && !compatibleSizes(want, res.Sizes()) {
		return op.EmitOpError("result sizes [%s] do not match the broadcast sizes [%s] of the operands", sizesStr(res.Sizes()), sizesStr(want))
	}
	return nil
}

func shapesText(shapes [][]int64) string {
	s := ""
	for i, sh := range shapes {
		if i > 0 {
			s += ", "
		}
		s += "[" + sizesStr(sh) + "]"
	}
	return s
}

// MulScalar is torch.aten.mul.Scalar.
var MulScalar = ir.MustRegister(elementwiseDef(ir.OpDef{
	Name:    MulScalarName,
	Summary: "every element times a number (Tensor.mul(number))",
	Description: `torch.mul(self, other) with a Python number other: the product in
torch's type promotion (an integer tensor times an integer stays of its
dtype and wraps; a float tensor keeps its dtype, other rounded to it for
f32 and f64, the product computed in f32 and rounded for f16 and bf16).
torch.index_add(x, dim, i, v, alpha=a) prints it on v.

Verifier rules:
  1. result has self's sizes.`,
	Examples: []string{
		"%0 = torch.aten.mul.Scalar %arg2, %float2.500000e00 : !torch.vtensor<[7,3],f32>, !torch.float -> !torch.vtensor<[7,3],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "other", Type: numberC}},
}))

// AddTensor is torch.aten.add.Tensor.
var AddTensor = ir.MustRegister(elementwiseDef(ir.OpDef{
	Name:    AddTensorName,
	Summary: "self + alpha * other, broadcast (torch.add)",
	Description: `torch.add(self, other, alpha=alpha): self + alpha * other with numpy
broadcasting. Integer tensors wrap at their width. ` + "`y[i, j] += v`" + ` prints
it between the gather of y[i, j] and the index_put that writes the sum
back.

Verifier rules:
  1. self and other broadcast together (numpy rules);
  2. result has the broadcast sizes.`,
	Examples: []string{
		"%3 = torch.aten.add.Tensor %2, %arg3, %int1 : !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.int -> !torch.vtensor<[6],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "other", Type: vtensorC}, {Name: "alpha", Type: numberC}},
}))

// WhereSelf is torch.aten.where.self.
var WhereSelf = ir.MustRegister(elementwiseDef(ir.OpDef{
	Name:    WhereSelfName,
	Summary: "self where condition, else other, broadcast (torch.where)",
	Description: `torch.where(condition, self, other): self's element where condition
is true, other's where it is false, all three broadcast together.
` + "`y[mask] = c`" + ` with a boolean mask of y's shape and a number c prints it
with c as a 0-d aten.scalar_tensor.

Verifier rules:
  1. condition has dtype i1;
  2. the three operands broadcast together (numpy rules);
  3. result has the broadcast sizes.`,
	Examples: []string{
		"%2 = torch.aten.where.self %arg1, %1, %0 : !torch.vtensor<[4,3],i1>, !torch.vtensor<[],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>",
	},
	Operands: []ir.OperandDef{{Name: "condition", Type: vtensorC}, selfOp, {Name: "other", Type: vtensorC}},
}))

// AddScalar is torch.aten.add.Scalar.
var AddScalar = ir.MustRegister(elementwiseDef(ir.OpDef{
	Name:    AddScalarName,
	Summary: "self + alpha * a number (Tensor.add(number))",
	Description: `torch.add(self, other, alpha=alpha) with a Python number other, in
self's dtype (integers wrap; for floats other is rounded to the
computation type, f32 or f64). ` + "`y[i] += 1.5`" + ` prints it between the
gather of y[i] and the index_put that writes the sum back.

Verifier rules:
  1. result has self's sizes.`,
	Examples: []string{
		"%3 = torch.aten.add.Scalar %2, %float1.500000e00, %int1 : !torch.vtensor<[5,2],f32>, !torch.float, !torch.int -> !torch.vtensor<[5,2],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "other", Type: numberC}, {Name: "alpha", Type: numberC}},
}))

// SubScalar is torch.aten.sub.Scalar.
var SubScalar = ir.MustRegister(elementwiseDef(ir.OpDef{
	Name:        SubScalarName,
	Summary:     "self - alpha * a number (Tensor.sub(number))",
	Description: "torch.sub(self, other, alpha=alpha) with a Python number other, as add.Scalar with other negated (`y[i] -= c`).\n\nVerifier rules:\n  1. result has self's sizes.",
	Examples: []string{
		"%3 = torch.aten.sub.Scalar %2, %int2, %int1 : !torch.vtensor<[5],si64>, !torch.int, !torch.int -> !torch.vtensor<[5],si64>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "other", Type: numberC}, {Name: "alpha", Type: numberC}},
}))

// SubTensor is torch.aten.sub.Tensor.
var SubTensor = ir.MustRegister(elementwiseDef(ir.OpDef{
	Name:        SubTensorName,
	Summary:     "self - alpha * other, broadcast (torch.sub)",
	Description: "torch.sub(self, other, alpha=alpha) with numpy broadcasting (`y[i] -= v`). Integer tensors wrap.\n\nVerifier rules:\n  1. self and other broadcast together (numpy rules);\n  2. result has the broadcast sizes.",
	Examples: []string{
		"%3 = torch.aten.sub.Tensor %2, %arg3, %int1 : !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.int -> !torch.vtensor<[6],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "other", Type: vtensorC}, {Name: "alpha", Type: numberC}},
}))

// MulTensor is torch.aten.mul.Tensor.
var MulTensor = ir.MustRegister(elementwiseDef(ir.OpDef{
	Name:        MulTensorName,
	Summary:     "self * other, broadcast (torch.mul)",
	Description: "torch.mul(self, other) with numpy broadcasting (`y[i] *= v`). Integer tensors wrap.\n\nVerifier rules:\n  1. self and other broadcast together (numpy rules);\n  2. result has the broadcast sizes.",
	Examples: []string{
		"%3 = torch.aten.mul.Tensor %2, %arg3 : !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32> -> !torch.vtensor<[6],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "other", Type: vtensorC}},
}))
