package onnx

import (
	"github.com/tcp-project/tcp/ir"
)

// The index arithmetic and shape plumbing ONNX exporters put around their
// gathers (MXNet 1.9.1's mx.onnx.export_model: take(mode='wrap') is
// Cast + Shape + Slice + Mod + Gather; take(mode='clip') and mode 'raise'
// are Cast + Shape + Slice + Add + Greater/Less + Where + Gather).

// Op names.
const (
	ShapeName   = "onnx.Shape"
	CastName    = "onnx.Cast"
	AddName     = "onnx.Add"
	SubName     = "onnx.Sub"
	ModName     = "onnx.Mod"
	MulName     = "onnx.Mul"
	DivName     = "onnx.Div"
	GreaterName = "onnx.Greater"
	LessName    = "onnx.Less"
	WhereName   = "onnx.Where"
)

const broadcastRule = `
Operands broadcast with numpy's (ONNX's multidirectional) rules.

Verifier rules: ranked operands' shapes broadcast together; a ranked
result has the broadcast shape (dynamic dims compatible).`

// Shape is onnx.Shape.
var Shape = ir.MustRegister(ir.OpDef{
	Name:    ShapeName,
	Summary: "ONNX Shape: the dims of a tensor as a 1-D i64 tensor",
	Description: `out[k] = dim k of data (start and end attributes, opset 15, select
dims [start, end) with negatives counted from the rank, clamped). Converts
to a tcp.const when the selected dims are static.

Verifier rules: the result is a 1-D tensor of i64; for ranked data its
length is the number of selected dims.`,
	Examples: []string{`%0 = "onnx.Shape"(%arg0) : (tensor<4x5xf32>) -> tensor<2xi64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "shape", Type: i64Indices}},
	Attrs: []ir.AttrDef{{Name: "start", Kind: ir.SI64AttrKind, Default: ir.Int(0, si64)},
		{Name: "end", Kind: ir.SI64AttrKind}},
	Traits: []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		r, ok := op.Result(0).Type().(*ir.RankedTensorType)
		if !ok || r.Rank() != 1 {
			return op.EmitOpError("expects a 1-D result, got %s", op.Result(0).Type())
		}
		if x, ok := ranked(op.Operand(0)); ok {
			lo, hi := ShapeRange(op, x.Rank())
			if r.Dim(0) != ir.Dynamic && r.Dim(0) != int64(hi-lo) {
				return op.EmitOpError("expects a result of %d elements (dims [%d, %d) of rank-%d data), got %s", hi-lo, lo, hi, x.Rank(), r)
			}
		}
		return nil
	},
})

// ShapeRange returns the dims [lo, hi) onnx.Shape selects from data of
// rank r.
func ShapeRange(op *ir.Operation, r int) (lo, hi int) {
	_, hasEnd := op.Attr("end").(ir.IntegerAttr)
	return ShapeRangeOf(intAttr(op, "start"), intAttr(op, "end"), hasEnd, r)
}

// ShapeRangeOf is ShapeRange from the attribute values.
func ShapeRangeOf(start, end int64, hasEnd bool, r int) (lo, hi int) {
	norm := func(v int64) int {
		if v < 0 {
			v += int64(r)
		}
		return int(min(max(v, 0), int64(r)))
	}
	lo, hi = norm(start), r
	if hasEnd {
		hi = norm(end)
	}
	return lo, max(lo, hi)
}

// Cast is onnx.Cast.
var Cast = ir.MustRegister(ir.OpDef{
	Name:    CastName,
	Summary: "ONNX Cast: elementwise conversion to the element type 'to'",
	Description: `out = input converted to the TensorProto element type to (1 f32, 6 i32,
7 i64, 9 bool, 10 f16, 11 f64, 16 bf16). Integers narrow by truncation
(two's complement), widen by sign extension; floats to integers round
toward zero (NaN or out of range: a runtime error here, undefined in ONNX).

Verifier rules: the result has input's shape and the element type to names.`,
	Examples: []string{`%0 = "onnx.Cast"(%arg0) {to = 7 : si64} : (tensor<3xi32>) -> tensor<3xi64>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "to", Kind: ir.SI64AttrKind, Required: true}, {Name: "saturate", Kind: ir.SI64AttrKind}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		want := ElemOfTensorProto(intAttr(op, "to"))
		if want == nil {
			return op.EmitOpError("to = %d is not a supported element type (1, 6, 7, 9, 10, 11, 16)", intAttr(op, "to"))
		}
		if got := ir.ElementType(op.Result(0).Type()); got != want {
			return op.EmitOpError("expects the result element type %s (to = %d), got %s", want, intAttr(op, "to"), got)
		}
		x, xok := ranked(op.Operand(0))
		r, rok := ranked(op.Result(0))
		if xok && rok && !compatible(x.Shape(), r.Shape()) {
			return op.EmitOpError("expects the result shape %s (the input's), got %s", ShapeString(x.Shape()), ShapeString(r.Shape()))
		}
		return nil
	},
})

// ElemOfTensorProto is the element type of a TensorProto data type code,
// or nil.
func ElemOfTensorProto(code int64) ir.Type {
	switch code {
	case 1:
		return ir.F32T
	case 6:
		return ir.I32
	case 7:
		return ir.I64
	case 9:
		return ir.I1
	case 10:
		return ir.F16T
	case 11:
		return ir.F64T
	case 16:
		return ir.BF16T
	}
	return nil
}

func compatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

// BroadcastShapes is numpy's broadcast of shapes with dynamic dims (a
// dynamic dim against 1 or itself stays dynamic); ok is false when two
// static dims differ and neither is 1.
func BroadcastShapes(shapes ...[]int64) ([]int64, bool) {
	r := 0
	for _, s := range shapes {
		r = max(r, len(s))
	}
	out := make([]int64, r)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		off := r - len(s)
		for i, d := range s {
			o := &out[off+i]
			switch {
			case d == 1:
			case *o == 1:
				*o = d
			case d == ir.Dynamic || *o == ir.Dynamic:
				if d != ir.Dynamic {
					*o = d
				}
			case d != *o:
				return nil, false
			}
		}
	}
	return out, true
}

func verifyBroadcast(op *ir.Operation, first int, elem ir.Type) error {
	var shapes [][]int64
	for i := first; i < op.NumOperands(); i++ {
		t, ok := ranked(op.Operand(i))
		if !ok {
			return nil
		}
		shapes = append(shapes, t.Shape())
	}
	want, ok := BroadcastShapes(shapes...)
	if !ok {
		return op.EmitOpError("expects operand shapes that broadcast together, got %v", shapes)
	}
	if elem != nil && ir.ElementType(op.Result(0).Type()) != elem {
		return op.EmitOpError("expects the result element type %s, got %s", elem, ir.ElementType(op.Result(0).Type()))
	}
	if r, ok := ranked(op.Result(0)); ok && !compatible(want, r.Shape()) {
		return op.EmitOpError("expects the result shape %s (the operands' broadcast), got %s", ShapeString(want), ShapeString(r.Shape()))
	}
	return nil
}

func binary(name, summary, semantics, example string, cmp bool, attrs ...ir.AttrDef) *ir.OpDef {
	var elem ir.Type
	if cmp {
		elem = ir.I1
	}
	return ir.MustRegister(ir.OpDef{
		Name:        name,
		Summary:     summary,
		Description: semantics + broadcastRule + " Both operands have one element type.",
		Examples:    []string{example},
		Operands:    []ir.OperandDef{{Name: "A", Type: anyTensor}, {Name: "B", Type: anyTensor}},
		Results:     []ir.ResultDef{{Name: "C", Type: anyTensor}},
		Attrs:       attrs,
		Traits:      []ir.Trait{ir.Pure},
		Verify: func(op *ir.Operation) error {
			if a, b := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Operand(1).Type()); a != b {
				return op.EmitOpError("expects operands of one element type, got %s and %s", a, b)
			}
			e := elem
			if e == nil {
				e = ir.ElementType(op.Operand(0).Type())
			}
			return verifyBroadcast(op, 0, e)
		},
	})
}

var (
	// Add is onnx.Add.
	Add = binary(AddName, "ONNX Add: elementwise sum", `C = A + B (integers wrap, two's complement).`,
		`%0 = "onnx.Add"(%arg0, %arg1) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>`, false)
	// Sub is onnx.Sub.
	Sub = binary(SubName, "ONNX Sub: elementwise difference", `C = A - B (integers wrap, two's complement).`,
		`%0 = "onnx.Sub"(%arg0, %arg1) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>`, false)
	// Mod is onnx.Mod.
	Mod = binary(ModName, "ONNX Mod: elementwise remainder", `With fmod = 0 (the default; integers only here) C = A mod B with the
sign of the divisor, like Python's %: 7 mod 3 = 1, -1 mod 3 = 2,
1 mod -3 = -2. A zero divisor is a runtime error. fmod = 1 (C's fmod,
the sign of the dividend) is refused by the verifier.`,
		`%0 = "onnx.Mod"(%arg0, %arg1) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3xi64>`, false,
		ir.AttrDef{Name: "fmod", Kind: ir.SI64AttrKind, Default: ir.Int(0, si64)})
	// Mul is onnx.Mul.
	Mul = binary(MulName, "ONNX Mul: elementwise product", `C = A * B (integers wrap, two's complement).`,
		`%0 = "onnx.Mul"(%arg0, %arg1) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>`, false)
	// Div is onnx.Div.
	Div = binary(DivName, "ONNX Div: elementwise quotient", `C = A / B: integers truncate toward zero (ONNX Runtime's C++ division;
-7 / 2 = -3); a zero integer divisor is a runtime error.`,
		`%0 = "onnx.Div"(%arg0, %arg1) : (tensor<5xi64>, tensor<i64>) -> tensor<5xi64>`, false)
	// Greater is onnx.Greater.
	Greater = binary(GreaterName, "ONNX Greater: elementwise A > B", `C = A > B as i1 (signed for integers).`,
		`%0 = "onnx.Greater"(%arg0, %arg1) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3xi1>`, true)
	// Less is onnx.Less.
	Less = binary(LessName, "ONNX Less: elementwise A < B", `C = A < B as i1 (signed for integers).`,
		`%0 = "onnx.Less"(%arg0, %arg1) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3xi1>`, true)
)

func init() {
	prev := Mod.Verify
	Mod.Verify = func(op *ir.Operation) error {
		if intAttr(op, "fmod") != 0 {
			return op.EmitOpError("fmod = %d is not supported (only fmod = 0, the integer modulus)", intAttr(op, "fmod"))
		}
		if _, ok := ir.ElementType(op.Operand(0).Type()).(ir.IntegerType); !ok {
			return op.EmitOpError("expects integer operands, got %s", ir.ElementType(op.Operand(0).Type()))
		}
		return prev(op)
	}
}

// Where is onnx.Where.
var Where = ir.MustRegister(ir.OpDef{
	Name:    WhereName,
	Summary: "ONNX Where: elementwise choice",
	Description: `output = condition ? X : Y, elementwise.` + broadcastRule + `
condition has element type i1; X, Y and the result have one element type.`,
	Examples: []string{`%0 = "onnx.Where"(%c, %x, %y) : (tensor<3xi1>, tensor<1xi64>, tensor<3xi64>) -> tensor<3xi64>`},
	Operands: []ir.OperandDef{{Name: "condition", Type: anyTensor}, {Name: "X", Type: anyTensor}, {Name: "Y", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if e := ir.ElementType(op.Operand(0).Type()); e != ir.I1 {
			return op.EmitOpError("expects an i1 condition, got %s", e)
		}
		if a, b := ir.ElementType(op.Operand(1).Type()), ir.ElementType(op.Operand(2).Type()); a != b {
			return op.EmitOpError("expects X and Y of one element type, got %s and %s", a, b)
		}
		return verifyBroadcast(op, 0, ir.ElementType(op.Operand(1).Type()))
	},
})
