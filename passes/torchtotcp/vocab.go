package torchtotcp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The FX importer's gathers and shape plumbing (dialect/torch vocab.go):
//
//	aten.embedding              -> the slice-gather recipe on dim 0, mode "error"
//	aten.select.int             -> tcp.slice of one position + tensor.collapse_shape
//	aten.flip                   -> tcp.slice with stride -1 on the flipped dims
//	aten.expand                 -> tensor.expand_shape + tcp.broadcast_to
//	aten.view, aten.reshape,
//	aten.unsqueeze, aten.squeeze.dim,
//	prims.squeeze               -> tensor.expand_shape / collapse_shape
//	aten.permute                -> tcp.transpose
//	aten.remainder.Scalar       -> arith.remsi + the sign fix-up (Python's %)
//	aten.clone, aten.contiguous -> their operand
var _ = addVocab()

func addVocab() bool {
	conversions = append(conversions, []struct {
		root, name string
		fn         convFn
	}{
		{torch.EmbeddingName, "torch-embedding-to-tcp", convertEmbedding},
		{torch.SelectIntName, "torch-select-int-to-tcp", convertSelect},
		{torch.FlipName, "torch-flip-to-tcp", convertFlip},
		{torch.ExpandName, "torch-expand-to-tcp", convertExpand},
		{torch.ViewName, "torch-view-to-tcp", convertReshapeLike},
		{torch.ReshapeName, "torch-reshape-to-tcp", convertReshapeLike},
		{torch.UnsqueezeName, "torch-unsqueeze-to-tcp", convertReshapeLike},
		{torch.SqueezeDimName, "torch-squeeze-dim-to-tcp", convertReshapeLike},
		{torch.PrimsSqueezeName, "torch-prims-squeeze-to-tcp", convertReshapeLike},
		{torch.PermuteName, "torch-permute-to-tcp", convertPermute},
		{torch.RemainderScalarName, "torch-remainder-scalar-to-tcp", convertRemainder},
		{torch.CloneName, "torch-clone-to-tcp", convertIdentity},
		{torch.ContiguousName, "torch-contiguous-to-tcp", convertIdentity},
	}...)
	for _, n := range [][2]string{
		{torch.EmbeddingName, "weight,indices,padding_idx,scale_grad_by_freq,sparse"},
		{torch.SelectIntName, "self,dim,index"}, {torch.FlipName, "self,dims"},
		{torch.ExpandName, "self,size,implicit"}, {torch.ViewName, "self,size"}, {torch.ReshapeName, "self,size"},
		{torch.UnsqueezeName, "self,dim"}, {torch.SqueezeDimName, "self,dim"}, {torch.PrimsSqueezeName, "self,dims"},
		{torch.PermuteName, "self,dims"}, {torch.RemainderScalarName, "self,other"},
		{torch.CloneName, "self,memory_format"}, {torch.ContiguousName, "self,memory_format"},
	} {
		operandNames[n[0]] = strings.Split(n[1], ",")
	}
	return true
}

// resultSizes returns the sizes of op's result as the op computes them
// (torch.InferSizes), failing when they are unknown.
func resultSizes(op *ir.Operation) ([]int64, error) {
	if _, err := rankedVT(op, 0); err != nil {
		return nil, err
	}
	if err := checkResult(op); err != nil {
		return nil, err
	}
	s, err := torch.InferSizes(op)
	if err != nil {
		return nil, ir.NotifyMatchFailure(op, "%v", err)
	}
	if s == nil {
		return nil, ir.NotifyMatchFailure(op, "its dims or sizes are not compile-time constants (torch.constant.int, torch.prim.ListConstruct of them)")
	}
	return s, nil
}

func convertEmbedding(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	w, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	idx, err := rankedVT(op, 1)
	if err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	if w.Rank() != 2 {
		return fail(op, "%s must have rank 2, got %d", operandName(op, 0), w.Rank())
	}
	if !tcpbuild.IsIndexElement(torch.BuiltinElement(idx.DType())) {
		return fail(op, "%s must have dtype si64 or si32, got %s", operandName(op, 1), idx.DType())
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	i, err := toBuiltin(op, rw, op.Operand(1))
	if err != nil {
		return false, err
	}
	// padding_idx, scale_grad_by_freq and sparse only affect gradients.
	// Static indices of rank > 1 are gathered flat and the rows reshaped,
	// so that the weight table is never broadcast over the index dims.
	static := ir.RankedTensor(idx.Sizes(), torch.BuiltinElement(idx.DType())).HasStaticShape()
	if idx.Rank() > 1 && static {
		n := int64(1)
		for _, s := range idx.Sizes() {
			n *= s
		}
		flat, err := tcpbuild.CollapseTo(rw, op.Loc(), i, []int64{n})
		if err != nil {
			return false, op.EmitOpError("%v", err)
		}
		g, err := tcpbuild.SliceGather(rw, op.Loc(), x, flat, 0, 0, tcp.ModeError, true)
		if err != nil {
			return false, op.EmitOpError("%v", err)
		}
		out, err := tcpbuild.ExpandTo(rw, op.Loc(), g, append(slices.Clone(idx.Sizes()), w.Sizes()[1]))
		if err != nil {
			return false, op.EmitOpError("%v", err)
		}
		return true, finish(op, rw, out)
	}
	g, err := tcpbuild.SliceGather(rw, op.Loc(), x, i, 0, 0, tcp.ModeError, true)
	if err != nil {
		return false, op.EmitOpError("%v", err)
	}
	return true, finish(op, rw, g)
}

func convertSelect(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out, err := resultSizes(op)
	if err != nil {
		return false, err
	}
	index, err := constInt(op, 2)
	if err != nil {
		return false, err
	}
	self := op.Operand(0).Type().(*torch.VTensorType)
	dim, _ := constInt(op, 1)
	d, _ := tcpbuild.NormalizeAxis(dim, self.Rank())
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	n := self.Sizes()[d]
	var start ir.Value
	switch {
	case index >= 0:
		start = c.Get(index)
	case n != ir.Dynamic:
		start = c.Get(index + n)
	default:
		// A negative index on a dynamic dim: size + index (the slice
		// raises if that is still negative, as select does).
		start = arith.Binary(rw, arith.AddIName, op.Loc(), tcpbuild.DimSize(rw, op.Loc(), x, d), c.Get(index)).Result(0)
	}
	window := slices.Clone(self.Sizes())
	window[d] = 1
	s := sliceWindow(rw, op.Loc(), x, c, d, start, c.Get(1), c.Get(1), window)
	v, err := tcpbuild.CollapseTo(rw, op.Loc(), s, out)
	if err != nil {
		return false, op.EmitOpError("%v", err)
	}
	return true, finish(op, rw, v)
}

// sliceWindow emits tcp.slice of x that is the identity on every dim but
// d, where it reads size elements from start with the given stride; shape
// is the result shape.
func sliceWindow(rw *ir.Rewriter, loc ir.Location, x ir.Value, c *tcpbuild.IndexCache, d int, start, size, stride ir.Value, shape []int64) ir.Value {
	xt := x.Type().(*ir.RankedTensorType)
	r := xt.Rank()
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	for i := 0; i < r; i++ {
		starts[i], strides[i] = c.Get(0), c.Get(1)
		if xt.Dim(i) == ir.Dynamic {
			sizes[i] = tcpbuild.DimSize(rw, loc, x, i)
		} else {
			sizes[i] = c.Get(xt.Dim(i))
		}
	}
	starts[d], sizes[d], strides[d] = start, size, stride
	return tcp.BuildSlice(rw, loc, x, starts, sizes, strides, ir.RankedTensor(shape, xt.Elem())).Result(0)
}

func convertFlip(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out, err := resultSizes(op)
	if err != nil {
		return false, err
	}
	dims, _ := torch.ConstantIntList(op.Operand(1))
	self := op.Operand(0).Type().(*torch.VTensorType)
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	if self.Rank() == 0 {
		return true, finish(op, rw, x)
	}
	flip := map[int]bool{}
	for _, dim := range dims {
		d, _ := tcpbuild.NormalizeAxis(dim, self.Rank())
		flip[d] = true
	}
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	r := self.Rank()
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	for i, n := range self.Sizes() {
		var size ir.Value
		if n == ir.Dynamic {
			size = tcpbuild.DimSize(rw, op.Loc(), x, i)
		} else {
			size = c.Get(n)
		}
		starts[i], sizes[i], strides[i] = c.Get(0), size, c.Get(1)
		if !flip[i] {
			continue
		}
		strides[i] = c.Get(-1)
		if n == ir.Dynamic {
			starts[i] = arith.Binary(rw, arith.SubIName, op.Loc(), size, c.Get(1)).Result(0)
		} else {
			// n - 1; for an empty dim nothing is read.
			starts[i] = c.Get(max(n-1, 0))
		}
	}
	elem := x.Type().(*ir.RankedTensorType).Elem()
	s := tcp.BuildSlice(rw, op.Loc(), x, starts, sizes, strides, ir.RankedTensor(out, elem)).Result(0)
	return true, finish(op, rw, s)
}

func convertExpand(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out, err := resultSizes(op)
	if err != nil {
		return false, err
	}
	self := op.Operand(0).Type().(*torch.VTensorType)
	lead := len(out) - self.Rank()
	padded := append(tcpbuild.Ones(lead), self.Sizes()...)
	for i, s := range padded {
		if s == ir.Dynamic && out[i] != ir.Dynamic {
			return fail(op, "dim %d of self is dynamic and expanded to the static size %d (it must be 1 or %d at run time)", i-lead, out[i], out[i])
		}
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	v, err := tcpbuild.ExpandTo(rw, op.Loc(), x, padded)
	if err != nil {
		return false, op.EmitOpError("%v", err)
	}
	var axes, static []int64
	var sizes []ir.Value
	for i, s := range padded {
		if s == 1 && out[i] != 1 {
			axes = append(axes, int64(i))
			sizes = append(sizes, tcpbuild.ConstantIndex(rw, op.Loc(), out[i]))
			static = append(static, out[i])
		}
	}
	return true, finish(op, rw, tcpbuild.BroadcastTo(rw, op.Loc(), v, axes, sizes, static))
}

// convertReshapeLike converts the ops that only change sizes (view,
// reshape, unsqueeze, squeeze.dim, prims.squeeze) to one
// tensor.expand_shape or collapse_shape, or (static shapes) a collapse to
// 1-D and an expansion.
func convertReshapeLike(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out, err := resultSizes(op)
	if err != nil {
		return false, err
	}
	self := op.Operand(0).Type().(*torch.VTensorType)
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	loc := op.Loc()
	if slices.Equal(out, self.Sizes()) {
		return true, finish(op, rw, x)
	}
	v, err := tcpbuild.ExpandTo(rw, loc, x, out)
	if err != nil {
		v, err = tcpbuild.CollapseTo(rw, loc, x, out)
	}
	if err != nil {
		st := ir.RankedTensor(self.Sizes(), torch.BuiltinElement(self.DType()))
		if !st.HasStaticShape() || slices.Contains(out, ir.Dynamic) {
			return fail(op, "reshaping [%s] to [%s] needs static sizes unless it only inserts or removes unit dims or merges or splits adjacent dims", sizesText(self.Sizes()), sizesText(out))
		}
		if v, err = tcpbuild.CollapseTo(rw, loc, x, []int64{st.NumElements()}); err == nil {
			v, err = tcpbuild.ExpandTo(rw, loc, v, out)
		}
	}
	if err != nil {
		return fail(op, "%v", err)
	}
	return true, finish(op, rw, v)
}

func sizesText(s []int64) string {
	out := ""
	for i, v := range s {
		if i > 0 {
			out += ","
		}
		if v == ir.Dynamic {
			out += "?"
		} else {
			out += strconv.FormatInt(v, 10)
		}
	}
	return out
}

func convertPermute(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out, err := resultSizes(op)
	if err != nil {
		return false, err
	}
	self := op.Operand(0).Type().(*torch.VTensorType)
	dims, _ := torch.ConstantIntList(op.Operand(1))
	perm, _ := torch.Permutation(dims, self.Rank())
	p := make([]int64, len(perm))
	for i, v := range perm {
		p[i] = int64(v)
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	elem := x.Type().(*ir.RankedTensorType).Elem()
	t := rw.Create(tcp.TransposeName, op.Loc(), []ir.Value{x}, []ir.Type{ir.RankedTensor(out, elem)},
		[]ir.NamedAttr{{Name: "permutation", Value: &ir.DenseArrayAttr{Elem: ir.I64, Ints: p}}})
	return true, finish(op, rw, t.Result(0))
}

// convertRemainder: Python's a % b on an integer tensor and a constant
// integer b != 0 is r = remsi(a, b), plus b where r is non-zero with the
// sign opposite to b's.
func convertRemainder(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	elem := torch.BuiltinElement(self.DType())
	it, ok := elem.(ir.IntegerType)
	if !ok || it.Width == 1 || op.Operand(1).Type() != torch.Int || op.Result(0).Type().(*torch.VTensorType).DType() != self.DType() {
		return fail(op, "only integer tensors modulo an integer are supported, got %s %% %s", self.DType(), op.Operand(1).Type())
	}
	b, err := constInt(op, 1)
	if err != nil {
		return false, err
	}
	if b == 0 {
		return fail(op, "%s is 0 (torch raises ZeroDivisionError)", operandName(op, 1))
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	xt := x.Type().(*ir.RankedTensorType)
	loc := op.Loc()
	splat := func(v int64) ir.Value {
		if xt.HasStaticShape() {
			return tcp.BuildConst(rw, loc, ir.NewDenseInts(xt, []int64{v})).Result(0)
		}
		// Dynamic sizes (torch.take_along_dim on an index of dynamic
		// size): a unit-shaped constant broadcast to x's sizes.
		ones := tcpbuild.Ones(xt.Rank())
		c := tcp.BuildConst(rw, loc, ir.NewDenseInts(ir.RankedTensor(ones, elem), []int64{v})).Result(0)
		var axes, static []int64
		var sizes []ir.Value
		for d, n := range xt.Shape() {
			switch {
			case n == ir.Dynamic:
				sizes = append(sizes, tcpbuild.DimSize(rw, loc, x, d))
			case n != 1:
				sizes = append(sizes, tcpbuild.ConstantIndex(rw, loc, n))
			default:
				continue
			}
			axes = append(axes, int64(d))
			static = append(static, n)
		}
		return tcpbuild.BroadcastTo(rw, loc, c, axes, sizes, static)
	}
	cb, c0 := splat(b), splat(0)
	r := arith.Binary(rw, arith.RemSIName, loc, x, cb).Result(0)
	pred := arith.CmpSLT // b > 0: fix negative remainders
	if b < 0 {
		pred = arith.CmpSGT
	}
	wrong := arith.CmpI(rw, loc, pred, r, c0).Result(0)
	fixed := arith.Binary(rw, arith.AddIName, loc, r, cb).Result(0)
	return true, finish(op, rw, arith.Select(rw, loc, wrong, fixed, r).Result(0))
}

func convertIdentity(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if _, err := rankedVT(op, 0); err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	return true, finish(op, rw, x)
}
