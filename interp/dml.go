package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The dml dialect: DirectML's documented semantics, so that lowerings to
// DirectML can be checked off Windows (docs/semantics.md §7).
//
// Every tensor is read through its DML_BUFFER_TENSOR_DESC (dml.OperandDesc:
// padded sizes, optional strides over the operand's packed buffer); a read
// address outside the buffer is clamped into it. Index values follow
// DirectML: a signed index type counts negatives from the end (v + size,
// FL 3.0). For an index still outside [0, size), DirectML's documentation
// says only that the output is incorrect and that reads stay within the
// input tensor's memory; the value is undefined. This emulator reads the
// nearest end (one allowed behaviour), and tests never rely on it. Results are computed in padded
// coordinates and returned with the result type's (unpadded) shape.

func init() {
	register(map[string]kernelFunc{
		dml.GatherName:         runDMLGather,
		dml.GatherElementsName: runDMLGatherElements,
		dml.GatherNDName:       runDMLGatherND,
		dml.GatherND1Name:      runDMLGatherND,
		dml.Slice1Name:         runDMLSlice1,
		dml.IdentityName:       runDMLIdentity,
		dml.CastName:           runDMLIdentity,
		dml.ClipName:           runDMLClip,
		dml.ModulusFloorName:   runDMLModulusFloor,
		dml.ConstantName:       runConst,
	})
}

// dmlViews checks that op has n operands and returns their views
// (dmlView).
func dmlViews(x *execState, op *ir.Operation, args []*tensor.Tensor, n int) ([]*tensor.Tensor, error) {
	if err := nargs(args, n); err != nil {
		return nil, err
	}
	views := make([]*tensor.Tensor, n)
	for i, t := range args {
		v, err := dmlView(x, op, i, t)
		if err != nil {
			return nil, err
		}
		views[i] = v
	}
	return views, nil
}

// dmlView materializes operand i of op as a packed tensor of its desc's
// sizes (reading through the desc's strides, addresses clamped).
func dmlView(x *execState, op *ir.Operation, i int, t *tensor.Tensor) (*tensor.Tensor, error) {
	desc, err := dml.OperandDesc(op, i)
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(t.DType, desc.Sizes); err != nil {
		return nil, err
	}
	return viewOf(t, desc.Sizes, desc.Strides)
}

func viewOf(t *tensor.Tensor, sizes, strides []int64) (*tensor.Tensor, error) {
	out, err := tensor.New(t.DType, sizes)
	if err != nil {
		return nil, err
	}
	n := out.NumElements()
	total := t.NumElements()
	if n == 0 {
		return out, nil
	}
	if total == 0 {
		return nil, fmt.Errorf("reads from an empty tensor")
	}
	if strides == nil {
		strides = dml.PackedStrides(sizes)
	}
	es := int64(t.DType.Size())
	coord := make([]int64, len(sizes))
	for k := int64(0); k < n; k++ {
		addr := int64(0)
		for d, c := range coord {
			addr += c * strides[d]
		}
		addr = clamp(addr, total)
		copy(out.Data[k*es:(k+1)*es], t.Data[addr*es:(addr+1)*es])
		for d := len(coord) - 1; d >= 0; d-- {
			if coord[d]++; coord[d] < sizes[d] {
				break
			}
			coord[d] = 0
		}
	}
	return out, nil
}

func clamp(v, n int64) int64 {
	switch {
	case v < 0:
		return 0
	case v >= n:
		return n - 1
	}
	return v
}

// dmlIndex reads index element i of idx as DirectML does for a dim of
// size s: negatives of signed types count from the end, then the value is
// clamped into [0, s).
func dmlIndex(idx *tensor.Tensor, i int, s int64) int64 {
	if idx.DType.IsUnsigned() {
		b := idx.Bits(i)
		if b >= uint64(s) {
			return s - 1
		}
		return int64(b)
	}
	v := idx.Int64At(i)
	if v < 0 {
		v += s
	}
	return clamp(v, s)
}

// asResult reshapes a padded result to op's result type.
func asResult(op *ir.Operation, t *tensor.Tensor) ([]*tensor.Tensor, error) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil, fmt.Errorf("result type %s is not a static tensor", op.Result(0).Type())
	}
	return one(kernel.Reshape(t, rt.Shape()))
}

func runDMLGather(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 2)
	if err != nil {
		return nil, err
	}
	in, idx := v[0], v[1]
	d, a, k := len(in.Shape), int(op.IntAttr("axis")), int(op.IntAttr("index_dimensions"))
	outSizes, err := dml.GatherOutputSizes(in.Shape, idx.Shape, a, k)
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(in.DType, outSizes); err != nil {
		return nil, err
	}
	out, err := tensor.New(in.DType, outSizes)
	if err != nil {
		return nil, err
	}
	inSt, idxSt := in.Strides(), idx.Strides()
	es := int64(in.DType.Size())
	o := make([]int64, d)
	for n := int64(0); n < out.NumElements(); n++ {
		// The index: indices[0, …, 0, o[A-k+1 .. A]].
		ii := int64(0)
		for t := 0; t < k; t++ {
			ii += o[a-k+1+t] * idxSt[d-k+t]
		}
		addr := dmlIndex(idx, int(ii), in.Shape[a]) * inSt[a]
		for dd := a + 1; dd < d; dd++ {
			addr += o[dd] * inSt[dd]
		}
		for oo, i := a-k, a-1; oo >= 0 && i >= 0; oo, i = oo-1, i-1 {
			addr += o[oo] * inSt[i]
		}
		copy(out.Data[n*es:(n+1)*es], in.Data[addr*es:(addr+1)*es])
		for dd := d - 1; dd >= 0; dd-- {
			if o[dd]++; o[dd] < outSizes[dd] {
				break
			}
			o[dd] = 0
		}
	}
	return asResult(op, out)
}

// normalizeIndices returns idx as i64 values resolved the DirectML way,
// element i against the dim size size(i).
func normalizeIndices(idx *tensor.Tensor, size func(i int) int64) (*tensor.Tensor, error) {
	out, err := tensor.New(tensor.I64, idx.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(idx.NumElements()); i++ {
		out.SetInt64(i, dmlIndex(idx, i, size(i)))
	}
	return out, nil
}

func runDMLGatherElements(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 2)
	if err != nil {
		return nil, err
	}
	in, idx := v[0], v[1]
	a := int(op.IntAttr("axis"))
	norm, err := normalizeIndices(idx, func(int) int64 { return in.Shape[a] })
	if err != nil {
		return nil, err
	}
	out, err := kernel.Gather(in, norm, a, kernel.PromiseInBounds, nil)
	if err != nil {
		return nil, err
	}
	return asResult(op, out)
}

func runDMLGatherND(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 2)
	if err != nil {
		return nil, err
	}
	in, idx := v[0], v[1]
	d := len(in.Shape)
	r, q := int(op.IntAttr("input_dimension_count")), int(op.IntAttr("indices_dimension_count"))
	b := 0
	if op.Name() == dml.GatherND1Name {
		b = int(op.IntAttr("batch_dimension_count"))
	}
	if _, err := dml.GatherNDOutputSizes(in.Shape, idx.Shape, r, q, b); err != nil {
		return nil, err
	}
	// Drop the padding: the meaningful r input dims and q indices dims.
	in, err = kernel.Reshape(in, in.Shape[d-r:])
	if err != nil {
		return nil, err
	}
	idx, err = kernel.Reshape(idx, idx.Shape[d-q:])
	if err != nil {
		return nil, err
	}
	m := int(idx.Shape[q-1])
	norm, err := normalizeIndices(idx, func(i int) int64 { return in.Shape[b+i%m] })
	if err != nil {
		return nil, err
	}
	out, err := kernel.GatherND(in, norm, b, kernel.PromiseInBounds, nil)
	if err != nil {
		return nil, err
	}
	return asResult(op, out)
}

func runDMLSlice1(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 1)
	if err != nil {
		return nil, err
	}
	in := v[0]
	desc, err := dml.ResultDesc(op)
	if err != nil {
		return nil, err
	}
	offs, sizes, strides := dml.I64s(op, "input_window_offsets"), dml.I64s(op, "input_window_sizes"), dml.I64s(op, "input_window_strides")
	out, err := kernel.Slice(in, dml.SliceCopyStart(offs, sizes, strides), desc.Sizes, strides)
	if err != nil {
		return nil, err
	}
	return asResult(op, out)
}

// runDMLIdentity runs element_wise_identity and cast: the input view,
// converted to the result's element type (integers keep their low bits).
func runDMLIdentity(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 1)
	if err != nil {
		return nil, err
	}
	in := v[0]
	dt, err := DType(ir.ElementType(op.Result(0).Type()))
	if err != nil {
		return nil, err
	}
	if dt != in.DType {
		conv, err := tensor.New(dt, in.Shape)
		if err != nil {
			return nil, err
		}
		viaFloat := dt.IsFloat() || in.DType.IsFloat()
		signExtend := !in.DType.IsUnsigned() && in.DType.Size() < dt.Size()
		for i := 0; i < int(in.NumElements()); i++ {
			switch {
			case viaFloat:
				conv.SetFloat64(i, in.Float64At(i))
			case signExtend:
				conv.SetInt64(i, in.Int64At(i))
			default:
				conv.SetBits(i, in.Bits(i))
			}
		}
		in = conv
	}
	return asResult(op, in)
}

// runDMLClip clamps every element into [min, max]; for integer data the
// FLOAT bounds are first converted to the data type, truncating toward
// zero, as DirectML does.
func runDMLClip(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 1)
	if err != nil {
		return nil, err
	}
	in := v[0]
	lo, hi := float64(float32(dml.F32(op, "min"))), float64(float32(dml.F32(op, "max")))
	l, h := int64(math.Trunc(lo)), int64(math.Trunc(hi))
	out := in.Clone()
	for i := 0; i < int(out.NumElements()); i++ {
		if in.DType.IsFloat() {
			out.SetFloat64(i, math.Max(lo, math.Min(in.Float64At(i), hi)))
			continue
		}
		if in.DType.IsUnsigned() {
			b := in.Bits(i)
			if l > 0 && b < uint64(l) {
				b = uint64(l)
			}
			if h < 0 {
				b = 0
			} else if b > uint64(h) {
				b = uint64(h)
			}
			out.SetBits(i, b)
			continue
		}
		out.SetInt64(i, max(l, min(in.Int64At(i), h)))
	}
	return asResult(op, out)
}

// runDMLModulusFloor computes a - b*floor(a/b) elementwise (a zero
// integer divisor gives 0).
func runDMLModulusFloor(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 2)
	if err != nil {
		return nil, err
	}
	a, b := v[0], v[1]
	out := a.Clone()
	for i := 0; i < int(out.NumElements()); i++ {
		switch {
		case a.DType.IsFloat():
			av, bv := a.Float64At(i), b.Float64At(i)
			out.SetFloat64(i, av-bv*math.Floor(av/bv))
		case a.DType.IsUnsigned():
			if bv := b.Bits(i); bv != 0 {
				out.SetBits(i, a.Bits(i)%bv)
			} else {
				out.SetBits(i, 0)
			}
		default:
			av, bv := a.Int64At(i), b.Int64At(i)
			if bv == 0 {
				out.SetInt64(i, 0)
				continue
			}
			m := av % bv
			if m != 0 && (m < 0) != (bv < 0) {
				m += bv
			}
			out.SetInt64(i, m)
		}
	}
	return asResult(op, out)
}
