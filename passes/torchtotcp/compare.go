package torchtotcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
)

// aten.{eq,ne,lt,le,gt,ge}.{Scalar,Tensor} on signed integer tensors ->
// arith.cmpi (eq, ne, slt, sle, sgt, sge) of the broadcast operands, a
// number other as a splat tcp.const of self's dtype; on f32 and f64 ->
// arith.cmpf (oeq, une, olt, ole, ogt, oge: a NaN makes only ne true), a
// number other rounded once to self's dtype as torch does. Other dtypes
// and mixed integer/float operands are refused.
var _ = addCompare()

var cmpPredicate = map[string]arith.CmpIPredicate{
	"eq": arith.CmpEQ, "ne": arith.CmpNE, "lt": arith.CmpSLT, "le": arith.CmpSLE, "gt": arith.CmpSGT, "ge": arith.CmpSGE,
}

var cmpFPredicate = map[string]string{"eq": "oeq", "ne": "une", "lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge"}

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
	elem := torch.BuiltinElement(self.DType())
	isFloat := false
	switch e := elem.(type) {
	case ir.IntegerType:
		if e.Width == 1 || self.DType().String()[0] == 'u' {
			return fail(op, "self has dtype %s; only signed integer, f32 and f64 comparisons are converted", self.DType())
		}
	case ir.FloatType:
		if e.Kind != ir.F32 && e.Kind != ir.F64 {
			return fail(op, "self has dtype %s; only signed integer, f32 and f64 comparisons are converted", self.DType())
		}
		isFloat = true
	default:
		return fail(op, "self has dtype %s; only signed integer, f32 and f64 comparisons are converted", self.DType())
	}
	scalarOther := op.Operand(1).Type() == torch.Int || op.Operand(1).Type() == torch.Float
	a, err := broadcastOperand(op, rw, 0, rt.Shape(), elem)
	if err != nil {
		return false, err
	}
	var b ir.Value
	if scalarOther {
		if !isFloat && op.Operand(1).Type() != torch.Int {
			return fail(op, "an integer tensor compared with %s is promoted to float, which is not supported", op.Operand(1).Type())
		}
		b, err = numberSplat(op, rw, 1, rt.Shape(), elem)
	} else {
		b, err = broadcastOperand(op, rw, 1, rt.Shape(), elem)
	}
	if err != nil {
		return false, err
	}
	rel := torch.CompareOps[op.Name()]
	if isFloat {
		pred := slices.Index(arith.CmpFPredicates, cmpFPredicate[rel])
		c := rw.Create(arith.CmpFName, op.Loc(), []ir.Value{a, b}, []ir.Type{ir.RankedTensor(rt.Shape(), ir.I1)},
			[]ir.NamedAttr{{Name: "predicate", Value: ir.Int(int64(pred), ir.I64)}}).Result(0)
		return true, finish(op, rw, c)
	}
	c := arith.CmpI(rw, op.Loc(), cmpPredicate[rel], a, b).Result(0)
	return true, finish(op, rw, c)
}
