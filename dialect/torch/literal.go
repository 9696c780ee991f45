package torch

import (
	"github.com/tcp-project/tcp/ir"
)

// VTensorLiteralName is torch-mlir's tensor constant.
const VTensorLiteralName = "torch.vtensor.literal"

// VTensorLiteral is torch.vtensor.literal, the constant tensors of
// torch-mlir's fx importer (a captured index tensor, a buffer):
//
//	%0 = torch.vtensor.literal(dense<[0, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
var VTensorLiteral = ir.MustRegister(ir.OpDef{
	Name:    VTensorLiteralName,
	Summary: "a constant !torch.vtensor",
	Description: `Produces the dense elements value as a !torch.vtensor.

Verifier rules: the value's shape is the result's sizes and its element
type the result's dtype (si64 and i64 both stand for torch.int64, as in
torch-mlir's builtin tensor types).`,
	Examples: []string{"%0 = torch.vtensor.literal(dense<[0, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>"},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:   "`(` $value `)` attr-dict `:` type($result)",
	Verify: func(op *ir.Operation) error {
		d := op.Attr("value").(*ir.DenseElementsAttr)
		vt := op.Result(0).Type().(*VTensorType)
		b, ok := vt.BuiltinTensorType().(*ir.RankedTensorType)
		want := signless(d).(*ir.DenseElementsAttr).Type
		if !ok || b.Rank() != want.Rank() || b.Elem() != want.Elem() {
			return op.EmitOpError("value type %s does not match the result %s", d.Type, vt)
		}
		for i := 0; i < b.Rank(); i++ {
			if b.Dim(i) != ir.Dynamic && b.Dim(i) != want.Dim(i) {
				return op.EmitOpError("value type %s does not match the result %s", d.Type, vt)
			}
		}
		return nil
	},
})

// LiteralValue returns the value of a torch.vtensor.literal with signless
// integer elements (the builtin tensor's type).
func LiteralValue(op *ir.Operation) *ir.DenseElementsAttr {
	d, _ := signless(op.Attr("value")).(*ir.DenseElementsAttr)
	return d
}
