package stablehlototcp

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// iotaConcatPattern recognizes the gather_elements gather in the iota-concat
// form (onnx-mlir's and older jax's lowering of GatherElements /
// take_along_axis): start_index_map = collapsed_slice_dims = [0, r), all
// slice sizes 1, no offset or batching dims, and start indices that are a
// concatenation along the trailing index-vector dim of r unit-width parts,
// where every part k but one (a) provably holds coordinate k (an iota along
// k, seen through reshapes, or a constant with those values) and the batch
// dims are no larger than the operand's. Then the gather is
// tcp.gather {dim = a, mode = "clip"} on part a: the iota components are in
// range, so clamping them changes nothing, and part a clamps to
// [0, dim_a - 1]. It returns part a and a.
func iotaConcatPattern(p gatherPlan) (ir.Value, int, bool) {
	d := p.d
	X, S := rt(p.x).Shape(), rt(p.s).Shape()
	r, q := len(X), len(S)
	if len(d.OffsetDims) != 0 || len(d.OperandBatchingDims) != 0 || len(d.StartIndexMap) != r || q != r+1 || int(d.IndexVectorDim) != r {
		return nil, 0, false
	}
	for k := 0; k < r; k++ {
		if d.StartIndexMap[k] != int64(k) || len(d.CollapsedSliceDims) != r || d.CollapsedSliceDims[k] != int64(k) || p.sizes[k] != 1 {
			return nil, 0, false
		}
	}
	res, ok := p.s.(*ir.OpResult)
	if !ok {
		return nil, 0, false
	}
	cat := res.Owner()
	var dim int64
	switch {
	case stablehlo.Is(cat, stablehlo.ConcatenateName):
		dim = cat.IntAttr("dimension")
	case cat.Name() == tensor.ConcatName:
		dim = cat.IntAttr("dim")
	default:
		return nil, 0, false
	}
	parts := cat.Operands()
	if dim != int64(r) || len(parts) != r {
		return nil, 0, false
	}
	a := -1
	for k, part := range parts {
		if sh := rt(part).Shape(); sh[r] != 1 {
			return nil, 0, false
		}
		if isIota(part, k) && S[k] != ir.Dynamic && X[k] != ir.Dynamic && S[k] <= X[k] {
			continue
		}
		if a >= 0 {
			return nil, 0, false
		}
		a = k
	}
	if a < 0 {
		a = 0 // every part is an iota: any one may serve as the index
	}
	return parts[a], a, true
}

// isIota reports whether v (static, integer) provably holds coordinate k
// of its own shape at every position: an iota along k, or a constant with
// those values, possibly seen through reshapes (which keep the row-major
// order of the values).
func isIota(v ir.Value, k int) bool {
	t := rt(v)
	if !t.HasStaticShape() {
		return false
	}
	vals, ok := constInts(v)
	if !ok || int64(len(vals)) != t.NumElements() {
		return false
	}
	strides := make([]int64, t.Rank())
	s := int64(1)
	for i := t.Rank() - 1; i >= 0; i-- {
		strides[i] = s
		s *= t.Dim(i)
	}
	for i, x := range vals {
		if x != (int64(i)/strides[k])%t.Dim(k) {
			return false
		}
	}
	return true
}

// constInts returns the values of v in row-major order when they are known
// at compile time: an iota or an integer constant, seen through reshapes.
func constInts(v ir.Value) ([]int64, bool) {
	res, ok := v.(*ir.OpResult)
	if !ok {
		return nil, false
	}
	op := res.Owner()
	t := rt(v)
	switch {
	case stablehlo.Is(op, stablehlo.ReshapeName), stablehlo.Is(op, stablehlo.DynamicReshapeName),
		op.Name() == tensor.ExpandShapeName, op.Name() == tensor.CollapseShapeName:
		if !t.HasStaticShape() {
			return nil, false
		}
		return constInts(op.Operand(0))
	case stablehlo.Is(op, stablehlo.IotaName), stablehlo.Is(op, stablehlo.DynamicIotaName):
		if !t.HasStaticShape() {
			return nil, false
		}
		k := int(op.IntAttr("iota_dimension"))
		vals := make([]int64, t.NumElements())
		stride := int64(1)
		for i := k + 1; i < t.Rank(); i++ {
			stride *= t.Dim(i)
		}
		for i := range vals {
			vals[i] = (int64(i) / stride) % t.Dim(k)
		}
		return vals, true
	case stablehlo.Is(op, stablehlo.ConstantName), op.Name() == tcp.ConstName, op.Name() == arith.ConstantName:
		a, ok := op.Attr("value").(*ir.DenseElementsAttr)
		if !ok || (!ir.IsInteger(a.Type.Elem()) && a.Type.Elem() != ir.Index) {
			return nil, false
		}
		vals := make([]int64, a.Type.NumElements())
		for i := range vals {
			j := i
			if a.Splat {
				j = 0
			}
			vals[i] = a.IntAt(j)
		}
		return vals, true
	}
	return nil, false
}

// iotaConcat converts the iota-concat pattern: part a, without its unit
// dim, indexes dim a of one tcp.gather.
func (bb b) iotaConcat(p gatherPlan, part ir.Value, a int) ir.Value {
	s := bb.dropUnits(part, []int{rt(part).Rank() - 1})
	s = bb.indexElem(s)
	v := tcp.BuildGather(bb.rw, bb.loc, p.x, s, int64(a), tcp.ModeClip, ir.RankedTensor(rt(s).Shape(), rt(p.x).Elem())).Result(0)
	if v.Type() != ir.Type(p.out) {
		return tensor.Cast(bb.rw, bb.loc, v, p.out).Result(0)
	}
	return v
}
