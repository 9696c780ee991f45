package conversion

import (
	"github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
)

// FuncSignaturePattern converts the signature of a func.func with tc: each
// argument of an illegal type gets the converted type, and a source
// materialization at the top of the body gives its old uses the original
// type; each func.return operand of an illegal result type is cast with a
// target materialization. It pairs with FuncLegal in a Target:
//
//	target.AddDynamicallyLegalOp("func.func", conversion.FuncLegal(tc))
//	patterns = append(patterns, conversion.FuncSignaturePattern(tc))
func FuncSignaturePattern(tc *TypeConverter) ir.Pattern {
	return &ir.PatternFunc{RootName: function.FuncName, PatternName: "func-signature-conversion", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		fn := function.FuncOp{Operation: op}
		ft := fn.Type()
		if ft == nil || tc.IsSignatureLegal(ft) {
			return false, nil
		}
		ins := make([]ir.Type, len(ft.Inputs()))
		for i, t := range ft.Inputs() {
			ins[i] = tc.ConvertType(t)
		}
		outs := make([]ir.Type, len(ft.Results()))
		for i, t := range ft.Results() {
			outs[i] = tc.ConvertType(t)
		}
		if !fn.IsDeclaration() {
			body := fn.Body()
			for i, a := range body.Arguments() {
				orig := a.Type()
				if ins[i] == orig {
					continue
				}
				uses := ir.Uses(a)
				a.SetType(ins[i])
				if len(uses) == 0 {
					continue
				}
				if first := body.First(); first != nil {
					rw.SetInsertionPointBefore(first)
				} else {
					rw.SetInsertionPointToEnd(body)
				}
				c, err := tc.MaterializeSource(rw, op.Loc(), orig, a)
				if err != nil {
					return false, err
				}
				for _, u := range uses {
					rw.ModifyInPlace(u.Owner(), func() { u.Set(c) })
				}
			}
			var rets []*ir.Operation
			op.Walk(ir.PreOrder, func(o *ir.Operation) {
				if o.Name() == function.ReturnName && o.ParentOp() == op {
					rets = append(rets, o)
				}
			})
			for _, r := range rets {
				for i := 0; i < r.NumOperands() && i < len(outs); i++ {
					v := r.Operand(i)
					if v.Type() == outs[i] {
						continue
					}
					rw.SetInsertionPointBefore(r)
					c, err := tc.MaterializeTarget(rw, r.Loc(), outs[i], v)
					if err != nil {
						return false, err
					}
					i := i
					rw.ModifyInPlace(r, func() { r.SetOperand(i, c) })
				}
			}
		}
		rw.ModifyInPlace(op, func() { op.SetAttr("function_type", ir.TypeAttr{Type: ir.Function(ins, outs)}) })
		return true, nil
	}}
}

// FuncLegal is the dynamic legality of func.func under tc: its signature
// has only legal types.
func FuncLegal(tc *TypeConverter) func(*ir.Operation) bool {
	return func(op *ir.Operation) bool {
		ft := function.FuncOp{Operation: op}.Type()
		return ft == nil || tc.IsSignatureLegal(ft)
	}
}
