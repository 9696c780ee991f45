package interp

import (
	"bytes"
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The stablehlo dialect (and its mhlo spellings) by the StableHLO spec, and
// the check dialect's assertions.

func init() {
	m := map[string]kernelFunc{
		stablehlo.GatherName:           runHLOGather,
		stablehlo.DynamicSliceName:     runHLODynamicSlice,
		stablehlo.SliceName:            runHLOSlice,
		stablehlo.TorchIndexSelectName: runHLOTorchIndexSelect,
		stablehlo.IotaName:             runHLOIota,
		stablehlo.ConstantName:         runConstValue,
		stablehlo.ConcatenateName:      runHLOConcatenate,
		stablehlo.ReshapeName:          runHLOReshape,
		stablehlo.DynamicIotaName:      runHLODynamicIota,
		stablehlo.DynamicReshapeName:   runHLODynamicReshape,
		stablehlo.GetDimensionSizeName: runHLOGetDimensionSize,
		stablehlo.DynamicGatherName:    runHLODynamicGather,
		stablehlo.CustomCallName:       runHLOCustomCall,
		stablehlo.RealDynamicSliceName: runHLORealDynamicSlice,
	}
	for name, k := range m {
		m[stablehlo.MHLO(name)] = k
	}
	m[stablehlo.ExpectEqName] = runExpectEq
	m[stablehlo.ExpectEqConstName] = runExpectEqConst
	m[stablehlo.ExpectAlmostEqConstName] = runExpectAlmostEqConst
	register(m)
}

func kernelDims(d stablehlo.GatherDims) kernel.GatherDimensionNumbers {
	return kernel.GatherDimensionNumbers{
		OffsetDims: d.OffsetDims, CollapsedSliceDims: d.CollapsedSliceDims,
		OperandBatchingDims: d.OperandBatchingDims, StartIndicesBatchingDims: d.StartIndicesBatchingDims,
		StartIndexMap: d.StartIndexMap, IndexVectorDim: d.IndexVectorDim,
	}
}

func (x *execState) hloGather(operand, idx *tensor.Tensor, d stablehlo.GatherDims, sizes []int64) ([]*tensor.Tensor, error) {
	if _, err := stablehlo.VerifyGather(operand.Shape, idx.Shape, d, sizes); err != nil {
		return nil, err
	}
	if err := x.checkSize(operand.DType, d.ResultShape(idx.Shape, sizes)); err != nil {
		return nil, err
	}
	return one(kernel.HLOGather(operand, idx, kernelDims(d), sizes))
}

func runHLOGather(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	d, err := stablehlo.DimsOf(op)
	if err != nil {
		return nil, err
	}
	return x.hloGather(args[0], args[1], d, stablehlo.SliceSizes(op))
}

func runHLOTorchIndexSelect(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	a, b := op.IntAttr("dim"), op.IntAttr("batch_dims")
	r, q := int64(args[0].Rank()), int64(args[1].Rank())
	if b < 0 || b > a || a >= r || b > q {
		return nil, fmt.Errorf("invalid dim %d and batch_dims %d for ranks %d and %d", a, b, r, q)
	}
	d, sizes := stablehlo.TorchIndexSelectDims(args[0].Shape, q, a, b)
	return x.hloGather(args[0], args[1], d, sizes)
}

func runHLODynamicSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects an operand")
	}
	in := args[0]
	sizes := stablehlo.SliceSizes(op)
	if len(sizes) != in.Rank() || len(args)-1 != in.Rank() {
		return nil, fmt.Errorf("expects %d start indices and slice sizes, got %d and %d", in.Rank(), len(args)-1, len(sizes))
	}
	starts := make([]int64, len(sizes))
	strides := make([]int64, len(sizes))
	for d, s := range sizes {
		if s < 0 || s > in.Shape[d] {
			return nil, fmt.Errorf("slice size %d is out of bounds for dimension %d of size %d", s, d, in.Shape[d])
		}
		t := args[1+d]
		if t.NumElements() != 1 || t.DType.IsFloat() {
			return nil, fmt.Errorf("start index %d must be a 0-d integer tensor", d)
		}
		starts[d] = max(0, min(kernel.IndexValue(t, 0), in.Shape[d]-s))
		strides[d] = 1
	}
	return one(kernel.Slice(in, starts, sizes, strides))
}

func runHLOSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	start, limit, strides := stablehlo.SliceParams(op)
	in := args[0]
	if len(start) != in.Rank() || len(limit) != in.Rank() || len(strides) != in.Rank() {
		return nil, fmt.Errorf("expects %d start, limit and stride values", in.Rank())
	}
	sizes := make([]int64, len(start))
	for d := range start {
		if strides[d] <= 0 || start[d] < 0 || start[d] > limit[d] || limit[d] > in.Shape[d] {
			return nil, fmt.Errorf("invalid slice [%d:%d:%d] of dimension %d of size %d", start[d], limit[d], strides[d], d, in.Shape[d])
		}
		sizes[d] = (limit[d] - start[d] + strides[d] - 1) / strides[d]
	}
	return one(kernel.Slice(in, start, sizes, strides))
}

func runHLOIota(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	if !t.HasStaticShape() {
		return nil, fmt.Errorf("iota needs a static result shape, got %s", t)
	}
	return x.iota(op, t, t.Shape())
}

// iota fills a tensor of the element type of t and the given shape with
// coordinate iota_dimension.
func (x *execState) iota(op *ir.Operation, t *ir.RankedTensorType, shape []int64) ([]*tensor.Tensor, error) {
	return x.iotaAlong(op.IntAttr("iota_dimension"), t, shape)
}

// iotaAlong is the iota of shape along dim in t's element type.
func (x *execState) iotaAlong(dim int64, t *ir.RankedTensorType, shape []int64) ([]*tensor.Tensor, error) {
	dt, err := DType(t.Elem())
	if err != nil {
		return nil, err
	}
	if dim < 0 || dim >= int64(len(shape)) {
		return nil, fmt.Errorf("iota dimension %d is out of range", dim)
	}
	if err := x.checkSize(dt, shape); err != nil {
		return nil, err
	}
	out, err := tensor.New(dt, shape)
	if err != nil {
		return nil, err
	}
	strides := out.Strides()
	for i := int64(0); i < out.NumElements(); i++ {
		v := (i / strides[dim]) % shape[dim]
		out.SetInt64(int(i), v)
	}
	return []*tensor.Tensor{out}, nil
}

// shapeOperand reads the output_shape operand of a dynamic_* op: one
// non-negative size per dim of t, equal to t's static dims.
func shapeOperand(s *tensor.Tensor, t *ir.RankedTensorType) ([]int64, error) {
	if s.Rank() != 1 || s.DType.IsFloat() || int(s.NumElements()) != t.Rank() {
		return nil, fmt.Errorf("output_shape must be a 1-D integer tensor of %d elements, got %s", t.Rank(), tensor.Format(s))
	}
	shape := make([]int64, t.Rank())
	for i := range shape {
		shape[i] = kernel.IndexValue(s, i)
		if shape[i] < 0 || (t.Dim(i) != ir.Dynamic && t.Dim(i) != shape[i]) {
			return nil, fmt.Errorf("output_shape %s does not fit the result type %s", tensor.Format(s), t)
		}
	}
	return shape, nil
}

func runHLODynamicIota(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	shape, err := shapeOperand(args[0], t)
	if err != nil {
		return nil, err
	}
	return x.iota(op, t, shape)
}

func runHLODynamicReshape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	shape, err := shapeOperand(args[1], t)
	if err != nil {
		return nil, err
	}
	return one(kernel.Reshape(args[0], shape))
}

func runHLOConcatenate(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("expects at least one input")
	}
	d := op.IntAttr("dimension")
	if d < 0 || d >= int64(args[0].Rank()) {
		return nil, fmt.Errorf("dimension %d is out of range for rank %d", d, args[0].Rank())
	}
	return x.concat(args, int(d))
}

func runHLOReshape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	return one(kernel.Reshape(args[0], t.Shape()))
}

func runConstValue(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return one(FromAttr(op.Attr("value")))
}

func sameTensor(a, b *tensor.Tensor) bool {
	return a.DType == b.DType && fmt.Sprint(a.Shape) == fmt.Sprint(b.Shape) && bytes.Equal(a.Data, b.Data)
}

func runExpectEq(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if !sameTensor(args[0], args[1]) {
		return nil, fmt.Errorf("check.expect_eq failed: %s is not %s", tensor.Format(args[0]), tensor.Format(args[1]))
	}
	return nil, nil
}

func runExpectEqConst(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	want, err := FromAttr(op.Attr("value"))
	if err != nil {
		return nil, err
	}
	if !sameTensor(args[0], want) {
		return nil, fmt.Errorf("check.expect_eq_const failed: %s is not %s", tensor.Format(args[0]), tensor.Format(want))
	}
	return nil, nil
}

func runExpectAlmostEqConst(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	want, err := FromAttr(op.Attr("value"))
	if err != nil {
		return nil, err
	}
	tol := 1e-4
	if f, ok := op.Attr("tolerance").(ir.FloatAttr); ok {
		tol = f.Value
	}
	got := args[0]
	ok := got.DType == want.DType && fmt.Sprint(got.Shape) == fmt.Sprint(want.Shape)
	for i := 0; ok && i < int(got.NumElements()); i++ {
		a, b := got.Float64At(i), want.Float64At(i)
		ok = math.Abs(a-b) <= tol || (math.IsNaN(a) && math.IsNaN(b))
	}
	if !ok {
		return nil, fmt.Errorf("check.expect_almost_eq_const failed: %s is not within %g of %s", tensor.Format(got), tol, tensor.Format(want))
	}
	return nil, nil
}

// runHLOGetDimensionSize is the run-time size of one dim, as tensor<i32>.
func runHLOGetDimensionSize(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	d := op.IntAttr("dimension")
	if d < 0 || d >= int64(args[0].Rank()) {
		return nil, fmt.Errorf("dimension %d is out of range for rank %d", d, args[0].Rank())
	}
	return one(tensor.FromInt64s(tensor.I32, nil, []int64{args[0].Shape[d]}))
}

// runHLODynamicGather is a gather whose slice sizes are the values of its
// third operand.
func runHLODynamicGather(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	d, err := stablehlo.DimsOf(op)
	if err != nil {
		return nil, err
	}
	s := args[2]
	if s.Rank() != 1 || s.DType.IsFloat() || int(s.NumElements()) != args[0].Rank() {
		return nil, fmt.Errorf("slice_sizes must be a 1-D integer tensor of %d elements, got %s", args[0].Rank(), tensor.Format(s))
	}
	sizes := make([]int64, s.NumElements())
	for i := range sizes {
		sizes[i] = kernel.IndexValue(s, i)
	}
	return x.hloGather(args[0], args[1], d, sizes)
}

// runHLOCustomCall gives jax's @shape_assertion its meaning: the error
// error_message, with {k} replaced by input k+1, when input 0 is false.
func runHLOCustomCall(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	target, _ := op.Attr("call_target_name").(ir.StringAttr)
	if string(target) != stablehlo.ShapeAssertionTarget {
		return nil, fmt.Errorf("custom_call target @%s has no meaning in the interpreter (only @%s)", string(target), stablehlo.ShapeAssertionTarget)
	}
	if len(args) < 1 || args[0].NumElements() != 1 {
		return nil, fmt.Errorf("@%s expects a 0-d i1 assertion first", stablehlo.ShapeAssertionTarget)
	}
	if args[0].Bits(0) != 0 {
		return nil, nil
	}
	msg, _ := op.Attr("error_message").(ir.StringAttr)
	var vals []int64
	for _, a := range args[1:] {
		if a.NumElements() != 1 {
			return nil, fmt.Errorf("@%s expects 0-d values after the assertion", stablehlo.ShapeAssertionTarget)
		}
		vals = append(vals, a.Int64At(0))
	}
	text := tcp.AssertMessage(string(msg), vals)
	if text == "" {
		text = "shape assertion failed"
	}
	return nil, fmt.Errorf("%s", text)
}

// runHLORealDynamicSlice is operand[start:limit:stride] with the bounds
// read from its operands.
func runHLORealDynamicSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 4); err != nil {
		return nil, err
	}
	a := args[0]
	r := a.Rank()
	read := func(t *tensor.Tensor, name string) ([]int64, error) {
		if t.Rank() != 1 || int(t.NumElements()) != r || t.DType.IsFloat() {
			return nil, fmt.Errorf("%s must be a 1-D integer tensor of %d elements, got %s", name, r, tensor.Format(t))
		}
		v := make([]int64, r)
		for i := range v {
			v[i] = kernel.IndexValue(t, i)
		}
		return v, nil
	}
	start, err := read(args[1], "start_indices")
	if err != nil {
		return nil, err
	}
	limit, err := read(args[2], "limit_indices")
	if err != nil {
		return nil, err
	}
	strides, err := read(args[3], "strides")
	if err != nil {
		return nil, err
	}
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	shape := make([]int64, r)
	for d := 0; d < r; d++ {
		if start[d] < 0 || start[d] > limit[d] || limit[d] > a.Shape[d] || strides[d] <= 0 {
			return nil, fmt.Errorf("dim %d: start %d, limit %d and stride %d do not satisfy 0 <= start <= limit <= %d and stride > 0", d, start[d], limit[d], strides[d], a.Shape[d])
		}
		shape[d] = (limit[d] - start[d] + strides[d] - 1) / strides[d]
		if t.Dim(d) != ir.Dynamic && t.Dim(d) != shape[d] {
			return nil, fmt.Errorf("dim %d has %d elements, the result type says %d", d, shape[d], t.Dim(d))
		}
	}
	out, err := x.alloc(a.DType, shape)
	if err != nil {
		return nil, err
	}
	st := a.Strides()
	for i := 0; i < int(out.NumElements()); i++ {
		ri := tensor.Unravel(int64(i), shape)
		var off int64
		for d := range ri {
			off += (start[d] + ri[d]*strides[d]) * st[d]
		}
		out.SetBits(i, a.Bits(int(off)))
	}
	return []*tensor.Tensor{out}, nil
}
