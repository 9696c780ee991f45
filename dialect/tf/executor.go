package tf

import (
	"github.com/tcp-project/tcp/ir"
)

// The tf_executor dialect's graph form, as tf.mlir.experimental.convert_function
// prints it with pass_pipeline="":
//
//	%0 = tf_executor.graph {
//	  %outputs, %control = tf_executor.island wraps "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
//	  ...
//	  tf_executor.fetch %outputs_2 : tensor<*xf32>
//	}
//
// Only data edges are supported: islands without control operands, each
// running its body once in order (TensorFlow's dataflow order is the
// textual order in the converter's output).

// Op names.
const (
	GraphName  = "tf_executor.graph"
	IslandName = "tf_executor.island"
	YieldName  = "tf_executor.yield"
	FetchName  = "tf_executor.fetch"
)

// ControlType is !tf_executor.control, the type of control tokens.
var ControlType = ir.Opaque("tf_executor", "control", "")

func isControl(t ir.Type) bool { return t == ControlType }

// dataTypes drops the control tokens from ts.
func dataTypes(ts []ir.Type) []ir.Type {
	var out []ir.Type
	for _, t := range ts {
		if !isControl(t) {
			out = append(out, t)
		}
	}
	return out
}

func terminatorOf(op *ir.Operation) *ir.Operation {
	if len(op.Regions()) != 1 || len(op.Region(0).Blocks) != 1 {
		return nil
	}
	return op.Region(0).Blocks[0].Last()
}

// Graph is tf_executor.graph.
var Graph = ir.MustRegister(ir.OpDef{
	Name:    GraphName,
	Summary: "a TensorFlow dataflow graph of islands",
	Description: `Runs the islands of its body and yields the data operands of its
tf_executor.fetch terminator as its results. Printed as "tf_executor.graph
{ ... }"; the result types are the fetch's data operand types.

Verifier rules: the body is one block ending in tf_executor.fetch, whose
data (non-control) operand types are the result types.`,
	Examples: []string{`%0 = tf_executor.graph {
  %outputs, %control = tf_executor.island wraps "tf.Identity"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  tf_executor.fetch %outputs : tensor<2xf32>
}`},
	Results: []ir.ResultDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Regions: []ir.RegionDef{{Name: "body"}},
	Traits:  []ir.Trait{},
	Parse: func(p ir.AsmParser, st *ir.ParseState) error {
		r, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		attrs, _, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		for _, a := range attrs {
			st.AddAttr(a.Name, a.Value)
		}
		var types []ir.Type
		if len(r.Blocks) == 1 && r.Blocks[0].Last() != nil && r.Blocks[0].Last().Name() == FetchName {
			types = dataTypes(r.Blocks[0].Last().OperandTypes())
		}
		st.ResultTypes[0] = types
		st.Regions = []*ir.Region{r}
		return nil
	},
	Print: func(p *ir.AsmPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintRegion(op.Region(0), false, false)
		p.PrintOptionalAttrDict(op, nil, false)
	},
	Verify: func(op *ir.Operation) error {
		f := terminatorOf(op)
		if f == nil || f.Name() != FetchName {
			return op.EmitOpError("expects a body of one block ending in %s", FetchName)
		}
		got, want := op.ResultTypes(), dataTypes(f.OperandTypes())
		if len(got) != len(want) {
			return op.EmitOpError("has %d results, the fetch has %d data operands", len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				return op.EmitOpError("result #%d has type %s, the fetch's operand %s", i, got[i], want[i])
			}
		}
		return nil
	},
})

// Island is tf_executor.island.
var Island = ir.MustRegister(ir.OpDef{
	Name:    IslandName,
	Summary: "a TensorFlow island: ops that run together, yielding data and a control token",
	Description: `Runs its body and yields the tf_executor.yield operands, then a
!tf_executor.control token. The form "tf_executor.island wraps OP" is an
island whose body is OP followed by a yield of OP's results; it is printed
back with its region. Control operands are not supported.

Verifier rules: the body is one block ending in tf_executor.yield; the
results are the yield's operand types and then one !tf_executor.control.`,
	Examples: []string{`%outputs, %control = tf_executor.island {
  %0 = "tf.Identity"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  tf_executor.yield %0 : tensor<2xf32>
}`},
	Results: []ir.ResultDef{{Name: "outputs", Type: ir.AnyType, Variadic: true}},
	Regions: []ir.RegionDef{{Name: "body"}},
	Traits:  []ir.Trait{ir.HasParent(GraphName)},
	Parse: func(p ir.AsmParser, st *ir.ParseState) error {
		var r *ir.Region
		if p.ParseOptionalKeyword("wraps") {
			np, ok := p.(ir.OperationParser)
			if !ok {
				return p.Errorf("this parser cannot parse a wrapped operation")
			}
			inner, err := np.ParseOperation()
			if err != nil {
				return err
			}
			blk := ir.NewBlock(nil, nil)
			blk.Append(inner)
			blk.Append(ir.NewOperation(&ir.OperationState{Name: ir.Global.Lookup(YieldName), Loc: inner.Loc(), Operands: inner.Results()}))
			r = ir.NewRegion(blk)
		} else {
			var err error
			if r, err = p.ParseRegion(nil); err != nil {
				return err
			}
		}
		attrs, _, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		for _, a := range attrs {
			st.AddAttr(a.Name, a.Value)
		}
		var types []ir.Type
		if len(r.Blocks) == 1 && r.Blocks[0].Last() != nil {
			types = append(types, r.Blocks[0].Last().OperandTypes()...)
		}
		st.ResultTypes[0] = append(types, ControlType)
		st.Regions = []*ir.Region{r}
		return nil
	},
	Print: func(p *ir.AsmPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintRegion(op.Region(0), false, false)
		p.PrintOptionalAttrDict(op, nil, false)
	},
	Verify: func(op *ir.Operation) error {
		y := terminatorOf(op)
		if y == nil || y.Name() != YieldName {
			return op.EmitOpError("expects a body of one block ending in %s", YieldName)
		}
		res := op.ResultTypes()
		want := append(append([]ir.Type{}, y.OperandTypes()...), ControlType)
		if len(res) != len(want) {
			return op.EmitOpError("has %d results, want the %d yielded values and a control token", len(res), len(want)-1)
		}
		for i := range res {
			if res[i] != want[i] {
				return op.EmitOpError("result #%d has type %s, want %s", i, res[i], want[i])
			}
		}
		return nil
	},
})

func terminator(name, summary, parent string) *ir.OpDef {
	return ir.MustRegister(ir.OpDef{
		Name:    name,
		Summary: summary,
		Description: `Terminates the body of ` + parent + ` with the values it yields.

Verifier rules: it is directly in a ` + parent + `.`,
		Examples: []string{name + " %0 : tensor<2xf32>"},
		Operands: []ir.OperandDef{{Name: "fetches", Type: ir.AnyType, Variadic: true}},
		Traits:   []ir.Trait{ir.Terminator, ir.HasParent(parent)},
		Format:   "attr-dict ($fetches^ `:` type($fetches))?",
	})
}

// Yield and Fetch are the terminators of islands and graphs.
var (
	Yield = terminator(YieldName, "the values a tf_executor.island yields", IslandName)
	Fetch = terminator(FetchName, "the values a tf_executor.graph returns", GraphName)
)
