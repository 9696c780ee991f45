package tftotcp

import (
	function "github.com/tcp-project/tcp/dialect/func"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// --refine-func-result-types: a function that no func.call refers to
// returns the more static value when a result goes through a tensor.cast
// to a less static type (tensor<*xf32>, tensor<?xf32>), and its function
// type says so. TensorFlow's converter declares unranked results
// (tensor<*xf32>) that the conversion knows exactly; after this pass every
// converted function has the ranked types.

func init() {
	pass.Register(&pass.Info{
		Argument:    "refine-func-result-types",
		Name:        "RefineFuncResultTypes",
		Description: "Return the more static value of a tensor.cast at a function's return and refine the result types (uncalled functions)",
		// A module pass: whether a function is called is a property of the
		// module, and a refined signature is visible to every caller.
		Anchor: ir.ModuleName,
		New:    func(pass.Options) (pass.Pass, error) { return refineResults{}, nil },
	})
}

type refineResults struct{}

func (refineResults) Info() *pass.Info { return pass.Lookup("refine-func-result-types") }

func (refineResults) Run(root *ir.Operation) error {
	called := function.CalledNames(root)
	var fns []*ir.Operation
	root.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op.Name() == function.FuncName {
			fns = append(fns, op)
		}
	})
	for _, f := range fns {
		fo := function.FuncOp{Operation: f}
		if fo.IsDeclaration() || called[fo.Name()] {
			continue
		}
		ft := fo.Type()
		results := append([]ir.Type{}, ft.Results()...)
		var rets []*ir.Operation
		for _, op := range fo.Body().Ops() {
			if op.Name() == function.ReturnName {
				rets = append(rets, op)
			}
		}
		if len(rets) != 1 {
			continue
		}
		ret := rets[0]
		for i, v := range ret.Operands() {
			d := v.DefiningOp()
			if d == nil || d.Name() != tensord.CastName {
				continue
			}
			src, ok := d.Operand(0).Type().(*ir.RankedTensorType)
			if !ok || !moreStatic(src, v.Type()) {
				continue
			}
			ret.SetOperand(i, d.Operand(0))
			if d.UseEmpty() {
				d.Erase()
			}
			results[i] = src
		}
		f.SetAttr("function_type", ir.TypeAttr{Type: ir.Function(ft.Inputs(), results)})
	}
	return nil
}

// moreStatic: a is ranked and at least as static as b everywhere.
func moreStatic(a *ir.RankedTensorType, b ir.Type) bool {
	switch b := b.(type) {
	case *ir.UnrankedTensorType:
		return true
	case *ir.RankedTensorType:
		if a.Rank() != b.Rank() {
			return false
		}
		for i := 0; i < a.Rank(); i++ {
			if b.Dim(i) != ir.Dynamic && a.Dim(i) != b.Dim(i) {
				return false
			}
		}
		return true
	}
	return false
}
