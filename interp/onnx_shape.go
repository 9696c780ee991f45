package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The onnx dialect's shape plumbing (dialect/onnx shape.go, split.go):
// Concat, Pad (mode constant), Reshape, Transpose, Split with ONNX's
// semantics.

func init() {
	register(map[string]kernelFunc{
		onnx.ConcatName:    runONNXConcat,
		onnx.PadName:       runONNXPad,
		onnx.ReshapeName:   runONNXReshape,
		onnx.TransposeName: runONNXTranspose,
		onnx.SplitName:     runONNXSplit,
	})
}

func runONNXSplit(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, fmt.Errorf("expects 1 or 2 operands, got %d", len(args))
	}
	in := args[0]
	var split []int64
	hasSplit := len(args) == 2 && args[1] != noneValue
	if hasSplit {
		split = args[1].Int64s()
	}
	shapes, err := onnx.SplitShapes(in.Shape, onnx.Axis(op), split, hasSplit, op.NumResults())
	if err != nil {
		return nil, err
	}
	a, _ := normalizeAxis("axis", onnx.Axis(op), in.Rank())
	var outs []*tensor.Tensor
	off := int64(0)
	for _, s := range shapes {
		starts := make([]int64, in.Rank())
		strides := make([]int64, in.Rank())
		for i := range strides {
			strides[i] = 1
		}
		starts[a] = off
		t, err := kernel.Slice(in, starts, s, strides)
		if err != nil {
			return nil, err
		}
		outs = append(outs, t)
		off += s[a]
	}
	return outs, nil
}

func runONNXConcat(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects at least one input")
	}
	a, err := normalizeAxis("axis", onnx.Axis(op), args[0].Rank())
	if err != nil {
		return nil, err
	}
	return x.concat(args, a)
}

func runONNXPad(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 2 || len(args) > 4 {
		return nil, fmt.Errorf("expects 2 to 4 operands, got %d", len(args))
	}
	data, pads := args[0], args[1].Int64s()
	r := data.Rank()
	if len(pads) != 2*r {
		return nil, fmt.Errorf("pads has %d values, data of rank %d needs %d", len(pads), r, 2*r)
	}
	if len(args) > 3 && args[3] != noneValue {
		return nil, fmt.Errorf("the axes input is not supported")
	}
	shape := make([]int64, r)
	for d := range shape {
		shape[d] = data.Shape[d] + pads[d] + pads[r+d]
		if shape[d] < 0 {
			return nil, fmt.Errorf("pads %v remove more than dim %d of %s", pads, d, tensor.ShapeString(data.Shape))
		}
	}
	out, err := x.alloc(data.DType, shape)
	if err != nil {
		return nil, err
	}
	if len(args) > 2 && args[2] != noneValue {
		c := args[2]
		if c.NumElements() != 1 || c.DType != data.DType {
			return nil, fmt.Errorf("constant_value must be one element of %s, got %s", data.DType, c.Type())
		}
		for i := 0; i < int(out.NumElements()); i++ {
			out.SetBits(i, c.Bits(0))
		}
	}
	n := int(out.NumElements())
	for i := 0; i < n; i++ {
		pos := tensor.Unravel(int64(i), shape)
		inside := true
		for d := range pos {
			pos[d] -= pads[d]
			if pos[d] < 0 || pos[d] >= data.Shape[d] {
				inside = false
				break
			}
		}
		if inside {
			src := int64(0)
			for d, v := range pos {
				src = src*data.Shape[d] + v
			}
			out.SetBits(i, data.Bits(int(src)))
		}
	}
	return []*tensor.Tensor{out}, nil
}

func runONNXReshape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if args[1].Rank() != 1 {
		return nil, fmt.Errorf("shape must be 1-D, got %s", args[1].Type())
	}
	shape, ok := onnx.ReshapeShape(args[0].Shape, args[1].Int64s())
	if !ok {
		return nil, fmt.Errorf("shape %v does not fit data of shape %s", args[1].Int64s(), tensor.ShapeString(args[0].Shape))
	}
	return one(kernel.Reshape(args[0], shape))
}

func runONNXTranspose(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	perm, ok := onnx.Perm(op, args[0].Rank())
	if !ok {
		return nil, fmt.Errorf("perm is not a permutation of [0, %d)", args[0].Rank())
	}
	return one(kernel.Transpose(args[0], perm))
}
