package interp

import (
	"fmt"
	"sync"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch.operator "onnx.X" runs the onnx.X kernel (interp/onnx.go) on the
// builtin tensors of its operands, with the torch.onnx. attributes as the
// ONNX attributes: the kernel sees a detached onnx.X op (no operands; the
// attributes and builtin result types), made once per torch.operator.

func init() {
	register(map[string]kernelFunc{torch.OperatorName: runTorchOperator})
}

var shadowOps sync.Map // *ir.Operation -> *ir.Operation

func runTorchOperator(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	name, attrs, ok := torch.ONNXOperator(op)
	if !ok {
		return nil, fmt.Errorf("operator %q has no semantics here (only onnx.* operators are interpreted)", op.StrAttr("name"))
	}
	k := kernels[name]
	if k == nil || ir.Global.Lookup(name) == nil {
		return nil, fmt.Errorf("operator %q has no interpreter kernel", name)
	}
	shadow, ok := shadowOps.Load(op)
	if !ok {
		var types []ir.Type
		for _, t := range op.ResultTypes() {
			if vt, isVT := t.(*torch.VTensorType); isVT && vt.BuiltinTensorType() != nil {
				t = vt.BuiltinTensorType()
			}
			types = append(types, t)
		}
		s := ir.NewOperation(&ir.OperationState{Name: ir.Global.Lookup(name), Loc: op.Loc(), Types: types, Attrs: attrs})
		shadow, _ = shadowOps.LoadOrStore(op, s)
	}
	// An absent optional input (torch.constant.none) is onnx.NoValue's value.
	for i, v := range op.Operands() {
		if d := v.DefiningOp(); d != nil && d.Name() == torch.ConstantNoneName {
			args[i] = noneValue
		}
	}
	// So are omitted trailing optional inputs.
	for range torch.ONNXAbsentTrailing(ir.Global.LookupDef(name), len(args)) {
		args = append(args, noneValue)
	}
	return k(x, shadow.(*ir.Operation), args)
}
