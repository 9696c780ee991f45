package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// torch's elementwise ops around the scatters (dialect/torch arith.go),
// with torch's CPU semantics: operands broadcast numpy-style; integer
// results wrap at their width; a float result is computed in torch's
// "opmath" type (f32 for f16, bf16 and f32, f64 for f64), the number
// operand of mul.Scalar rounded to it first, and rounded once to the
// result dtype; add.Tensor with alpha != 1 on floats is refused (torch's
// CPU kernel fuses the multiply and the add, which tcp does not model);
// where.self selects self where the condition is true. The operands of
// add.Tensor and where.self must have the result's dtype (no promotion).

func init() {
	register(map[string]kernelFunc{
		torch.MulScalarName: runTorchMulScalar,
		torch.AddTensorName: runTorchAddTensor,
		torch.WhereSelfName: runTorchWhere,
		torch.AddScalarName: runTorchBinary,
		torch.SubScalarName: runTorchBinary,
		torch.SubTensorName: runTorchBinary,
		torch.MulTensorName: runTorchBinary,
	})
}

// opmath rounds v to torch's computation type for dt (f32 for the 16-bit
// formats and f32, f64 for f64).
func opmath(dt tensor.DType, v float64) float64 {
	if dt == tensor.F64 {
		return v
	}
	return float64(float32(v))
}

func runTorchMulScalar(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	self, other := args[0], args[1]
	rdt, err := DType(ir.ElementType(RuntimeType(op.Result(0).Type())))
	if err != nil {
		return nil, err
	}
	out, err := x.alloc(rdt, self.Shape)
	if err != nil {
		return nil, err
	}
	n := int(self.NumElements())
	if !rdt.IsFloat() {
		if !self.DType.IsInt() || !other.DType.IsInt() {
			return nil, fmt.Errorf("an integer result needs an integer self and other")
		}
		b, err := scalarInt(other)
		if err != nil {
			return nil, err
		}
		for i := 0; i < n; i++ {
			out.SetInt64(i, self.Int64At(i)*b)
		}
		return []*tensor.Tensor{out}, nil
	}
	b := other.Float64At(0)
	if other.DType.IsInt() {
		v, err := scalarInt(other)
		if err != nil {
			return nil, err
		}
		b = float64(v)
	}
	b = opmath(rdt, b)
	for i := 0; i < n; i++ {
		a := self.Float64At(i)
		if self.DType.IsInt() {
			a = float64(self.Int64At(i))
		}
		out.SetFloat64(i, opmath(rdt, opmath(rdt, a)*b))
	}
	return []*tensor.Tensor{out}, nil
}

// broadcastAll broadcasts ts to their common shape.
func broadcastAll(ts ...*tensor.Tensor) ([]*tensor.Tensor, error) {
	var shapes [][]int64
	for _, t := range ts {
		shapes = append(shapes, t.Shape)
	}
	shape, ok := torch.BroadcastSizes(shapes)
	if !ok {
		return nil, fmt.Errorf("the sizes %s do not broadcast together", shapesStr(shapes))
	}
	out := make([]*tensor.Tensor, len(ts))
	for i, t := range ts {
		b, err := broadcastTensor(t, shape)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

func runTorchAddTensor(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	rdt, err := DType(ir.ElementType(RuntimeType(op.Result(0).Type())))
	if err != nil {
		return nil, err
	}
	if args[0].DType != rdt || args[1].DType != rdt {
		return nil, fmt.Errorf("self (%s) and other (%s) must have the result dtype %s", args[0].DType, args[1].DType, rdt)
	}
	bs, err := broadcastAll(args[0], args[1])
	if err != nil {
		return nil, err
	}
	a, b := bs[0], bs[1]
	out, err := x.alloc(rdt, a.Shape)
	if err != nil {
		return nil, err
	}
	n := int(a.NumElements())
	if !rdt.IsFloat() {
		alpha, err := scalarInt(args[2])
		if err != nil {
			return nil, fmt.Errorf("alpha must be an integer for an integer result: %v", err)
		}
		for i := 0; i < n; i++ {
			out.SetInt64(i, a.Int64At(i)+alpha*b.Int64At(i))
		}
		return []*tensor.Tensor{out}, nil
	}
	alpha := args[2].Float64At(0)
	if args[2].DType.IsInt() {
		v, _ := scalarInt(args[2])
		alpha = float64(v)
	}
	if alpha != 1 {
		return nil, fmt.Errorf("alpha = %v on float tensors is not supported (torch fuses the multiply and the add)", alpha)
	}
	for i := 0; i < n; i++ {
		out.SetFloat64(i, opmath(rdt, a.Float64At(i)+b.Float64At(i)))
	}
	return []*tensor.Tensor{out}, nil
}

func runTorchWhere(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	rdt, err := DType(ir.ElementType(RuntimeType(op.Result(0).Type())))
	if err != nil {
		return nil, err
	}
	if args[0].DType != tensor.I1 {
		return nil, fmt.Errorf("condition must be i1, got %s", args[0].DType)
	}
	if args[1].DType != rdt || args[2].DType != rdt {
		return nil, fmt.Errorf("self (%s) and other (%s) must have the result dtype %s", args[1].DType, args[2].DType, rdt)
	}
	bs, err := broadcastAll(args...)
	if err != nil {
		return nil, err
	}
	out, err := x.alloc(rdt, bs[0].Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(out.NumElements()); i++ {
		src := bs[2]
		if bs[0].Bits(i) != 0 {
			src = bs[1]
		}
		out.SetBits(i, src.Bits(i))
	}
	return []*tensor.Tensor{out}, nil
}

// runTorchBinary is add.Scalar, sub.Scalar, sub.Tensor and mul.Tensor:
// self ⊕ (alpha ·) other in the result dtype, operands broadcast; a number
// other is rounded to the computation type (f32, or f64) first; alpha
// must be 1 on floats.
func runTorchBinary(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	rdt, err := DType(ir.ElementType(RuntimeType(op.Result(0).Type())))
	if err != nil {
		return nil, err
	}
	if len(args) < 2 {
		return nil, fmt.Errorf("expects self and other")
	}
	scalarOther := op.Operand(1).Type() == torch.Int || op.Operand(1).Type() == torch.Float
	if args[0].DType != rdt || !scalarOther && args[1].DType != rdt {
		return nil, fmt.Errorf("self (%s) and other (%s) must have the result dtype %s", args[0].DType, args[1].DType, rdt)
	}
	ops := []*tensor.Tensor{args[0]}
	if !scalarOther {
		ops = append(ops, args[1])
	}
	bs, err := broadcastAll(ops...)
	if err != nil {
		return nil, err
	}
	a := bs[0]
	out, err := x.alloc(rdt, a.Shape)
	if err != nil {
		return nil, err
	}
	n := int(a.NumElements())
	name := op.Name()
	sub := name == torch.SubScalarName || name == torch.SubTensorName
	mul := name == torch.MulTensorName
	if !rdt.IsFloat() {
		alpha := int64(1)
		if len(args) > 2 {
			if alpha, err = scalarInt(args[2]); err != nil {
				return nil, fmt.Errorf("alpha must be an integer for an integer result: %v", err)
			}
		}
		var c int64
		if scalarOther {
			if c, err = scalarInt(args[1]); err != nil {
				return nil, fmt.Errorf("other must be an integer for an integer result: %v", err)
			}
		}
		for i := 0; i < n; i++ {
			b := c
			if !scalarOther {
				b = bs[1].Int64At(i)
			}
			switch {
			case mul:
				out.SetInt64(i, a.Int64At(i)*b)
			case sub:
				out.SetInt64(i, a.Int64At(i)-alpha*b)
			default:
				out.SetInt64(i, a.Int64At(i)+alpha*b)
			}
		}
		return []*tensor.Tensor{out}, nil
	}
	if len(args) > 2 {
		alpha := args[2].Float64At(0)
		if args[2].DType.IsInt() {
			v, _ := scalarInt(args[2])
			alpha = float64(v)
		}
		if alpha != 1 {
			return nil, fmt.Errorf("alpha = %v on float tensors is not supported (torch fuses the multiply and the add)", alpha)
		}
	}
	var c float64
	if scalarOther {
		c = args[1].Float64At(0)
		if args[1].DType.IsInt() {
			v, _ := scalarInt(args[1])
			c = float64(v)
		}
		c = opmath(rdt, c)
	}
	for i := 0; i < n; i++ {
		b := c
		if !scalarOther {
			b = bs[1].Float64At(i)
		}
		v := a.Float64At(i)
		switch {
		case mul:
			v *= b
		case sub:
			v -= b
		default:
			v += b
		}
		out.SetFloat64(i, opmath(rdt, v))
	}
	return []*tensor.Tensor{out}, nil
}
