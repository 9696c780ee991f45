package conversion_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/conversion"
)

// A toy dialect "cvt": cvt.a (to be converted into cvt.b), cvt.bad (whose
// pattern always declines, saying why), and the casts cvt.box (i32 ->
// !cvt.box) and cvt.unbox (!cvt.box -> i32); unbox(box(x)) folds to x.
func init() {
	for _, n := range []string{"cvt.a", "cvt.b", "cvt.bad", "cvt.other", "cvt.dyn"} {
		ir.MustRegister(ir.OpDef{
			Name:     n,
			Operands: []ir.OperandDef{{Name: "in", Type: ir.AnyType, Variadic: true}},
			Results:  []ir.ResultDef{{Name: "out", Type: ir.AnyType, Variadic: true}},
		})
	}
	cast := func(name, inner string) {
		ir.MustRegister(ir.OpDef{
			Name:     name,
			Operands: []ir.OperandDef{{Name: "in", Type: ir.AnyType}},
			Results:  []ir.ResultDef{{Name: "out", Type: ir.AnyType}},
			Traits:   []ir.Trait{ir.Pure},
			Fold: func(op *ir.Operation) []ir.OpFoldResult {
				if d := op.Operand(0).DefiningOp(); d != nil && d.Name() == inner && d.Operand(0).Type() == op.Result(0).Type() {
					return []ir.OpFoldResult{{Value: d.Operand(0)}}
				}
				return nil
			},
		})
	}
	cast("cvt.box", "cvt.unbox")
	cast("cvt.unbox", "cvt.box")
}

var boxT = ir.Opaque("cvt", "box", "")

func typeConverter() *conversion.TypeConverter {
	tc := &conversion.TypeConverter{}
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) {
		if t == ir.Type(boxT) {
			return ir.I32, true
		}
		return nil, false
	})
	mat := func(name string) conversion.Materialization {
		return func(rw *ir.Rewriter, loc ir.Location, to ir.Type, v ir.Value) ir.Value {
			return rw.Create(name, loc, []ir.Value{v}, []ir.Type{to}, nil).Result(0)
		}
	}
	tc.AddSourceMaterialization(mat("cvt.box"))
	tc.AddTargetMaterialization(mat("cvt.unbox"))
	return tc
}

func patterns(tc *conversion.TypeConverter) []ir.Pattern {
	return []ir.Pattern{
		&ir.PatternFunc{RootName: "cvt.a", PatternName: "a-to-b", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			var ins []ir.Value
			for _, v := range op.Operands() {
				c, err := tc.ToConverted(rw, op.Loc(), v)
				if err != nil {
					return false, err
				}
				ins = append(ins, c)
			}
			var outs []ir.Type
			for _, t := range op.ResultTypes() {
				outs = append(outs, tc.ConvertType(t))
			}
			b := rw.Create("cvt.b", op.Loc(), ins, outs, nil)
			var repl []ir.Value
			for i, r := range b.Results() {
				c, err := tc.MaterializeSource(rw, op.Loc(), op.Result(i).Type(), r)
				if err != nil {
					return false, err
				}
				repl = append(repl, c)
			}
			rw.ReplaceOp(op, repl)
			return true, nil
		}},
		&ir.PatternFunc{RootName: "cvt.bad", PatternName: "bad", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			return false, ir.NotifyMatchFailure(op, "operand 0 is not a constant")
		}},
		&ir.PatternFunc{RootName: "cvt.dyn", PatternName: "dyn", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			rw.ModifyInPlace(op, func() { op.SetAttr("done", ir.UnitAttr{}) })
			return true, nil
		}},
		conversion.FuncSignaturePattern(tc),
	}
}

func target(tc *conversion.TypeConverter) *conversion.Target {
	t := conversion.NewTarget()
	t.AddIllegalDialect("cvt")
	t.AddLegalOp("cvt.b", "cvt.box", "cvt.unbox")
	t.AddDynamicallyLegalOp("cvt.dyn", func(op *ir.Operation) bool { return op.Attr("done") != nil })
	t.AddLegalDialect("arith")
	t.AddLegalOp("func.return")
	t.AddDynamicallyLegalOp("func.func", conversion.FuncLegal(tc))
	return t
}

func TestConversion(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		full      bool
		want      string // printed result, or the error
	}{{
		name: "partial: a becomes b, casts fold away through the signature",
		src: `func.func @f(%x: !cvt.box) -> !cvt.box {
  %0 = "cvt.a"(%x) : (!cvt.box) -> !cvt.box
  %1 = "cvt.dyn"(%0) : (!cvt.box) -> !cvt.box
  %2 = "unknown.op"(%1) : (!cvt.box) -> !cvt.box
  return %2 : !cvt.box
}`,
		want: `module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "cvt.b"(%arg0) : (i32) -> i32
    %1 = "cvt.box"(%0) : (i32) -> !cvt.box
    %2 = "cvt.dyn"(%1) {done} : (!cvt.box) -> !cvt.box
    %3 = "unknown.op"(%2) : (!cvt.box) -> !cvt.box
    %4 = "cvt.unbox"(%3) : (!cvt.box) -> i32
    return %4 : i32
  }
}
`,
	}, {
		name: "explicitly illegal op that no pattern converts, with the pattern's reason",
		src: `func.func @f(%x: i32) {
  %0 = "cvt.a"(%x) : (i32) -> i32
  "cvt.bad"(%0) : (i32) -> ()
  return
}`,
		want: "t.mlir:3:3: error: failed to legalize operation 'cvt.bad' that was explicitly marked illegal\nt.mlir:3:3: note: 'cvt.bad' op operand 0 is not a constant",
	}, {
		name: "partial conversion leaves unknown ops",
		src: `func.func @f(%x: i32) -> i32 {
  %0 = "unknown.op"(%x) : (i32) -> i32
  return %0 : i32
}`,
		want: `module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "unknown.op"(%arg0) : (i32) -> i32
    return %0 : i32
  }
}
`,
	}, {
		name: "full conversion fails on unknown ops",
		full: true,
		src: `func.func @f(%x: i32) -> i32 {
  %0 = "cvt.a"(%x) : (i32) -> i32
  %1 = "unknown.op"(%0) : (i32) -> i32
  return %1 : i32
}`,
		want: "t.mlir:3:8: error: failed to legalize operation 'unknown.op'",
	}, {
		name: "full conversion of legal ops",
		full: true,
		src: `func.func @f(%x: i32) -> i32 {
  %0 = "cvt.a"(%x) : (i32) -> i32
  %1 = arith.addi %0, %0 : i32
  return %1 : i32
}`,
		want: `module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "cvt.b"(%arg0) : (i32) -> i32
    %1 = arith.addi %0, %0 : i32
    return %1 : i32
  }
}
`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parser.Parse("t.mlir", tc.src, parser.Options{AllowUnregistered: true})
			if err != nil {
				t.Fatal(err)
			}
			conv := typeConverter()
			apply := conversion.ApplyPartialConversion
			if tc.full {
				apply = conversion.ApplyFullConversion
			}
			var got string
			if err := apply(m, target(conv), patterns(conv), conv); err != nil {
				got = err.Error()
				if _, ok := err.(*ir.Diagnostic); !ok {
					t.Errorf("error is %T, want *ir.Diagnostic", err)
				}
			} else {
				var b strings.Builder
				if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
					t.Fatal(err)
				}
				got = b.String()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			// Failed or not, the IR stays valid.
			if err := ir.Verify(m, true); err != nil {
				t.Errorf("IR invalid after conversion: %v", err)
			}
		})
	}
}

func TestNonConvergence(t *testing.T) {
	m, err := parser.Parse("t.mlir", `"cvt.a"() : () -> ()`, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	// a pattern that rewrites cvt.a into cvt.a forever
	loop := &ir.PatternFunc{RootName: "cvt.a", PatternName: "loop", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		rw.Create("cvt.a", op.Loc(), nil, nil, nil)
		rw.EraseOp(op)
		return true, nil
	}}
	err = conversion.Apply(m, conversion.NewTarget().AddIllegalOp("cvt.a"), []ir.Pattern{loop}, nil, false, conversion.Config{MaxRewrites: 50})
	if got := fmt.Sprint(err); !strings.Contains(got, "did not converge") {
		t.Errorf("got %v, want a non-convergence error", err)
	}
}

// TestBenefitOrder: of two patterns for one op, the one of higher benefit
// is tried first whatever the list order.
func TestBenefitOrder(t *testing.T) {
	m, err := parser.Parse("t.mlir", `"cvt.a"() : () -> ()`, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	to := func(name string, benefit int) ir.Pattern {
		return &ir.PatternFunc{RootName: "cvt.a", PatternName: name, BenefitValue: benefit, Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
			rw.Create(name, op.Loc(), nil, nil, nil)
			rw.EraseOp(op)
			return true, nil
		}}
	}
	ps := []ir.Pattern{to("cvt.other", 1), to("cvt.b", 2)}
	if err := conversion.ApplyPartialConversion(m, conversion.NewTarget().AddIllegalOp("cvt.a"), ps, nil); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	ir.Print(&b, m, ir.PrintOptions{Generic: true})
	if !strings.Contains(b.String(), `"cvt.b"`) {
		t.Errorf("the benefit-2 pattern did not win:\n%s", b.String())
	}
}
