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
	Description: `For each dim d < size(begin), Python's slice begin[d]:end[d]:strides[d]
(negative begin/end count from the end, both clamped to the dim, a
negative stride walks backwards); bit d of begin_mask (end_mask) means the
begin (end) is omitted. Dims past size(begin) are taken whole.
ellipsis_mask, new_axis_mask and shrink_axis_mask must be 0 here (the
interpreter and the conversion support plain slices only).

Verifier rules: begin, end and strides are 1-D integer tensors of one
size, at most rank(input); the element types of input and output are
equal; the masks not supported here are 0 (a located error otherwise).`,
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
		if in, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok && n != ir.Dynamic && n > int64(in.Rank()) {
			return op.EmitOpError("slices %d dims of a rank-%d input", n, in.Rank())
		}
		for _, m := range []string{"ellipsis_mask", "new_axis_mask", "shrink_axis_mask"} {
			if v, ok := op.Attr(m).(ir.IntegerAttr); ok && v.Value != 0 {
				return op.EmitOpError("%s %d is not supported (only plain slices)", m, v.Value)
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

func maskOf(op *ir.Operation, name string) int64 {
	if v, ok := op.Attr(name).(ir.IntegerAttr); ok {
		return v.Value
	}
	return 0
}
