package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch's scatters on CPU (dialect/torch scatter.go): scatter / scatter_add
// / scatter_reduce along dim with index values in [0, size) (mode error),
// index_put with advanced indexing (negatives wrap once), in row-major
// order of the index positions. A !torch.str has no runtime value of its
// own: the kernels read torch.constant.str from the IR.

func init() {
	register(map[string]kernelFunc{
		torch.ScatterSrcName:       runTorchScatter,
		torch.ScatterValueName:     runTorchScatter,
		torch.ScatterReduceName:    runTorchScatter,
		torch.ScatterAddName:       runTorchScatter,
		torch.ScatterReduceTwoName: runTorchScatter,
		torch.IndexPutName:         runTorchIndexPut,
		torch.ConstantDeviceName:   runTorchConstStr,
		torch.ScalarTensorName:     runTorchScalarTensor,
	})
	runtimeTypes = append(runtimeTypes, func(t ir.Type) (ir.Type, bool) {
		if t == torch.Device {
			return ir.None, true
		}
		return nil, false
	})
}

func runTorchConstStr(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return []*tensor.Tensor{noneValue}, nil
}

// torchReduceCombine maps scatter.reduce's and scatter_reduce.two's
// reduce to a combine ("mean" stays "mean").
func torchReduceCombine(r string) (string, error) {
	switch r {
	case "add", "sum":
		return "add", nil
	case "multiply", "prod":
		return "mul", nil
	case "amax":
		return "max", nil
	case "amin":
		return "min", nil
	case "mean":
		return "mean", nil
	}
	return "", fmt.Errorf("reduce %q is not supported", r)
}

// torchIdentity fills t[i] with torch's include_self=False start value:
// 0 (sum, mean), 1 (prod), -inf / +inf (amax / amin on floats), the
// lowest / highest value (integers).
func torchIdentity(combine string, t *tensor.Tensor, i int) {
	switch combine {
	case "add", "mean":
		t.SetBits(i, 0)
	case "mul":
		t.SetInt64(i, 1)
	default:
		combineIdentity(combine, t.DType, t, i)
	}
}

func runTorchScatter(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 4 {
		return nil, fmt.Errorf("expects self, dim, index and src")
	}
	self, idx := args[0], args[2]
	d, err := dimArg(args[1], self.Rank())
	if err != nil {
		return nil, err
	}
	if idx.Rank() != self.Rank() {
		return nil, fmt.Errorf("Index tensor must have the same number of dimensions as self tensor")
	}
	// src: the tensor cut to index's shape, or the value broadcast to it
	var src *tensor.Tensor
	if op.Name() == torch.ScatterValueName {
		if src, err = x.alloc(self.DType, idx.Shape); err != nil {
			return nil, err
		}
		v := args[3].Float64At(0)
		for i := 0; i < int(src.NumElements()); i++ {
			if self.DType.IsFloat() {
				src.SetFloat64(i, v)
			} else {
				src.SetInt64(i, int64(v))
			}
		}
	} else {
		s := args[3]
		if s.Rank() != idx.Rank() {
			return nil, fmt.Errorf("Index tensor must have the same number of dimensions as src tensor")
		}
		for k := range idx.Shape {
			if idx.Shape[k] > s.Shape[k] || (k != d && idx.Shape[k] > self.Shape[k]) {
				return nil, fmt.Errorf("Expected index %s to be smaller than self %s apart from dimension %d and to be smaller size than src %s",
					tensor.ShapeString(idx.Shape), tensor.ShapeString(self.Shape), d, tensor.ShapeString(s.Shape))
			}
		}
		if src, err = kernel.Slice(s, make([]int64, s.Rank()), idx.Shape, ones(s.Rank())); err != nil {
			return nil, err
		}
	}
	combine, includeSelf := "replace", true
	switch op.Name() {
	case torch.ScatterAddName:
		combine = "add"
	case torch.ScatterReduceName, torch.ScatterReduceTwoName:
		r, ok := torch.ConstantStrValue(op.Operand(4))
		if !ok {
			return nil, fmt.Errorf("reduce must be a torch.constant.str")
		}
		if combine, err = torchReduceCombine(r); err != nil {
			return nil, err
		}
		if op.Name() == torch.ScatterReduceTwoName {
			includeSelf = args[5].Int64At(0) != 0
		}
	}
	scatter := func(base, upd *tensor.Tensor, c string) (*tensor.Tensor, error) {
		k, err := kernel.ParseCombine(c)
		if err != nil {
			return nil, err
		}
		return kernel.Scatter(base, idx, upd, d, kernel.ScatterSpec{Mode: kernel.Error, Combine: k})
	}
	filled := func(dt tensor.DType, f func(t *tensor.Tensor, i int)) (*tensor.Tensor, error) {
		t, err := x.alloc(dt, idx.Shape)
		if err != nil {
			return nil, err
		}
		for i := 0; i < int(t.NumElements()); i++ {
			f(t, i)
		}
		return t, nil
	}
	base := self
	if !includeSelf {
		init, err := filled(self.DType, func(t *tensor.Tensor, i int) { torchIdentity(combine, t, i) })
		if err != nil {
			return nil, err
		}
		if base, err = scatter(self, init, "replace"); err != nil {
			return nil, err
		}
	}
	if combine != "mean" {
		return one(scatter(base, src, combine))
	}
	sum, err := scatter(base, src, "add")
	if err != nil {
		return nil, err
	}
	count, err := x.alloc(self.DType, self.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(count.NumElements()); i++ {
		count.SetInt64(i, 1)
	}
	if !includeSelf {
		zeros, err := x.alloc(self.DType, idx.Shape)
		if err != nil {
			return nil, err
		}
		if count, err = scatter(count, zeros, "replace"); err != nil {
			return nil, err
		}
	}
	onesT, err := filled(self.DType, func(t *tensor.Tensor, i int) { t.SetInt64(i, 1) })
	if err != nil {
		return nil, err
	}
	if count, err = scatter(count, onesT, "add"); err != nil {
		return nil, err
	}
	out := sum.Clone()
	for i := 0; i < int(out.NumElements()); i++ {
		if out.DType.IsFloat() {
			out.SetFloat64(i, sum.Float64At(i)/count.Float64At(i))
			continue
		}
		a, b := sum.Int64At(i), count.Int64At(i)
		q := a / b
		if (a%b != 0) && ((a < 0) != (b < 0)) {
			q--
		}
		setInt(out, i, q)
	}
	return []*tensor.Tensor{out}, nil
}

func ones(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

// runTorchIndexPut: the runtime index list is the tuple tensor B ++ [k]
// (runTorchList); leading None entries make the first p dims batch dims.
func runTorchIndexPut(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 4); err != nil {
		return nil, err
	}
	self, idx, vals := args[0], args[1], args[2]
	p := 0
	if l := op.Operand(1).DefiningOp(); l != nil && l.Name() == torch.ListConstructName {
		for i, v := range l.Operands() {
			if vt, ok := v.Type().(*torch.VTensorType); ok && vt.HasDType() && vt.DType() == ir.I1 {
				if i != 0 || l.NumOperands() != 1 {
					return nil, fmt.Errorf("a boolean mask index (x[mask] = v) is supported only as the one index, over the leading dims")
				}
				return indexPutMask(self, idx, vals, args[3].Int64At(0) != 0)
			}
		}
		tensors, adjacent := torch.IndexPlacement(l)
		if !adjacent {
			return nil, fmt.Errorf("index tensors separated by None entries are not supported")
		}
		if len(tensors) > 0 {
			p = tensors[0]
		}
	}
	k := int(idx.Shape[idx.Rank()-1])
	if p+k > self.Rank() {
		return nil, fmt.Errorf("too many indices for tensor of dimension %d (got %d)", self.Rank(), p+k)
	}
	B := idx.Shape[:idx.Rank()-1]
	target := append(append(append([]int64(nil), self.Shape[:p]...), B...), self.Shape[p+k:]...)
	bidx := idx
	var err error
	if p > 0 {
		if bidx, err = broadcastTensor(idx, append(append([]int64(nil), self.Shape[:p]...), idx.Shape...)); err != nil {
			return nil, err
		}
	}
	if vals.Rank() > len(target) {
		return nil, fmt.Errorf("shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s", tensor.ShapeString(vals.Shape), tensor.ShapeString(target))
	}
	if _, err := broadcastShapes([][]int64{vals.Shape, target}); err != nil {
		return nil, fmt.Errorf("shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s", tensor.ShapeString(vals.Shape), tensor.ShapeString(target))
	}
	bv, err := broadcastTensor(vals, target)
	if err != nil {
		return nil, err
	}
	c := kernel.Replace
	if args[3].Int64At(0) != 0 {
		c = kernel.Add
	}
	return one(kernel.ScatterND(self, bidx, bv, p, kernel.ScatterSpec{Mode: kernel.WrapNegative, Combine: c}))
}

// indexPutMask is x[mask] = v (accumulate: x[mask] += v) for a boolean
// mask over the leading dims of self, given as the list's runtime value
// (the mask's elements as 0 or 1, with a trailing dim of 1): the selected
// positions in row-major order receive v broadcast to [count] + the
// remaining dims of self, as torch computes it (through nonzero).
func indexPutMask(self, idx, vals *tensor.Tensor, acc bool) ([]*tensor.Tensor, error) {
	mshape := idx.Shape[:idx.Rank()-1]
	r := len(mshape)
	if r > self.Rank() {
		return nil, fmt.Errorf("too many indices for tensor of dimension %d (got %d)", self.Rank(), r)
	}
	for d := range mshape {
		if mshape[d] != self.Shape[d] {
			return nil, fmt.Errorf("The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at index %d", tensor.ShapeString(mshape), d, tensor.ShapeString(self.Shape), d)
		}
	}
	var coords []int64
	n := int(idx.NumElements())
	for j := 0; j < n; j++ {
		if idx.Int64At(j) != 0 {
			coords = append(coords, tensor.Unravel(int64(j), mshape)...)
		}
	}
	nnz := int64(len(coords) / max(r, 1))
	if r == 0 {
		nnz = int64(len(coords))
		if n > 0 && idx.Int64At(0) != 0 {
			nnz = 1
		}
	}
	ci, err := tensor.New(tensor.I64, []int64{nnz, int64(r)})
	if err != nil {
		return nil, err
	}
	for i, c := range coords {
		ci.SetInt64(i, c)
	}
	target := append([]int64{nnz}, self.Shape[r:]...)
	if _, err := broadcastShapes([][]int64{vals.Shape, target}); err != nil || vals.Rank() > len(target) {
		return nil, fmt.Errorf("shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s", tensor.ShapeString(vals.Shape), tensor.ShapeString(target))
	}
	bv, err := broadcastTensor(vals, target)
	if err != nil {
		return nil, err
	}
	c := kernel.Replace
	if acc {
		c = kernel.Add
	}
	return one(kernel.ScatterND(self, ci, bv, 0, kernel.ScatterSpec{Mode: kernel.WrapNegative, Combine: c}))
}

func runTorchScalarTensor(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects a scalar")
	}
	rt, ok := RuntimeType(op.Result(0).Type()).(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("the result needs a known dtype, got %s", op.Result(0).Type())
	}
	dt, err := DType(rt.Elem())
	if err != nil {
		return nil, err
	}
	out, err := x.alloc(dt, nil)
	if err != nil {
		return nil, err
	}
	v := args[0].Float64At(0)
	switch {
	case dt.IsFloat():
		out.SetFloat64(0, v)
	case args[0].DType.IsFloat():
		out.SetInt64(0, int64(math.Trunc(v)))
	default:
		out.SetInt64(0, args[0].Int64At(0))
	}
	return []*tensor.Tensor{out}, nil
}
