package onnx

import (
	"slices"

	"github.com/tcp-project/tcp/ir"
)

// More of the shape plumbing exporters write around gathers
// (torch.onnx.export: Shape -> Gather -> Unsqueeze -> Concat -> Reshape;
// MXNet's reverse: Shape -> Squeeze -> Sub -> Range -> Gather; index
// fix-ups with Equal/Where/ConstantOfShape; Expand of an index tensor).
// Unsqueeze and Squeeze take their axes as an input (opset 13 and later).

// Op names.
const (
	UnsqueezeName       = "onnx.Unsqueeze"
	SqueezeName         = "onnx.Squeeze"
	SizeName            = "onnx.Size"
	ExpandName          = "onnx.Expand"
	ConstantOfShapeName = "onnx.ConstantOfShape"
	RangeName           = "onnx.Range"
	EqualName           = "onnx.Equal"
)

// Unsqueeze is onnx.Unsqueeze.
var Unsqueeze = ir.MustRegister(ir.OpDef{
	Name:    UnsqueezeName,
	Summary: "ONNX Unsqueeze: size-1 dims inserted at axes",
	Description: `The data with a dim of size 1 inserted at each of axes (a 1-D i64 input,
opset 13 and later; negative axes count from the result's rank r + len(axes)).

Verifier rules: axes is a 1-D i64 tensor; the result has data's element
type; when axes is a constant, its values are distinct and in [-R, R)
for the result rank R, and the result shape is data's with 1s inserted.`,
	Examples: []string{`%0 = "onnx.Unsqueeze"(%x, %axes) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3x1xi64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "axes", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "expanded", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		axes, aok := constInts(op.Operand(1))
		if !ok || !aok {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		shape, err := UnsqueezeShape(x.Shape(), axes)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		return CheckResult(op, x.Elem(), shape, "data with 1s inserted at axes")
	},
})

// UnsqueezeShape is in with a 1 inserted at each of axes.
func UnsqueezeShape(in, axes []int64) ([]int64, error) {
	r := len(in) + len(axes)
	ones := make([]bool, r)
	for _, a := range axes {
		n := a
		if n < 0 {
			n += int64(r)
		}
		if n < 0 || n >= int64(r) || ones[n] {
			return nil, shapeError("axes " + ShapeString(axes) + " are not distinct axes of the rank-" + itoa(int64(r)) + " result")
		}
		ones[n] = true
	}
	out := make([]int64, 0, r)
	k := 0
	for d := 0; d < r; d++ {
		if ones[d] {
			out = append(out, 1)
		} else {
			out = append(out, in[k])
			k++
		}
	}
	return out, nil
}

// Squeeze is onnx.Squeeze.
var Squeeze = ir.MustRegister(ir.OpDef{
	Name:    SqueezeName,
	Summary: "ONNX Squeeze: size-1 dims removed",
	Description: `The data without the dims listed in axes (an optional 1-D i64 input,
opset 13 and later; negative axes count from the data's rank), each of
which must have size 1; without axes, every static dim of size 1 is
removed.

Verifier rules: the result has data's element type; when axes is a
constant, its values are distinct axes of data whose static sizes are 1,
and the result shape is data's without them.`,
	Examples: []string{`%0 = "onnx.Squeeze"(%x, %axes) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "axes", Type: anyOrNone}},
	Results:  []ir.ResultDef{{Name: "squeezed", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		if !ok {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		var axes []int64
		if op.NumOperands() > 1 && op.Operand(1).Type() != ir.None {
			var aok bool
			if axes, aok = constInts(op.Operand(1)); !aok {
				return CheckResult(op, x.Elem(), nil, "")
			}
		}
		shape, err := SqueezeShape(x.Shape(), axes, axes == nil)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		return CheckResult(op, x.Elem(), shape, "data without the squeezed dims")
	},
})

// SqueezeShape is in without the dims axes (all = true: every dim of
// size 1).
func SqueezeShape(in, axes []int64, all bool) ([]int64, error) {
	drop := make([]bool, len(in))
	if all {
		for d, n := range in {
			if n == ir.Dynamic {
				return nil, shapeError("dim " + itoa(int64(d)) + " is dynamic: Squeeze without axes needs static dims")
			}
			drop[d] = n == 1
		}
	}
	for _, a := range axes {
		n := a
		if n < 0 {
			n += int64(len(in))
		}
		if n < 0 || n >= int64(len(in)) || drop[n] {
			return nil, shapeError("axes " + ShapeString(axes) + " are not distinct axes of rank-" + itoa(int64(len(in))) + " data")
		}
		if in[n] != 1 && in[n] != ir.Dynamic {
			return nil, shapeError("dim " + itoa(n) + " has size " + itoa(in[n]) + ", not 1")
		}
		drop[n] = true
	}
	var out []int64
	for d, n := range in {
		if !drop[d] {
			out = append(out, n)
		}
	}
	return append([]int64{}, out...), nil
}

// Size is onnx.Size.
var Size = ir.MustRegister(ir.OpDef{
	Name:    SizeName,
	Summary: "ONNX Size: the number of elements of a tensor, as a 0-d i64",
	Description: `size = the product of data's dims. Converts to a tcp.const when data's
shape is static.

Verifier rules: the result is a 0-d i64 tensor.`,
	Examples: []string{`%0 = "onnx.Size"(%x) : (tensor<3x4xf32>) -> tensor<i64>`},
	Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "size", Type: i64Indices}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if r, ok := ranked(op.Result(0)); !ok || r.Rank() != 0 {
			return op.EmitOpError("expects a 0-d result, got %s", op.Result(0).Type())
		}
		return nil
	},
})

// Expand is onnx.Expand.
var Expand = ir.MustRegister(ir.OpDef{
	Name:    ExpandName,
	Summary: "ONNX Expand: input broadcast with a shape",
	Description: `The input broadcast (numpy's rules, both ways) with the 1-D i64 shape:
the result shape is the broadcast of input's shape and shape's values, so
a 1 in shape keeps input's dim.

Verifier rules: shape is a 1-D i64 tensor; the result has input's element
type; when shape is a constant, it broadcasts with input's shape and the
result shape is the broadcast.`,
	Examples: []string{`%0 = "onnx.Expand"(%i, %shape) : (tensor<1x2xi64>, tensor<2xi64>) -> tensor<3x2xi64>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}, {Name: "shape", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		s, sok := constInts(op.Operand(1))
		if !ok || !sok {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		want, bok := BroadcastShapes(x.Shape(), s)
		if !bok {
			return op.EmitOpError("shape %s does not broadcast with the input's %s", ShapeString(s), ShapeString(x.Shape()))
		}
		return CheckResult(op, x.Elem(), want, "the broadcast of the input's shape and shape")
	},
})

// ConstantOfShape is onnx.ConstantOfShape.
var ConstantOfShape = ir.MustRegister(ir.OpDef{
	Name:    ConstantOfShapeName,
	Summary: "ONNX ConstantOfShape: a tensor of the given shape filled with value",
	Description: `output has the dims of the 1-D i64 input and every element equal to the
one element of value (a 1-element tensor attribute; absent: 0.0 as f32).

Verifier rules: value, when present, has one element and the result's
element type (f32 without value); when input is a constant its values
are non-negative and the result shape is them.`,
	Examples: []string{`%0 = "onnx.ConstantOfShape"(%s) {value = dense<0> : tensor<1xi64>} : (tensor<1xi64>) -> tensor<6xi64>`},
	Operands: []ir.OperandDef{{Name: "input", Type: i64Indices}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		elem := ir.Type(ir.F32T)
		if v, ok := op.Attr("value").(*ir.DenseElementsAttr); ok {
			if v.Type.NumElements() != 1 {
				return op.EmitOpError("expects a one-element value, got %s", v.Type)
			}
			elem = v.Type.Elem()
		}
		var want []int64
		if s, ok := constInts(op.Operand(0)); ok {
			for _, d := range s {
				if d < 0 {
					return op.EmitOpError("expects non-negative dims, got %v", s)
				}
			}
			want = s
			if want == nil {
				want = []int64{}
			}
		}
		if ir.ElementType(op.Result(0).Type()) != elem {
			return op.EmitOpError("expects the result element type %s (value's), got %s", elem, ir.ElementType(op.Result(0).Type()))
		}
		return CheckResult(op, elem, want, "the input's values")
	},
})

// ConstantOfShapeValue returns the fill value of op as a one-element
// dense attribute (0.0 f32 when absent).
func ConstantOfShapeValue(op *ir.Operation) *ir.DenseElementsAttr {
	if v, ok := op.Attr("value").(*ir.DenseElementsAttr); ok {
		return v
	}
	return ir.NewDenseFloats(ir.RankedTensor([]int64{1}, ir.F32T), []float64{0})
}

// Range is onnx.Range.
var Range = ir.MustRegister(ir.OpDef{
	Name:    RangeName,
	Summary: "ONNX Range: start, start + delta, ... up to limit (exclusive)",
	Description: `output[k] = start + k * delta for k in [0, max(ceil((limit - start) /
delta), 0)); start, limit and delta are 0-d tensors of one element type.
A zero delta is a runtime error.

Verifier rules: the three operands are 0-d of one element type; the
result is 1-D of that type.`,
	Examples: []string{`%0 = "onnx.Range"(%start, %limit, %delta) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>`},
	Operands: []ir.OperandDef{{Name: "start", Type: anyTensor}, {Name: "limit", Type: anyTensor}, {Name: "delta", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		e := ir.ElementType(op.Operand(0).Type())
		for i := 0; i < 3; i++ {
			if ir.ElementType(op.Operand(i).Type()) != e {
				return op.EmitOpError("expects start, limit and delta of one element type")
			}
			if t, ok := ranked(op.Operand(i)); ok && t.Rank() != 0 {
				return op.EmitOpError("expects 0-d start, limit and delta, got %s", t)
			}
		}
		if r, ok := ranked(op.Result(0)); ok && r.Rank() != 1 {
			return op.EmitOpError("expects a 1-D result, got %s", r)
		}
		return CheckResult(op, e, nil, "")
	},
})

// RangeCount is the number of elements of Range(start, limit, delta)
// (integers); ok is false for a zero delta; the count is -1 when limit -
// start overflows int64.
func RangeCount(start, limit, delta int64) (int64, bool) {
	if delta == 0 {
		return 0, false
	}
	if (limit > start) != (delta > 0) || limit == start {
		return 0, true
	}
	d := limit - start
	if (d > 0) != (limit > start) {
		// limit - start overflows int64: no valid count.
		return -1, true
	}
	// ceil(d / delta) without overflow; d and delta have one sign.
	n := d / delta
	if d%delta != 0 {
		n++
	}
	return n, true
}

// Equal is onnx.Equal.
var Equal = binary(EqualName, "ONNX Equal: elementwise A == B", `C = A == B as i1.`,
	`%0 = "onnx.Equal"(%arg0, %arg1) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi1>`, true)

// constInts returns the values of v when it is a constant.
func constInts(v ir.Value) ([]int64, bool) {
	d, ok := ir.ConstantAttr(v).(*ir.DenseElementsAttr)
	if !ok {
		return nil, false
	}
	return slices.Clone(d.Ints()), true
}

// More index arithmetic torch.onnx.export writes (x.clamp, -i, torch.min
// of index tensors, x.flatten(1), no-op Identity).
const (
	IdentityName = "onnx.Identity"
	NegName      = "onnx.Neg"
	MinName      = "onnx.Min"
	MaxName      = "onnx.Max"
	ClipName     = "onnx.Clip"
	FlattenName  = "onnx.Flatten"
)

func unaryDef(name, summary, semantics, example string) *ir.OpDef {
	return ir.MustRegister(ir.OpDef{
		Name:        name,
		Summary:     summary,
		Description: semantics + "\n\nVerifier rules: input and output have one type.",
		Examples:    []string{example},
		Operands:    []ir.OperandDef{{Name: "input", Type: anyTensor}},
		Results:     []ir.ResultDef{{Name: "output", Type: anyTensor}},
		Traits:      []ir.Trait{ir.Pure, ir.SameOperandsAndResultType},
	})
}

var (
	// Identity is onnx.Identity.
	Identity = unaryDef(IdentityName, "ONNX Identity: the input", `output = input.`,
		`%0 = "onnx.Identity"(%arg0) : (tensor<3xi64>) -> tensor<3xi64>`)
	// Neg is onnx.Neg.
	Neg = unaryDef(NegName, "ONNX Neg: elementwise -x", `output = -input (integers wrap: the minimum value stays itself).`,
		`%0 = "onnx.Neg"(%arg0) : (tensor<3xi64>) -> tensor<3xi64>`)
	// Min is onnx.Min (two inputs).
	Min = binary(MinName, "ONNX Min: elementwise minimum of two inputs", `C = min(A, B) (signed for integers). ONNX's Min is variadic; two inputs,
what exporters write for index arithmetic, are supported.`,
		`%0 = "onnx.Min"(%arg0, %arg1) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>`, false)
	// Max is onnx.Max (two inputs).
	Max = binary(MaxName, "ONNX Max: elementwise maximum of two inputs", `C = max(A, B) (signed for integers). ONNX's Max is variadic; two inputs
are supported.`,
		`%0 = "onnx.Max"(%arg0, %arg1) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>`, false)
)

// Clip is onnx.Clip.
var Clip = ir.MustRegister(ir.OpDef{
	Name:    ClipName,
	Summary: "ONNX Clip: elementwise clamp to [min, max] (x.clamp)",
	Description: `output = min(max(input, min), max) elementwise, min and max optional 0-d
inputs (opset 11+; absent: no bound), signed for integers.

Verifier rules: min and max, when given, are 0-d (or one-element) tensors of
input's element type; input and output have one type.`,
	Examples: []string{`%0 = "onnx.Clip"(%arg0, %lo, %hi) : (tensor<3xi64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}, {Name: "min", Type: anyOrNone}, {Name: "max", Type: anyOrNone}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		for i := 1; i < op.NumOperands(); i++ {
			v := op.Operand(i)
			if v.Type() == ir.None {
				continue
			}
			if ir.ElementType(v.Type()) != ir.ElementType(op.Operand(0).Type()) {
				return op.EmitOpError("expects min and max of the input's element type %s, got %s", ir.ElementType(op.Operand(0).Type()), ir.ElementType(v.Type()))
			}
			if t, ok := ranked(v); ok && t.NumElements() != 1 {
				return op.EmitOpError("expects one-element min and max, got %s", t)
			}
		}
		if op.Result(0).Type() != op.Operand(0).Type() {
			return op.EmitOpError("expects the output type to be the input's %s, got %s", op.Operand(0).Type(), op.Result(0).Type())
		}
		return nil
	},
})

// Flatten is onnx.Flatten.
var Flatten = ir.MustRegister(ir.OpDef{
	Name:    FlattenName,
	Summary: "ONNX Flatten: the input as a 2-D tensor split at axis",
	Description: `output has shape (d_0 * ... * d_{axis-1}, d_axis * ... * d_{r-1}) (axis
in [-r, r], negative counted from the rank; default 1), the elements in
row-major order.

Verifier rules: axis is in [-r, r]; the output has the input's element
type and, for static input dims, that shape.`,
	Examples: []string{`%0 = "onnx.Flatten"(%arg0) {axis = 1 : si64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "axis", Kind: ir.SI64AttrKind, Default: ir.Int(1, si64)}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		if !ok {
			return CheckResult(op, ir.ElementType(op.Operand(0).Type()), nil, "")
		}
		want, ok := FlattenShape(x.Shape(), FlattenAxis(op))
		if !ok {
			return op.EmitOpError("expects axis in [%d, %d], got %d", -x.Rank(), x.Rank(), FlattenAxis(op))
		}
		return CheckResult(op, x.Elem(), want, "the input split at axis")
	},
})

// FlattenAxis returns onnx.Flatten's axis (default 1).
func FlattenAxis(op *ir.Operation) int64 {
	if a, ok := op.Attr("axis").(ir.IntegerAttr); ok {
		return a.Value
	}
	return 1
}

// FlattenShape is Flatten's output shape (a dynamic input dim makes its
// side dynamic); ok is false for an axis out of range.
func FlattenShape(in []int64, axis int64) ([]int64, bool) {
	r := int64(len(in))
	if axis < -r || axis > r {
		return nil, false
	}
	if axis < 0 {
		axis += r
	}
	prod := func(ds []int64) int64 {
		p := int64(1)
		for _, d := range ds {
			if d == ir.Dynamic {
				return ir.Dynamic
			}
			p *= d
		}
		return p
	}
	return []int64{prod(in[:axis]), prod(in[axis:])}, true
}

// optionalInputs are the first optional input of the onnx ops with
// optional trailing inputs (ONNX's operator schemas): an exporter may
// omit them, and the onnx dialect then takes onnx.NoValue.
var optionalInputs = map[string]int{SliceName: 3, PadName: 2, SqueezeName: 1, ClipName: 1, SplitName: 1}

// OptionalInput reports whether input k of op name is optional.
func OptionalInput(name string, k int) bool {
	first, ok := optionalInputs[name]
	return ok && k >= first
}
