package arith

import (
	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	CmpIName   = "arith.cmpi"
	SelectName = "arith.select"
)

// CmpIPredicate is arith::CmpIPredicate.
type CmpIPredicate int64

// The predicates, with MLIR's values.
const (
	CmpEQ  CmpIPredicate = iota // eq
	CmpNE                       // ne
	CmpSLT                      // slt
	CmpSLE                      // sle
	CmpSGT                      // sgt
	CmpSGE                      // sge
	CmpULT                      // ult
	CmpULE                      // ule
	CmpUGT                      // ugt
	CmpUGE                      // uge
)

var predicateNames = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

func (p CmpIPredicate) String() string {
	if p >= 0 && int(p) < len(predicateNames) {
		return predicateNames[p]
	}
	return "<invalid>"
}

// CmpIPredicateKind is the predicate attribute's constraint (I64EnumAttr).
var CmpIPredicateKind = func() ir.EnumAttrConstraint {
	cases := make([]ir.EnumCase, len(predicateNames))
	for i, n := range predicateNames {
		cases[i] = ir.EnumCase{Keyword: n, Value: int64(i)}
	}
	return ir.I64EnumKind(cases...)
}()

// The registered definitions.
var CmpIDef, SelectDef *ir.OpDef

func registerCmpSelect() {
	CmpIDef = ir.MustRegister(ir.OpDef{
		Name:    CmpIName,
		Summary: "integer comparison operation",
		Description: `Compares two signless integers (or index values, or tensors of them,
elementwise) with the predicate: eq, ne, slt, sle, sgt, sge (signed), ult,
ule, ugt, uge (unsigned). The result is i1, or a tensor of i1 of the
operands' shape. The predicate is an i64 enum: a keyword in the custom form
and an integer in the generic form ("arith.cmpi"(%a, %b) {predicate = 2 : i64}).

Verifier rules, with MLIR 16's messages:
  - predicate is 0…9: "attribute 'predicate' failed to satisfy constraint:
    allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9";
  - operands are signless-integer-like, the result bool-like;
  - "failed to verify that result type has i1 element type and same shape
    as operands";
  - "requires all operands to have the same type".
While parsing, a non-integer operand type is reported at once ("custom op
'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'"), because
the result type is inferred from it.`,
		Examples: []string{"%0 = arith.cmpi slt, %arg0, %arg1 : i64", "%1 = arith.cmpi eq, %arg2, %arg3 : tensor<4xindex>"},
		Operands: []ir.OperandDef{{Name: "lhs", Type: SignlessIntegerOrIndexLike}, {Name: "rhs", Type: SignlessIntegerOrIndexLike}},
		Results:  []ir.ResultDef{{Name: "result", Type: BoolLike}},
		Attrs:    []ir.AttrDef{{Name: "predicate", Kind: CmpIPredicateKind, Required: true}},
		Traits:   []ir.Trait{ir.Pure},
		Format:   "custom<EnumKeyword>($predicate) `,` $lhs `,` $rhs attr-dict `:` custom<SameType>(type($lhs), type($rhs))",
		InferResultTypes: func(st *ir.ParseState) error {
			lhs := st.OperandTypes[0]
			if len(lhs) != 1 {
				return nil
			}
			if !SignlessIntegerOrIndexLike.Match(lhs[0]) {
				return ir.Errorf(st.Loc, "custom op '%s' 'lhs' must be signless-integer-like, but got '%s'", st.Name.Name, lhs[0])
			}
			st.ResultTypes[0] = []ir.Type{sameShapeI1(lhs[0])}
			return nil
		},
		Verify: func(op *ir.Operation) error {
			if op.Result(0).Type() != sameShapeI1(op.Operand(0).Type()) {
				return op.EmitOpError("failed to verify that result type has i1 element type and same shape as operands")
			}
			if op.Operand(0).Type() != op.Operand(1).Type() {
				return op.EmitOpError("requires all operands to have the same type")
			}
			return verifyElementwise(op)
		},
		Fold: foldCmpI,
	})
	SelectDef = ir.MustRegister(ir.OpDef{
		Name:    SelectName,
		Summary: "select operation",
		Description: `Chooses true_value where the condition is true and false_value
elsewhere. A scalar i1 condition selects whole values of any type; a tensor
of i1 selects elementwise between tensors of its shape. The custom form
prints the condition type only when it is a tensor:
"arith.select %c, %a, %b : tensor<2xi1>, tensor<2xi64>".

Verifier rules, with MLIR 16's messages:
  - the condition is bool-like ("operand #0 must be bool-like, but got 'i32'");
  - "failed to verify that all of {true_value, false_value, result} have
    same type";
  - MLIR's elementwise rules ("all non-scalar operands/results must have the
    same shape and base type", "if an operand is non-scalar, then there must
    be at least one non-scalar result");
  - a scalar condition for a scalar result: "expected condition to be a
    signless i1, but got 'tensor<2xi1>'";
  - a tensor condition has the result's shape: "expected condition type to
    have the same shape as the result type, expected 'tensor<2xi1>', but got
    'tensor<3xi1>'".`,
		Examples: []string{"%0 = arith.select %arg0, %arg1, %arg2 : i64", "%1 = arith.select %arg3, %arg4, %arg5 : tensor<2xi1>, tensor<2xf32>"},
		Operands: []ir.OperandDef{
			{Name: "condition", Type: BoolLike},
			{Name: "true_value", Type: ir.AnyType},
			{Name: "false_value", Type: ir.AnyType},
		},
		Results: []ir.ResultDef{{Name: "result", Type: ir.AnyType}},
		Traits:  []ir.Trait{ir.Pure, ir.AllTypesMatch("true_value", "false_value", "result")},
		Format:  "$condition `,` $true_value `,` $false_value attr-dict `:` custom<SelectType>(type($condition), type($result))",
		Verify: func(op *ir.Operation) error {
			if err := verifyElementwise(op); err != nil {
				return err
			}
			ct := op.Operand(0).Type()
			if ct == ir.I1 {
				return nil
			}
			rt := op.Result(0).Type()
			if !isTensor(rt) {
				return op.EmitOpError("expected condition to be a signless i1, but got '%s'", ct)
			}
			if want := sameShapeI1(rt); ct != want {
				return op.EmitOpError("expected condition type to have the same shape as the result type, expected '%s', but got '%s'", want, ct)
			}
			return nil
		},
		Fold: func(op *ir.Operation) []ir.OpFoldResult {
			if op.Operand(1) == op.Operand(2) {
				return []ir.OpFoldResult{{Value: op.Operand(1)}}
			}
			if c, ok := ConstantValue(op.Operand(0)).(ir.BoolAttr); ok {
				if c {
					return []ir.OpFoldResult{{Value: op.Operand(1)}}
				}
				return []ir.OpFoldResult{{Value: op.Operand(2)}}
			}
			return nil
		},
	})
}

// Predicate returns the predicate of a cmpi op.
func Predicate(op *ir.Operation) CmpIPredicate { return CmpIPredicate(op.IntAttr("predicate")) }

// EvalCmpI evaluates predicate p on a and b, both sign-extended values of
// width w.
func EvalCmpI(p CmpIPredicate, a, b int64, w int) bool {
	ua, ub := zext(a, w), zext(b, w)
	switch p {
	case CmpEQ:
		return a == b
	case CmpNE:
		return a != b
	case CmpSLT:
		return a < b
	case CmpSLE:
		return a <= b
	case CmpSGT:
		return a > b
	case CmpSGE:
		return a >= b
	case CmpULT:
		return ua < ub
	case CmpULE:
		return ua <= ub
	case CmpUGT:
		return ua > ub
	case CmpUGE:
		return ua >= ub
	}
	return false
}

func foldCmpI(op *ir.Operation) []ir.OpFoldResult {
	t := op.Operand(0).Type()
	if isTensor(t) || op.NumOperands() != 2 {
		return nil
	}
	p := Predicate(op)
	if p < CmpEQ || p > CmpUGE {
		return nil
	}
	if op.Operand(0) == op.Operand(1) {
		switch p {
		case CmpEQ, CmpSLE, CmpSGE, CmpULE, CmpUGE:
			return []ir.OpFoldResult{{Attr: ir.BoolAttr(true)}}
		}
		return []ir.OpFoldResult{{Attr: ir.BoolAttr(false)}}
	}
	a, aok := ConstantIntValue(op.Operand(0))
	b, bok := ConstantIntValue(op.Operand(1))
	if !aok || !bok {
		return nil
	}
	return []ir.OpFoldResult{{Attr: ir.BoolAttr(EvalCmpI(p, a, b, bitWidth(t)))}}
}

// ---------------------------------------------------------------- directives

func registerDirectives() {
	// SameType(type($a), type($b), …) prints the type of $a; parsing assigns
	// the one type to every listed operand.
	ir.RegisterCustomDirective("SameType", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			for _, a := range args {
				if a.Operand < 0 {
					continue
				}
				ts := make([]ir.Type, len(st.Operands[a.Operand]))
				for i := range ts {
					ts[i] = t
				}
				st.OperandTypes[a.Operand] = ts
			}
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			if len(args) == 0 || args[0].Operand < 0 || args[0].Operand >= op.NumOperands() {
				return
			}
			p.PrintType(op.Operand(args[0].Operand).Type())
		},
	})
	// SelectType(type($condition), type($result)): `T` for an i1 condition,
	// `C, T` otherwise.
	ir.RegisterCustomDirective("SelectType", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			cond := ir.Type(ir.I1)
			if p.ParseOptionalPunct(",") {
				cond = t
				if t, err = p.ParseType(); err != nil {
					return err
				}
			}
			if len(args) > 0 && args[0].Operand >= 0 {
				st.OperandTypes[args[0].Operand] = []ir.Type{cond}
			}
			st.ResultTypes[0] = []ir.Type{t}
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			if op.NumOperands() > 0 && isTensor(op.Operand(0).Type()) {
				p.PrintType(op.Operand(0).Type())
				p.WriteString(", ")
			}
			if op.NumResults() > 0 {
				p.PrintType(op.Result(0).Type())
			}
		},
	})
	// FloatOperands($lhs, $rhs, $fastmath): `%a, %b` then `fastmath<…>`
	// unless the flags are none; parsing materializes the default.
	ir.RegisterCustomDirective("FloatOperands", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			lhs, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
			rhs, err := p.ParseOperand()
			if err != nil {
				return err
			}
			st.Operands[args[0].Operand] = []ir.UnresolvedOperand{lhs}
			st.Operands[args[1].Operand] = []ir.UnresolvedOperand{rhs}
			attr := FastMathNone
			if p.ParseOptionalKeyword("fastmath") {
				if attr, err = parseFastMathBody(p, st.Name.Name); err != nil {
					return err
				}
			}
			st.AddAttr(args[2].Attr, attr)
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			if op.NumOperands() == 2 {
				p.PrintOperands(op.Operands())
			}
			if v, ok := fastMathBits(op.Attr(args[2].Attr)); ok && v != 0 {
				p.WriteString(" fastmath<" + fastMathString(v) + ">")
			} else if a := op.Attr(args[2].Attr); a != nil && !ok {
				p.WriteString(" fastmath")
				p.PrintAttribute(a)
			}
		},
	})
}

// parseFastMathBody parses `<flag, …>` after the fastmath keyword, with
// MLIR 16's diagnostics.
func parseFastMathBody(p ir.AsmParser, opName string) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	var v uint
	for {
		loc := p.CurrentLoc()
		// MLIR follows the specific error with this one, after the keyword.
		param := func(at ir.Location) *ir.Diagnostic {
			return ir.Errorf(at, "custom op '%s' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`", opName)
		}
		id, ok := p.ParseOptionalIdentifier()
		if !ok {
			return nil, ir.DiagnosticList{ir.Errorf(loc, "custom op '%s' expected valid keyword", opName), param(loc)}
		}
		b, ok := fastMathFlag(id)
		if !ok {
			return nil, ir.DiagnosticList{
				ir.Errorf(loc, "custom op '%s' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast", opName),
				param(after(loc, len(id))),
			}
		}
		v |= b
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	return ir.OpaqueAttr{Text: "#arith.fastmath<" + fastMathString(v) + ">"}, nil
}

// after returns the location n columns after l (same line).
func after(l ir.Location, n int) ir.Location {
	if f, ok := ir.FileLineCol(l); ok {
		f.Col += n
		return f
	}
	return l
}

// CmpFName is arith.cmpf.
const CmpFName = "arith.cmpf"

// CmpFPredicates are arith::CmpFPredicate's keywords in value order.
var CmpFPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

// CmpFPredicateKind is cmpf's predicate constraint (I64EnumAttr).
var CmpFPredicateKind = func() ir.EnumAttrConstraint {
	cases := make([]ir.EnumCase, len(CmpFPredicates))
	for i, n := range CmpFPredicates {
		cases[i] = ir.EnumCase{Keyword: n, Value: int64(i)}
	}
	return ir.I64EnumKind(cases...)
}()

// CmpFDef is arith.cmpf.
var CmpFDef *ir.OpDef

func registerCmpF() {
	CmpFDef = ir.MustRegister(ir.OpDef{
		Name:    CmpFName,
		Summary: "floating-point comparison operation",
		Description: `Compares two floats (or tensors of floats, elementwise) with the
predicate: ordered (o*: false when either operand is NaN) or unordered
(u*: true when either is NaN) eq, gt, ge, lt, le, ne; ord (neither is NaN),
uno (either is), false and true. The result is i1, or a tensor of i1 of
the operands' shape; the predicate is an i64 enum, a keyword in the custom
form. fastmath (default none) prints in the attribute dictionary.

Verifier rules: operands are floating-point-like of one type; the result
has i1 elements and the operands' shape.`,
		Examples: []string{"%0 = arith.cmpf olt, %arg0, %arg1 : f32", "%1 = arith.cmpf oeq, %arg2, %arg3 : tensor<4xf32>"},
		Operands: []ir.OperandDef{{Name: "lhs", Type: FloatLike}, {Name: "rhs", Type: FloatLike}},
		Results:  []ir.ResultDef{{Name: "result", Type: BoolLike}},
		Attrs: []ir.AttrDef{{Name: "predicate", Kind: CmpFPredicateKind, Required: true},
			{Name: "fastmath", Kind: FastMathKind, Default: FastMathNone}},
		Traits: []ir.Trait{ir.Pure},
		Format: "custom<EnumKeyword>($predicate) `,` $lhs `,` $rhs attr-dict `:` custom<SameType>(type($lhs), type($rhs))",
		InferResultTypes: func(st *ir.ParseState) error {
			if lhs := st.OperandTypes[0]; len(lhs) == 1 {
				st.ResultTypes[0] = []ir.Type{sameShapeI1(lhs[0])}
			}
			return nil
		},
		Verify: func(op *ir.Operation) error {
			if op.Result(0).Type() != sameShapeI1(op.Operand(0).Type()) {
				return op.EmitOpError("failed to verify that result type has i1 element type and same shape as operands")
			}
			if op.Operand(0).Type() != op.Operand(1).Type() {
				return op.EmitOpError("requires all operands to have the same type")
			}
			return nil
		},
	})
}
