package onnx

import (
	"slices"

	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	ScatterElementsName = "onnx.ScatterElements"
	ScatterNDName       = "onnx.ScatterND"
)

// Reductions are the values of the scatters' reduction attribute (opset 16
// added add and mul, opset 18 max and min; before 16 there is none).
var Reductions = []string{"none", "add", "mul", "max", "min"}

var reductionAttr = ir.AttrDef{Name: "reduction", Kind: ir.StringEnumKind(Reductions...), Default: ir.StringAttr("none")}

const scatterRule = `
Index values: -s <= v < s on a dim of size s, negatives counted from the end
(v + s); anything else is a runtime error (ONNX Runtime: "indices element
out of data bounds"), and no output is produced. Duplicates: the updates are
applied in row-major order of their index positions, as ONNX Runtime's CPU
kernels do, so with reduction "none" (where the ONNX spec says indices
should not repeat and leaves the result open) the last update wins, and
add/mul accumulate in that order. min and max propagate NaN (ONNX Runtime's
std::max/std::min keep the destination when only the update is NaN: the
two differ only for NaN updates). Converts to tcp with mode =
"wrap_negative" and combine = replace (none), add, mul, max or min.`

// ScatterElements is onnx.ScatterElements.
var ScatterElements = ir.MustRegister(ir.OpDef{
	Name:    ScatterElementsName,
	Summary: "ONNX ScatterElements: elements of updates written into a copy of data along axis",
	Description: `out = copy(data); then for every position p of indices, in row-major
order: out[p with p[axis] := indices[p]] = f(out[...], updates[p]) where f
is the reduction (none: the update).` + scatterRule + `

Verifier rules:
  1. indices have element type i32 or i64.
  2. data, indices and updates have one rank r >= 1 when ranked, updates
     the shape of indices, and axis is in [-r, r-1].
  3. reduction is none, add, mul, max or min.
  4. The result has data's element type and, when ranked, data's shape.`,
	Examples: []string{`%0 = "onnx.ScatterElements"(%arg0, %arg1, %arg2) {axis = 1 : si64, reduction = "add"} : (tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32>) -> tensor<1x5xf32>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "indices", Type: intIndices}, {Name: "updates", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{si64Attr("axis"), reductionAttr},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyScatterElements,
})

// ScatterND is onnx.ScatterND.
var ScatterND = ir.MustRegister(ir.OpDef{
	Name:    ScatterNDName,
	Summary: "ONNX ScatterND: slices of updates written into a copy of data at index tuples",
	Description: `With r = rank(data), q = rank(indices) and m = indices.shape[q-1]:
out = copy(data); then for every tuple position I of indices.shape[:q-1],
in row-major order: out[indices[I, 0], ..., indices[I, m-1], J] =
f(out[...], updates[I, J]) for every J of data.shape[m:], f the reduction.` + scatterRule + `
Each tuple component is checked against its own dim.

Verifier rules:
  1. indices have element type i64 (the ONNX type constraint).
  2. For ranked operands: r >= 1, q >= 1, m <= r when m is static, and
     updates have the shape indices.shape[:q-1] ++ data.shape[m:].
  3. reduction is none, add, mul, max or min.
  4. The result has data's element type and, when ranked, data's shape.`,
	Examples: []string{`%0 = "onnx.ScatterND"(%arg0, %arg1, %arg2) {reduction = "none"} : (tensor<4x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<4x4x4xf32>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "indices", Type: i64Indices}, {Name: "updates", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{reductionAttr},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyScatterND,
})

// Reduction returns the reduction attribute of a scatter ("none" when
// absent).
func Reduction(op *ir.Operation) string {
	if s, ok := op.Attr("reduction").(ir.StringAttr); ok {
		return string(s)
	}
	return "none"
}

func compatibleShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != ir.Dynamic && b[i] != ir.Dynamic {
			return false
		}
	}
	return true
}

func checkUpdatesType(op *ir.Operation) error {
	data, upd := op.Operand(0), op.Operand(2)
	if ir.ElementType(upd.Type()) != ir.ElementType(data.Type()) {
		return op.EmitOpError("expects updates of the element type of data (%s), got %s", ir.ElementType(data.Type()), ir.ElementType(upd.Type()))
	}
	var want []int64
	if x, ok := ranked(data); ok {
		want = x.Shape()
	}
	return CheckResult(op, ir.ElementType(data.Type()), want, "the shape of data")
}

func verifyScatterElements(op *ir.Operation) error {
	x, xok := ranked(op.Operand(0))
	i, iok := ranked(op.Operand(1))
	u, uok := ranked(op.Operand(2))
	if iok && uok && !compatibleShapes(i.Shape(), u.Shape()) {
		return op.EmitOpError("expects updates of the shape of indices %s, got %s", ShapeString(i.Shape()), ShapeString(u.Shape()))
	}
	r := -1
	for _, t := range []*ir.RankedTensorType{x, i, u} {
		if t == nil {
			continue
		}
		if r >= 0 && t.Rank() != r {
			return op.EmitOpError("expects data, indices and updates of one rank, got %d and %d", r, t.Rank())
		}
		r = t.Rank()
	}
	_ = xok
	if r >= 0 {
		if err := checkAxis(op, Axis(op), r); err != nil {
			return err
		}
	}
	return checkUpdatesType(op)
}

func verifyScatterND(op *ir.Operation) error {
	x, xok := ranked(op.Operand(0))
	i, iok := ranked(op.Operand(1))
	u, uok := ranked(op.Operand(2))
	if xok && x.Rank() < 1 {
		return op.EmitOpError("expects data of rank at least 1, got 0")
	}
	if iok && i.Rank() < 1 {
		return op.EmitOpError("expects indices of rank at least 1, got 0")
	}
	if xok && iok {
		m := i.Dim(i.Rank() - 1)
		if m != ir.Dynamic && m > int64(x.Rank()) {
			return op.EmitOpError("expects the index tuple length %d to be at most the data rank %d", m, x.Rank())
		}
		if uok && m != ir.Dynamic {
			want := append(slices.Clone(i.Shape()[:i.Rank()-1]), x.Shape()[m:]...)
			if !compatibleShapes(want, u.Shape()) {
				return op.EmitOpError("expects updates of shape %s (indices.shape[:-1] ++ data.shape[m:]), got %s", ShapeString(want), ShapeString(u.Shape()))
			}
		}
	}
	return checkUpdatesType(op)
}
