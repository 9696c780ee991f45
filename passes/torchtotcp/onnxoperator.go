package torchtotcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
)

// torch.operator "onnx.X" (IREE's iree-import-onnx form) becomes the onnx
// dialect's onnx.X on builtin tensors: operands through
// torch_c.to_builtin_tensor (torch.constant.none as onnx.NoValue), the
// torch.onnx. attributes as X's attributes, the result back through
// torch_c.from_builtin_tensor. The onnx frontend then converts onnx.X to
// tcp in the same --convert-frontends-to-tcp run. It joins the torch
// frontend's conversions during package variable initialization, before
// init registers them.
var _ = addONNXOperator()

func addONNXOperator() bool {
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.OperatorName, "torch-onnx-operator-to-onnx", convertONNXOperator})
	return true
}

func convertONNXOperator(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	name, attrs, ok := torch.ONNXOperator(op)
	if !ok {
		return false, ir.NotifyMatchFailure(op, "operator %q is not an onnx.* operator", op.StrAttr("name"))
	}
	if rw.Registry.Lookup(name) == nil || rw.Registry.LookupDef(name) == nil {
		return false, ir.NotifyMatchFailure(op, "operator %q is not defined by the onnx dialect", name)
	}
	var results []ir.Type
	var vts []*torch.VTensorType
	for _, t := range op.ResultTypes() {
		vt, ok := t.(*torch.VTensorType)
		if !ok || vt.BuiltinTensorType() == nil {
			return false, ir.NotifyMatchFailure(op, "result type %s is not a !torch.vtensor with a known dtype", t)
		}
		vts = append(vts, vt)
		results = append(results, vt.BuiltinTensorType())
	}
	rw.SetInsertionPointBefore(op)
	var operands []ir.Value
	for i, v := range op.Operands() {
		if d := v.DefiningOp(); d != nil && d.Name() == torch.ConstantNoneName {
			operands = append(operands, rw.Create(onnx.NoValueName, op.Loc(), nil, []ir.Type{ir.None},
				[]ir.NamedAttr{{Name: "value", Value: ir.UnitAttr{}}}).Result(0))
			continue
		}
		b, err := torch.ToBuiltin(rw, op.Loc(), v)
		if err != nil {
			return false, ir.NotifyMatchFailure(op, "operand #%d: %v", i, err)
		}
		operands = append(operands, b)
	}
	// Trailing optional inputs an exporter omits (Slice without steps)
	// are the onnx dialect's onnx.NoValue, as --import-onnx supplies them.
	if def := rw.Registry.LookupDef(name); def != nil {
		for len(operands) < len(def.Operands) && !def.Operands[len(operands)].Variadic && optionalInput(name, len(operands)) {
			operands = append(operands, rw.Create(onnx.NoValueName, op.Loc(), nil, []ir.Type{ir.None},
				[]ir.NamedAttr{{Name: "value", Value: ir.UnitAttr{}}}).Result(0))
		}
	}
	if def := rw.Registry.LookupDef(name); def != nil && !slices.ContainsFunc(def.Operands, func(o ir.OperandDef) bool { return o.Variadic }) && len(operands) != len(def.Operands) {
		return false, ir.NotifyMatchFailure(op, "operator %q expects %d operands, got %d", name, len(def.Operands), len(op.Operands()))
	}
	n := rw.Create(name, op.Loc(), operands, results, attrs)
	var outs []ir.Value
	for i, vt := range vts {
		outs = append(outs, torch.FromBuiltinValue(rw, op.Loc(), n.Result(i), vt))
	}
	rw.ReplaceOp(op, outs)
	return true, nil
}

// optionalInput reports whether input k of the onnx op name may be
// omitted (ONNX's optional inputs of the ops the onnx dialect defines).
func optionalInput(name string, k int) bool {
	return onnx.OptionalInput(name, k)
}
