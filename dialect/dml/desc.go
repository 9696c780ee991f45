package dml

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// TensorDesc is the part of a DML_BUFFER_TENSOR_DESC that an op's IR
// determines: the data type, the DimensionCount sizes and the strides
// (nil when packed). Flags and TotalTensorSizeInBytes depend on the graph
// and are computed by the emitter (codegen/dml).
type TensorDesc struct {
	DataType DataType
	Sizes    []int64
	Strides  []int64
}

// Pad left-pads shape with 1s to d dims (DirectML's right alignment).
func Pad(shape []int64, d int) []int64 {
	out := make([]int64, 0, d)
	for i := len(shape); i < d; i++ {
		out = append(out, 1)
	}
	return append(out, shape...)
}

// PackedStrides returns the row-major strides, in elements, of sizes.
func PackedStrides(sizes []int64) []int64 {
	st := make([]int64, len(sizes))
	acc := int64(1)
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= sizes[i]
	}
	return st
}

// DimensionCount returns the op's dimension_count attribute.
func DimensionCount(op *ir.Operation) int { return int(op.IntAttr("dimension_count")) }

// I64s returns the values of an I64 array attribute (nil if absent).
func I64s(op *ir.Operation, name string) []int64 {
	arr, ok := op.Attr(name).(ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, len(arr))
	for i, a := range arr {
		if ia, ok := a.(ir.IntegerAttr); ok {
			out[i] = ia.Value
		}
	}
	return out
}

func staticShape(v ir.Value) ([]int64, bool) {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil, false
	}
	return rt.Shape(), true
}

// OperandDesc returns the tensor desc through which op reads its operand
// i: the sizes and strides of the view attributes `<name>_sizes` and
// `<name>_strides` when present, else the operand's shape padded to the
// op's dimension_count, packed. Sizes given without strides are a packed
// reshape of the operand.
func OperandDesc(op *ir.Operation, i int) (TensorDesc, error) {
	def := op.Def()
	variadic := def != nil && len(def.Operands) > 0 && def.Operands[len(def.Operands)-1].Variadic && i < op.NumOperands()
	if def == nil || i >= len(def.Operands) && !variadic {
		return TensorDesc{}, fmt.Errorf("operand #%d is not a tensor operand of %s", i, op.Name())
	}
	name := def.Operands[min(i, len(def.Operands)-1)].Name
	v := op.Operand(i)
	dt, err := DataTypeOf(ir.ElementType(v.Type()))
	if err != nil {
		return TensorDesc{}, err
	}
	shape, ok := staticShape(v)
	if !ok {
		return TensorDesc{}, fmt.Errorf("%s must have a static shape, got %s", name, v.Type())
	}
	d := DimensionCount(op)
	desc := TensorDesc{DataType: dt, Sizes: Pad(shape, d)}
	if s := I64s(op, name+"_sizes"); s != nil {
		desc.Sizes = s
	}
	if s := I64s(op, name+"_strides"); s != nil {
		desc.Strides = s
	}
	return desc, nil
}

// ResultDesc returns the desc of op's result: its shape padded to the
// op's dimension_count, packed.
func ResultDesc(op *ir.Operation) (TensorDesc, error) {
	v := op.Result(0)
	dt, err := DataTypeOf(ir.ElementType(v.Type()))
	if err != nil {
		return TensorDesc{}, err
	}
	shape, ok := staticShape(v)
	if !ok {
		return TensorDesc{}, fmt.Errorf("the result must have a static shape, got %s", v.Type())
	}
	return TensorDesc{DataType: dt, Sizes: Pad(shape, DimensionCount(op))}, nil
}

// Descs returns the descs of op's tensors in DirectML's schema order: the
// operands, then the output.
func Descs(op *ir.Operation) ([]TensorDesc, error) {
	var out []TensorDesc
	for i := 0; i < op.NumOperands(); i++ {
		d, err := OperandDesc(op, i)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	d, err := ResultDesc(op)
	if err != nil {
		return nil, err
	}
	return append(out, d), nil
}

// GatherOutputSizes computes DML_GATHER's output sizes from the input and
// indices sizes (all dimCount long), Axis and IndexDimensions, by the
// algorithm of DirectMLX's dml::Gather: trailing input dims after Axis
// stay; the last IndexDimensions indices dims end at Axis; the leading
// input dims are right-aligned before them. It fails when a non-1 dim has
// no place (original input rank + IndexDimensions - 1 > DimensionCount) or
// a leading indices dim is not 1.
func GatherOutputSizes(in, idx []int64, axis, k int) ([]int64, error) {
	d := len(in)
	if axis < 0 || axis >= d {
		return nil, fmt.Errorf("axis must be in [0, %d), got %d", d, axis)
	}
	if k < 0 || k > d {
		return nil, fmt.Errorf("index_dimensions must be in [0, %d], got %d", d, k)
	}
	if k > axis+1 {
		return nil, fmt.Errorf("index_dimensions %d does not fit before axis %d (index_dimensions <= axis + 1)", k, axis)
	}
	for i := 0; i < d-k; i++ {
		if idx[i] != 1 {
			return nil, fmt.Errorf("indices dim %d has size %d; only the last index_dimensions (%d) indices dims may differ from 1", i, idx[i], k)
		}
	}
	out := make([]int64, d)
	for i := range out {
		out[i] = 1
	}
	for o := d - 1; o > axis; o-- {
		out[o] = in[o]
	}
	for o := axis; o > axis-k; o-- {
		out[o] = idx[d-1-(axis-o)]
	}
	o, i := axis-k, axis-1
	for ; o >= 0 && i >= 0; o, i = o-1, i-1 {
		out[o] = in[i]
	}
	for ; i >= 0; i-- {
		if in[i] != 1 {
			return nil, fmt.Errorf("input dim %d (size %d) has no place in the output: the input's rank + index_dimensions - 1 exceeds dimension_count %d", i, in[i], d)
		}
	}
	return out, nil
}

// GatherNDOutputSizes computes GATHER_ND(1)'s output sizes: the meaningful
// (last r) input dims, the meaningful (last q) indices dims, b batch dims
// and the tuple length m = idx[D-1] give indices[0:q-1] ++ input[b+m:r],
// left-padded with 1s to D.
func GatherNDOutputSizes(in, idx []int64, r, q, b int) ([]int64, error) {
	d := len(in)
	if r < 1 || r > d || q < 1 || q > d {
		return nil, fmt.Errorf("input_dimension_count and indices_dimension_count must be in [1, %d], got %d and %d", d, r, q)
	}
	if b < 0 || b >= r || b >= q {
		return nil, fmt.Errorf("batch_dimension_count must be in [0, min(input_dimension_count, indices_dimension_count)), got %d", b)
	}
	for i := 0; i < d-r; i++ {
		if in[i] != 1 {
			return nil, fmt.Errorf("input dim %d has size %d but lies before the %d meaningful input dims", i, in[i], r)
		}
	}
	for i := 0; i < d-q; i++ {
		if idx[i] != 1 {
			return nil, fmt.Errorf("indices dim %d has size %d but lies before the %d meaningful indices dims", i, idx[i], q)
		}
	}
	m := idx[d-1]
	if m < 1 || int64(b)+m > int64(r) {
		return nil, fmt.Errorf("batch_dimension_count + index tuple length must be <= input_dimension_count, got %d + %d > %d", b, m, r)
	}
	for i := 0; i < b; i++ {
		if idx[d-q+i] != in[d-r+i] {
			return nil, fmt.Errorf("batch dim %d of indices (size %d) must equal that of input (size %d)", i, idx[d-q+i], in[d-r+i])
		}
	}
	meaning := append(append([]int64{}, idx[d-q:d-1]...), in[d-r+b+int(m):]...)
	if len(meaning) > d {
		return nil, fmt.Errorf("the output has %d meaningful dims, more than dimension_count %d", len(meaning), d)
	}
	return Pad(meaning, d), nil
}

// SliceCopyStart returns DML_SLICE1's first read coordinate: the window
// offset, moved to the window's end in dims with a negative stride.
func SliceCopyStart(offsets, sizes, strides []int64) []int64 {
	cs := append([]int64{}, offsets...)
	for i := range cs {
		if strides[i] < 0 {
			cs[i] += sizes[i] - 1
		}
	}
	return cs
}
