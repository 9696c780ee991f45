package dml

import "github.com/tcp-project/tcp/ir"

// MinName is dml.element_wise_min.
const MinName = "dml.element_wise_min"

func init() {
	infos[MinName] = &OpInfo{Op: MinName, Type: "DML_OPERATOR_ELEMENT_WISE_MIN", Number: 23, DescStruct: "DML_ELEMENT_WISE_MIN_OPERATOR_DESC",
		TensorFields: []string{"ATensor", "BTensor", "OutputTensor"}, Introduced: FL1_0}
}

// Min is dml.element_wise_min.
var Min = ir.MustRegister(ir.OpDef{
	Name:    MinName,
	Summary: "DML_OPERATOR_ELEMENT_WISE_MIN: the smaller of two tensors, elementwise",
	Description: `DML_ELEMENT_WISE_MIN_OPERATOR_DESC {ATensor, BTensor, OutputTensor}:
out[p] = min(a[p], b[p]), compared by the data type's values (signed or
unsigned). The lowering clamps gather_nd index tuples whose components
select in dims of different sizes (mode "clip"): after an
element_wise_clip into [0, largest size - 1], the components are clamped
by a constant of per-component bounds read through a view whose strides
are 0 except 1 along the component dim.
` + descDoc + `

Verifier rules:
  1. The a and b desc sizes equal the result sizes; the three element
     types are equal.
  2. Feature level: 1.0 (F32, F16, D = 4 or 5); 3.0 for integer data and
     other D; 5.0 for 64-bit data (our reading of DirectML's support table,
     the same as ELEMENT_WISE_CLIP's).
` + commonRules,
	Examples: []string{
		"%0 = dml.element_wise_min %i, %b {b_sizes = [5, 2], b_strides = [0, 1], dimension_count = 2 : index} : tensor<5x2xi32>, tensor<2xi32> -> tensor<5x2xi32>",
	},
	Operands: []ir.OperandDef{{Name: "a", Type: dataTensor}, {Name: "b", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr}, viewAttrs("a", "b")...),
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("a", "b", "out")},
	Format:   "$a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($out)",
	Verify:   verifyOp,
})
