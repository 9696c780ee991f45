package passtest

import (
	"sync"

	"github.com/tcp-project/tcp/ir"
)

var once sync.Once

// Register registers the test dialect in ir.Global; it may be called many
// times.
func Register() { once.Do(register) }

func register() {
	anyVariadic := []ir.OperandDef{{Name: "operands", Type: ir.AnyType, Variadic: true}}
	anyResults := []ir.ResultDef{{Name: "results", Type: ir.AnyType, Variadic: true}}
	ir.MustRegister(ir.OpDef{
		Name:    "test.constant",
		Summary: "a constant of any attribute value",
		Results: []ir.ResultDef{{Name: "result", Type: ir.AnyType}},
		Attrs:   []ir.AttrDef{{Name: "value", Kind: ir.AnyAttrKind, Required: true}},
		Traits:  []ir.Trait{ir.Pure, ir.ConstantLike},
		Fold: func(op *ir.Operation) []ir.OpFoldResult {
			return []ir.OpFoldResult{{Attr: op.Attr("value")}}
		},
	})
	ir.MustRegister(ir.OpDef{
		Name:     "test.pure",
		Summary:  "a side-effect-free op",
		Operands: anyVariadic,
		Results:  anyResults,
		Traits:   []ir.Trait{ir.Pure},
	})
	ir.MustRegister(ir.OpDef{
		Name:     "test.effect",
		Summary:  "an op with side effects",
		Operands: anyVariadic,
		Results:  anyResults,
		Regions:  []ir.RegionDef{{Name: "regions", Variadic: true}},
	})
	ir.MustRegister(ir.OpDef{
		Name:    "test.add",
		Summary: "integer addition",
		Operands: []ir.OperandDef{
			{Name: "lhs", Type: ir.AnyType},
			{Name: "rhs", Type: ir.AnyType},
		},
		Results: []ir.ResultDef{{Name: "result", Type: ir.AnyType}},
		Traits:  []ir.Trait{ir.Pure, ir.Commutative},
		Fold:    foldAdd,
	})
	ir.MustRegister(ir.OpDef{
		Name:         "test.neg",
		Summary:      "integer negation",
		Operands:     []ir.OperandDef{{Name: "operand", Type: ir.AnyType}},
		Results:      []ir.ResultDef{{Name: "result", Type: ir.AnyType}},
		Traits:       []ir.Trait{ir.Pure},
		Canonicalize: []ir.Pattern{&ir.PatternFunc{PatternName: "DoubleNeg", Fn: doubleNeg}},
	})
	ir.MustRegister(ir.OpDef{
		Name:     "test.region",
		Summary:  "a side-effect-free op with a region that sees values from above",
		Operands: anyVariadic,
		Results:  anyResults,
		Regions:  []ir.RegionDef{{Name: "body"}},
		Traits:   []ir.Trait{ir.Pure},
	})
	ir.MustRegister(ir.OpDef{
		Name:     "test.isolated",
		Summary:  "an op with an isolated-from-above region",
		Operands: anyVariadic,
		Results:  anyResults,
		Regions:  []ir.RegionDef{{Name: "body"}},
		Traits:   []ir.Trait{ir.IsolatedFromAbove},
	})
	ir.MustRegister(ir.OpDef{
		Name:     "test.yield",
		Summary:  "terminator of test regions",
		Operands: anyVariadic,
		Traits:   []ir.Trait{ir.Pure, ir.Terminator, ir.ReturnLike},
	})
	ir.MustRegister(ir.OpDef{
		Name:     "test.flip",
		Summary:  "an op whose canonicalization never converges",
		Operands: anyVariadic,
		Results:  anyResults,
		Attrs:    []ir.AttrDef{{Name: "flag", Kind: ir.UnitAttrKind}},
		Canonicalize: []ir.Pattern{&ir.PatternFunc{PatternName: "Flip", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			rw.ModifyInPlace(op, func() {
				if op.Attr("flag") != nil {
					op.RemoveAttr("flag")
				} else {
					op.SetAttr("flag", ir.UnitAttr{})
				}
			})
			return true, nil
		}}},
	})
	ir.RegisterConstantMaterializer("test", func(rw *ir.Rewriter, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		return rw.Create("test.constant", loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: value}})
	})
}

func constInt(v ir.Value) (ir.IntegerAttr, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "test.constant" {
		return ir.IntegerAttr{}, false
	}
	a, ok := def.Attr("value").(ir.IntegerAttr)
	return a, ok
}

func foldAdd(op *ir.Operation) []ir.OpFoldResult {
	l, lok := constInt(op.Operand(0))
	r, rok := constInt(op.Operand(1))
	t := op.Result(0).Type()
	switch {
	case lok && rok && l.Type == t && r.Type == t:
		return []ir.OpFoldResult{{Attr: ir.Int(l.Value+r.Value, t)}}
	case rok && r.Value == 0 && op.Operand(0).Type() == t:
		return []ir.OpFoldResult{{Value: op.Operand(0)}}
	}
	return nil
}

func doubleNeg(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	inner := op.Operand(0).DefiningOp()
	if inner == nil || inner.Name() != "test.neg" || inner.Operand(0).Type() != op.Result(0).Type() {
		return false, nil
	}
	rw.ReplaceOp(op, []ir.Value{inner.Operand(0)})
	return true, nil
}
