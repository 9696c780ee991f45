package stablehlo

import "github.com/tcp-project/tcp/ir"

// The check dialect: StableHLO's test assertions (its tests/CheckOps.td),
// which our interpreter runs as assertions so that the StableHLO
// interpreter test cases can be written as they are in that project.
const (
	ExpectEqName            = "check.expect_eq"
	ExpectEqConstName       = "check.expect_eq_const"
	ExpectAlmostEqConstName = "check.expect_almost_eq_const"
)

// ExpectEq is check.expect_eq.
var ExpectEq = ir.MustRegister(ir.OpDef{
	Name:    ExpectEqName,
	Summary: "assert that two tensors are equal (test support)",
	Description: `The interpreter fails with "check.expect_eq failed" and both values when
lhs and rhs differ in any element (bit-exact for floats, NaNs equal).

Verifier rules: lhs and rhs have the same type.`,
	Examples: []string{"check.expect_eq %arg0, %arg1 : tensor<2xi64>"},
	Operands: []ir.OperandDef{{Name: "lhs", Type: ir.RankedTensorOf()}, {Name: "rhs", Type: ir.RankedTensorOf()}},
	Traits:   []ir.Trait{ir.AllTypesMatch("lhs", "rhs")},
	Format:   "$lhs `,` $rhs attr-dict `:` type($lhs)",
})

// ExpectEqConst is check.expect_eq_const.
var ExpectEqConst = ir.MustRegister(ir.OpDef{
	Name:    ExpectEqConstName,
	Summary: "assert that a tensor equals a constant (test support)",
	Description: `The interpreter fails with "check.expect_eq_const failed" and both values
when lhs differs from value in any element (bit-exact for floats).

Verifier rules: the type of value is the type of lhs.`,
	Examples: []string{"check.expect_eq_const %arg0, dense<[1, 2]> : tensor<2xi64>"},
	Operands: []ir.OperandDef{{Name: "lhs", Type: ir.RankedTensorOf()}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:   []ir.Trait{ir.AllTypesMatch("lhs", "value")},
	Format:   "$lhs `,` $value attr-dict",
})

// ExpectAlmostEqConst is check.expect_almost_eq_const.
var ExpectAlmostEqConst = ir.MustRegister(ir.OpDef{
	Name:    ExpectAlmostEqConstName,
	Summary: "assert that a float tensor is close to a constant (test support)",
	Description: `The interpreter fails with "check.expect_almost_eq_const failed" when an
element of lhs differs from value by more than tolerance (default 1e-4,
given in the attribute dictionary).

Verifier rules: the type of value is the type of lhs.`,
	Examples: []string{"check.expect_almost_eq_const %arg0, dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>"},
	Operands: []ir.OperandDef{{Name: "lhs", Type: ir.RankedTensorOf(ir.AnyFloat)}},
	Attrs: []ir.AttrDef{
		{Name: "value", Kind: ir.ElementsAttrKind, Required: true},
		{Name: "tolerance", Kind: ir.AttrPred("f64 attribute", func(a ir.Attribute) bool {
			f, ok := a.(ir.FloatAttr)
			return ok && f.Type == ir.FloatType{Kind: ir.F64}
		})},
	},
	Traits: []ir.Trait{ir.AllTypesMatch("lhs", "value")},
	Format: "$lhs `,` $value attr-dict",
})
