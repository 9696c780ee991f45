package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The tcp dialect (docs/semantics.md §2, §3): each op runs the reference kernel
// of interp/kernel.

func init() {
	register(map[string]kernelFunc{
		tcp.GatherName:      runGather,
		tcp.GatherNDName:    runGatherND,
		tcp.BroadcastToName: runBroadcast,
		tcp.BroadcastName:   runBroadcast,
		tcp.SliceName:       runSlice,
		tcp.ConstName:       runConst,
		tcp.TransposeName:   runTranspose,
		tcp.CastIndicesName: runCastIndices,
		tcp.BitcastName:     runTCPBitcast,
		tcp.ScatterName:     runScatter,
		tcp.ScatterNDName:   runScatterND,
		tcp.AssertName:      runAssert,
		tcp.IotaName:        runIota,
	})
}

// modeOf maps the mode and fill_value attributes to kernel arguments: the
// mode (default promise_in_bounds) and a 0-d fill tensor of the result
// element type (nil for the default fill value).
func modeOf(op *ir.Operation, dt tensor.DType) (kernel.Mode, *tensor.Tensor, error) {
	mode := kernel.PromiseInBounds
	if a := op.Attr("mode"); a != nil {
		s, ok := a.(ir.StringAttr)
		if !ok {
			return 0, nil, fmt.Errorf("mode must be a string attribute, got %s", a)
		}
		m, err := kernel.ParseMode(string(s))
		if err != nil {
			return 0, nil, err
		}
		mode = m
	}
	a := op.Attr("fill_value")
	if a == nil {
		return mode, nil, nil
	}
	if mode != kernel.Fill {
		return 0, nil, fmt.Errorf("fill_value is only allowed with mode = \"fill\", got mode = %q", mode)
	}
	fill, err := FromAttr(a)
	if err != nil {
		return 0, nil, fmt.Errorf("fill_value: %v", err)
	}
	if fill.DType != dt {
		return 0, nil, fmt.Errorf("fill_value has type %s, want the result element type %s", fill.DType, dt)
	}
	return mode, fill, nil
}

func nargs(args []*tensor.Tensor, n int) error {
	if len(args) != n {
		return fmt.Errorf("expects %d operands, got %d", n, len(args))
	}
	return nil
}

func runGather(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	dim, ok := checkedInt(op.IntAttr("dim"))
	if !ok {
		return nil, fmt.Errorf("dim %d is out of range", op.IntAttr("dim"))
	}
	mode, fill, err := modeOf(op, args[0].DType)
	if err != nil {
		return nil, err
	}
	out, err := kernel.Gather(args[0], args[1], dim, mode, fill)
	return one(out, err)
}

func runGatherND(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	in, idx := args[0], args[1]
	b, ok := checkedInt(op.IntAttr("batch_dims"))
	if !ok {
		return nil, fmt.Errorf("batch_dims %d is out of range", op.IntAttr("batch_dims"))
	}
	mode, fill, err := modeOf(op, in.DType)
	if err != nil {
		return nil, err
	}
	// The result can be much larger than both operands (indices with no
	// elements can have a large shape): check its size first.
	if q := idx.Rank(); q >= 1 && b >= 0 {
		m := idx.Shape[q-1]
		if m >= 0 && int64(b)+m <= int64(in.Rank()) && b < q {
			shape := append(append([]int64{}, idx.Shape[:q-1]...), in.Shape[int64(b)+m:]...)
			if err := x.checkSize(in.DType, shape); err != nil {
				return nil, err
			}
		}
	}
	out, err := kernel.GatherND(in, idx, b, mode, fill)
	return one(out, err)
}

func runBroadcast(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects an input operand")
	}
	axes64, ok := i64Array(op.Attr("axes"))
	if !ok {
		return nil, fmt.Errorf("axes must be an array of integers")
	}
	sizes, err := scalarInts(args[1:])
	if err != nil {
		return nil, fmt.Errorf("new_dim_sizes: %v", err)
	}
	if len(sizes) != len(axes64) {
		return nil, fmt.Errorf("has %d axes but %d new_dim_sizes", len(axes64), len(sizes))
	}
	in := args[0]
	axes := make([]int, len(axes64))
	shape := append([]int64{}, in.Shape...)
	for k, a := range axes64 {
		if a < 0 || a >= int64(in.Rank()) {
			return nil, fmt.Errorf("axis %d is out of range [0, %d)", a, in.Rank())
		}
		if sizes[k] < 0 {
			return nil, fmt.Errorf("new_dim_sizes[%d] = %d is negative", k, sizes[k])
		}
		axes[k] = int(a)
		shape[a] = sizes[k]
	}
	if err := x.checkSize(in.DType, shape); err != nil {
		return nil, err
	}
	out, err := kernel.BroadcastTo(in, axes, sizes)
	return one(out, err)
}

func runSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 || (len(args)-1)%3 != 0 {
		return nil, fmt.Errorf("expects an input and equally many starts, sizes and strides, got %d operands", len(args))
	}
	r := (len(args) - 1) / 3
	params, err := scalarInts(args[1:])
	if err != nil {
		return nil, err
	}
	starts, sizes, strides := params[:r], params[r:2*r], params[2*r:]
	for d, n := range sizes {
		if n < 0 {
			return nil, fmt.Errorf("size of dimension %d is negative: %d", d, n)
		}
	}
	if err := x.checkSize(args[0].DType, sizes); err != nil {
		return nil, err
	}
	out, err := kernel.Slice(args[0], starts, sizes, strides)
	return one(out, err)
}

func runConst(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("value must be a dense elements attribute, got %v", op.Attr("value"))
	}
	if a.Type != nil {
		if dt, err := DType(a.Type.Elem()); err == nil && a.Type.HasStaticShape() {
			if err := x.checkSize(dt, a.Type.Shape()); err != nil {
				return nil, err
			}
		}
	}
	return one(FromAttr(a))
}

func runTranspose(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	p, ok := op.Attr("permutation").(*ir.DenseArrayAttr)
	if !ok {
		return nil, fmt.Errorf("permutation must be an i64 dense array attribute, got %v", op.Attr("permutation"))
	}
	perm := make([]int, len(p.Ints))
	for i, v := range p.Ints {
		c, ok := checkedInt(v)
		if !ok {
			return nil, fmt.Errorf("permutation entry %d is out of range", v)
		}
		perm[i] = c
	}
	out, err := kernel.Transpose(args[0], perm)
	return one(out, err)
}

func runCastIndices(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	dt, err := DType(t.Elem())
	if err != nil {
		return nil, err
	}
	return one(kernel.CastIndices(args[0], dt))
}

// runTCPBitcast copies the bits of each element into the result's type.
func runTCPBitcast(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	dt, err := DType(t.Elem())
	if err != nil {
		return nil, err
	}
	a := args[0]
	if dt.Bits() != a.DType.Bits() {
		return nil, fmt.Errorf("tcp.bitcast of %s to %s: widths differ", a.DType, dt)
	}
	out, err := x.alloc(dt, a.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		out.SetBits(i, a.Bits(i))
	}
	return []*tensor.Tensor{out}, nil
}

// one wraps a single result.
func one(t *tensor.Tensor, err error) ([]*tensor.Tensor, error) {
	if err != nil {
		return nil, err
	}
	return []*tensor.Tensor{t}, nil
}

// scatterSpecOf maps the mode, combine and unique_indices attributes of a
// scatter to kernel arguments.
func (x *execState) scatterSpecOf(op *ir.Operation) (kernel.ScatterSpec, error) {
	var spec kernel.ScatterSpec
	if a := op.Attr("mode"); a != nil {
		s, ok := a.(ir.StringAttr)
		if !ok {
			return spec, fmt.Errorf("mode must be a string attribute, got %s", a)
		}
		m, err := kernel.ParseMode(string(s))
		if err != nil {
			return spec, err
		}
		spec.Mode = m
	}
	if a := op.Attr("combine"); a != nil {
		s, ok := a.(ir.StringAttr)
		if !ok {
			return spec, fmt.Errorf("combine must be a string attribute, got %s", a)
		}
		if string(s) == tcp.CombineRegion {
			f, err := x.scatterRegionFunc(op)
			if err != nil {
				return spec, err
			}
			spec.Func = f
			spec.UniqueIndices = op.Attr("unique_indices") != nil
			return spec, nil
		}
		c, err := kernel.ParseCombine(string(s))
		if err != nil {
			return spec, err
		}
		spec.Combine = c
	}
	spec.UniqueIndices = op.Attr("unique_indices") != nil
	return spec, nil
}

func runScatter(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	dim, ok := checkedInt(op.IntAttr("dim"))
	if !ok {
		return nil, fmt.Errorf("dim %d is out of range", op.IntAttr("dim"))
	}
	spec, err := x.scatterSpecOf(op)
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(args[0].DType, args[0].Shape); err != nil {
		return nil, err
	}
	out, err := kernel.Scatter(args[0], args[1], args[2], dim, spec)
	return one(out, err)
}

func runScatterND(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	b, ok := checkedInt(op.IntAttr("batch_dims"))
	if !ok {
		return nil, fmt.Errorf("batch_dims %d is out of range", op.IntAttr("batch_dims"))
	}
	spec, err := x.scatterSpecOf(op)
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(args[0].DType, args[0].Shape); err != nil {
		return nil, err
	}
	out, err := kernel.ScatterND(args[0], args[1], args[2], b, spec)
	return one(out, err)
}

// runAssert raises the assertion's message (its {k} placeholders replaced
// by the values) when cond is false.
func runAssert(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 || args[0].NumElements() != 1 {
		return nil, fmt.Errorf("expects a 0-d i1 condition")
	}
	if args[0].Bits(0) != 0 {
		return nil, nil
	}
	var vals []int64
	for _, v := range args[1:] {
		if v.NumElements() != 1 {
			return nil, fmt.Errorf("expects 0-d values")
		}
		vals = append(vals, v.Int64At(0))
	}
	msg, _ := op.Attr("msg").(ir.StringAttr)
	return nil, fmt.Errorf("%s", tcp.AssertMessage(string(msg), vals))
}

// runIota is out[p] = p[dim] in the result shape (its dynamic dims from
// the size operands).
func runIota(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	sizes, err := scalarInts(args)
	if err != nil {
		return nil, fmt.Errorf("sizes: %v", err)
	}
	if len(sizes) != t.Rank() {
		return nil, fmt.Errorf("expects a size per result dim")
	}
	shape := make([]int64, t.Rank())
	for d := range shape {
		if sizes[d] < 0 || (t.Dim(d) != ir.Dynamic && t.Dim(d) != sizes[d]) {
			return nil, fmt.Errorf("size %d of dim %d is negative or not the result type's", sizes[d], d)
		}
		shape[d] = sizes[d]
	}
	return x.iotaAlong(op.IntAttr("dim"), ir.RankedTensor(shape, t.Elem()), shape)
}
