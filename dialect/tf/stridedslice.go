package tf

import (
	"math"

	"github.com/tcp-project/tcp/ir"
)

// StridedSliceName is TensorFlow's StridedSlice (x[b:e:s, ...]).
const StridedSliceName = "tf.StridedSlice"

// StridedSlice is tf.StridedSlice.
var StridedSlice = ir.MustRegister(ir.OpDef{
	Name:    StridedSliceName,
	Summary: "TensorFlow StridedSlice: Python slicing x[b0:e0:s0, b1:e1:s1, ...]",
	Description: `Python indexing x[s0, s1, ...] with one entry per element of begin, end
and strides (bit i of each mask refers to entry i):

  - a plain entry is Python's slice begin[i]:end[i]:strides[i] of the
    next input dim (negative begin/end count from the end, both clamped
    to the dim, a negative stride walks backwards); bit i of begin_mask
    (end_mask) means that bound is omitted;
  - shrink_axis_mask bit i (x[:, 2]): the entry reads the one index
    begin[i] (negative from the end) and removes the dim; an index
    outside [-size, size) is an error ("slice index i of dimension d out
    of bounds");
  - new_axis_mask bit i (tf.newaxis): a dim of size 1 in the result,
    reading no input dim;
  - ellipsis_mask bit i (...): as many whole input dims as the other
    entries leave; without one, an ellipsis follows the last entry (the
    remaining dims are taken whole).

Verifier rules: begin, end and strides are 1-D integer tensors of one
size; the entries that read input dims (all but the ellipsis and the new
axes) are at most rank(input); at most one ellipsis bit; the element
types of input and output are equal.`,
	Examples: []string{`%0 = "tf.StridedSlice"(%arg0, %arg1, %arg2, %arg3) {begin_mask = 2 : i64, ellipsis_mask = 0 : i64, end_mask = 3 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3x3xf32>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}, {Name: "begin", Type: axisType}, {Name: "end", Type: axisType}, {Name: "strides", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs: []ir.AttrDef{
		{Name: "begin_mask", Kind: ir.I64AttrKind, Default: ir.Int(0, ir.I64)},
		{Name: "end_mask", Kind: ir.I64AttrKind, Default: ir.Int(0, ir.I64)},
		{Name: "ellipsis_mask", Kind: ir.I64AttrKind, Default: ir.Int(0, ir.I64)},
		{Name: "new_axis_mask", Kind: ir.I64AttrKind, Default: ir.Int(0, ir.I64)},
		{Name: "shrink_axis_mask", Kind: ir.I64AttrKind, Default: ir.Int(0, ir.I64)},
	},
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "output")},
	Verify: func(op *ir.Operation) error {
		n := int64(-1)
		for i := 1; i <= 3; i++ {
			t, ok := op.Operand(i).Type().(*ir.RankedTensorType)
			if !ok || t.Rank() != 1 {
				return op.EmitOpError("requires begin, end and strides to be 1-D, got %s", op.Operand(i).Type())
			}
			if n >= 0 && t.Dim(0) != n {
				return op.EmitOpError("requires begin, end and strides of one size, got %d and %d", n, t.Dim(0))
			}
			n = t.Dim(0)
		}
		ell, na := maskOf(op, "ellipsis_mask"), maskOf(op, "new_axis_mask")
		if ell&(ell-1) != 0 {
			return op.EmitOpError("ellipsis_mask %d has more than one bit set (multiple ellipses in slice spec not allowed)", ell)
		}
		if in, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok && n != ir.Dynamic {
			reads := int64(0)
			for i := int64(0); i < n; i++ {
				if (ell|na)&(1<<i) == 0 {
					reads++
				}
			}
			if reads > int64(in.Rank()) {
				return op.EmitOpError("slices %d dims of a rank-%d input", reads, in.Rank())
			}
		}
		return nil
	},
})

// StridedSliceONNXParams maps begin, end and strides of a StridedSlice
// with its masks to ONNX Slice's starts, ends, axes and steps (the same
// Python slicing): an omitted begin is 0 (or the last element for a
// negative stride), an omitted end is past the last element in the
// stride's direction.
func StridedSliceONNXParams(op *ir.Operation, begin, end, strides []int64) (starts, ends, axes, steps []int64) {
	bm, em := maskOf(op, "begin_mask"), maskOf(op, "end_mask")
	for d := range begin {
		b, e, s := begin[d], end[d], strides[d]
		if bm&(1<<d) != 0 {
			b = 0
			if s < 0 {
				b = math.MaxInt64
			}
		}
		if em&(1<<d) != 0 {
			e = math.MaxInt64
			if s < 0 {
				e = math.MinInt64
			}
		}
		starts, ends, axes, steps = append(starts, b), append(ends, e), append(axes, int64(d)), append(steps, s)
	}
	return
}

// Mask returns the mask attribute name of a tf.StridedSlice (0 when
// absent).
func Mask(op *ir.Operation, name string) int64 { return maskOf(op, name) }

func maskOf(op *ir.Operation, name string) int64 {
	if v, ok := op.Attr(name).(ir.IntegerAttr); ok {
		return v.Value
	}
	return 0
}
