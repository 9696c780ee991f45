package dml

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// The integer elementwise operators the lowering of index arithmetic uses
// (arith.addi, subi, muli, maxsi, remsi, andi, ori, cmpi and select on
// index tensors). Each is one op mirroring its desc: ATensor, BTensor (and
// ConditionTensor first for ELEMENT_WISE_IF; InputTensor alone for
// LOGICAL_NOT) and OutputTensor, all of the same sizes.
const (
	AddName             = "dml.element_wise_add"
	SubtractName        = "dml.element_wise_subtract"
	MultiplyName        = "dml.element_wise_multiply"
	MaxName             = "dml.element_wise_max"
	ModulusTruncateName = "dml.element_wise_modulus_truncate"
	BitAndName          = "dml.element_wise_bit_and"
	BitOrName           = "dml.element_wise_bit_or"
	EqualsName          = "dml.element_wise_logical_equals"
	LessThanName        = "dml.element_wise_logical_less_than"
	GreaterThanName     = "dml.element_wise_logical_greater_than"
	LessOrEqualName     = "dml.element_wise_logical_less_than_or_equal"
	GreaterOrEqualName  = "dml.element_wise_logical_greater_than_or_equal"
	LogicalNotName      = "dml.element_wise_logical_not"
	LogicalAndName      = "dml.element_wise_logical_and"
	LogicalOrName       = "dml.element_wise_logical_or"
	IfName              = "dml.element_wise_if"
)

// ewKind is the operand/result shape of an elementwise operator.
type ewKind int

const (
	ewArith   ewKind = iota // a, b, out of one type
	ewCompare               // a, b of one type, out i1 (UINT8 0/1)
	ewLogical               // a, b, out i1
	ewNot                   // input, out i1
	ewIf                    // condition i1, a, b, out of one type
)

type ewSpec struct {
	name, short, formula string
	number               int
	introduced           FeatureLevel
	kind                 ewKind
}

// ewSpecs: operator enumerator values and introducing levels as DirectML.h
// and the operator pages give them.
var ewSpecs = []ewSpec{
	{AddName, "ADD", "a + b, wrapping at the integer width", 4, FL1_0, ewArith},
	{SubtractName, "SUBTRACT", "a - b, wrapping at the integer width", 30, FL1_0, ewArith},
	{MultiplyName, "MULTIPLY", "a * b, wrapping at the integer width (the low bits of the product)", 24, FL1_0, ewArith},
	{MaxName, "MAX", "max(a, b) by the data type's values", 21, FL1_0, ewArith},
	{ModulusTruncateName, "MODULUS_TRUNCATE", "a - b * trunc(a / b): the sign of a (C's %); the lowering only emits it with a constant b without zeros", 101, FL2_1, ewArith},
	{BitAndName, "BIT_AND", "a & b", 121, FL3_0, ewArith},
	{BitOrName, "BIT_OR", "a | b", 122, FL3_0, ewArith},
	{EqualsName, "LOGICAL_EQUALS", "a == b ? 1 : 0", 15, FL1_0, ewCompare},
	{LessThanName, "LOGICAL_LESS_THAN", "a < b ? 1 : 0 (signed for signed data types)", 17, FL1_0, ewCompare},
	{GreaterThanName, "LOGICAL_GREATER_THAN", "a > b ? 1 : 0 (signed for signed data types)", 16, FL1_0, ewCompare},
	{LessOrEqualName, "LOGICAL_LESS_THAN_OR_EQUAL", "a <= b ? 1 : 0 (signed for signed data types)", 127, FL3_0, ewCompare},
	{GreaterOrEqualName, "LOGICAL_GREATER_THAN_OR_EQUAL", "a >= b ? 1 : 0 (signed for signed data types)", 126, FL3_0, ewCompare},
	{LogicalNotName, "LOGICAL_NOT", "input == 0 ? 1 : 0", 18, FL1_0, ewNot},
	{LogicalAndName, "LOGICAL_AND", "a != 0 && b != 0 ? 1 : 0", 14, FL1_0, ewLogical},
	{LogicalOrName, "LOGICAL_OR", "a != 0 || b != 0 ? 1 : 0", 19, FL1_0, ewLogical},
	{IfName, "IF", "condition != 0 ? a : b", 88, FL2_0, ewIf},
}

var ewByName = map[string]*ewSpec{}

// IsIntElementwise reports whether name is one of the elementwise ops of
// elementwise.go.
func IsIntElementwise(name string) bool { return ewByName[name] != nil }

var boolTensor = ir.RankedTensorOf(ir.TypePred("i1", func(t ir.Type) bool {
	it, ok := t.(ir.IntegerType)
	return ok && it.Width == 1
}))

const ewLevels = `
  2. Feature level (our reading of DirectML's support tables, taking the
     highest level among these operators so one rule holds for all):
     FLOAT32/FLOAT16 data from the operator's level; INT32/UINT32 data
     needs 3.0, 64-bit data 5.0, 8- and 16-bit data 5.1 (UINT8 0/1
     booleans, i1 here, from the operator's level). ADD's page lists
     INT32/UINT32 from 3.0, 64-bit from 4.1 and 8/16-bit from 5.1; we
     did not find every other operator's table, so 64-bit data waits
     for 5.0 (the level ELEMENT_WISE_CLIP and IF list it from), which
     is never lower than the truth as far as we read it.`

func init() {
	for i := range ewSpecs {
		s := &ewSpecs[i]
		ewByName[s.name] = s
		fields := []string{"ATensor", "BTensor", "OutputTensor"}
		ops := []ir.OperandDef{{Name: "a", Type: dataTensor}, {Name: "b", Type: dataTensor}}
		res := dataTensor
		traits := []ir.Trait{ir.Pure, ir.AllElementTypesMatch("a", "b", "out")}
		format := "$a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($out)"
		rule1 := "The a and b desc sizes equal the result sizes; the three element types are equal."
		if s.name == BitAndName || s.name == BitOrName {
			rule1 += " The data is integer (a bitwise operator)."
		}
		example := fmt.Sprintf("%%0 = %s %%a, %%b {dimension_count = 2 : index} : tensor<5x2xi32>, tensor<5x2xi32> -> tensor<5x2xi32>", s.name)
		views := viewAttrs("a", "b")
		switch s.kind {
		case ewCompare:
			res = boolTensor
			traits = []ir.Trait{ir.Pure, ir.AllElementTypesMatch("a", "b")}
			rule1 = "The a and b desc sizes equal the result sizes; a and b have one element type; the result is i1 (UINT8 0/1)."
			example = fmt.Sprintf("%%0 = %s %%a, %%b {b_sizes = [5, 2], b_strides = [0, 0], dimension_count = 2 : index} : tensor<5x2xi32>, tensor<1xi32> -> tensor<5x2xi1>", s.name)
		case ewLogical:
			ops = []ir.OperandDef{{Name: "a", Type: boolTensor}, {Name: "b", Type: boolTensor}}
			res = boolTensor
			rule1 = "The a and b desc sizes equal the result sizes; all three are i1 (UINT8 0/1)."
			example = fmt.Sprintf("%%0 = %s %%a, %%b {dimension_count = 1 : index} : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>", s.name)
		case ewNot:
			fields = []string{"InputTensor", "OutputTensor"}
			ops = []ir.OperandDef{{Name: "input", Type: boolTensor}}
			res = boolTensor
			traits = []ir.Trait{ir.Pure}
			format = "$input attr-dict `:` type($input) `->` type($out)"
			rule1 = "The input desc sizes equal the result sizes; both are i1 (UINT8 0/1)."
			example = fmt.Sprintf("%%0 = %s %%a {dimension_count = 1 : index} : tensor<4xi1> -> tensor<4xi1>", s.name)
			views = viewAttrs("input")
		case ewIf:
			fields = []string{"ConditionTensor", "ATensor", "BTensor", "OutputTensor"}
			ops = []ir.OperandDef{{Name: "condition", Type: boolTensor}, {Name: "a", Type: dataTensor}, {Name: "b", Type: dataTensor}}
			format = "$condition `,` $a `,` $b attr-dict `:` type($condition) `,` type($a) `,` type($b) `->` type($out)"
			rule1 = "The condition, a and b desc sizes equal the result sizes; the condition is i1 (UINT8); a, b and the result have one element type."
			example = fmt.Sprintf("%%0 = %s %%c, %%a, %%b {dimension_count = 1 : index} : tensor<4xi1>, tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>", s.name)
			views = viewAttrs("condition", "a", "b")
		}
		infos[s.name] = &OpInfo{Op: s.name, Type: "DML_OPERATOR_ELEMENT_WISE_" + s.short, Number: s.number,
			DescStruct: "DML_ELEMENT_WISE_" + s.short + "_OPERATOR_DESC", TensorFields: fields, Introduced: s.introduced}
		ir.MustRegister(ir.OpDef{
			Name:    s.name,
			Summary: "DML_OPERATOR_ELEMENT_WISE_" + s.short + ": " + s.formula + ", elementwise",
			Description: fmt.Sprintf(`DML_ELEMENT_WISE_%s_OPERATOR_DESC {%s}:
out[p] = %s. Introduced in DirectML feature level %s. Lowered from the
integer arith ops wrapped around gather indices (jax's index
normalization); the interpreter kernel is the arith op's semantics on the
values the op can see. DirectML's pages do not state what integer
overflow does; we read the operators as the HLSL integer instructions
they run as, which wrap modulo 2^width (two's complement), the same as
arith's addi/subi/muli.
`, s.short, joinFields(fields), s.formula, s.introduced) + descDoc + `

Verifier rules:
  1. ` + rule1 + ewLevels + "\n" + commonRules,
			Examples: []string{example},
			Operands: ops,
			Results:  []ir.ResultDef{{Name: "out", Type: res}},
			Attrs:    append([]ir.AttrDef{dimCountAttr}, views...),
			Traits:   traits,
			Format:   format,
			Verify:   verifyOp,
		})
	}
}

func isInteger(t ir.Type) bool { _, ok := t.(ir.IntegerType); return ok }

func joinFields(f []string) string {
	s := ""
	for i, x := range f {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s
}

// ewNeeds is the data-type part of Needs for the ops of elementwise.go.
func ewNeeds(op *ir.Operation, descs []TensorDesc, short string) []Need {
	var needs []Need
	for i, t := range descs {
		if ewByName[op.Name()].kind == ewIf && i == 0 {
			continue
		}
		dt := t.DataType
		switch {
		case dt.IsFloat() || dt == UInt8 && ir.ElementType(valueOfDesc(op, i).Type()).String() == "i1":
		case dt.Is64():
			needs = append(needs, Need{FL5_0, fmt.Sprintf("%s data in %s", dt, short)})
		case dt == Int32 || dt == UInt32:
			needs = append(needs, Need{FL3_0, fmt.Sprintf("%s data in %s", dt, short)})
		default:
			needs = append(needs, Need{FL5_1, fmt.Sprintf("%s data in %s", dt, short)})
		}
	}
	return needs
}

func valueOfDesc(op *ir.Operation, i int) ir.Value {
	if i < op.NumOperands() {
		return op.Operand(i)
	}
	return op.Result(0)
}
