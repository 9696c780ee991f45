package onnx

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	GatherName         = "onnx.Gather"
	GatherElementsName = "onnx.GatherElements"
	GatherNDName       = "onnx.GatherND"
	SliceName          = "onnx.Slice"
	ConstantName       = "onnx.Constant"
	NoValueName        = "onnx.NoValue"
)

var (
	si64       = ir.IntegerType{Width: 64, Sign: ir.Signed}
	anyTensor  = ir.AnyTensor
	intIndices = ir.TypePred("tensor of 32-bit or 64-bit signless integer values", func(t ir.Type) bool {
		return isTensor(t) && (ir.ElementType(t) == ir.I32 || ir.ElementType(t) == ir.I64)
	})
	i64Indices = ir.TypePred("tensor of 64-bit signless integer values", func(t ir.Type) bool {
		return isTensor(t) && ir.ElementType(t) == ir.I64
	})
	tensorOrNone = ir.TypePred("tensor of 32-bit or 64-bit signless integer values or none type", func(t ir.Type) bool {
		return t == ir.None || isTensor(t) && (ir.ElementType(t) == ir.I32 || ir.ElementType(t) == ir.I64)
	})
)

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

func si64Attr(name string) ir.AttrDef {
	return ir.AttrDef{Name: name, Kind: ir.SI64AttrKind, Default: ir.Int(0, si64)}
}

const indexRule = `
Index values: -s <= v < s on a dim of size s, negatives counted from the end
(v + s); anything else is a runtime error, checked for every index even when
the result is empty. Converts to tcp with mode = "wrap_negative"; the tcp
form reads only the indices an output element needs, so an out-of-range
index whose gathered slice is empty is not reported there (a documented
difference, docs/frontends.md).`

// Gather is onnx.Gather.
var Gather = ir.MustRegister(ir.OpDef{
	Name:    GatherName,
	Summary: "ONNX Gather: whole slices of data along axis",
	Description: `out = data[:axis] ++ indices ++ data[axis+1:] (shape); out[i, J, k] =
data[i, indices[J], k] where i spans the dims before axis and k those after
(np.take). Scalar indices remove the axis.` + indexRule + `

Verifier rules:
  1. indices have element type i32 or i64.
  2. axis is in [-r, r-1] for ranked data of rank r >= 1.
  3. The result element type is data's; a ranked result has the shape
     data[:axis] ++ indices ++ data[axis+1:] (dynamic dims compatible).`,
	Examples: []string{`%0 = "onnx.Gather"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "indices", Type: intIndices}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{si64Attr("axis")},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyGather,
})

// GatherElements is onnx.GatherElements.
var GatherElements = ir.MustRegister(ir.OpDef{
	Name:    GatherElementsName,
	Summary: "ONNX GatherElements: elements of data along axis (np.take_along_axis)",
	Description: `out has the shape of indices; out[p] = data[p with p[axis] := indices[p]].` + indexRule + `

Verifier rules:
  1. indices have element type i32 or i64.
  2. data and indices have the same rank r >= 1 when both are ranked, and
     axis is in [-r, r-1].
  3. The result element type is data's; a ranked result has the shape of
     indices.`,
	Examples: []string{`%0 = "onnx.GatherElements"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "indices", Type: intIndices}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{si64Attr("axis")},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyGatherElements,
})

// GatherND is onnx.GatherND.
var GatherND = ir.MustRegister(ir.OpDef{
	Name:    GatherNDName,
	Summary: "ONNX GatherND: slices of data addressed by index tuples",
	Description: `With r = rank(data), q = rank(indices), m = indices.shape[q-1] and
b = batch_dims: out has shape indices.shape[:q-1] ++ data.shape[b+m:] and
out[B, I, J] = data[B, indices[B, I, 0], ..., indices[B, I, m-1], J].` + indexRule + `
Each tuple component is checked against its own dim.

Verifier rules:
  1. indices have element type i64 (the ONNX type constraint).
  2. For ranked operands: r >= 1, q >= 1, 0 <= b < min(q, r), b + m <= r
     when m is static, and the batch dims of data and indices agree.
  3. The result element type is data's; a ranked result has the shape
     indices.shape[:q-1] ++ data.shape[b+m:].`,
	Examples: []string{`%0 = "onnx.GatherND"(%arg0, %arg1) {batch_dims = 1 : si64} : (tensor<2x2x2xi32>, tensor<2x1xi64>) -> tensor<2x2xi32>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "indices", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{si64Attr("batch_dims")},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyGatherND,
})

// Slice is onnx.Slice.
var Slice = ir.MustRegister(ir.OpDef{
	Name:    SliceName,
	Summary: "ONNX Slice: a strided window given by starts, ends, axes and steps",
	Description: `Per listed axis a (axes defaults to 0..len(starts)-1, negatives count from
the end) with start s, end e and step k (steps default to 1, k != 0): s and
e get the dim added when negative, then are clamped to [0, dim] (k > 0) or
s to [0, dim-1] and e to [-1, dim-1] (k < 0); the result takes
max(0, ceil((e-s)/k)) elements s, s+k, ... Unlisted axes are kept whole.
axes and steps may be none ("onnx.NoValue").

Verifier rules:
  1. starts, ends (and axes, steps unless none) are 1-D tensors of i32 or
     i64 of the same static length.
  2. The result element type is data's; ranked data and result have the
     same rank.`,
	Examples: []string{`%0 = "onnx.Slice"(%arg0, %starts, %ends, %axes, %steps) : (tensor<20x10x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<19x3x2xf32>`},
	Operands: []ir.OperandDef{
		{Name: "data", Type: anyTensor},
		{Name: "starts", Type: intIndices},
		{Name: "ends", Type: intIndices},
		{Name: "axes", Type: tensorOrNone},
		{Name: "steps", Type: tensorOrNone},
	},
	Results: []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:  []ir.Trait{ir.Pure},
	Verify:  verifySlice,
})

// Constant is onnx.Constant.
var Constant = ir.MustRegister(ir.OpDef{
	Name:    ConstantName,
	Summary: "ONNX Constant: a constant tensor",
	Description: `Produces the dense elements value. Printed in onnx-mlir's custom form
(onnx.Constant dense<[1, 2]> : tensor<2xi64>); the generic form
"onnx.Constant"() {value = ...} : () -> T is accepted too.

Verifier rules: the type of value is the result type.`,
	Examples: []string{"%0 = onnx.Constant dense<[1, -2]> : tensor<2xi64>"},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure, ir.ConstantLike, ir.AllTypesMatch("value", "output")},
	Format:   "$value attr-dict",
	Fold: func(op *ir.Operation) []ir.OpFoldResult {
		return []ir.OpFoldResult{{Attr: op.Attr("value")}}
	},
})

// NoValue is onnx.NoValue.
var NoValue = ir.MustRegister(ir.OpDef{
	Name:    NoValueName,
	Summary: "ONNX NoValue: the absent value of an optional operand",
	Description: `Produces the none value that stands for an omitted optional operand
(onnx.Slice's axes and steps). onnx-mlir prints it generically with a unit
attribute: "onnx.NoValue"() {value} : () -> none.

Verifier rules: the result has type none.`,
	Examples: []string{`%0 = "onnx.NoValue"() {value} : () -> none`},
	Results:  []ir.ResultDef{{Name: "none_val", Type: ir.Exactly(ir.None)}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.UnitAttrKind}},
	Traits:   []ir.Trait{ir.Pure},
})

// ---------------------------------------------------------------- views

// Axis returns the axis attribute of Gather or GatherElements (default 0).
func Axis(op *ir.Operation) int64 { return intAttr(op, "axis") }

// BatchDims returns the batch_dims attribute of GatherND (default 0).
func BatchDims(op *ir.Operation) int64 { return intAttr(op, "batch_dims") }

func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(ir.IntegerAttr); ok {
		return a.Value
	}
	return 0
}

// ---------------------------------------------------------------- verifiers

func ranked(v ir.Value) (*ir.RankedTensorType, bool) {
	t, ok := v.Type().(*ir.RankedTensorType)
	return t, ok
}

// ShapeString prints a shape as [2, ?, 3].
func ShapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == ir.Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = fmt.Sprint(d)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// CheckResult checks that the result of op has the element type elem and,
// when ranked, a shape compatible with want (nil: unknown).
func CheckResult(op *ir.Operation, elem ir.Type, want []int64, rule string) error {
	out := op.Result(0).Type()
	if ir.ElementType(out) != elem {
		return op.EmitOpError("expects the result element type to be %s (that of the data), got %s", elem, ir.ElementType(out))
	}
	rt, ok := out.(*ir.RankedTensorType)
	if !ok || want == nil {
		return nil
	}
	bad := rt.Rank() != len(want)
	for d := 0; !bad && d < len(want); d++ {
		bad = want[d] != ir.Dynamic && rt.Dim(d) != ir.Dynamic && want[d] != rt.Dim(d)
	}
	if bad {
		return op.EmitOpError("expects the result shape %s (%s), got %s", ShapeString(want), rule, ShapeString(rt.Shape()))
	}
	return nil
}

func checkAxis(op *ir.Operation, axis int64, r int) error {
	if r < 1 {
		return op.EmitOpError("expects data of rank at least 1, got 0")
	}
	if axis < -int64(r) || axis >= int64(r) {
		return op.EmitOpError("expects axis in [%d, %d], got %d", -r, r-1, axis)
	}
	return nil
}

func verifyGather(op *ir.Operation) error {
	data := op.Operand(0)
	x, xok := ranked(data)
	if !xok {
		return CheckResult(op, ir.ElementType(data.Type()), nil, "")
	}
	axis := Axis(op)
	if err := checkAxis(op, axis, x.Rank()); err != nil {
		return err
	}
	var want []int64
	if idx, ok := ranked(op.Operand(1)); ok {
		a := int(axis)
		if a < 0 {
			a += x.Rank()
		}
		want = append(append(append([]int64{}, x.Shape()[:a]...), idx.Shape()...), x.Shape()[a+1:]...)
	}
	return CheckResult(op, x.Elem(), want, "data[:axis] ++ indices ++ data[axis+1:]")
}

func verifyGatherElements(op *ir.Operation) error {
	data := op.Operand(0)
	x, xok := ranked(data)
	idx, iok := ranked(op.Operand(1))
	if xok {
		if err := checkAxis(op, Axis(op), x.Rank()); err != nil {
			return err
		}
	}
	if xok && iok && x.Rank() != idx.Rank() {
		return op.EmitOpError("expects data and indices of the same rank, got %d and %d", x.Rank(), idx.Rank())
	}
	var want []int64
	if iok {
		want = idx.Shape()
	}
	return CheckResult(op, ir.ElementType(data.Type()), want, "the shape of indices")
}

func verifyGatherND(op *ir.Operation) error {
	data := op.Operand(0)
	x, xok := ranked(data)
	idx, iok := ranked(op.Operand(1))
	if !xok || !iok {
		return CheckResult(op, ir.ElementType(data.Type()), nil, "")
	}
	r, q, b := x.Rank(), idx.Rank(), BatchDims(op)
	if r < 1 || q < 1 {
		return op.EmitOpError("expects data and indices of rank at least 1, got %d and %d", r, q)
	}
	if b < 0 || b >= int64(min(q, r)) {
		return op.EmitOpError("expects batch_dims in [0, %d), got %d", min(q, r), b)
	}
	for d := 0; d < int(b); d++ {
		if x.Dim(d) != ir.Dynamic && idx.Dim(d) != ir.Dynamic && x.Dim(d) != idx.Dim(d) {
			return op.EmitOpError("expects batch dim %d of indices (size %d) to equal that of data (size %d)", d, idx.Dim(d), x.Dim(d))
		}
	}
	m := idx.Dim(q - 1)
	if m == ir.Dynamic {
		return CheckResult(op, x.Elem(), nil, "")
	}
	if b+m > int64(r) {
		return op.EmitOpError("expects batch_dims + indices.shape[-1] <= rank(data), got %d + %d > %d", b, m, r)
	}
	want := append(append([]int64{}, idx.Shape()[:q-1]...), x.Shape()[b+m:]...)
	return CheckResult(op, x.Elem(), want, "indices.shape[:-1] ++ data.shape[batch_dims+indices.shape[-1]:]")
}

func verifySlice(op *ir.Operation) error {
	n := int64(ir.Dynamic)
	names := []string{"starts", "ends", "axes", "steps"}
	for i, name := range names {
		v := op.Operand(1 + i)
		if v.Type() == ir.None {
			if i < 2 {
				return op.EmitOpError("expects %s to be a tensor, got none", name)
			}
			continue
		}
		t, ok := ranked(v)
		if !ok {
			continue
		}
		if t.Rank() != 1 {
			return op.EmitOpError("expects %s to be a 1-D tensor, got rank %d", name, t.Rank())
		}
		if d := t.Dim(0); d != ir.Dynamic {
			if n != ir.Dynamic && d != n {
				return op.EmitOpError("expects starts, ends, axes and steps of the same length, got %d and %d (%s)", n, d, name)
			}
			n = d
		}
	}
	x, xok := ranked(op.Operand(0))
	if out, ok := op.Result(0).Type().(*ir.RankedTensorType); ok && xok && out.Rank() != x.Rank() {
		return op.EmitOpError("expects a result of rank %d (that of data), got %d", x.Rank(), out.Rank())
	}
	return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
}
