package onnxtotcp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The shape plumbing (dialect/onnx shape.go), for static shapes:
//
//	onnx.Reshape   -> tensor.collapse_shape to 1-D + tensor.expand_shape
//	onnx.Unsqueeze, onnx.Squeeze, onnx.Flatten -> the same (each only
//	                  reshapes; the verifier has checked the result type
//	                  against the op's shape rule)
//	onnx.Transpose -> tcp.transpose
//	onnx.Concat    -> tensor.concat
//	onnx.Split     -> one tcp.slice per output (constant split sizes, or a
//	                  static dim)
//	onnx.Pad       -> refused unless folded (--import-onnx folds it when
//	                  its inputs are constants, as exporters' are)
var _ = addShape()

func addShape() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: onnx.ReshapeName, Name: "ONNXReshapeToTensor", Convert: convertReshape},
		frontends.Conversion{Root: onnx.UnsqueezeName, Name: "ONNXUnsqueezeToTensor", Convert: convertReshape},
		frontends.Conversion{Root: onnx.SqueezeName, Name: "ONNXSqueezeToTensor", Convert: convertReshape},
		frontends.Conversion{Root: onnx.FlattenName, Name: "ONNXFlattenToTensor", Convert: convertReshape},
		frontends.Conversion{Root: onnx.SplitName, Name: "ONNXSplitToTcp", Convert: convertSplit},
		frontends.Conversion{Root: onnx.TransposeName, Name: "ONNXTransposeToTcp", Convert: convertTranspose},
		frontends.Conversion{Root: onnx.ConcatName, Name: "ONNXConcatToTensor", Convert: convertConcat},
		frontends.Conversion{Root: onnx.PadName, Name: "ONNXPadToTcp", Convert: func(op *ir.Operation, _ *ir.Rewriter) (bool, error) {
			return fail(op, fmt.Errorf("only a Pad of constant inputs is supported (folded by --import-onnx)"))
		}},
	)
	return true
}

func staticOf(v ir.Value, what string) (*ir.RankedTensorType, error) {
	t, err := tcpbuild.Ranked(v, what)
	if err != nil {
		return nil, err
	}
	if !t.HasStaticShape() {
		return nil, fmt.Errorf("the %s type %s is not static", what, t)
	}
	return t, nil
}

func convertReshape(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := staticOf(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	r, err := staticOf(op.Result(0), "result")
	if err != nil {
		return fail(op, err)
	}
	if x.NumElements() != r.NumElements() {
		return fail(op, fmt.Errorf("the data %s and result %s differ in element count", x, r))
	}
	rw.SetInsertionPointBefore(op)
	v := op.Operand(0)
	if !slices.Equal(x.Shape(), r.Shape()) {
		flat := []int64{x.NumElements()}
		if x.Rank() != 1 {
			if v, err = collapseAll(rw, op.Loc(), v, flat); err != nil {
				return fail(op, err)
			}
		}
		if r.Rank() != 1 {
			if v, err = tcpbuild.ExpandTo(rw, op.Loc(), v, r.Shape()); err != nil {
				return fail(op, err)
			}
		}
	}
	return true, tcpbuild.Replace(rw, op, v)
}

// collapseAll collapses v into one dim (flat), including from rank 0.
func collapseAll(rw *ir.Rewriter, loc ir.Location, v ir.Value, flat []int64) (ir.Value, error) {
	t := v.Type().(*ir.RankedTensorType)
	if t.Rank() == 0 {
		return tcpbuild.ExpandTo(rw, loc, v, flat)
	}
	return tcpbuild.CollapseTo(rw, loc, v, flat)
}

func convertTranspose(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	perm, ok := onnx.Perm(op, x.Rank())
	if !ok {
		return fail(op, fmt.Errorf("perm is not a permutation of [0, %d)", x.Rank()))
	}
	p := make([]int64, len(perm))
	shape := make([]int64, len(perm))
	for k, d := range perm {
		p[k] = int64(d)
		shape[k] = x.Dim(d)
	}
	if err := tcpbuild.CheckResultType(op, shape, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	t := rw.Create(tcp.TransposeName, op.Loc(), []ir.Value{op.Operand(0)}, []ir.Type{ir.RankedTensor(shape, x.Elem())},
		[]ir.NamedAttr{{Name: "permutation", Value: &ir.DenseArrayAttr{Elem: ir.I64, Ints: p}}})
	return true, tcpbuild.Replace(rw, op, t.Result(0))
}

func convertConcat(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	var shapes [][]int64
	for i := 0; i < op.NumOperands(); i++ {
		t, err := tcpbuild.Ranked(op.Operand(i), fmt.Sprintf("input #%d", i))
		if err != nil {
			return fail(op, err)
		}
		shapes = append(shapes, t.Shape())
	}
	shape, err := onnx.ConcatShape(shapes, onnx.Axis(op))
	if err != nil {
		return fail(op, err)
	}
	a, _ := tcpbuild.NormalizeAxis(onnx.Axis(op), len(shape))
	rw.SetInsertionPointBefore(op)
	c := tensor.Concat(rw, op.Loc(), int64(a), op.Operands(), ir.RankedTensor(shape, ir.ElementType(op.Operand(0).Type())))
	return true, tcpbuild.Replace(rw, op, c.Result(0))
}

func convertSplit(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "input")
	if err != nil {
		return fail(op, err)
	}
	hasSplit := op.NumOperands() > 1 && op.Operand(1).Type() != ir.None
	var split []int64
	if hasSplit {
		d, ok := foldValue(op.Operand(1), 0).(*ir.DenseElementsAttr)
		if !ok {
			return fail(op, fmt.Errorf("the split sizes are not a constant"))
		}
		split = d.Ints()
	}
	shapes, err := onnx.SplitShapes(x.Shape(), onnx.Axis(op), split, hasSplit, op.NumResults())
	if err != nil {
		return fail(op, err)
	}
	if shapes == nil {
		return fail(op, fmt.Errorf("the split dim is dynamic and no split sizes are given"))
	}
	a, _ := tcpbuild.NormalizeAxis(onnx.Axis(op), x.Rank())
	for k, s := range shapes {
		if err := checkResultAt(op, k, s, x.Elem()); err != nil {
			return fail(op, err)
		}
	}
	rw.SetInsertionPointBefore(op)
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	var outs []ir.Value
	off := int64(0)
	for k, s := range shapes {
		starts, sizes, strides := make([]ir.Value, x.Rank()), make([]ir.Value, x.Rank()), make([]ir.Value, x.Rank())
		for d := range x.Rank() {
			starts[d], strides[d] = c.Get(0), c.Get(1)
			if s[d] == ir.Dynamic {
				sizes[d] = tcpbuild.DimSize(rw, op.Loc(), op.Operand(0), d)
			} else {
				sizes[d] = c.Get(s[d])
			}
		}
		starts[a] = c.Get(off)
		v := tcp.BuildSlice(rw, op.Loc(), op.Operand(0), starts, sizes, strides, ir.RankedTensor(s, x.Elem())).Result(0)
		cv, err := tcpbuild.CastTo(rw, op.Loc(), v, op.Result(k).Type())
		if err != nil {
			return fail(op, err)
		}
		outs = append(outs, cv)
		off += s[a]
	}
	rw.ReplaceOp(op, outs)
	return true, nil
}

// checkResultAt is tcpbuild.CheckResultType for result k.
func checkResultAt(op *ir.Operation, k int, shape []int64, elem ir.Type) error {
	if !tcpbuild.CastCompatible(ir.RankedTensor(shape, elem), op.Result(k).Type()) {
		return fmt.Errorf("output #%d has type %s, the split computes %s", k, op.Result(k).Type(), ir.RankedTensor(shape, elem))
	}
	return nil
}
