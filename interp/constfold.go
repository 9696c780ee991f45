package interp

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// Constant folding through the interpreter: EvalConstant is installed as
// ir's constant evaluator, so that folding drivers (the canonicalizer)
// fold any Pure op with a kernel whose operands are all constants (within
// ir.EvaluateConstantOp's size bound) without a folder per op.

func init() { ir.SetConstantEvaluator(EvalConstant) }

// foldMaxTensorBytes bounds every tensor an op may create while it is
// constant folded.
const foldMaxTensorBytes = 1 << 20

// EvalConstant runs op's kernel on constant operand values and returns its
// results as attributes of the result types. Any runtime error (an index
// out of range under the op's mode, a broken promise, a slice out of
// bounds, …) is returned, so that the op is not folded.
func EvalConstant(op *ir.Operation, operands []ir.Attribute) ([]ir.Attribute, error) {
	if op == nil {
		return nil, errors.New("interp.EvalConstant: nil operation")
	}
	k := kernels[op.Name()]
	if k == nil {
		return nil, fmt.Errorf("'%s' has no interpreter kernel", op.Name())
	}
	if len(operands) != op.NumOperands() {
		return nil, fmt.Errorf("'%s' has %d operands, got %d values", op.Name(), op.NumOperands(), len(operands))
	}
	args := make([]*tensor.Tensor, len(operands))
	for i, a := range operands {
		v, err := FromAttr(a)
		if err != nil {
			return nil, err
		}
		if err := checkValue(v, op.Operand(i).Type()); err != nil {
			return nil, fmt.Errorf("operand #%d: %v", i, err)
		}
		args[i] = v
	}
	x := &execState{opts: Options{MaxCallDepth: 1, MaxTensorBytes: foldMaxTensorBytes, MaxSteps: 1}}
	results, err := k(x, op, args)
	if err != nil {
		return nil, err
	}
	if len(results) != op.NumResults() {
		return nil, fmt.Errorf("kernel produced %d result(s), the op has %d", len(results), op.NumResults())
	}
	out := make([]ir.Attribute, len(results))
	for i, r := range results {
		t := op.Result(i).Type()
		if err := checkValue(r, t); err != nil {
			return nil, fmt.Errorf("result #%d: %v", i, err)
		}
		if out[i], err = ToAttr(r, t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ToAttr converts a runtime value to a constant attribute of type t, the
// inverse of FromAttr: a dense elements attribute for a ranked tensor type
// of static shape (a splat when every element is equal), an integer, bool
// or float attribute for a scalar type.
func ToAttr(v *tensor.Tensor, t ir.Type) (ir.Attribute, error) {
	if err := checkValue(v, t); err != nil {
		return nil, err
	}
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		if !tt.HasStaticShape() {
			return nil, fmt.Errorf("cannot make a constant of dynamic type %s", t)
		}
		es := v.DType.Size()
		n := int(v.NumElements())
		data := v.Data[:n*es]
		if n > 1 && allSame(data, es) {
			return &ir.DenseElementsAttr{Type: tt, Splat: true, Raw: bytes.Clone(data[:es])}, nil
		}
		return &ir.DenseElementsAttr{Type: tt, Raw: bytes.Clone(data)}, nil
	case ir.IntegerType:
		if tt.Width == 1 {
			return ir.BoolAttr(v.Int64At(0) != 0), nil
		}
		return ir.Int(v.Int64At(0), tt), nil
	case ir.IndexType:
		return ir.IndexAttr(v.Int64At(0)), nil
	case ir.FloatType:
		return ir.FloatAttr{Type: tt, Value: ir.FloatFromBits(v.Bits(0), tt.Kind)}, nil
	}
	return nil, fmt.Errorf("cannot make a constant of type %s", t)
}

// allSame reports whether every es-byte element of data equals the first.
func allSame(data []byte, es int) bool {
	for i := es; i < len(data); i += es {
		if !bytes.Equal(data[i:i+es], data[:es]) {
			return false
		}
	}
	return true
}
