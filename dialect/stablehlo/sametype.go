package stablehlo

import (
	"github.com/tcp-project/tcp/ir"
)

// custom<HLOSameType>(type($a), type($b), ..., type($result)): the types after the colon
// of the ops whose operands and result usually share one type, as
// stablehlo-opt and jax print them: one type T (every listed operand and
// the result have type T: `stablehlo.convert %x : tensor<2x2xi32>`,
// `stablehlo.clamp %a, %x, %b : tensor<4xi32>`) or the functional type
// `(A, B, ...) -> R`. It prints the short form when all the types are
// equal. Registered with the other directives of elementwise.go, before
// the ops that use it.
func registerSameType() {
	ir.RegisterCustomDirective("HLOSameType", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			args = args[:len(args)-1] // the last is the result
			loc := p.CurrentLoc()
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			if ft, ok := t.(*ir.FunctionType); ok {
				if len(ft.Inputs()) != len(args) || len(ft.Results()) != 1 {
					return ir.Errorf(loc, "expected a function type with %d inputs and 1 result, got %s", len(args), ft)
				}
				for i, a := range args {
					st.OperandTypes[a.Operand] = []ir.Type{ft.Inputs()[i]}
				}
				st.ResultTypes[0] = []ir.Type{ft.Results()[0]}
				return nil
			}
			for _, a := range args {
				st.OperandTypes[a.Operand] = []ir.Type{t}
			}
			st.ResultTypes[0] = []ir.Type{t}
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			args = args[:len(args)-1]
			rt := op.Result(0).Type()
			same := true
			var in []ir.Type
			for _, a := range args {
				t := op.Operand(a.Operand).Type()
				in = append(in, t)
				same = same && t == rt
			}
			if same {
				p.PrintType(rt)
				return
			}
			p.PrintType(ir.Function(in, []ir.Type{rt}))
		},
	})
}
