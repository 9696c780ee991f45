package torch

import "github.com/tcp-project/tcp/ir"

// Integer comparisons the FX importer prints around index assignment
// (y[2] = v becomes arange(n) == 2 and a where) and index masks
// (arange(n)[:, None] < arange(n)[None, :]).

// Comparison op names.
const (
	EqScalarName = "torch.aten.eq.Scalar"
	NeScalarName = "torch.aten.ne.Scalar"
	LtScalarName = "torch.aten.lt.Scalar"
	LeScalarName = "torch.aten.le.Scalar"
	GtScalarName = "torch.aten.gt.Scalar"
	GeScalarName = "torch.aten.ge.Scalar"
	EqTensorName = "torch.aten.eq.Tensor"
	NeTensorName = "torch.aten.ne.Tensor"
	LtTensorName = "torch.aten.lt.Tensor"
	LeTensorName = "torch.aten.le.Tensor"
	GtTensorName = "torch.aten.gt.Tensor"
	GeTensorName = "torch.aten.ge.Tensor"
)

// CompareOps maps each comparison op to its relation: eq, ne, lt, le, gt
// or ge.
var CompareOps = map[string]string{
	EqScalarName: "eq", NeScalarName: "ne", LtScalarName: "lt", LeScalarName: "le", GtScalarName: "gt", GeScalarName: "ge",
	EqTensorName: "eq", NeTensorName: "ne", LtTensorName: "lt", LeTensorName: "le", GtTensorName: "gt", GeTensorName: "ge",
}

var symbols = map[string]string{"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}

func init() {
	for _, name := range []string{EqScalarName, NeScalarName, LtScalarName, LeScalarName, GtScalarName, GeScalarName,
		EqTensorName, NeTensorName, LtTensorName, LeTensorName, GtTensorName, GeTensorName} {
		rel := CompareOps[name]
		scalar := name[len(name)-len("Scalar"):] == "Scalar"
		other := ir.OperandDef{Name: "other", Type: vtensorC}
		form := "a tensor other, broadcast with self"
		ex := "%2 = " + name + " %0, %1 : !torch.vtensor<[4,1],si64>, !torch.vtensor<[1,4],si64> -> !torch.vtensor<[4,4],i1>"
		if scalar {
			other = ir.OperandDef{Name: "other", Type: numberC}
			form = "a number other"
			ex = "%1 = " + name + " %0, %int2 : !torch.vtensor<[4,1],si64>, !torch.int -> !torch.vtensor<[4,1],i1>"
		}
		ir.MustRegister(elementwiseDef(ir.OpDef{
			Name:    name,
			Summary: "elementwise self " + symbols[rel] + " other, a bool tensor (" + form + ")",
			Description: `torch.` + rel + `(self, other): out[p] = self[p] ` + symbols[rel] + ` other[p] as i1, with
` + form + `. Integers compare as signed values; floats as IEEE values
(a NaN compares unequal to everything, so only ne holds for it).

Verifier rules:
  1. The tensor operands' sizes broadcast together and the result has the
     broadcast sizes.
  2. result has dtype i1.`,
			Examples: []string{ex},
			Operands: []ir.OperandDef{selfOp, other},
		}))
	}
}

// IsCompare reports whether name is one of the comparison ops.
func IsCompare(name string) bool { _, ok := CompareOps[name]; return ok }
