package tftotcp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// TensorFlow's scatters become tcp.scatter_nd: tensor_scatter_* on the
// tensor (sub as add of the negated updates), ScatterNd on a tcp.const of
// zeros with combine add, the unsorted segment reductions on a tcp.const
// of TensorFlow's identity with the segment ids as 1-tuples. Mode "error"
// (TensorFlow on CPU), "drop" under bad_indices_policy IGNORE or
// convert-tf-to-tcp{gpu=true}. A segment id is dropped when negative and an
// error when >= num_segments on the CPU: a negative id is sent to row 0
// with the combine's neutral update (-0.0 for add, 1, -inf / +inf or the
// integer extremes for max / min), so that one scatter under mode error
// has both rules.
func (c converter) scatterConversions() []frontends.Conversion {
	var cs []frontends.Conversion
	for _, name := range []string{tf.TensorScatterUpdateName, tf.TensorScatterAddName, tf.TensorScatterSubName,
		tf.TensorScatterMinName, tf.TensorScatterMaxName} {
		cs = append(cs, frontends.Conversion{Root: name, Name: "TF" + name[3:] + "ToTcp", Convert: c.convertTensorScatter})
	}
	cs = append(cs, frontends.Conversion{Root: tf.ScatterNdName, Name: "TFScatterNdToTcp", Convert: c.convertScatterNd})
	for _, name := range []string{tf.UnsortedSegmentSumName, tf.UnsortedSegmentMaxName, tf.UnsortedSegmentMinName, tf.UnsortedSegmentProdName} {
		cs = append(cs, frontends.Conversion{Root: name, Name: "TF" + name[3:] + "ToTcp", Convert: c.convertUnsortedSegment})
	}
	return cs
}

func (c converter) scatterMode(op *ir.Operation) string {
	if c.gpu || op.StrAttr("bad_indices_policy") == "IGNORE" {
		return tcp.ModeDrop
	}
	return tcp.ModeError
}

// indicesOf returns the ranked indices operand as i32 or i64 (i16
// sign-extended) with a static tuple length.
func indicesOf(rw *ir.Rewriter, op *ir.Operation, v ir.Value, name string) (ir.Value, *ir.RankedTensorType, error) {
	q, err := tcpbuild.Ranked(v, name)
	if err != nil {
		return nil, nil, err
	}
	if q.Rank() < 1 || q.Dim(q.Rank()-1) == ir.Dynamic {
		return nil, nil, fmt.Errorf("the index tuple length (the last dim of %s) is dynamic; tcp.scatter_nd needs it static", name)
	}
	if !tcpbuild.IsIndexElement(q.Elem()) {
		rw.SetInsertionPointBefore(op)
		t := ir.RankedTensor(q.Shape(), ir.I64)
		return arith.Cast(rw, arith.ExtSIName, op.Loc(), v, t).Result(0), t, nil
	}
	return v, q, nil
}

func checkCombine(combine string, elem ir.Type) error {
	if combine == "sub" {
		combine = tcp.CombineAdd
	}
	if !tcp.CombineAllowed(combine, elem) {
		return fmt.Errorf("combine %q is not defined by tcp for element type %s", combine, elem)
	}
	return nil
}

// splat is a tcp.const of shape (static) and elem holding v (floats get
// fv).
func splat(rw *ir.Rewriter, loc ir.Location, shape []int64, elem ir.Type, v int64, fv float64) ir.Value {
	t := ir.RankedTensor(shape, elem)
	n := t.NumElements()
	var a *ir.DenseElementsAttr
	if ir.IsFloat(elem) {
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = fv
		}
		a = ir.NewDenseFloats(t, vals)
	} else {
		vals := make([]int64, n)
		for i := range vals {
			vals[i] = v
		}
		a = ir.NewDenseInts(t, vals)
	}
	return tcp.BuildConst(rw, loc, a).Result(0)
}

func static(shape []int64) bool {
	for _, d := range shape {
		if d == ir.Dynamic {
			return false
		}
	}
	return true
}

func (c converter) convertTensorScatter(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "tensor")
	if err != nil {
		return fail(op, err)
	}
	combine := tf.ScatterCombine[op.Name()]
	if err := checkCombine(combine, x.Elem()); err != nil {
		return fail(op, err)
	}
	u, err := tcpbuild.Ranked(op.Operand(2), "updates")
	if err != nil {
		return fail(op, err)
	}
	if combine == "sub" && !ir.IsFloat(x.Elem()) && !static(u.Shape()) {
		return fail(op, fmt.Errorf("subtracting integer updates of dynamic shape %s is not supported", u))
	}
	if err := tcpbuild.CheckResultType(op, x.Shape(), x.Elem()); err != nil {
		return fail(op, err)
	}
	idx, _, err := indicesOf(rw, op, op.Operand(1), "indices")
	if err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	upd := op.Operand(2)
	if combine == "sub" {
		if ir.IsFloat(x.Elem()) {
			upd = rw.Create(arith.NegFName, op.Loc(), []ir.Value{upd}, []ir.Type{u}, nil).Result(0)
		} else {
			upd = arith.Binary(rw, arith.SubIName, op.Loc(), splat(rw, op.Loc(), u.Shape(), u.Elem(), 0, 0), upd).Result(0)
		}
		combine = tcp.CombineAdd
	}
	v := tcpbuild.ScatterND(rw, op.Loc(), op.Operand(0), idx, upd, 0, combine, c.scatterMode(op))
	return true, tcpbuild.Replace(rw, op, v)
}

func (c converter) convertScatterNd(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	d, ok := ir.ConstantAttr(op.Operand(2)).(*ir.DenseElementsAttr)
	if !ok {
		return fail(op, fmt.Errorf("operand #2 (shape) is not a constant; the output shape must be known at compile time"))
	}
	shape := make([]int64, d.Type.NumElements())
	for i := range shape {
		if shape[i] = d.IntAt(i); shape[i] < 0 {
			return fail(op, fmt.Errorf("shape has a negative dim %d", shape[i]))
		}
	}
	u, err := tcpbuild.Ranked(op.Operand(1), "updates")
	if err != nil {
		return fail(op, err)
	}
	if err := checkCombine(tcp.CombineAdd, u.Elem()); err != nil {
		return fail(op, err)
	}
	if err := tcpbuild.CheckResultType(op, shape, u.Elem()); err != nil {
		return fail(op, err)
	}
	idx, _, err := indicesOf(rw, op, op.Operand(0), "indices")
	if err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	zeros := splat(rw, op.Loc(), shape, u.Elem(), 0, 0)
	v := tcpbuild.ScatterND(rw, op.Loc(), zeros, idx, op.Operand(1), 0, tcp.CombineAdd, c.scatterMode(op))
	return true, tcpbuild.Replace(rw, op, v)
}

// neutralUpdate is an update that leaves every value unchanged under
// combine: -0.0 (add; +0.0 would turn -0.0 into +0.0), 1 (mul), -inf / the
// lowest integer (max), +inf / the highest (min).
func neutralUpdate(combine string, elem ir.Type) (int64, float64) {
	switch combine {
	case tcp.CombineAdd:
		return 0, math.Copysign(0, -1)
	case tcp.CombineMax, tcp.CombineMin:
		if ir.IsFloat(elem) {
			if combine == tcp.CombineMax {
				return 0, math.Inf(-1)
			}
			return 0, math.Inf(1)
		}
	}
	return segmentIdentity(combine, elem)
}

// segmentIdentity is TensorFlow's start value of an unsorted segment
// reduction (int and float forms).
func segmentIdentity(combine string, elem ir.Type) (int64, float64) {
	switch combine {
	case tcp.CombineMul:
		return 1, 1
	case tcp.CombineMax, tcp.CombineMin:
		hi := combine == tcp.CombineMin
		if ft, ok := elem.(ir.FloatType); ok {
			m := math.MaxFloat64
			switch ft.Kind {
			case ir.F32:
				m = math.MaxFloat32
			case ir.F16:
				m = 65504
			case ir.BF16:
				m = 3.3895313892515355e38
			}
			if hi {
				return 0, m
			}
			return 0, -m
		}
		it := elem.(ir.IntegerType)
		if it.Width == 1 {
			if hi {
				return 1, 0
			}
			return 0, 0
		}
		if it.Sign == ir.Unsigned {
			if hi {
				return -1, 0
			}
			return 0, 0
		}
		if hi {
			return int64(uint64(1)<<(it.Width-1) - 1), 0
		}
		return -int64(uint64(1) << (it.Width - 1)), 0
	}
	return 0, 0
}

func (c converter) convertUnsortedSegment(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	nAttr, ok := ir.ConstantAttr(op.Operand(2)).(*ir.DenseElementsAttr)
	if !ok || nAttr.Type.NumElements() != 1 {
		return fail(op, fmt.Errorf("operand #2 (num_segments) is not a constant; the number of segments must be known at compile time"))
	}
	n := nAttr.IntAt(0)
	if n <= 0 {
		return fail(op, fmt.Errorf("num_segments %d leaves no row for the neutral updates of negative ids; at least 1 is supported", n))
	}
	x, err := tcpbuild.Ranked(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	s, err := tcpbuild.Ranked(op.Operand(1), "segment_ids")
	if err != nil {
		return fail(op, err)
	}
	combine := tf.SegmentCombine[op.Name()]
	if err := checkCombine(combine, x.Elem()); err != nil {
		return fail(op, err)
	}
	k := s.Rank()
	rest := x.Shape()[k:]
	if !static(rest) || !static(s.Shape()) {
		return fail(op, fmt.Errorf("data %s and segment_ids %s need static shapes (the initial tcp.const and the id remapping)", x, s))
	}
	out := append([]int64{n}, rest...)
	if err := tcpbuild.CheckResultType(op, out, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	ids, data := op.Operand(1), op.Operand(0)
	mode := tcp.ModeDrop
	if !c.gpu {
		// A negative id's row becomes the combine's neutral update at row 0
		// (x + -0.0, x * 1, max(x, -inf), min(x, +inf) are x), so only ids
		// >= n are out of range, and mode error raises for them.
		mode = tcp.ModeError
		sh, e := s.Shape(), s.Elem()
		neg := arith.CmpI(rw, loc, arith.CmpSLT, ids, splat(rw, loc, sh, e, 0, 0)).Result(0)
		ids = arith.Select(rw, loc, neg, splat(rw, loc, sh, e, 0, 0), ids).Result(0)
		mask, err := tcpbuild.ExpandTo(rw, loc, neg, append(append([]int64{}, sh...), tcpbuild.Ones(len(rest))...))
		if err != nil {
			return fail(op, err)
		}
		if len(rest) > 0 {
			var axes []int64
			var sizes []ir.Value
			for k, d := range rest {
				axes = append(axes, int64(len(sh)+k))
				sizes = append(sizes, tcpbuild.ConstantIndex(rw, loc, d))
			}
			mask = tcpbuild.BroadcastTo(rw, loc, mask, axes, sizes, rest)
		}
		nv, nf := neutralUpdate(combine, x.Elem())
		data = arith.Select(rw, loc, mask, splat(rw, loc, x.Shape(), x.Elem(), nv, nf), data).Result(0)
	}
	idx, err := tcpbuild.ExpandTo(rw, loc, ids, append(append([]int64{}, s.Shape()...), 1))
	if err != nil {
		return fail(op, err)
	}
	iv, fv := segmentIdentity(combine, x.Elem())
	base := splat(rw, loc, out, x.Elem(), iv, fv)
	v := tcpbuild.ScatterND(rw, loc, base, idx, data, 0, combine, mode)
	return true, tcpbuild.Replace(rw, op, v)
}
