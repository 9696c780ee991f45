package tf

import (
	"slices"
	"strconv"

	"github.com/tcp-project/tcp/ir"
)

// The ops TensorFlow's converter prints around the gathers users write:
// tf.reverse (ReverseV2), tf.squeeze, tf.expand_dims, and the index
// arithmetic of tf.experimental.numpy.take / take_along_axis and of
// tf.minimum / tf.maximum / tf.nn.relu on indices.
const (
	ReverseV2Name  = "tf.ReverseV2"
	SqueezeName    = "tf.Squeeze"
	ExpandDimsName = "tf.ExpandDims"
	MinimumName    = "tf.Minimum"
	MaximumName    = "tf.Maximum"
	AddV2Name      = "tf.AddV2"
	LessName       = "tf.Less"
	SelectV2Name   = "tf.SelectV2"
	ReluName       = "tf.Relu"
)

// ReverseV2 is tf.ReverseV2.
var ReverseV2 = ir.MustRegister(ir.OpDef{
	Name:    ReverseV2Name,
	Summary: "TensorFlow ReverseV2: reverse the tensor along the given axes (tf.reverse)",
	Description: `output[p] = tensor[q] with q[d] = size(d) - 1 - p[d] for each d in axis (a
1-D i32 or i64 tensor; negative axes count from the rank), q[d] = p[d]
otherwise. A repeated axis is an error ("axis d specified more than
once").

Verifier rules: axis is a 1-D integer tensor; tensor and output have one
element type and, where static, one shape.`,
	Examples: []string{`%0 = "tf.ReverseV2"(%arg0, %cst) {device = ""} : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<4x3xf32>`},
	Operands: []ir.OperandDef{{Name: "tensor", Type: anyTensor}, {Name: "axis", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("tensor", "output")},
	Verify: func(op *ir.Operation) error {
		if r, ok := ranked(op.Operand(1)); !ok || r.Rank() != 1 {
			return op.EmitOpError("requires a 1-D axis, got %s", op.Operand(1).Type())
		}
		return sameStaticShape(op)
	},
})

func sameStaticShape(op *ir.Operation) error {
	a, ok1 := ranked(op.Operand(0))
	b, ok2 := ranked(op.Result(0))
	if !ok1 || !ok2 {
		return nil
	}
	if a.Rank() != b.Rank() {
		return op.EmitOpError("requires the output to have the rank of the input (%d), got %s", a.Rank(), b)
	}
	for d := 0; d < a.Rank(); d++ {
		if a.Dim(d) != ir.Dynamic && b.Dim(d) != ir.Dynamic && a.Dim(d) != b.Dim(d) {
			return op.EmitOpError("requires the output shape to be the input's %s, got %s", a, b)
		}
	}
	return nil
}

// SqueezeDims returns the squeeze_dims attribute of tf.Squeeze.
func SqueezeDims(op *ir.Operation) []int64 {
	a, _ := op.Attr("squeeze_dims").(ir.ArrayAttr)
	var out []int64
	for _, e := range a {
		if i, ok := e.(ir.IntegerAttr); ok {
			out = append(out, i.Value)
		}
	}
	return out
}

// SqueezedShape is tf.Squeeze's output shape for an input shape: the
// listed dims (negative from the rank) removed, each of which must have
// size 1; with none listed, every dim of size 1 removed. ok is false
// (with a reason) for an invalid dim.
func SqueezedShape(shape, dims []int64) ([]int64, string) {
	r := int64(len(shape))
	drop := map[int64]bool{}
	for _, d := range dims {
		if d < -r || d >= r {
			return nil, "squeeze dim " + itoa(d) + " is out of range [" + itoa(-r) + ", " + itoa(r) + ")"
		}
		if d < 0 {
			d += r
		}
		if shape[d] != 1 && shape[d] != ir.Dynamic {
			return nil, "can not squeeze dim[" + itoa(d) + "], expected a dimension of 1, got " + itoa(shape[d])
		}
		drop[d] = true
	}
	var out []int64
	for d, s := range shape {
		if (len(dims) > 0 && drop[int64(d)]) || (len(dims) == 0 && s == 1) {
			continue
		}
		out = append(out, s)
	}
	return out, ""
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// Squeeze is tf.Squeeze.
var Squeeze = ir.MustRegister(ir.OpDef{
	Name:    SqueezeName,
	Summary: "TensorFlow Squeeze: remove dims of size 1 (tf.squeeze)",
	Description: `The input without the dims listed in squeeze_dims (negative from the
rank), each of which must have size 1; with squeeze_dims empty, without
every dim of size 1.

Verifier rules: the listed dims are in [-r, r) and have size 1 where
static; input and output have one element type; a static input gives
the output its squeezed shape.`,
	Examples: []string{`%1 = "tf.Squeeze"(%0) {device = "", squeeze_dims = [1]} : (tensor<3x1xf32>) -> tensor<3xf32>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "squeeze_dims", Kind: ir.I64ArrayAttrKind, Default: ir.ArrayAttr{}}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "output")},
	Verify: func(op *ir.Operation) error {
		in, ok := ranked(op.Operand(0))
		if !ok {
			return nil
		}
		want, why := SqueezedShape(in.Shape(), SqueezeDims(op))
		if why != "" {
			return op.EmitOpError("%s", why)
		}
		if out, ok := ranked(op.Result(0)); ok && (in.HasStaticShape() || len(SqueezeDims(op)) > 0) && !slices.Equal(out.Shape(), want) && !compatibleShapes(out.Shape(), want) {
			return op.EmitOpError("requires the output shape %v (the squeezed input), got %s", want, out)
		}
		return nil
	},
})

func compatibleShapes(a, b []int64) bool {
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

// ExpandDims is tf.ExpandDims.
var ExpandDims = ir.MustRegister(ir.OpDef{
	Name:    ExpandDimsName,
	Summary: "TensorFlow ExpandDims: insert a dim of size 1 (tf.expand_dims)",
	Description: `The input with a dim of size 1 inserted at position dim (a 0-d or
one-element i32 or i64 tensor, in [-r-1, r]; negative counts from the end
of the output).

Verifier rules: input and output have one element type; the output has
one more dim than a ranked input.`,
	Examples: []string{`%1 = "tf.ExpandDims"(%0, %cst) {device = ""} : (tensor<2x3xf32>, tensor<i32>) -> tensor<1x2x3xf32>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}, {Name: "dim", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "output")},
	Verify: func(op *ir.Operation) error {
		in, ok1 := ranked(op.Operand(0))
		out, ok2 := ranked(op.Result(0))
		if ok1 && ok2 && out.Rank() != in.Rank()+1 {
			return op.EmitOpError("requires the output rank to be the input's plus one (%d), got %s", in.Rank()+1, out)
		}
		return nil
	},
})

// binaryDef is a TensorFlow elementwise op with numpy broadcasting.
func binaryDef(name, summary, meaning string, result ir.TypeConstraint) ir.OpDef {
	return ir.OpDef{
		Name:    name,
		Summary: summary,
		Description: meaning + ` The operands broadcast numpy-style (a 0-d
operand applies to every element).

Verifier rules: x and y have one element type; the output has their
broadcast shape where static.`,
		Examples: []string{`%0 = "` + name + `"(%arg1, %cst) {device = ""} : (tensor<5xi32>, tensor<i32>) -> tensor<5x` + map[bool]string{true: "i1", false: "i32"}[name == LessName] + `>`},
		Operands: []ir.OperandDef{{Name: "x", Type: anyTensor}, {Name: "y", Type: anyTensor}},
		Results:  []ir.ResultDef{{Name: "z", Type: result}},
		Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("x", "y")},
		Verify:   verifyBroadcast,
	}
}

// BroadcastShapes is numpy's broadcast of static-or-dynamic shapes; ok is
// false when two static sizes other than 1 differ.
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
		for i, d := range s {
			j := r - len(s) + i
			switch {
			case d == 1:
			case out[j] == 1:
				out[j] = d
			case d == ir.Dynamic || out[j] == ir.Dynamic:
				out[j] = max(d, out[j])
			case d != out[j]:
				return nil, false
			}
		}
	}
	return out, true
}

func verifyBroadcast(op *ir.Operation) error {
	var shapes [][]int64
	for _, v := range op.Operands() {
		t, ok := ranked(v)
		if !ok {
			return nil
		}
		shapes = append(shapes, t.Shape())
	}
	b, ok := BroadcastShapes(shapes...)
	if !ok {
		return op.EmitOpError("requires operands that broadcast together, got %v", shapes)
	}
	if out, ok := ranked(op.Result(0)); ok && !compatibleShapes(out.Shape(), b) {
		return op.EmitOpError("requires the output shape to be the broadcast shape %v, got %s", b, out)
	}
	return nil
}

var boolTensor = ir.TypePred("tensor of i1 values", func(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return ir.ElementType(t) == ir.I1
	}
	return false
})

// The elementwise ops.
var (
	Minimum = ir.MustRegister(binaryDef(MinimumName, "TensorFlow Minimum: elementwise min(x, y) (tf.minimum)", "z = min(x, y), integers signed.", anyTensor))
	Maximum = ir.MustRegister(binaryDef(MaximumName, "TensorFlow Maximum: elementwise max(x, y) (tf.maximum)", "z = max(x, y), integers signed.", anyTensor))
	AddV2   = ir.MustRegister(binaryDef(AddV2Name, "TensorFlow AddV2: elementwise x + y", "z = x + y (integers wrap at their width).", anyTensor))
	Less    = ir.MustRegister(binaryDef(LessName, "TensorFlow Less: elementwise x < y", "z = x < y (i1), integers signed.", boolTensor))
)

// SelectV2 is tf.SelectV2.
var SelectV2 = ir.MustRegister(ir.OpDef{
	Name:    SelectV2Name,
	Summary: "TensorFlow SelectV2: elementwise condition ? t : e (tf.where)",
	Description: `output = condition ? t : e elementwise, the three operands broadcast
numpy-style.

Verifier rules: condition has element type i1; t, e and output have one
element type; the output has the broadcast shape where static.`,
	Examples: []string{`%2 = "tf.SelectV2"(%0, %1, %arg1) {device = ""} : (tensor<3x2xi1>, tensor<3x2xi64>, tensor<3x2xi64>) -> tensor<3x2xi64>`},
	Operands: []ir.OperandDef{{Name: "condition", Type: boolTensor}, {Name: "t", Type: anyTensor}, {Name: "e", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("t", "e", "output")},
	Verify:   verifyBroadcast,
})

// Relu is tf.Relu.
var Relu = ir.MustRegister(ir.OpDef{
	Name:    ReluName,
	Summary: "TensorFlow Relu: elementwise max(features, 0) (tf.nn.relu, tf.maximum(x, 0))",
	Description: `activations = max(features, 0) elementwise.

Verifier rules: features and activations have one type.`,
	Examples: []string{`%1 = "tf.Relu"(%0) {device = ""} : (tensor<5xi32>) -> tensor<5xi32>`},
	Operands: []ir.OperandDef{{Name: "features", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "activations", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("features", "activations")},
	Verify:   sameStaticShape,
})
