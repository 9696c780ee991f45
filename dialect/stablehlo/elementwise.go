package stablehlo

import (
	"slices"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// The ops jax wraps around every gather: index arithmetic on tensors
// (compare, select, add, ...), shape plumbing (broadcast_in_dim, reshape,
// concatenate, transpose) and element type conversion. Each is registered
// under its stablehlo. and mhlo. names and printed in StableHLO's pretty
// form, e.g.
//
//	%1 = stablehlo.compare  LT, %arg1, %0,  SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
//	%4 = stablehlo.select %1, %3, %arg1 : tensor<3xi1>, tensor<3xi32>
//	%5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>

// Op names.
const (
	AddName            = "stablehlo.add"
	SubtractName       = "stablehlo.subtract"
	MultiplyName       = "stablehlo.multiply"
	DivideName         = "stablehlo.divide"
	NegateName         = "stablehlo.negate"
	SignName           = "stablehlo.sign"
	RemainderName      = "stablehlo.remainder"
	AndName            = "stablehlo.and"
	OrName             = "stablehlo.or"
	MaximumName        = "stablehlo.maximum"
	MinimumName        = "stablehlo.minimum"
	CompareName        = "stablehlo.compare"
	SelectName         = "stablehlo.select"
	ClampName          = "stablehlo.clamp"
	ConvertName        = "stablehlo.convert"
	BroadcastInDimName = "stablehlo.broadcast_in_dim"
	TransposeName      = "stablehlo.transpose"
)

// ComparisonDirections and ComparisonTypes are the keywords of
// #stablehlo<comparison_direction X> and #stablehlo<comparison_type X>.
var (
	ComparisonDirections = []string{"EQ", "NE", "GE", "GT", "LE", "LT"}
	ComparisonTypes      = []string{"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"}
)

var enumDirectivesRegistered = func() bool {
	registerSameType()
	ir.RegisterCustomDirective("HLOComparisonDirection", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			return parseEnum(p, st, args[0].Attr, "comparison_direction", ComparisonDirections)
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			kw, _ := EnumKeyword(op.Attr(args[0].Attr), "comparison_direction")
			p.WriteString(kw)
		},
	})
	// custom<HLOCompareRHS>($rhs, $compare_type): `%rhs` or `%rhs, SIGNED`.
	ir.RegisterCustomDirective("HLOCompareRHS", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			st.Operands[args[0].Operand] = []ir.UnresolvedOperand{u}
			if !p.ParseOptionalPunct(",") {
				return nil
			}
			return parseEnum(p, st, args[1].Attr, "comparison_type", ComparisonTypes)
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			p.PrintOperand(op.Operand(1))
			if kw, ok := EnumKeyword(op.Attr(args[1].Attr), "comparison_type"); ok {
				p.WriteString(", " + kw)
			}
		},
	})
	// custom<HLOSelectType>(type($pred), type($result)): `P, T`.
	ir.RegisterCustomDirective("HLOSelectType", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			pt, err := p.ParseType()
			if err != nil {
				return err
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
			rt, err := p.ParseType()
			if err != nil {
				return err
			}
			st.OperandTypes[args[0].Operand] = []ir.Type{pt}
			st.ResultTypes[0] = []ir.Type{rt}
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			p.PrintType(op.Operand(0).Type())
			p.WriteString(", ")
			p.PrintType(op.Result(0).Type())
		},
	})
	return true
}()

func parseEnum(p ir.AsmParser, st *ir.ParseState, attr, kind string, cases []string) error {
	kw, ok := p.ParseOptionalIdentifier()
	if !ok || !slices.Contains(cases, kw) {
		return p.Errorf("expected %s keyword (one of %s)", kind, strings.Join(cases, ", "))
	}
	st.AddAttr(attr, EnumAttr(kind, kw))
	return nil
}

// EnumAttr is #stablehlo<kind KEYWORD> (kept as StableHLO prints it).
func EnumAttr(kind, kw string) ir.Attribute {
	return ir.OpaqueAttr{Text: "#stablehlo<" + kind + " " + kw + ">"}
}

// EnumKeyword reads #stablehlo<kind KEYWORD> (or #mhlo<...>).
func EnumKeyword(a ir.Attribute, kind string) (string, bool) {
	o, ok := a.(ir.OpaqueAttr)
	if !ok {
		return "", false
	}
	for _, d := range []string{"#stablehlo<", "#mhlo<"} {
		if rest, ok := strings.CutPrefix(o.Text, d+kind+" "); ok && strings.HasSuffix(rest, ">") {
			return strings.TrimSpace(strings.TrimSuffix(rest, ">")), true
		}
	}
	return "", false
}

func enumKind(kind string, cases []string) ir.AttrConstraint {
	return ir.AttrPred("#stablehlo<"+kind+" ...> attribute", func(a ir.Attribute) bool {
		kw, ok := EnumKeyword(a, kind)
		return ok && slices.Contains(cases, kw)
	})
}

func registerEW(def ir.OpDef) *ir.OpDef {
	_ = enumDirectivesRegistered
	return register(def)
}

var (
	intOrFloatTensor = ir.RankedTensorOf(ir.AnyInteger, ir.AnyFloat)
	intTensor        = ir.RankedTensorOf(ir.AnyInteger)
	boolTensor       = ir.RankedTensorOf(ir.Exactly(ir.I1))
)

func binary(name, summary, semantics string, t ir.TypeConstraint, example string) *ir.OpDef {
	return registerEW(ir.OpDef{
		Name:    name,
		Summary: summary,
		Description: semantics + `

Printed in StableHLO's short form "lhs, rhs : T" (all three types equal).

Verifier rules: lhs, rhs and result have one type ("requires the same
type for all operands and results").`,
		Examples: []string{example},
		Operands: []ir.OperandDef{{Name: "lhs", Type: t}, {Name: "rhs", Type: t}},
		Results:  []ir.ResultDef{{Name: "result", Type: t}},
		Traits:   []ir.Trait{ir.Pure, ir.SameOperandsAndResultType},
		Format:   "$lhs `,` $rhs attr-dict `:` type($result)",
	})
}

// Elementwise binary ops.
var (
	Add = binary(AddName, "elementwise addition",
		"result[i] = lhs[i] + rhs[i]; integers wrap at their width, floats round to nearest even.",
		intOrFloatTensor, "%0 = stablehlo.add %arg0, %arg1 : tensor<3xi32>")
	Subtract = binary(SubtractName, "elementwise subtraction",
		"result[i] = lhs[i] - rhs[i]; integers wrap at their width, floats round to nearest even.",
		intOrFloatTensor, "%0 = stablehlo.subtract %arg0, %arg1 : tensor<3xi32>")
	Multiply = binary(MultiplyName, "elementwise multiplication",
		"result[i] = lhs[i] * rhs[i]; integers wrap at their width, floats round to nearest even.",
		intOrFloatTensor, "%0 = stablehlo.multiply %arg0, %arg1 : tensor<3xi32>")
	Divide = binary(DivideName, "elementwise division",
		"result[i] = lhs[i] / rhs[i]: floats by IEEE 754 (round to nearest even; x / 0 is an infinity or NaN); integers truncate toward zero. An integer division by zero, or of the smallest signed value by -1, is a runtime error in the interpreter (the spec leaves it implementation-defined).",
		intOrFloatTensor, "%0 = stablehlo.divide %arg0, %arg1 : tensor<3xf32>")
	Remainder = binary(RemainderName, "elementwise remainder (sign of the dividend)",
		"result[i] = lhs[i] - trunc(lhs[i] / rhs[i]) * rhs[i] (C's % and fmod: the sign of lhs). An integer division by zero is a runtime error in the interpreter (the spec leaves it implementation-defined).",
		intOrFloatTensor, "%0 = stablehlo.remainder %arg0, %arg1 : tensor<3xi32>")
	And = binary(AndName, "elementwise bitwise (logical for i1) and",
		"result[i] = lhs[i] & rhs[i].", intTensor, "%0 = stablehlo.and %arg0, %arg1 : tensor<3xi1>")
	Or = binary(OrName, "elementwise bitwise (logical for i1) or",
		"result[i] = lhs[i] | rhs[i].", intTensor, "%0 = stablehlo.or %arg0, %arg1 : tensor<3xi1>")
	Maximum = binary(MaximumName, "elementwise maximum",
		"result[i] = max(lhs[i], rhs[i]); integers compare signed (ui types unsigned), a float NaN operand gives NaN.",
		intOrFloatTensor, "%0 = stablehlo.maximum %arg0, %arg1 : tensor<3xi32>")
	Minimum = binary(MinimumName, "elementwise minimum",
		"result[i] = min(lhs[i], rhs[i]); integers compare signed (ui types unsigned), a float NaN operand gives NaN.",
		intOrFloatTensor, "%0 = stablehlo.minimum %arg0, %arg1 : tensor<3xi32>")
)

// Negate is stablehlo.negate.
var Negate = registerEW(ir.OpDef{
	Name:    NegateName,
	Summary: "elementwise negation",
	Description: `result[i] = -operand[i]: floats flip the sign bit (so -0.0 and NaN's sign
too); integers wrap at their width (the smallest signed value is its own
negation).

Printed in StableHLO's short form "operand : T".

Verifier rules: operand and result have one type ("requires the same
type for all operands and results").`,
	Examples: []string{"%0 = stablehlo.negate %arg0 : tensor<3xf32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: intOrFloatTensor}},
	Results:  []ir.ResultDef{{Name: "result", Type: intOrFloatTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.SameOperandsAndResultType},
	Format:   "$operand attr-dict `:` type($result)",
})

// Sign is stablehlo.sign.
var Sign = registerEW(ir.OpDef{
	Name:    SignName,
	Summary: "elementwise sign",
	Description: `result[i] = -1 if operand[i] < 0, 0 if operand[i] == 0, +1 if
operand[i] > 0. For floats a zero keeps its sign (sign(-0.0) is -0.0) and
a NaN gives NaN; for unsigned integers the result is 0 or 1. jax prints it
in the floor division it emits for the run-time size of a strided slice
of a symbolic dim (x[::2] with jax.export's symbolic shapes).

Printed in StableHLO's short form "operand : T".

Verifier rules: operand and result have one type ("requires the same
type for all operands and results").`,
	Examples: []string{"%0 = stablehlo.sign %arg0 : tensor<i32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: intOrFloatTensor}},
	Results:  []ir.ResultDef{{Name: "result", Type: intOrFloatTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.SameOperandsAndResultType},
	Format:   "$operand attr-dict `:` type($result)",
})

func rankedOf(v ir.Value) *ir.RankedTensorType { return v.Type().(*ir.RankedTensorType) }

func shapeI1(t *ir.RankedTensorType) ir.Type { return ir.RankedTensor(t.Shape(), ir.I1) }

// Compare is stablehlo.compare.
var Compare = registerEW(ir.OpDef{
	Name:    CompareName,
	Summary: "elementwise comparison",
	Description: `result[i] = lhs[i] <direction> rhs[i] as an i1, for direction EQ, NE,
GE, GT, LE, LT. compare_type says how: SIGNED and UNSIGNED read the
integers as two's complement or unsigned; FLOAT is IEEE comparison (NaN
compares unequal to everything, NE is true); TOTALORDER is not supported by
the interpreter. Without compare_type, integers are SIGNED (ui types
UNSIGNED, i1 UNSIGNED) and floats FLOAT.

Verifier rules:
  - lhs and rhs have one type;
  - the result is an i1 tensor of the operands' shape;
  - comparison_direction and compare_type are StableHLO's keywords.`,
	Examples: []string{"%0 = stablehlo.compare LT, %arg0, %arg1, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>"},
	Operands: []ir.OperandDef{{Name: "lhs", Type: intOrFloatTensor}, {Name: "rhs", Type: intOrFloatTensor}},
	Results:  []ir.ResultDef{{Name: "result", Type: boolTensor}},
	Attrs: []ir.AttrDef{
		{Name: "comparison_direction", Kind: enumKind("comparison_direction", ComparisonDirections), Required: true},
		{Name: "compare_type", Kind: enumKind("comparison_type", ComparisonTypes)},
	},
	Traits: []ir.Trait{ir.Pure},
	Format: "custom<HLOComparisonDirection>($comparison_direction) `,` $lhs `,` custom<HLOCompareRHS>($rhs, $compare_type) attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		if op.Operand(0).Type() != op.Operand(1).Type() {
			return op.EmitOpError("requires the same type for lhs and rhs, got %s and %s", op.Operand(0).Type(), op.Operand(1).Type())
		}
		if want := shapeI1(rankedOf(op.Operand(0))); op.Result(0).Type() != want {
			return op.EmitOpError("expects result type %s, got %s", want, op.Result(0).Type())
		}
		return nil
	},
})

// Select is stablehlo.select.
var Select = registerEW(ir.OpDef{
	Name:    SelectName,
	Summary: "elementwise choice between two tensors",
	Description: `result[i] = pred[i] ? on_true[i] : on_false[i]; a 0-d pred chooses the
whole tensor.

Verifier rules:
  - on_true, on_false and result have one type;
  - pred is a 0-d i1 tensor or an i1 tensor of the result's shape.`,
	Examples: []string{"%0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3xi1>, tensor<3xi32>"},
	Operands: []ir.OperandDef{{Name: "pred", Type: boolTensor}, {Name: "on_true", Type: ir.RankedTensorOf()}, {Name: "on_false", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Traits:   []ir.Trait{ir.Pure, ir.AllTypesMatch("on_true", "on_false", "result")},
	Format:   "$pred `,` $on_true `,` $on_false attr-dict `:` custom<HLOSelectType>(type($pred), type($result))",
	Verify: func(op *ir.Operation) error {
		p := rankedOf(op.Operand(0))
		if p.Rank() != 0 && p != shapeI1(rankedOf(op.Result(0))) {
			return op.EmitOpError("requires pred to be 0-d or of the result's shape, got %s for %s", p, op.Result(0).Type())
		}
		return nil
	},
})

// Clamp is stablehlo.clamp.
var Clamp = registerEW(ir.OpDef{
	Name:    ClampName,
	Summary: "elementwise clamp between a minimum and a maximum",
	Description: `result[i] = min(max(operand[i], min[i]), max[i]), where a 0-d min or max
applies to every element (integers signed, ui unsigned; a float NaN gives
NaN).

Verifier rules:
  - min and max are 0-d or of the operand's shape;
  - min, max, operand and result have one element type; result has the
    operand's type.`,
	Examples: []string{"%0 = stablehlo.clamp %lo, %x, %hi : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>",
		"%1 = stablehlo.clamp %a, %x, %b : tensor<4xi32>"},
	Operands: []ir.OperandDef{{Name: "min", Type: intOrFloatTensor}, {Name: "operand", Type: intOrFloatTensor}, {Name: "max", Type: intOrFloatTensor}},
	Results:  []ir.ResultDef{{Name: "result", Type: intOrFloatTensor}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("min", "operand", "max", "result")},
	Format:   "$min `,` $operand `,` $max attr-dict `:` custom<HLOSameType>(type($min), type($operand), type($max), type($result))",
	Verify: func(op *ir.Operation) error {
		x := rankedOf(op.Operand(1))
		for i, n := range []string{"min", "max"} {
			b := rankedOf(op.Operand(2 * i))
			if b.Rank() != 0 && b != x {
				return op.EmitOpError("requires %s to be 0-d or of the operand's type, got %s for %s", n, b, x)
			}
		}
		if op.Result(0).Type() != ir.Type(x) {
			return op.EmitOpError("requires the result type to be the operand's %s, got %s", x, op.Result(0).Type())
		}
		return nil
	},
})

// Convert is stablehlo.convert.
var Convert = registerEW(ir.OpDef{
	Name:    ConvertName,
	Summary: "elementwise element type conversion",
	Description: `result[i] = operand[i] converted to the result element type: integer to
integer sign-extends (i1 and ui types zero-extend) or truncates; to i1 is
"!= 0"; integer to float rounds to nearest even; float to integer truncates
toward zero (NaN or out of range is a runtime error in the interpreter:
the spec leaves it implementation-defined); float to float rounds to
nearest even.

Verifier rules: operand and result have one shape.`,
	Examples: []string{"%0 = stablehlo.convert %arg0 : (tensor<3xi32>) -> tensor<3xi64>",
		"%1 = stablehlo.convert %arg1 : tensor<2x2xi32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: intOrFloatTensor}},
	Results:  []ir.ResultDef{{Name: "result", Type: intOrFloatTensor}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$operand attr-dict `:` custom<HLOSameType>(type($operand), type($result))",
	Verify: func(op *ir.Operation) error {
		a, b := rankedOf(op.Operand(0)), rankedOf(op.Result(0))
		if !slices.Equal(a.Shape(), b.Shape()) {
			return op.EmitOpError("requires the same shape for operand and result, got %s and %s", a, b)
		}
		return nil
	},
})

// BroadcastInDim is stablehlo.broadcast_in_dim.
var BroadcastInDim = registerEW(ir.OpDef{
	Name:    BroadcastInDimName,
	Summary: "broadcast a tensor into a larger shape along mapped dims",
	Description: `result[ri] = operand[oi] with oi[d] = 0 if operand dim d is 1 and
result dim broadcast_dimensions[d] is not, else ri[broadcast_dimensions[d]].

Verifier rules (the spec's C1-C5):
  - element types of operand and result are equal;
  - size(broadcast_dimensions) = rank(operand);
  - 0 <= broadcast_dimensions < rank(result), and they are unique;
  - each operand dim d is 1 or equals result dim broadcast_dimensions[d].`,
	Examples: []string{"%0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xi32>) -> tensor<3x2xi32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs:    []ir.AttrDef{{Name: "broadcast_dimensions", Kind: i64ListKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format:   "$operand `,` `dims` `=` custom<I64List>($broadcast_dimensions) attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		in, out := rankedOf(op.Operand(0)), rankedOf(op.Result(0))
		dims := list(op, "broadcast_dimensions")
		if len(dims) != in.Rank() {
			return op.EmitOpError("broadcast_dimensions size (%d) does not match operand rank (%d)", len(dims), in.Rank())
		}
		seen := map[int64]bool{}
		for i, d := range dims {
			if d < 0 || d >= int64(out.Rank()) {
				return op.EmitOpError("broadcast_dimensions contains invalid value %d for result with rank %d", d, out.Rank())
			}
			if seen[d] {
				return op.EmitOpError("broadcast_dimensions should not have duplicates, got %d twice", d)
			}
			seen[d] = true
			if s := in.Dim(i); s != 1 && s != ir.Dynamic && out.Dim(int(d)) != ir.Dynamic && s != out.Dim(int(d)) {
				return op.EmitOpError("size of operand dimension %d (%d) is not equal to 1 or size of result dimension %d (%d)", i, s, d, out.Dim(int(d)))
			}
		}
		return nil
	},
})

func numElements(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

// Transpose is stablehlo.transpose.
var Transpose = registerEW(ir.OpDef{
	Name:    TransposeName,
	Summary: "permute the dimensions of a tensor",
	Description: `result[ri] = operand[oi] with oi[permutation[d]] = ri[d]; result dim d is
operand dim permutation[d].

Verifier rules: permutation is a permutation of [0, rank); the result
shape is the permuted operand shape; equal element types.`,
	Examples: []string{"%0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x3xf32>) -> tensor<3x5xf32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs:    []ir.AttrDef{{Name: "permutation", Kind: i64ListKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format:   "$operand `,` `dims` `=` custom<I64List>($permutation) attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		in, out := rankedOf(op.Operand(0)), rankedOf(op.Result(0))
		perm := list(op, "permutation")
		if len(perm) != in.Rank() || out.Rank() != in.Rank() {
			return op.EmitOpError("permutation %v does not fit operand rank %d and result rank %d", perm, in.Rank(), out.Rank())
		}
		seen := make([]bool, len(perm))
		for d, p := range perm {
			if p < 0 || p >= int64(len(perm)) || seen[p] {
				return op.EmitOpError("permutation %v is not a permutation of [0, %d)", perm, len(perm))
			}
			seen[p] = true
			if out.Dim(d) != in.Dim(int(p)) {
				return op.EmitOpError("result dimension %d is %d, operand dimension %d is %d", d, out.Dim(d), p, in.Dim(int(p)))
			}
		}
		return nil
	},
})
