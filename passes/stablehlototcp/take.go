package stablehlototcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// takePattern recognizes the take / index_select / GatherV2 gather of
// docs/semantics.md §6: start_index_map = collapsed_slice_dims = [a], batching
// dims [0, b) on both sides (b <= a), an index vector of length 1 (implicit,
// or an explicit trailing dim of size 1), slice sizes equal to the operand
// dims except 1 at a and at the batching dims, and offset_dims placing the
// operand dims around the index dims in order, so that the result is
// Q[:b] ++ X[b:a] ++ Q[b:] ++ X[a+1:] (Q: the start-indices dims without
// the index vector). It returns a and b.
func takePattern(p gatherPlan) (a, nb int, ok bool) {
	d := p.d
	if len(d.StartIndexMap) != 1 || !slices.Equal(d.CollapsedSliceDims, d.StartIndexMap) {
		return 0, 0, false
	}
	a = int(d.StartIndexMap[0])
	nb = len(d.OperandBatchingDims)
	for i := 0; i < nb; i++ {
		if d.OperandBatchingDims[i] != int64(i) || d.StartIndicesBatchingDims[i] != int64(i) {
			return 0, 0, false
		}
	}
	if nb > a {
		return 0, 0, false
	}
	S, X := rt(p.s).Shape(), rt(p.x).Shape()
	q := len(S)
	ivd := int(d.IndexVectorDim)
	qq := q
	switch {
	case ivd == q:
	case ivd == q-1 && S[q-1] == 1:
		qq = q - 1
	default:
		return 0, 0, false
	}
	if nb > qq {
		return 0, 0, false
	}
	for i, s := range p.sizes {
		switch {
		case i == a || i < nb:
			if s != 1 {
				return 0, 0, false
			}
		case p.full != nil && p.full[i]:
		case X[i] == ir.Dynamic || s != X[i]:
			return 0, 0, false
		}
	}
	r := len(X)
	var want []int64
	for i := nb; i < a; i++ {
		want = append(want, int64(i))
	}
	for i := a + qq - nb; i < r+qq-nb-1; i++ {
		want = append(want, int64(i))
	}
	if !slices.Equal(want, d.OffsetDims) && !(len(want) == 0 && len(d.OffsetDims) == 0) {
		return 0, 0, false
	}
	return a, nb, true
}

// take converts the take pattern with the shared §5.1 recipe
// (tcpbuild.SliceGather) under mode clip: the slice size at a is 1, so the
// spec's clamp to [0, dim - 1] is clip's.
func (bb b) take(p gatherPlan, a, nb int) (ir.Value, error) {
	s := p.s
	q := rt(s).Rank()
	var collapsed ir.Value
	if int(p.d.IndexVectorDim) == q-1 {
		s = bb.dropUnits(s, []int{q - 1})
		collapsed = s
	}
	s = bb.indexElem(s)
	v, err := tcpbuild.SliceGather(bb.rw, bb.loc, p.x, s, a, nb, tcp.ModeClip, true)
	if err != nil {
		return nil, err
	}
	// The recipe may expand the indices right back to the explicit
	// index-vector shape: use the start indices themselves then.
	if collapsed != nil && ir.HasOneUse(collapsed) {
		if e := collapsed.FirstUse().Owner(); e.Name() == tensor.ExpandShapeName && e.Result(0).Type() == p.s.Type() {
			c := collapsed.(*ir.OpResult).Owner()
			bb.rw.ReplaceOp(e, []ir.Value{p.s})
			bb.rw.EraseOp(c)
		}
	}
	if v.Type() != ir.Type(p.out) {
		v = tensor.Cast(bb.rw, bb.loc, v, p.out).Result(0)
	}
	return v, nil
}

// elementsPattern recognizes the gather_elements gather (jax's
// take_along_axis, torch.gather, onnx.GatherElements): every operand dim
// but a is a batching dim, paired with the start-indices dim of the same
// position; start_index_map = collapsed_slice_dims = [a]; all slice sizes
// 1; no offset dims; the index vector has length 1 (implicit, or an
// explicit trailing dim of size 1). Then
// result[p] = operand[p with p[a] := clamp(idx[p], 0, dim_a - 1)], which is
// tcp.gather {dim = a, mode = "clip"}.
func elementsPattern(p gatherPlan) (a int, ok bool) {
	d := p.d
	if len(d.StartIndexMap) != 1 || !slices.Equal(d.CollapsedSliceDims, d.StartIndexMap) || len(d.OffsetDims) != 0 {
		return 0, false
	}
	a = int(d.StartIndexMap[0])
	X, S := rt(p.x).Shape(), rt(p.s).Shape()
	r, q := len(X), len(S)
	ivd := int(d.IndexVectorDim)
	switch {
	case ivd == q && q == r:
	case ivd == q-1 && S[q-1] == 1 && q-1 == r:
	default:
		return 0, false
	}
	if len(d.OperandBatchingDims) != r-1 {
		return 0, false
	}
	for i, od := range d.OperandBatchingDims {
		if od == int64(a) || d.StartIndicesBatchingDims[i] != od {
			return 0, false
		}
	}
	for _, s := range p.sizes {
		if s != 1 {
			return 0, false
		}
	}
	return a, true
}

// elements converts the gather_elements pattern to one tcp.gather.
func (bb b) elements(p gatherPlan, a int) ir.Value {
	s := p.s
	if q := rt(s).Rank(); int(p.d.IndexVectorDim) == q-1 {
		s = bb.dropUnits(s, []int{q - 1})
	}
	s = bb.indexElem(s)
	v := tcp.BuildGather(bb.rw, bb.loc, p.x, s, int64(a), tcp.ModeClip, ir.RankedTensor(rt(s).Shape(), rt(p.x).Elem())).Result(0)
	if v.Type() != ir.Type(p.out) {
		return tensor.Cast(bb.rw, bb.loc, v, p.out).Result(0)
	}
	return v
}
