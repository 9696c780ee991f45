package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// tf.ConcatV2 and tf.Reshape with TensorFlow's semantics.

func init() {
	register(map[string]kernelFunc{
		tf.ConcatV2Name: runTFConcatV2,
		tf.ReshapeName:  runTFReshape,
	})
}

func runTFConcatV2(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 3 {
		return nil, fmt.Errorf("expects at least 2 values and an axis, got %d operands", len(args))
	}
	vals, axis := args[:len(args)-1], args[len(args)-1]
	a, err := scalarInt(axis)
	if err != nil {
		return nil, fmt.Errorf("axis: %v", err)
	}
	r := int64(vals[0].Rank())
	if a < -r || a >= r {
		return nil, fmt.Errorf("axis %d is out of range [%d, %d)", a, -r, r)
	}
	if a < 0 {
		a += r
	}
	return x.concat(vals, int(a))
}

func runTFReshape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	t, s := args[0], args[1]
	if s.Rank() != 1 {
		return nil, fmt.Errorf("shape must be 1-D, got %s", s.Type())
	}
	shape := s.Int64s()
	infer, known := -1, int64(1)
	for i, d := range shape {
		switch {
		case d == -1 && infer < 0:
			infer = i
		case d < 0:
			return nil, fmt.Errorf("shape %v has a negative size other than one -1", shape)
		default:
			known *= d
		}
	}
	if infer >= 0 {
		if known == 0 || t.NumElements()%known != 0 {
			return nil, fmt.Errorf("cannot infer the -1 of shape %v for %d elements", shape, t.NumElements())
		}
		shape[infer] = t.NumElements() / known
	} else if known != t.NumElements() {
		return nil, fmt.Errorf("cannot reshape a tensor of %d elements into shape %v", t.NumElements(), shape)
	}
	out := t.Clone()
	out.Shape = shape
	return []*tensor.Tensor{out}, nil
}
