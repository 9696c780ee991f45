package interp

import (
	"errors"
	"fmt"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The onnx dialect's Unsqueeze, Squeeze, Size, Expand, ConstantOfShape,
// Range and Equal (dialect/onnx shapeops.go), with ONNX's semantics.

func init() {
	register(map[string]kernelFunc{
		onnx.UnsqueezeName:       runONNXUnsqueeze,
		onnx.SqueezeName:         runONNXSqueeze,
		onnx.SizeName:            runONNXSize,
		onnx.ExpandName:          runONNXExpand,
		onnx.ConstantOfShapeName: runONNXConstantOfShape,
		onnx.RangeName:           runONNXRange,
		onnx.EqualName:           onnxCompare(func(c int) bool { return c == 0 }),
	})
}

func runONNXUnsqueeze(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if args[1].Rank() != 1 {
		return nil, fmt.Errorf("axes must be 1-D, got %s", args[1].Type())
	}
	shape, err := onnx.UnsqueezeShape(args[0].Shape, args[1].Int64s())
	if err != nil {
		return nil, err
	}
	return one(kernel.Reshape(args[0], shape))
}

func runONNXSqueeze(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, fmt.Errorf("expects 1 or 2 operands, got %d", len(args))
	}
	var axes []int64
	all := len(args) < 2 || args[1] == noneValue
	if !all {
		if args[1].Rank() != 1 {
			return nil, fmt.Errorf("axes must be 1-D, got %s", args[1].Type())
		}
		axes = args[1].Int64s()
	}
	shape, err := onnx.SqueezeShape(args[0].Shape, axes, all)
	if err != nil {
		return nil, err
	}
	return one(kernel.Reshape(args[0], shape))
}

func runONNXSize(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	return one(tensor.FromInt64s(tensor.I64, []int64{}, []int64{args[0].NumElements()}))
}

func runONNXExpand(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if args[1].Rank() != 1 {
		return nil, fmt.Errorf("shape must be 1-D, got %s", args[1].Type())
	}
	s := args[1].Int64s()
	for _, d := range s {
		if d < 0 {
			return nil, fmt.Errorf("shape %v has a negative dim", s)
		}
	}
	shape, ok := onnx.BroadcastShapes(args[0].Shape, s)
	if !ok {
		return nil, fmt.Errorf("shape %v does not broadcast with the input's %s", s, tensor.ShapeString(args[0].Shape))
	}
	if err := x.checkSize(args[0].DType, shape); err != nil {
		return nil, err
	}
	return one(broadcastTensor(args[0], shape))
}

func runONNXConstantOfShape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	if args[0].Rank() != 1 {
		return nil, fmt.Errorf("input must be 1-D, got %s", args[0].Type())
	}
	shape := args[0].Int64s()
	for _, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("shape %v has a negative dim", shape)
		}
	}
	v, err := FromAttr(onnx.ConstantOfShapeValue(op))
	if err != nil {
		return nil, err
	}
	out, err := x.alloc(v.DType, shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(out.NumElements()); i++ {
		out.SetBits(i, v.Bits(0))
	}
	return []*tensor.Tensor{out}, nil
}

func runONNXRange(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	for _, a := range args {
		if a.Rank() != 0 || a.DType != args[0].DType {
			return nil, fmt.Errorf("expects 0-d start, limit and delta of one type, got %s, %s, %s", args[0].Type(), args[1].Type(), args[2].Type())
		}
	}
	dt := args[0].DType
	if dt.IsFloat() {
		start, limit, delta := args[0].Float64At(0), args[1].Float64At(0), args[2].Float64At(0)
		if delta == 0 {
			return nil, errors.New("delta is 0")
		}
		n := int64(0)
		if c := (limit - start) / delta; c > 0 {
			n = int64(c)
			if float64(n) < c {
				n++
			}
		}
		out, err := x.alloc(dt, []int64{n})
		if err != nil {
			return nil, err
		}
		for k := int64(0); k < n; k++ {
			out.SetFloat64(int(k), start+float64(k)*delta)
		}
		return []*tensor.Tensor{out}, nil
	}
	start, _ := intOf(args[0], 0)
	limit, _ := intOf(args[1], 0)
	delta, _ := intOf(args[2], 0)
	n, ok := onnx.RangeCount(start, limit, delta)
	if !ok {
		return nil, errors.New("delta is 0")
	}
	if n < 0 {
		return nil, fmt.Errorf("Range(%d, %d, %d): limit - start overflows", start, limit, delta)
	}
	out, err := x.alloc(dt, []int64{n})
	if err != nil {
		return nil, err
	}
	for k := int64(0); k < n; k++ {
		setInt(out, int(k), start+k*delta)
	}
	return []*tensor.Tensor{out}, nil
}

func init() {
	register(map[string]kernelFunc{
		onnx.IdentityName: func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
			if err := nargs(args, 1); err != nil {
				return nil, err
			}
			return []*tensor.Tensor{args[0]}, nil
		},
		onnx.NegName:  runONNXNeg,
		onnx.MinName:  onnxBinary(func(a, b int64) (int64, error) { return min(a, b), nil }, tfMinF),
		onnx.MaxName:  onnxBinary(func(a, b int64) (int64, error) { return max(a, b), nil }, tfMaxF),
		onnx.ClipName: runONNXClip,
		onnx.FlattenName: func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
			if err := nargs(args, 1); err != nil {
				return nil, err
			}
			shape, ok := onnx.FlattenShape(args[0].Shape, onnx.FlattenAxis(op))
			if !ok {
				return nil, fmt.Errorf("axis %d is out of range for rank %d", onnx.FlattenAxis(op), args[0].Rank())
			}
			return one(kernel.Reshape(args[0], shape))
		},
	})
}

func runONNXNeg(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return signedUnary(x, args, func(v float64) float64 { return -v }, func(v int64) int64 { return -v })
}

// runONNXClip clamps to [min, max] (each optional): max(x, min) first,
// then min(., max), as ONNX defines it (min > max gives max).
func runONNXClip(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 || len(args) > 3 {
		return nil, fmt.Errorf("expects 1 to 3 operands, got %d", len(args))
	}
	a := args[0]
	bound := func(k int) *tensor.Tensor {
		if k < len(args) && args[k] != noneValue {
			return args[k]
		}
		return nil
	}
	lo, hi := bound(1), bound(2)
	for _, b := range []*tensor.Tensor{lo, hi} {
		if b != nil && (b.NumElements() != 1 || b.DType != a.DType) {
			return nil, fmt.Errorf("min and max must be one element of %s, got %s", a.DType, b.Type())
		}
	}
	out, err := x.alloc(a.DType, a.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		if a.DType.IsFloat() {
			v := a.Float64At(i)
			if lo != nil {
				v = tfMaxF(v, lo.Float64At(0))
			}
			if hi != nil {
				v = tfMinF(v, hi.Float64At(0))
			}
			out.SetFloat64(i, v)
			continue
		}
		if a.DType.IsUnsigned() || a.DType == tensor.I1 {
			return nil, fmt.Errorf("is not defined here for element type %s", a.DType)
		}
		v, _ := intOf(a, i)
		if lo != nil {
			l, _ := intOf(lo, 0)
			v = max(v, l)
		}
		if hi != nil {
			h, _ := intOf(hi, 0)
			v = min(v, h)
		}
		setInt(out, i, v)
	}
	return []*tensor.Tensor{out}, nil
}
