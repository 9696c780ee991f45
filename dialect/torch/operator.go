package torch

import (
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// OperatorName is torch-mlir's generic torch.operator.
const OperatorName = "torch.operator"

// Operator is torch.operator, torch-mlir's op for an operation it has no
// definition of. IREE's iree-import-onnx writes every ONNX node as one:
//
//	%0 = torch.operator "onnx.Gather"(%arg0, %arg1) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,2],f32>
var Operator = ir.MustRegister(ir.OpDef{
	Name:    OperatorName,
	Summary: "an operation named by a string (torch-mlir's escape hatch; the ONNX importer's form)",
	Description: `Stands for the operation name on the operands. Its meaning is the named
operation's: "onnx.X" with attributes torch.onnx.A is the ONNX operator X
(dialect/onnx's onnx.X) with attributes A, on the builtin tensors of the
!torch.vtensor operands (torch.constant.none for an absent optional input).
The interpreter and --convert-frontends-to-tcp support the onnx.* names
that dialect/onnx defines; other names have no semantics here.

Verifier rules: name is a non-empty string.`,
	Examples: []string{`%0 = torch.operator "onnx.Gather"(%arg0, %arg1) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,2],f32>`},
	Operands: []ir.OperandDef{{Name: "operands", Type: ir.AnyType, Variadic: true}},
	Results:  []ir.ResultDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Attrs:    []ir.AttrDef{{Name: "name", Kind: ir.StrAttrKind, Required: true}},
	Format:   "$name `(` $operands `)` attr-dict `:` functional-type($operands, results)",
	Verify: func(op *ir.Operation) error {
		if op.StrAttr("name") == "" {
			return op.EmitOpError("expects a non-empty name")
		}
		return nil
	},
})

// signless gives a dense tensor attribute of si/ui integers the signless
// element type of the same width (the builtin tensors of !torch.vtensor
// and the onnx dialect are signless); the bytes are the same.
func signless(a ir.Attribute) ir.Attribute {
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok {
		return a
	}
	it, ok := d.Type.Elem().(ir.IntegerType)
	if !ok || it.Sign == ir.Signless {
		return a
	}
	return &ir.DenseElementsAttr{Type: ir.RankedTensor(d.Type.Shape(), ir.IntegerType{Width: it.Width, Sign: ir.Signless}), Splat: d.Splat, Raw: d.Raw}
}

// ONNXOperator returns the ONNX op name ("onnx.Gather") of a torch.operator
// and its attributes with the torch.onnx. prefix removed (dense integer
// values made signless), or ok=false.
func ONNXOperator(op *ir.Operation) (name string, attrs []ir.NamedAttr, ok bool) {
	name = op.StrAttr("name")
	if op.Name() != OperatorName || !strings.HasPrefix(name, "onnx.") {
		return "", nil, false
	}
	for _, a := range op.Attrs() {
		if n, ok := strings.CutPrefix(a.Name, "torch.onnx."); ok {
			attrs = append(attrs, ir.NamedAttr{Name: n, Value: signless(a.Value)})
		}
	}
	return name, attrs, true
}

// ONNXAbsentTrailing returns how many trailing optional inputs of the
// onnx dialect's op def a torch.operator with n operands leaves out: ONNX
// lets a node omit its trailing optional inputs (torch.onnx.export's Slice
// gives starts, ends and axes, no steps), and iree-import-onnx writes only
// the inputs the node has. They are absent (onnx.NoValue), which the def's
// operand types must accept; 0 when def has variadic operands or n is not
// fewer than its operands.
func ONNXAbsentTrailing(def *ir.OpDef, n int) int {
	if def == nil || n >= len(def.Operands) {
		return 0
	}
	for _, o := range def.Operands {
		if o.Variadic {
			return 0
		}
	}
	for _, o := range def.Operands[n:] {
		if o.Type == nil || !o.Type.Match(ir.None) {
			return 0
		}
	}
	return len(def.Operands) - n
}
