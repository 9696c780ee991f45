package torchtotcp

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
)

// aten.{eq,ne,lt,le,gt,ge}.{Scalar,Tensor} on signed integer tensors ->
// arith.cmpi (eq, ne, slt, sle, sgt, sge) of the broadcast operands, a
// number other as a splat tcp.const of self's dtype. Float operands are
// refused (not converted).
var _ = addCompare()

var cmpPredicate = map[string]arith.CmpIPredicate{
	"eq": arith.CmpEQ, "ne": arith.CmpNE, "lt": arith.CmpSLT, "le": arith.CmpSLE, "gt": arith.CmpSGT, "ge": arith.CmpSGE,
}

func addCompare() bool {
	for name := range torch.CompareOps {
		conversions = append(conversions, struct {
			root, name string
			fn         convFn
		}{name, "torch-" + name[len("torch.aten."):] + "-to-tcp", convertCompare})
		operandNames[name] = []string{"self", "other"}
	}
	return true
}

func convertCompare(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rt, err := staticResult(op)
	if err != nil {
		return false, err
	}
	self, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	elem, ok := torch.BuiltinElement(self.DType()).(ir.IntegerType)
	if !ok || elem.Width == 1 || self.DType().String()[0] == 'u' {
		return fail(op, "self has dtype %s; only signed integer comparisons are converted", self.DType())
	}
	scalarOther := op.Operand(1).Type() == torch.Int || op.Operand(1).Type() == torch.Float
	a, err := broadcastOperand(op, rw, 0, rt.Shape(), elem)
	if err != nil {
		return false, err
	}
	var b ir.Value
	if scalarOther {
		if op.Operand(1).Type() != torch.Int {
			return fail(op, "an integer tensor compared with %s is promoted to float, which is not supported", op.Operand(1).Type())
		}
		b, err = numberSplat(op, rw, 1, rt.Shape(), elem)
	} else {
		b, err = broadcastOperand(op, rw, 1, rt.Shape(), elem)
	}
	if err != nil {
		return false, err
	}
	c := arith.CmpI(rw, op.Loc(), cmpPredicate[torch.CompareOps[op.Name()]], a, b).Result(0)
	return true, finish(op, rw, c)
}
