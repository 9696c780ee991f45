package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// TensorFlow's ops around the gathers users write:
//
//	tf.ReverseV2 (constant axis)      -> tcp.slice with stride -1 on the axes
//	tf.Squeeze, tf.ExpandDims         -> tensor.collapse_shape / expand_shape
//	tf.Minimum, tf.Maximum, tf.AddV2  -> arith.minsi / maxsi / addi (addf)
//	tf.Less                           -> arith.cmpi slt
//	tf.SelectV2                       -> arith.select
//	tf.Relu                           -> arith.maxsi with 0
//
// The elementwise ops take signless integer operands (addf for float
// AddV2), broadcast numpy-style to the static result shape with
// tensor.expand_shape and tcp.broadcast_to. tf.experimental.numpy.take's
// Relu(Minimum(i, n - 1)) then folds into the gather's mode clip, and
// take_along_axis's SelectV2(i < 0, i + n, i) into wrap_negative
// (passes/idioms).
var _ = addVocab()

func addVocab() bool {
	for _, c := range []struct {
		root string
		fn   func(op *ir.Operation, rw *ir.Rewriter) (bool, error)
	}{
		{tf.ReverseV2Name, convertReverseV2},
		{tf.SqueezeName, convertSqueezeExpand},
		{tf.ExpandDimsName, convertSqueezeExpand},
		{tf.MinimumName, tfElementwise(arith.MinSIName, "")},
		{tf.MaximumName, tfElementwise(arith.MaxSIName, "")},
		{tf.AddV2Name, tfElementwise(arith.AddIName, arith.AddFName)},
		{tf.LessName, convertLess},
		{tf.SelectV2Name, convertSelectV2},
		{tf.ReluName, convertRelu},
	} {
		Frontend.Conversions = append(Frontend.Conversions, frontends.Conversion{Root: c.root, Name: "TFToTcp:" + c.root, Convert: c.fn})
	}
	return true
}

func convertReverseV2(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return fail(op, fmt.Errorf("the tensor type %s is not ranked", op.Operand(0).Type()))
	}
	d, ok := ir.ConstantAttr(op.Operand(1)).(*ir.DenseElementsAttr)
	if !ok {
		return fail(op, fmt.Errorf("axis is not a constant"))
	}
	r := int64(x.Rank())
	rev := map[int]bool{}
	for _, a := range d.Ints() {
		if a < -r || a >= r {
			return fail(op, fmt.Errorf("axis %d is out of range [%d, %d)", a, -r, r))
		}
		if a < 0 {
			a += r
		}
		if rev[int(a)] {
			return fail(op, fmt.Errorf("axis %d specified more than once", a))
		}
		rev[int(a)] = true
	}
	if err := tcpbuild.CheckResultType(op, x.Shape(), x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	if r == 0 {
		return true, tcpbuild.Replace(rw, op, op.Operand(0))
	}
	c := tcpbuild.NewIndexCache(rw, loc)
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	for i := 0; i < int(r); i++ {
		n := x.Dim(i)
		var size ir.Value
		if n == ir.Dynamic {
			size = tcpbuild.DimSize(rw, loc, op.Operand(0), i)
		} else {
			size = c.Get(n)
		}
		starts[i], sizes[i], strides[i] = c.Get(0), size, c.Get(1)
		if !rev[i] {
			continue
		}
		strides[i] = c.Get(-1)
		if n == ir.Dynamic {
			starts[i] = arith.Binary(rw, arith.SubIName, loc, size, c.Get(1)).Result(0)
		} else {
			starts[i] = c.Get(max(n-1, 0))
		}
	}
	v := tcp.BuildSlice(rw, loc, op.Operand(0), starts, sizes, strides, x).Result(0)
	if err := tcpbuild.Replace(rw, op, v); err != nil {
		return fail(op, err)
	}
	return true, nil
}

// convertSqueezeExpand: tf.Squeeze and tf.ExpandDims between static shapes
// only remove or insert unit dims: one collapse_shape or expand_shape to
// the result shape.
func convertSqueezeExpand(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	in, ok := staticRanked(op.Operand(0))
	if !ok {
		return fail(op, fmt.Errorf("the input type %s is not static", op.Operand(0).Type()))
	}
	var want []int64
	if op.Name() == tf.SqueezeName {
		s, why := tf.SqueezedShape(in.Shape(), tf.SqueezeDims(op))
		if why != "" {
			return fail(op, fmt.Errorf("%s", why))
		}
		want = s
	} else {
		d, ok := ir.ConstantAttr(op.Operand(1)).(*ir.DenseElementsAttr)
		if !ok || d.Type.NumElements() != 1 {
			return fail(op, fmt.Errorf("dim is not a one-element constant"))
		}
		a, r := d.IntAt(0), int64(in.Rank())
		if a < -r-1 || a > r {
			return fail(op, fmt.Errorf("dim %d is out of range [%d, %d]", a, -r-1, r))
		}
		if a < 0 {
			a += r + 1
		}
		want = append(append(append([]int64(nil), in.Shape()[:a]...), 1), in.Shape()[a:]...)
	}
	if err := tcpbuild.CheckResultType(op, want, in.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	var v ir.Value
	var err error
	if op.Name() == tf.SqueezeName {
		v, err = tcpbuild.CollapseTo(rw, op.Loc(), op.Operand(0), want)
	} else {
		v, err = tcpbuild.ExpandTo(rw, op.Loc(), op.Operand(0), want)
	}
	if err != nil {
		return fail(op, err)
	}
	if err := tcpbuild.Replace(rw, op, v); err != nil {
		return fail(op, err)
	}
	return true, nil
}

// broadcastOperands checks that op's operands and result are static and
// returns the operands broadcast numpy-style to the result shape.
func broadcastOperands(op *ir.Operation, rw *ir.Rewriter) ([]ir.Value, *ir.RankedTensorType, error) {
	out, ok := staticRanked(op.Result(0))
	if !ok {
		return nil, nil, fmt.Errorf("the result type %s is not static", op.Result(0).Type())
	}
	for i, v := range op.Operands() {
		t, ok := staticRanked(v)
		if !ok {
			return nil, nil, fmt.Errorf("operand #%d has type %s; static shapes are needed", i, v.Type())
		}
		if e, ok := t.Elem().(ir.IntegerType); ok && e.Sign != ir.Signless {
			return nil, nil, fmt.Errorf("operand #%d has element type %s; arith takes signless integers", i, e)
		}
		if t.Rank() > out.Rank() {
			return nil, nil, fmt.Errorf("operand #%d has a higher rank than the result %s", i, out)
		}
	}
	rw.SetInsertionPointBefore(op)
	var vs []ir.Value
	for _, v := range op.Operands() {
		t := v.Type().(*ir.RankedTensorType)
		padded := append(tcpbuild.Ones(out.Rank()-t.Rank()), t.Shape()...)
		e, err := tcpbuild.ExpandTo(rw, op.Loc(), v, padded)
		if err != nil {
			return nil, nil, err
		}
		var axes, static []int64
		var sizes []ir.Value
		for d, s := range padded {
			if s != out.Dim(d) {
				if s != 1 {
					return nil, nil, fmt.Errorf("operand shape %s does not broadcast to %s", t, out)
				}
				axes = append(axes, int64(d))
				sizes = append(sizes, tcpbuild.ConstantIndex(rw, op.Loc(), out.Dim(d)))
				static = append(static, out.Dim(d))
			}
		}
		vs = append(vs, tcpbuild.BroadcastTo(rw, op.Loc(), e, axes, sizes, static))
	}
	return vs, out, nil
}

func tfElementwise(intOp, floatOp string) func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	return func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		name := intOp
		elem := ir.ElementType(op.Result(0).Type())
		if ir.IsFloat(elem) {
			name = floatOp
		}
		if it, ok := elem.(ir.IntegerType); ok && it.Width == 1 {
			name = ""
		}
		if name == "" {
			return fail(op, fmt.Errorf("element type %s is not supported (signed integer index arithmetic)", elem))
		}
		vs, _, err := broadcastOperands(op, rw)
		if err != nil {
			return fail(op, err)
		}
		rw.ReplaceOp(op, []ir.Value{arith.Binary(rw, name, op.Loc(), vs[0], vs[1]).Result(0)})
		return true, nil
	}
}

func convertLess(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	elem := ir.ElementType(op.Operand(0).Type())
	if it, ok := elem.(ir.IntegerType); !ok || it.Width == 1 {
		return fail(op, fmt.Errorf("comparing %s is not supported (integer comparisons only)", elem))
	}
	vs, _, err := broadcastOperands(op, rw)
	if err != nil {
		return fail(op, err)
	}
	rw.ReplaceOp(op, []ir.Value{arith.CmpI(rw, op.Loc(), arith.CmpSLT, vs[0], vs[1]).Result(0)})
	return true, nil
}

func convertSelectV2(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	vs, _, err := broadcastOperands(op, rw)
	if err != nil {
		return fail(op, err)
	}
	rw.ReplaceOp(op, []ir.Value{arith.Select(rw, op.Loc(), vs[0], vs[1], vs[2]).Result(0)})
	return true, nil
}

func convertRelu(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t, ok := staticRanked(op.Operand(0))
	if !ok {
		return fail(op, fmt.Errorf("the features type %s is not static", op.Operand(0).Type()))
	}
	if it, ok := t.Elem().(ir.IntegerType); !ok || it.Width == 1 || it.Sign != ir.Signless {
		return fail(op, fmt.Errorf("element type %s is not supported (signed integer index arithmetic)", t.Elem()))
	}
	rw.SetInsertionPointBefore(op)
	zero := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(t, []int64{0})).Result(0)
	rw.ReplaceOp(op, []ir.Value{arith.Binary(rw, arith.MaxSIName, op.Loc(), op.Operand(0), zero).Result(0)})
	return true, nil
}
