package idioms

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/ir"
)

// A clamp written as compares and selects (ONNX's Greater/Less + Where,
// MXNet's take(mode='clip')) becomes arith.minsi/maxsi, so that
// GatherOfClampedIndex sees the clamp:
//
//	select(a > b, b, a)  (also a >= b)  -> minsi(a, b)
//	select(a < b, b, a)  (also a <= b)  -> maxsi(a, b)
//	select(a < c, c, minsi(a, m))       -> maxsi(minsi(a, m), c)
//	    for splat constants c <= m: if a < c then minsi(a, m) = a < c,
//	    else minsi(a, m) >= c, so both pick the same value.
//
// "b" matches the same value or a splat integer constant equal to it (the
// exporters' constants are broadcast separately for each use).
func init() {
	ir.Global.AddCanonicalizationPatterns(arith.SelectName,
		&ir.PatternFunc{RootName: arith.SelectName, PatternName: "SelectOfCompareToMinMax", Fn: selectToMinMax})
}

// same reports whether a and b are one value or equal splat integer
// constants of one type.
func same(a, b ir.Value) bool {
	if a == b {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	x, ok1 := arith.SplatIntValue(a)
	y, ok2 := arith.SplatIntValue(b)
	return ok1 && ok2 && x == y
}

func selectToMinMax(sel *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if sel.NumOperands() != 3 {
		return false, nil
	}
	cmp := sel.Operand(0).DefiningOp()
	if cmp == nil || cmp.Name() != arith.CmpIName || cmp.NumOperands() != 2 {
		return false, nil
	}
	a, b := cmp.Operand(0), cmp.Operand(1)
	t, f := sel.Operand(1), sel.Operand(2)
	if t.Type() != sel.Result(0).Type() || a.Type() != t.Type() {
		return false, nil
	}
	var name string
	var x, y ir.Value
	switch p := arith.Predicate(cmp); {
	case (p == arith.CmpSGT || p == arith.CmpSGE) && same(t, b) && same(f, a):
		name, x, y = arith.MinSIName, a, b
	case (p == arith.CmpSLT || p == arith.CmpSLE) && same(t, b) && same(f, a):
		name, x, y = arith.MaxSIName, a, b
	case p == arith.CmpSLT && same(t, b):
		c, ok := arith.SplatIntValue(b)
		if !ok {
			return false, nil
		}
		mn := f.DefiningOp()
		if mn == nil || mn.Name() != arith.MinSIName {
			return false, nil
		}
		var m int64
		switch {
		case mn.Operand(0) == a:
			m, ok = arith.SplatIntValue(mn.Operand(1))
		case mn.Operand(1) == a:
			m, ok = arith.SplatIntValue(mn.Operand(0))
		default:
			return false, nil
		}
		if !ok || c > m {
			return false, nil
		}
		name, x, y = arith.MaxSIName, f, t
	default:
		return false, nil
	}
	rw.SetInsertionPointBefore(sel)
	rw.ReplaceOp(sel, []ir.Value{arith.Binary(rw, name, sel.Loc(), x, y).Result(0)})
	return true, nil
}
