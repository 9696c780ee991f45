package idioms

import (
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

func init() {
	ir.Global.AddCanonicalizationPatterns(tcp.GatherNDName,
		&ir.PatternFunc{RootName: tcp.GatherNDName, PatternName: "GatherNDOfIotaConcat", Fn: foldIotaConcat})
}

func batchDims(op *ir.Operation) int64 {
	if a, ok := op.Attr("batch_dims").(ir.IntegerAttr); ok {
		return a.Value
	}
	return 0
}

// foldIotaConcat: gather_nd(x, concat(C, I), batch_dims = 0) with C[p, j]
// = p_j (j < k) -> gather_nd(x, I, batch_dims = k).
func foldIotaConcat(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if batchDims(op) != 0 {
		return false, nil
	}
	cat := op.Operand(1).DefiningOp()
	if cat == nil || cat.Name() != tensord.ConcatName || cat.NumOperands() != 2 {
		return false, nil
	}
	it, ok := op.Operand(1).Type().(*ir.RankedTensorType)
	if !ok || !it.HasStaticShape() || cat.IntAttr("dim") != int64(it.Rank()-1) {
		return false, nil
	}
	c, ok := ir.ConstantAttr(cat.Operand(0)).(*ir.DenseElementsAttr)
	if !ok || !c.Type.HasStaticShape() {
		return false, nil
	}
	x, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false, nil
	}
	q := it.Rank() - 1 // leading dims P of the index
	k := int(c.Type.Dim(q))
	if k < 1 || k > q || k > x.Rank() {
		return false, nil
	}
	for j := 0; j < k; j++ {
		if x.Dim(j) == ir.Dynamic || x.Dim(j) != it.Dim(j) {
			return false, nil
		}
	}
	// C[p..., j] == p_j for every position.
	shape := c.Type.Shape()
	n := int(c.Type.NumElements())
	pos := make([]int64, len(shape))
	for f := 0; f < n; f++ {
		rem := int64(f)
		for d := len(shape) - 1; d >= 0; d-- {
			pos[d] = rem % shape[d]
			rem /= shape[d]
		}
		idx := f
		if c.Splat {
			idx = 0
		}
		if c.IntAt(idx) != pos[pos[q]] {
			return false, nil
		}
	}
	var attrs []ir.NamedAttr
	for _, a := range op.Attrs() {
		if a.Name != "batch_dims" {
			attrs = append(attrs, a)
		}
	}
	attrs = append(attrs, ir.NamedAttr{Name: "batch_dims", Value: ir.IndexAttr(int64(k))})
	rw.SetInsertionPointBefore(op)
	g := rw.Create(tcp.GatherNDName, op.Loc(), []ir.Value{op.Operand(0), cat.Operand(1)}, []ir.Type{op.Result(0).Type()}, attrs)
	rw.ReplaceOp(op, []ir.Value{g.Result(0)})
	return true, nil
}
