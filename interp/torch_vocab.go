package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch-mlir's FX importer's gathers and shape plumbing (dialect/torch
// vocab.go), with torch's semantics: embedding raises for indices outside
// [0, rows) (negative ones included); select.int wraps a negative index
// once and raises outside [-size, size); remainder.Scalar is Python's %
// (the sign of the divisor), an integer division by zero raises; clone and
// contiguous are the identity on values. A !torch.list<int> argument is
// the 1-D i64 tensor of its elements (runTorchList).

func init() {
	register(map[string]kernelFunc{
		torch.ConstantFloatName:   runTorchConstFloat,
		torch.ConstantStrName:     runTorchConstNone, // a str has no runtime value: a 0-d i1 zero, as None
		torch.EmbeddingName:       runTorchEmbedding,
		torch.SelectIntName:       runTorchSelect,
		torch.FlipName:            runTorchFlip,
		torch.ExpandName:          runTorchExpand,
		torch.ViewName:            runTorchView,
		torch.ReshapeName:         runTorchView,
		torch.RemainderScalarName: runTorchRemainder,
		torch.UnsqueezeName:       runTorchUnsqueeze,
		torch.SqueezeDimName:      runTorchSqueezeDim,
		torch.PrimsSqueezeName:    runTorchPrimsSqueeze,
		torch.CloneName:           runTorchFirst,
		torch.ContiguousName:      runTorchFirst,
		torch.PermuteName:         runTorchPermute,
		torch.RollName:            runTorchRoll,
	})
}

func runTorchConstFloat(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	f, _ := op.Attr("value").(ir.FloatAttr)
	t, err := tensor.New(tensor.F64, nil)
	if err != nil {
		return nil, err
	}
	t.SetFloat64(0, f.Value)
	return []*tensor.Tensor{t}, nil
}

func runTorchFirst(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expected operands")
	}
	return args[:1], nil
}

// listInts reads a !torch.list<int> runtime value.
func listInts(t *tensor.Tensor) ([]int64, error) {
	if t == nil || t.Rank() != 1 || !t.DType.IsInt() {
		return nil, fmt.Errorf("expected a list of ints")
	}
	return t.Int64s(), nil
}

func runTorchEmbedding(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 5); err != nil {
		return nil, err
	}
	w, idx := args[0], args[1]
	if w.Rank() != 2 {
		return nil, fmt.Errorf("'weight' must be 2-D, got rank %d", w.Rank())
	}
	for i := 0; i < int(idx.NumElements()); i++ {
		if v := idx.Int64At(i); v < 0 || v >= w.Shape[0] {
			return nil, fmt.Errorf("index out of range in self: index %d for %d rows", v, w.Shape[0])
		}
	}
	out, err := kernel.Take(w, idx, 0, 0, kernel.Error, nil)
	return one(out, err)
}

func runTorchSelect(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	self := args[0]
	if self.Rank() == 0 {
		return nil, fmt.Errorf("select() cannot be applied to a 0-dim tensor")
	}
	d, err := dimArg(args[1], self.Rank())
	if err != nil {
		return nil, err
	}
	i, err := scalarInt(args[2])
	if err != nil {
		return nil, fmt.Errorf("index: %v", err)
	}
	n := self.Shape[d]
	if i < -n || i >= n {
		return nil, fmt.Errorf("select(): index %d out of range for tensor of size %s at dimension %d", i, tensor.ShapeString(self.Shape), d)
	}
	if i < 0 {
		i += n
	}
	starts, sizes, strides := sliceAll(self.Shape)
	starts[d], sizes[d] = i, 1
	s, err := kernel.Slice(self, starts, sizes, strides)
	if err != nil {
		return nil, err
	}
	shape := append(append([]int64(nil), self.Shape[:d]...), self.Shape[d+1:]...)
	return one(kernel.Reshape(s, shape))
}

// sliceAll is the identity window of a tensor of the given shape.
func sliceAll(shape []int64) (starts, sizes, strides []int64) {
	starts, sizes, strides = make([]int64, len(shape)), append([]int64(nil), shape...), make([]int64, len(shape))
	for i := range strides {
		strides[i] = 1
	}
	return starts, sizes, strides
}

func runTorchFlip(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self := args[0]
	dims, err := listInts(args[1])
	if err != nil {
		return nil, fmt.Errorf("dims: %v", err)
	}
	starts, sizes, strides := sliceAll(self.Shape)
	seen := map[int]bool{}
	for _, dim := range dims {
		d, err := wrapDim(dim, self.Rank())
		if err != nil {
			return nil, err
		}
		if seen[d] {
			return nil, fmt.Errorf("dims has duplicates, original flip dims size=%d", len(dims))
		}
		seen[d] = true
		if self.Rank() == 0 || self.Shape[d] == 0 {
			continue
		}
		starts[d], strides[d] = self.Shape[d]-1, -1
	}
	if self.Rank() == 0 {
		return []*tensor.Tensor{self}, nil
	}
	return one(kernel.Slice(self, starts, sizes, strides))
}

func runTorchExpand(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	self := args[0]
	sizes, err := listInts(args[1])
	if err != nil {
		return nil, fmt.Errorf("size: %v", err)
	}
	shape, err := torch.ExpandSizes(self.Shape, sizes)
	if err != nil {
		return nil, err
	}
	return one(broadcastTensor(self, shape))
}

func runTorchView(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	var sizes []int64
	if op.Operand(1).DefiningOp() != nil && op.Operand(1).DefiningOp().NumOperands() == 0 {
		sizes = []int64{} // view(x, []): a 0-d result; an empty list has no runtime value
	} else {
		var err error
		if sizes, err = listInts(args[1]); err != nil {
			return nil, fmt.Errorf("size: %v", err)
		}
	}
	shape, err := torch.ViewSizes(args[0].Shape, sizes)
	if err != nil {
		return nil, err
	}
	return one(kernel.Reshape(args[0], shape))
}

func runTorchRemainder(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self, other := args[0], args[1]
	rdt, err := DType(ir.ElementType(RuntimeType(op.Result(0).Type())))
	if err != nil {
		return nil, err
	}
	out, err := x.alloc(rdt, self.Shape)
	if err != nil {
		return nil, err
	}
	n := int(self.NumElements())
	if rdt.IsInt() {
		if !self.DType.IsInt() || !other.DType.IsInt() {
			return nil, fmt.Errorf("an integer result needs an integer self and other")
		}
		b, err := scalarInt(other)
		if err != nil {
			return nil, err
		}
		if b == 0 {
			return nil, fmt.Errorf("ZeroDivisionError")
		}
		for i := 0; i < n; i++ {
			a := self.Int64At(i)
			r := a % b
			if r != 0 && (r < 0) != (b < 0) {
				r += b
			}
			out.SetInt64(i, r)
		}
		return []*tensor.Tensor{out}, nil
	}
	var b float64
	if other.DType.IsInt() {
		v, err := scalarInt(other)
		if err != nil {
			return nil, err
		}
		b = float64(v)
	} else {
		b = other.Float64At(0)
	}
	for i := 0; i < n; i++ {
		a := self.Float64At(i)
		if self.DType.IsInt() {
			a = float64(self.Int64At(i))
		}
		r := math.Mod(a, b)
		if r != 0 && (r < 0) != (b < 0) {
			r += b
		}
		out.SetFloat64(i, r)
	}
	return []*tensor.Tensor{out}, nil
}

func runTorchUnsqueeze(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self := args[0]
	dim, err := scalarInt(args[1])
	if err != nil {
		return nil, fmt.Errorf("dim: %v", err)
	}
	d, err := wrapDim(dim, self.Rank()+1)
	if err != nil {
		return nil, err
	}
	shape := append(append(append([]int64(nil), self.Shape[:d]...), 1), self.Shape[d:]...)
	return one(kernel.Reshape(self, shape))
}

func runTorchSqueezeDim(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self := args[0]
	d, err := dimArg(args[1], self.Rank())
	if err != nil {
		return nil, err
	}
	if self.Rank() == 0 || self.Shape[d] != 1 {
		return []*tensor.Tensor{self}, nil
	}
	shape := append(append([]int64(nil), self.Shape[:d]...), self.Shape[d+1:]...)
	return one(kernel.Reshape(self, shape))
}

func runTorchPrimsSqueeze(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self := args[0]
	dims, err := listInts(args[1])
	if err != nil {
		return nil, fmt.Errorf("dims: %v", err)
	}
	drop := map[int]bool{}
	for _, dim := range dims {
		d, err := wrapDim(dim, self.Rank())
		if err != nil {
			return nil, err
		}
		if self.Rank() > 0 && self.Shape[d] != 1 {
			return nil, fmt.Errorf("prims.squeeze: dim %d has size %d, not 1", d, self.Shape[d])
		}
		drop[d] = true
	}
	var shape []int64
	for i, s := range self.Shape {
		if !drop[i] {
			shape = append(shape, s)
		}
	}
	return one(kernel.Reshape(self, shape))
}

func runTorchPermute(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self := args[0]
	dims, err := listInts(args[1])
	if err != nil {
		return nil, fmt.Errorf("dims: %v", err)
	}
	perm, err := torch.Permutation(dims, self.Rank())
	if err != nil {
		return nil, err
	}
	return one(kernel.Transpose(self, perm))
}

// runTorchRoll rotates along each dim in turn: the last s rows (s the
// shift in Python's mod the size) come first. With dims empty it rolls the
// flattened tensor.
func runTorchRoll(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	self := args[0]
	shifts, err := listInts(args[1])
	if err != nil {
		return nil, fmt.Errorf("shifts: %v", err)
	}
	dims, err := listInts(args[2])
	if err != nil {
		return nil, fmt.Errorf("dims: %v", err)
	}
	if len(dims) == 0 {
		if len(shifts) != 1 {
			return nil, fmt.Errorf("`shifts` required: with dims empty, shifts must have one entry, got %d", len(shifts))
		}
		flat, err := kernel.Reshape(self, []int64{self.NumElements()})
		if err != nil {
			return nil, err
		}
		out, err := x.roll(flat, shifts[0], 0)
		if err != nil {
			return nil, err
		}
		return one(kernel.Reshape(out, self.Shape))
	}
	if len(shifts) != len(dims) {
		return nil, fmt.Errorf("shifts and dimensions must align. shifts: %d, dims: %d", len(shifts), len(dims))
	}
	out := self
	for i, dim := range dims {
		d, err := wrapDim(dim, self.Rank())
		if err != nil {
			return nil, err
		}
		if self.Rank() == 0 {
			continue
		}
		if out, err = x.roll(out, shifts[i], d); err != nil {
			return nil, err
		}
	}
	return []*tensor.Tensor{out}, nil
}

// roll rotates t by shift along d: concat(t[n-s:], t[:n-s]) with
// s = shift mod n in [0, n).
func (x *execState) roll(t *tensor.Tensor, shift int64, d int) (*tensor.Tensor, error) {
	n := t.Shape[d]
	if n == 0 {
		return t, nil
	}
	s := shift % n
	if s < 0 {
		s += n
	}
	if s == 0 {
		return t, nil
	}
	starts, sizes, strides := sliceAll(t.Shape)
	starts[d], sizes[d] = n-s, s
	tail, err := kernel.Slice(t, starts, sizes, strides)
	if err != nil {
		return nil, err
	}
	starts[d], sizes[d] = 0, n-s
	head, err := kernel.Slice(t, starts, sizes, strides)
	if err != nil {
		return nil, err
	}
	out, err := x.concat([]*tensor.Tensor{tail, head}, d)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}
