package onnxtotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Mode is the tcp index mode of every ONNX gather.
const Mode = tcp.ModeWrapNegative

// Frontend is the onnx frontend as registered in passes/frontends.
var Frontend = frontends.Frontend{
	Name:     "onnx",
	Dialects: []string{"onnx"},
	Conversions: []frontends.Conversion{
		{Root: onnx.GatherName, Name: "ONNXGatherToTcp", Convert: convertGather},
		{Root: onnx.GatherElementsName, Name: "ONNXGatherElementsToTcp", Convert: convertGatherElements},
		{Root: onnx.GatherNDName, Name: "ONNXGatherNDToTcp", Convert: convertGatherND},
		{Root: onnx.SliceName, Name: "ONNXSliceToTcp", Convert: convertSlice},
		{Root: onnx.ConstantName, Name: "ONNXConstantToTcp", Convert: convertConstant},
	},
}

func init() {
	frontends.Register(Frontend)
	pass.Register(frontends.NewPassInfo("convert-onnx-to-tcp", "Convert the onnx dialect (onnx-mlir) to tcp", "onnx"))
}

// fail is the located conversion error.
func fail(op *ir.Operation, err error) (bool, error) {
	return false, op.EmitOpError("cannot be converted to tcp: %v", err)
}

// dataAndIndices returns the ranked types of a gather's data and indices.
func dataAndIndices(op *ir.Operation) (x, q *ir.RankedTensorType, err error) {
	if x, err = tcpbuild.Ranked(op.Operand(0), "data"); err != nil {
		return nil, nil, err
	}
	if q, err = tcpbuild.Ranked(op.Operand(1), "indices"); err != nil {
		return nil, nil, err
	}
	return x, q, nil
}

func convertGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, q, err := dataAndIndices(op)
	if err != nil {
		return fail(op, err)
	}
	a, ok := tcpbuild.NormalizeAxis(onnx.Axis(op), x.Rank())
	if !ok {
		return fail(op, fmt.Errorf("axis %d is out of range for data of rank %d", onnx.Axis(op), x.Rank()))
	}
	if err := tcpbuild.CheckResultType(op, tcpbuild.SliceGatherShape(x.Shape(), q.Shape(), a, 0, true), x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	v, err := tcpbuild.SliceGather(rw, op.Loc(), op.Operand(0), op.Operand(1), a, 0, Mode, true)
	if err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, v)
}

func convertGatherElements(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, q, err := dataAndIndices(op)
	if err != nil {
		return fail(op, err)
	}
	a, ok := tcpbuild.NormalizeAxis(onnx.Axis(op), x.Rank())
	if !ok || x.Rank() != q.Rank() {
		return fail(op, fmt.Errorf("expects data and indices of equal rank with axis in range"))
	}
	for d := range x.Rank() {
		if d != a && x.Dim(d) != ir.Dynamic && q.Dim(d) != ir.Dynamic && q.Dim(d) > x.Dim(d) {
			return fail(op, fmt.Errorf("indices dim %d (size %d) exceeds the data dim (size %d)", d, q.Dim(d), x.Dim(d)))
		}
	}
	if err := tcpbuild.CheckResultType(op, q.Shape(), x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	g := tcp.BuildGather(rw, op.Loc(), op.Operand(0), op.Operand(1), int64(a), Mode, ir.RankedTensor(q.Shape(), x.Elem()))
	return true, tcpbuild.Replace(rw, op, g.Result(0))
}

func convertGatherND(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, q, err := dataAndIndices(op)
	if err != nil {
		return fail(op, err)
	}
	m := q.Dim(q.Rank() - 1)
	if m == ir.Dynamic {
		return fail(op, fmt.Errorf("the index tuple length (the last dim of indices) is dynamic; tcp.gather_nd needs it static"))
	}
	b := onnx.BatchDims(op)
	shape := append(append([]int64{}, q.Shape()[:q.Rank()-1]...), x.Shape()[b+m:]...)
	if err := tcpbuild.CheckResultType(op, shape, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	g := tcp.BuildGatherND(rw, op.Loc(), op.Operand(0), op.Operand(1), b, Mode, ir.RankedTensor(shape, x.Elem()))
	return true, tcpbuild.Replace(rw, op, g.Result(0))
}

// constantVector reads a 1-D constant operand (nil for none).
func constantVector(op *ir.Operation, i int, name string) ([]int64, error) {
	v := op.Operand(i)
	if v.Type() == ir.None {
		return nil, nil
	}
	d, ok := constValue(v, 16).(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("operand #%d (%s) is not a constant", i, name)
	}
	n := d.Type.NumElements()
	out := make([]int64, n)
	for k := range out {
		out[k] = d.IntAt(k)
	}
	return out, nil
}

func convertSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	var vecs [4][]int64
	for i, name := range []string{"starts", "ends", "axes", "steps"} {
		if vecs[i], err = constantVector(op, 1+i, name); err != nil {
			return fail(op, err)
		}
	}
	r := x.Rank()
	// Sliced dims must be static (ONNX clamps against their sizes); the
	// others are kept whole, dynamic or not.
	dims := append([]int64{}, x.Shape()...)
	sliced := make([]bool, r)
	for k := range vecs[0] {
		a := int64(k)
		if vecs[2] != nil && k < len(vecs[2]) {
			a = vecs[2][k]
		}
		if a < 0 {
			a += int64(r)
		}
		if a >= 0 && a < int64(r) {
			sliced[a] = true
		}
	}
	// A dynamic dim may be sliced whole, forward or reversed (x.flip(0)
	// with dynamic_axes: Slice(x, [-1], [-INT64_MAX], [0], [-1])): those
	// starts and ends clamp to the same place for every size.
	whole := make([]int64, r) // +1 forward, -1 reversed
	for k := range vecs[0] {
		a := int64(k)
		if vecs[2] != nil && k < len(vecs[2]) {
			a = vecs[2][k]
		}
		if a < 0 {
			a += int64(r)
		}
		if a < 0 || a >= int64(r) || x.Dim(int(a)) != ir.Dynamic || k >= len(vecs[1]) {
			continue
		}
		step := int64(1)
		if vecs[3] != nil && k < len(vecs[3]) {
			step = vecs[3][k]
		}
		st, en := vecs[0][k], vecs[1][k]
		const big = int64(1) << 62
		switch {
		case step == 1 && (st == 0 || st <= -big) && en >= big:
			whole[a] = 1
		case step == -1 && (st == -1 || st >= big) && en <= -big:
			whole[a] = -1
		}
	}
	for d := range dims {
		if dims[d] == ir.Dynamic {
			if sliced[d] && whole[d] == 0 {
				return fail(op, fmt.Errorf("dim %d of data is sliced but dynamic; its size is needed to clamp starts and ends (only a whole dim, forward or reversed, is sliced without it)", d))
			}
			dims[d] = 0
		}
	}
	starts, sizes, strides, err := kernel.ONNXSliceParams(dims, vecs[0], vecs[1], vecs[2], vecs[3])
	if err != nil {
		return fail(op, err)
	}
	shape := append([]int64{}, sizes...)
	for d := range shape {
		if x.Dim(d) == ir.Dynamic {
			shape[d] = ir.Dynamic
		}
	}
	if err := tcpbuild.CheckResultType(op, shape, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	var st, sz, sd []ir.Value
	for d := range r {
		st = append(st, c.Get(starts[d]))
		if x.Dim(d) == ir.Dynamic {
			n := tensor.Dim(rw, op.Loc(), op.Operand(0), c.Get(int64(d))).Result(0)
			sz = append(sz, n)
			if whole[d] == -1 {
				// Reversed: from n-1 downward (no read when n is 0).
				st[d] = arith.Binary(rw, arith.SubIName, op.Loc(), n, c.Get(1)).Result(0)
				strides[d] = -1
			} else {
				st[d] = c.Get(0)
				strides[d] = 1
			}
		} else {
			sz = append(sz, c.Get(sizes[d]))
		}
	}
	for d := range r {
		sd = append(sd, c.Get(strides[d]))
	}
	s := tcp.BuildSlice(rw, op.Loc(), op.Operand(0), st, sz, sd, ir.RankedTensor(shape, x.Elem()))
	return true, tcpbuild.Replace(rw, op, s.Result(0))
}

func convertConstant(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	d, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return fail(op, fmt.Errorf("expects a dense elements value"))
	}
	if !tcpbuild.CastCompatible(d.Type, op.Result(0).Type()) {
		return fail(op, fmt.Errorf("the value type %s is not compatible with the result type %s", d.Type, op.Result(0).Type()))
	}
	rw.SetInsertionPointBefore(op)
	return true, tcpbuild.Replace(rw, op, tcp.BuildConst(rw, op.Loc(), d).Result(0))
}
