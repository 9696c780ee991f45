package tf

import (
	"github.com/tcp-project/tcp/ir"
)

// More ops TensorFlow's converter prints around gathers: tf.cast of ids
// (tf.Cast), tf.transpose (tf.Transpose) and the index wrap of
// tf.experimental.numpy.take(mode='wrap') (tf.FloorMod).
const (
	CastName      = "tf.Cast"
	TransposeName = "tf.Transpose"
	FloorModName  = "tf.FloorMod"
)

// Cast is tf.Cast.
var Cast = ir.MustRegister(ir.OpDef{
	Name:    CastName,
	Summary: "TensorFlow Cast: elementwise conversion to the output's element type (tf.cast)",
	Description: `y = x converted to y's element type: integers (signed or unsigned, by
their own type) narrow by truncation and widen by extension, floats to
integers round toward zero, integers to floats round to nearest, to bool
is x != 0. Truncate (a float rounding flag) must be false.

Verifier rules: x and y have one shape where static; Truncate is false.`,
	Examples: []string{`%0 = "tf.Cast"(%arg1) {Truncate = false, device = ""} : (tensor<2x3xui8>) -> tensor<2x3xi32>`},
	Operands: []ir.OperandDef{{Name: "x", Type: anyTensor}},
	Results:  []ir.ResultDef{{Name: "y", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "Truncate", Kind: ir.BoolAttrKind}},
	Traits:   []ir.Trait{ir.Pure},
	Verify: func(op *ir.Operation) error {
		if b, ok := op.Attr("Truncate").(ir.BoolAttr); ok && bool(b) {
			return op.EmitOpError("Truncate = true is not supported")
		}
		return sameStaticShape(op)
	},
})

// Transpose is tf.Transpose.
var Transpose = ir.MustRegister(ir.OpDef{
	Name:    TransposeName,
	Summary: "TensorFlow Transpose: dims permuted (tf.transpose)",
	Description: `y[p] = x[q] with q[perm[k]] = p[k]: output dim k is input dim perm[k]
(perm a 1-D i32 or i64 tensor, a permutation of [0, r)).

Verifier rules: perm is a 1-D integer tensor; x and y have one element
type; when perm is a constant it is a permutation and y's shape is x's
permuted.`,
	Examples: []string{`%0 = "tf.Transpose"(%arg0, %cst) {device = ""} : (tensor<3x5xf32>, tensor<2xi32>) -> tensor<5x3xf32>`},
	Operands: []ir.OperandDef{{Name: "x", Type: anyTensor}, {Name: "perm", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "y", Type: anyTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("x", "y")},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		if !ok {
			return nil
		}
		perm, ok := TransposePerm(op)
		if !ok {
			if _, c := ir.ConstantAttr(op.Operand(1)).(*ir.DenseElementsAttr); c {
				return op.EmitOpError("perm is not a permutation of [0, %d)", x.Rank())
			}
			return nil
		}
		want := make([]int64, len(perm))
		for k, p := range perm {
			want[k] = x.Dim(p)
		}
		if y, ok := ranked(op.Result(0)); ok && !compatibleShapes(y.Shape(), want) {
			return op.EmitOpError("requires the output shape %v (x's permuted), got %s", want, y)
		}
		return nil
	},
})

// TransposePerm returns tf.Transpose's constant permutation, or false
// when perm is not a constant permutation of x's rank.
func TransposePerm(op *ir.Operation) ([]int, bool) {
	x, ok := ranked(op.Operand(0))
	d, isConst := ir.ConstantAttr(op.Operand(1)).(*ir.DenseElementsAttr)
	if !ok || !isConst {
		return nil, false
	}
	vals := d.Ints()
	if len(vals) != x.Rank() {
		return nil, false
	}
	seen := make([]bool, len(vals))
	out := make([]int, len(vals))
	for k, v := range vals {
		if v < 0 || v >= int64(len(vals)) || seen[v] {
			return nil, false
		}
		seen[v] = true
		out[k] = int(v)
	}
	return out, true
}

// FloorMod is tf.FloorMod.
var FloorMod = ir.MustRegister(binaryDef(FloorModName, "TensorFlow FloorMod: elementwise remainder with the divisor's sign (tf.math.floormod, %)",
	"z = x - floor(x / y) * y: for integers the remainder with y's sign, like Python's % (-1 mod 4 = 3); a zero integer divisor is an error.", anyTensor))
