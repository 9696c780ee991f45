package onnx

import (
	"slices"

	"github.com/tcp-project/tcp/ir"
)

// Shape plumbing ONNX exporters put around gathers (MXNet 1.9.1's
// gather_nd: its outermost-first index layout becomes Reshape + Transpose
// of the indices, with Shape/Sub/Concat/Pad/Slice computing the shapes).

// Op names.
const (
	ConcatName    = "onnx.Concat"
	PadName       = "onnx.Pad"
	ReshapeName   = "onnx.Reshape"
	TransposeName = "onnx.Transpose"
)

// Concat is onnx.Concat.
var Concat = ir.MustRegister(ir.OpDef{
	Name:    ConcatName,
	Summary: "ONNX Concat: inputs joined along axis",
	Description: `The inputs, of one element type and rank and equal dims except along
axis (negative: counted from the rank), joined along axis in order.

Verifier rules: at least one input; equal element types and ranks; axis in
[-r, r-1]; a ranked result has the inputs' dims with the sum along axis.`,
	Examples: []string{`%0 = "onnx.Concat"(%a, %b) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>`},
	Operands: []ir.OperandDef{{Name: "inputs", Type: anyTensor, Variadic: true}},
	Results:  []ir.ResultDef{{Name: "concat_result", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "axis", Kind: ir.SI64AttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return op.EmitOpError("expects at least one input")
		}
		var shapes [][]int64
		for i := 0; i < op.NumOperands(); i++ {
			if ir.ElementType(op.Operand(i).Type()) != ir.ElementType(op.Operand(0).Type()) {
				return op.EmitOpError("expects inputs of one element type, got %s and %s", ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Operand(i).Type()))
			}
			t, ok := ranked(op.Operand(i))
			if !ok {
				return nil
			}
			shapes = append(shapes, t.Shape())
		}
		want, err := ConcatShape(shapes, intAttr(op, "axis"))
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		return CheckResult(op, ir.ElementType(op.Operand(0).Type()), want, "the inputs joined along axis")
	},
})

type shapeError string

func (e shapeError) Error() string { return string(e) }

// ConcatShape is the shape of Concat's result.
func ConcatShape(shapes [][]int64, axis int64) ([]int64, error) {
	r := len(shapes[0])
	if axis < 0 {
		axis += int64(r)
	}
	if axis < 0 || axis >= int64(r) {
		return nil, shapeError("axis is out of range for inputs of rank " + itoa(int64(r)))
	}
	out := slices.Clone(shapes[0])
	for _, s := range shapes[1:] {
		if len(s) != r {
			return nil, shapeError("expects inputs of one rank")
		}
		for d := range s {
			if int64(d) == axis {
				if out[d] == ir.Dynamic || s[d] == ir.Dynamic {
					out[d] = ir.Dynamic
				} else {
					out[d] += s[d]
				}
			} else if out[d] == ir.Dynamic {
				out[d] = s[d]
			} else if s[d] != ir.Dynamic && s[d] != out[d] {
				return nil, shapeError("expects equal dims except along axis, got " + ShapeString(shapes[0]) + " and " + ShapeString(s))
			}
		}
	}
	return out, nil
}

func itoa(v int64) string { return ShapeString([]int64{v})[1 : len(ShapeString([]int64{v}))-1] }

var anyOrNone = ir.TypePred("tensor or none type", func(t ir.Type) bool { return t == ir.None || isTensor(t) })

// Pad is onnx.Pad.
var Pad = ir.MustRegister(ir.OpDef{
	Name:    PadName,
	Summary: "ONNX Pad: a tensor padded with a constant",
	Description: `mode "constant" (the only one supported): pads is [b_1, ..., b_r, e_1,
..., e_r], b_k elements before and e_k after dim k (negative: removed),
filled with constant_value (default 0); axes (opset 18) is not supported.
Absent optional inputs are "onnx.NoValue" (--import-onnx supplies them).
The result's shape is known only when pads is a constant; the op is folded
when all its inputs are constants (as MXNet's shape arithmetic is), and
converts to tcp for static data with constant pads of at least 0.

Verifier rules: pads is a 1-D i64 tensor; constant_value, when given, is a
scalar of data's element type; mode is "constant".`,
	Examples: []string{`%0 = "onnx.Pad"(%shape, %pads, %one, %none) : (tensor<2xi64>, tensor<2xi64>, tensor<1xi64>, none) -> tensor<8xi64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "pads", Type: i64Indices},
		{Name: "constant_value", Type: anyOrNone}, {Name: "axes", Type: tensorOrNone}},
	Results: []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:   []ir.AttrDef{{Name: "mode", Kind: ir.StrAttrKind}},
	Traits:  []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if m, ok := op.Attr("mode").(ir.StringAttr); ok && string(m) != "constant" {
			return op.EmitOpError("mode %q is not supported (only \"constant\")", string(m))
		}
		if op.NumOperands() > 3 && op.Operand(3).Type() != ir.None {
			return op.EmitOpError("the axes input is not supported")
		}
		if op.NumOperands() > 2 && op.Operand(2).Type() != ir.None {
			if c, ok := ranked(op.Operand(2)); ok && c.NumElements() != 1 {
				return op.EmitOpError("expects a one-element constant_value, got %s", c)
			}
			if ir.ElementType(op.Operand(2).Type()) != ir.ElementType(op.Operand(0).Type()) {
				return op.EmitOpError("expects constant_value of data's element type")
			}
		}
		return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
	},
})

// Reshape is onnx.Reshape.
var Reshape = ir.MustRegister(ir.OpDef{
	Name:    ReshapeName,
	Summary: "ONNX Reshape: the same elements in row-major order, another shape",
	Description: `shape (1-D i64) gives the new dims: 0 copies the input's dim at that
position (allowzero = 0, the default; allowzero = 1 is refused), one -1 is
inferred from the element count.

Verifier rules: shape is a 1-D i64 tensor; the result element type is the
data's; static data and result shapes have equal element counts.`,
	Examples: []string{`%0 = "onnx.Reshape"(%x, %shape) : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "shape", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "reshaped", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "allowzero", Kind: ir.SI64AttrKind, Default: ir.Int(0, si64)}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if intAttr(op, "allowzero") != 0 {
			return op.EmitOpError("allowzero = %d is not supported", intAttr(op, "allowzero"))
		}
		x, xok := ranked(op.Operand(0))
		r, rok := ranked(op.Result(0))
		if xok && rok && x.HasStaticShape() && r.HasStaticShape() && x.NumElements() != r.NumElements() {
			return op.EmitOpError("expects a result of %d elements (the data's), got %s", x.NumElements(), r)
		}
		return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
	},
})

// ReshapeShape resolves Reshape's shape values (0: the input's dim, -1:
// inferred) for input dims in; ok is false when they do not fit. A
// dynamic input dim copied by a 0 at its own position cancels out of the
// inferred dim (Reshape(x, [0, -1]) of a ?x3x4 x is ?x12); any other
// dynamic input dim makes the inferred dim dynamic.
func ReshapeShape(in, shape []int64) ([]int64, bool) {
	out := slices.Clone(shape)
	infer := -1
	known := int64(1)
	cancelled := map[int]bool{}
	for k, v := range out {
		switch {
		case v == 0 && k < len(in):
			out[k] = in[k]
			if in[k] == ir.Dynamic {
				cancelled[k] = true
				continue
			}
		case v == -1 && infer < 0:
			infer = k
			continue
		case v < 0 || v == 0:
			return nil, false
		}
		known *= out[k]
	}
	total := int64(1)
	for d, n := range in {
		if n == ir.Dynamic {
			if cancelled[d] {
				continue
			}
			if infer >= 0 {
				out[infer] = ir.Dynamic
			}
			return out, true
		}
		total *= n
	}
	if len(cancelled) > 0 && infer < 0 {
		// The dynamic dims are copied; the static rest must match.
		return out, known == total
	}
	if infer >= 0 {
		if known == 0 || total%known != 0 {
			return nil, false
		}
		out[infer] = total / known
	} else if known != total {
		return nil, false
	}
	return out, true
}

// Transpose is onnx.Transpose.
var Transpose = ir.MustRegister(ir.OpDef{
	Name:    TransposeName,
	Summary: "ONNX Transpose: dims permuted",
	Description: `out dim k is data dim perm[k] (default: the dims reversed).

Verifier rules: perm is a permutation of [0, r); a ranked result has the
permuted shape.`,
	Examples: []string{`%0 = "onnx.Transpose"(%x) {perm = [1, 0]} : (tensor<2x3xi64>) -> tensor<3x2xi64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "transposed", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "perm", Kind: ir.ArrayAttrKind}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		if !ok {
			return nil
		}
		perm, ok := Perm(op, x.Rank())
		if !ok {
			return op.EmitOpError("perm is not a permutation of [0, %d)", x.Rank())
		}
		want := make([]int64, len(perm))
		for k, p := range perm {
			want[k] = x.Dim(p)
		}
		return CheckResult(op, x.Elem(), want, "the data's dims permuted")
	},
})

// Perm returns Transpose's permutation for data of rank r.
func Perm(op *ir.Operation, r int) ([]int, bool) {
	a, ok := op.Attr("perm").(ir.ArrayAttr)
	if !ok {
		p := make([]int, r)
		for k := range p {
			p[k] = r - 1 - k
		}
		return p, true
	}
	return PermOf(a, r)
}

// PermOf checks an ONNX perm attribute (an array of integers).
func PermOf(a ir.ArrayAttr, r int) ([]int, bool) {
	if len(a) != r {
		return nil, false
	}
	seen := make([]bool, r)
	p := make([]int, r)
	for k, e := range a {
		v, ok := e.(ir.IntegerAttr)
		if !ok || v.Value < 0 || v.Value >= int64(r) || seen[v.Value] {
			return nil, false
		}
		seen[v.Value] = true
		p[k] = int(v.Value)
	}
	return p, true
}
