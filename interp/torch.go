package interp

import (
	"fmt"
	"math"
	"slices"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The torch and torch_c dialects with torch 1.13's semantics
// (docs/semantics.md §2.1, §5.2).
//
// Runtime values: a !torch.vtensor is its builtin tensor (si64 stored as
// i64), !torch.int a 0-d i64, !torch.bool a 0-d i1, !torch.float a 0-d f64,
// !torch.none a 0-d i1 zero. A !torch.list of tensors or ints is the
// stack of its elements broadcast together (numpy rules), along a new
// last axis, as i64: exactly the index tuple tensor that
// torch.aten.index.Tensor_hacked_twin (advanced indexing) reads. Lists of
// other element types have no runtime value.
//
// Negative and out-of-range indices, as torch 1.13 treats them:
// index_select raises "index out of range in self" for an index < 0 or >=
// size; gather raises "index i is out of bounds for dimension d with size
// s" for the same; advanced indexing wraps negatives once and raises the
// gather message for anything else; slice clamps start and end as Python
// slicing does and requires step > 0. Like torch, advanced indexing does
// not check the indices when its result is empty (a zero-size dim of self
// after the indexed ones); index_select checks every index regardless.

func init() {
	runtimeTypes = append(runtimeTypes, func(t ir.Type) (ir.Type, bool) {
		switch t := t.(type) {
		case *torch.VTensorType:
			if b := t.BuiltinTensorType(); b != nil {
				return b, true
			}
			return nil, true
		case torch.IntType:
			return ir.I64, true
		case torch.BoolType, torch.NoneType, torch.StrType:
			return ir.I1, true
		case torch.FloatType:
			return ir.F64T, true
		case *torch.ListType:
			return nil, true
		}
		return nil, false
	})
	register(map[string]kernelFunc{
		torch.ConstantIntName:     runTorchConstInt,
		torch.ConstantBoolName:    runTorchConstBool,
		torch.ConstantNoneName:    runTorchConstNone,
		torch.ListConstructName:   runTorchList,
		torch.VTensorLiteralName:  runTorchLiteral,
		torch.IndexSelectName:     runTorchIndexSelect,
		torch.GatherName:          runTorchGather,
		torch.SliceTensorName:     runTorchSlice,
		torch.IndexTensorName:     runTorchIndexTensor,
		torch.IndexTensorOptName:  runTorchIndexTensor,
		torch.ToBuiltinTensorName: runTorchIdentity,
		torch.FromBuiltinName:     runTorchIdentity,
	})
}

func runTorchConstInt(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := tensor.FromInt64s(tensor.I64, nil, []int64{op.IntAttr("value")})
	return one(v, err)
}

func runTorchConstBool(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	b, _ := op.Attr("value").(ir.BoolAttr)
	v := int64(0)
	if b {
		v = 1
	}
	t, err := tensor.FromInt64s(tensor.I1, nil, []int64{v})
	return one(t, err)
}

func runTorchConstNone(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	t, err := tensor.FromInt64s(tensor.I1, nil, []int64{0})
	return one(t, err)
}

func runTorchLiteral(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return one(FromAttr(op.Attr("value")))
}

func runTorchIdentity(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	return args, nil
}

// wrapDim is torch's maybe_wrap_dim: dim in [-r, r) (r = 1 for 0-d).
func wrapDim(dim int64, rank int) (int, error) {
	r := int64(max(rank, 1))
	if dim < -r || dim >= r {
		return 0, fmt.Errorf("dimension out of range (expected to be in range of [%d, %d], but got %d)", -r, r-1, dim)
	}
	if dim < 0 {
		dim += r
	}
	return int(dim), nil
}

// dimArg reads a !torch.int dim operand and wraps it for a tensor of the
// given rank (wrapDim).
func dimArg(dim *tensor.Tensor, rank int) (int, error) {
	d, err := scalarInt(dim)
	if err != nil {
		return 0, fmt.Errorf("dim: %v", err)
	}
	return wrapDim(d, rank)
}

func runTorchIndexSelect(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	self, idx := args[0], args[2]
	d, err := dimArg(args[1], self.Rank())
	if err != nil {
		return nil, err
	}
	if idx.Rank() > 1 {
		return nil, fmt.Errorf("index_select(): Index is supposed to be a vector")
	}
	size := int64(1)
	if self.Rank() > 0 {
		size = self.Shape[d]
	}
	for i := 0; i < int(idx.NumElements()); i++ {
		if v := idx.Int64At(i); v < 0 || v >= size {
			return nil, fmt.Errorf("index out of range in self: index %d for dimension %d with size %d", v, d, size)
		}
	}
	if self.Rank() == 0 {
		if idx.NumElements() != 1 {
			return nil, fmt.Errorf("index_select(): Index to scalar can have only 1 value, got %d value(s)", idx.NumElements())
		}
		return []*tensor.Tensor{self}, nil
	}
	if idx.Rank() == 0 {
		if idx, err = kernel.Reshape(idx, []int64{1}); err != nil {
			return nil, err
		}
	}
	out, err := kernel.Take(self, idx, d, 0, kernel.Error, nil)
	return one(out, err)
}

func runTorchGather(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 4); err != nil {
		return nil, err
	}
	self, idx := args[0], args[2]
	d, err := dimArg(args[1], self.Rank())
	if err != nil {
		return nil, err
	}
	if self.Rank() == 0 || idx.Rank() == 0 {
		return nil, fmt.Errorf("gather of 0-d tensors is not supported by the interpreter")
	}
	out, err := kernel.Gather(self, idx, d, kernel.Error, nil)
	return one(out, err)
}

// PySliceBounds applies Python's slice rules to a dim of size n with step
// > 0: start and end (nil: 0 and the end) wrap once if negative and are
// clamped to [0, n]; the result is the first index read and the count.
func PySliceBounds(n int64, start, end *int64, step int64) (first, count int64) {
	s, e := int64(0), int64(math.MaxInt64)
	if start != nil {
		s = *start
	}
	if end != nil {
		e = *end
	}
	clamp := func(v int64) int64 {
		if v < 0 {
			v += n
		}
		return min(max(v, 0), n)
	}
	s, e = clamp(s), clamp(e)
	if e <= s {
		return s, 0
	}
	return s, (e - s + step - 1) / step
}

// torchSliceArgs reads a torch slice's dim, start, end and step (args k
// to k+3; start and end may be None) over self, with torch's errors, and
// returns the wrapped dim and the slice's first index and length.
func torchSliceArgs(op *ir.Operation, args []*tensor.Tensor, k int, self *tensor.Tensor) (d int, first, count, step int64, err error) {
	dim64, err := scalarInt(args[k])
	if err != nil {
		return 0, 0, 0, 0, fmt.Errorf("dim: %v", err)
	}
	if self.Rank() == 0 {
		return 0, 0, 0, 0, fmt.Errorf("slice() cannot be applied to a 0-dim tensor")
	}
	if d, err = wrapDim(dim64, self.Rank()); err != nil {
		return 0, 0, 0, 0, err
	}
	opt := func(i int) (*int64, error) {
		if op.Operand(i).Type() == torch.None {
			return nil, nil
		}
		v, err := scalarInt(args[i])
		return &v, err
	}
	start, err := opt(k + 1)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	end, err := opt(k + 2)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	step, err = scalarInt(args[k+3])
	if err != nil {
		return 0, 0, 0, 0, err
	}
	if step <= 0 {
		return 0, 0, 0, 0, fmt.Errorf("slice step must be positive, got %d", step)
	}
	first, count = PySliceBounds(self.Shape[d], start, end, step)
	return d, first, count, step, nil
}

func runTorchSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 5); err != nil {
		return nil, err
	}
	self := args[0]
	d, first, count, step, err := torchSliceArgs(op, args, 1, self)
	if err != nil {
		return nil, err
	}
	r := self.Rank()
	starts, sizes, strides := make([]int64, r), append([]int64(nil), self.Shape...), make([]int64, r)
	for i := range strides {
		strides[i] = 1
	}
	starts[d], sizes[d], strides[d] = first, count, step
	out, err := kernel.Slice(self, starts, sizes, strides)
	return one(out, err)
}

// broadcastShapes is numpy's broadcast of shapes (torch.BroadcastSizes,
// with torch's message).
func broadcastShapes(shapes [][]int64) ([]int64, error) {
	out, ok := torch.BroadcastSizes(shapes)
	if !ok {
		return nil, fmt.Errorf("shape mismatch: indexing tensors could not be broadcast together with shapes %s", shapesStr(shapes))
	}
	return out, nil
}

func shapesStr(shapes [][]int64) string {
	s := ""
	for i, sh := range shapes {
		if i > 0 {
			s += ", "
		}
		s += tensor.ShapeString(sh)
	}
	return s
}

// broadcastTensor broadcasts t to shape (numpy rules).
func broadcastTensor(t *tensor.Tensor, shape []int64) (*tensor.Tensor, error) {
	pad := make([]int64, len(shape)-t.Rank())
	for i := range pad {
		pad[i] = 1
	}
	v, err := kernel.Reshape(t, append(pad, t.Shape...))
	if err != nil {
		return nil, err
	}
	var axes []int
	var sizes []int64
	for i, d := range v.Shape {
		if d != shape[i] {
			axes = append(axes, i)
			sizes = append(sizes, shape[i])
		}
	}
	if len(axes) == 0 {
		return v, nil
	}
	return kernel.BroadcastTo(v, axes, sizes)
}

func runTorchList(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	// None entries (whole dims in an index list) have no place in the
	// tuple tensor; torch.aten.index.Tensor reads their positions from
	// the list op.
	var vals []*tensor.Tensor
	for i, a := range args {
		if op.Operand(i).Type() != torch.None {
			vals = append(vals, a)
		}
	}
	args = vals
	if lt, ok := op.Result(0).Type().(*torch.ListType); ok && lt.Elem() == torch.Int && op.NumOperands() == 0 {
		// An empty list of ints (torch.roll's dims when none are given).
		return []*tensor.Tensor{tensor.Must(tensor.New(tensor.I64, []int64{0}))}, nil
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("empty lists have no runtime value in the interpreter")
	}
	// A list of tensors also keeps its elements (torch.aten.cat reads
	// them); one that is not a list of index tensors (float elements, or
	// shapes that do not broadcast) has only that: a placeholder value.
	elems := slices.Clone(args)
	placeholder := func() ([]*tensor.Tensor, error) {
		p := tensor.Must(tensor.New(tensor.I1, []int64{0}))
		x.setList(p, elems)
		return []*tensor.Tensor{p}, nil
	}
	lt, _ := op.Result(0).Type().(*torch.ListType)
	tensorList := lt != nil && lt.Elem() != torch.Int
	shapes := make([][]int64, len(args))
	for i, a := range args {
		if !a.DType.IsInt() {
			if tensorList {
				return placeholder()
			}
			return nil, fmt.Errorf("only lists of integer tensors or ints have a runtime value, got element type %s", a.DType)
		}
		shapes[i] = a.Shape
	}
	b, err := broadcastShapes(shapes)
	if err != nil {
		if tensorList {
			return placeholder()
		}
		return nil, err
	}
	k := int64(len(args))
	out, err := x.alloc(tensor.I64, append(append([]int64(nil), b...), k))
	if err != nil {
		return nil, err
	}
	for j, a := range args {
		bt, err := broadcastTensor(a, b)
		if err != nil {
			return nil, err
		}
		n := int(bt.NumElements())
		for i := 0; i < n; i++ {
			out.SetInt64(i*int(k)+j, bt.Int64At(i))
		}
	}
	x.setList(out, elems)
	return []*tensor.Tensor{out}, nil
}

func runTorchIndexTensor(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self, idx := args[0], args[1]
	if idx.Rank() < 1 {
		return nil, fmt.Errorf("indices: expected a list of index tensors")
	}
	// Leading None entries (x[:, i], x[..., i]): the index tuples address
	// dims p.., and the first p dims are batch dims of the gather.
	p := 0
	if l := op.Operand(1).DefiningOp(); l != nil && l.Name() == torch.ListConstructName {
		tensors, adjacent := torch.IndexPlacement(l)
		if !adjacent {
			// Index tensors separated by whole dims (x[i, :, j]): torch
			// puts the broadcast dims first, then the dims not indexed,
			// in order: the gather on self transposed to the indexed dims
			// first.
			if len(tensors) > self.Rank() || tensors[len(tensors)-1] >= self.Rank() {
				return nil, fmt.Errorf("too many indices for tensor of dimension %d", self.Rank())
			}
			perm := append([]int(nil), tensors...)
			indexed := map[int]bool{}
			for _, t := range tensors {
				indexed[t] = true
			}
			for d := 0; d < self.Rank(); d++ {
				if !indexed[d] {
					perm = append(perm, d)
				}
			}
			t, err := kernel.Transpose(self, perm)
			if err != nil {
				return nil, err
			}
			self = t
		} else if len(tensors) > 0 {
			p = tensors[0]
		}
	}
	if p > 0 {
		k := idx.Shape[idx.Rank()-1]
		if int64(p)+k > int64(self.Rank()) {
			return nil, fmt.Errorf("too many indices for tensor of dimension %d (got %d)", self.Rank(), int64(p)+k)
		}
		shape := append(append([]int64(nil), self.Shape[:p]...), idx.Shape...)
		bidx, err := broadcastTensor(idx, shape) // pads the leading dims with 1s
		if err != nil {
			return nil, err
		}
		for d := p; d < p+int(k); d++ {
			if self.Shape[d] == 0 && bidx.NumElements() > 0 {
				return nil, fmt.Errorf("index is out of bounds for dimension with size 0 (dimension %d)", d)
			}
		}
		if bidx.NumElements() == 0 {
			out := append(append([]int64(nil), shape[:len(shape)-1]...), self.Shape[p+int(k):]...)
			return one(x.alloc(self.DType, out))
		}
		out, err := kernel.GatherND(self, bidx, p, kernel.WrapNegative, nil)
		return one(out, err)
	}
	if k := idx.Shape[idx.Rank()-1]; k > int64(self.Rank()) {
		return nil, fmt.Errorf("too many indices for tensor of dimension %d (got %d)", self.Rank(), k)
	}
	// torch reads an index only for the output elements it produces: an
	// empty result raises nothing, whatever the indices hold.
	k := int(idx.Shape[idx.Rank()-1])
	shape := append(append([]int64(nil), idx.Shape[:idx.Rank()-1]...), self.Shape[k:]...)
	tuples := idx.NumElements() / int64(max(k, 1))
	for d := 0; d < k; d++ {
		if self.Shape[d] == 0 && tuples > 0 {
			return nil, fmt.Errorf("index is out of bounds for dimension with size 0 (dimension %d)", d)
		}
	}
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	if n == 0 {
		return one(x.alloc(self.DType, shape))
	}
	out, err := kernel.GatherND(self, idx, 0, kernel.WrapNegative, nil)
	return one(out, err)
}
