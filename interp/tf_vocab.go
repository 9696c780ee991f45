package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// TensorFlow's ReverseV2, Squeeze, ExpandDims and the elementwise index
// arithmetic around gathers (Minimum, Maximum, AddV2, Less, SelectV2,
// Relu), with numpy broadcasting; integers are signed and wrap at their
// width, a float NaN propagates through Minimum and Maximum.

func init() {
	register(map[string]kernelFunc{
		tf.ReverseV2Name:  runTFReverseV2,
		tf.SqueezeName:    runTFSqueeze,
		tf.ExpandDimsName: runTFExpandDims,
		tf.MinimumName:    tfBinary(func(a, b int64) int64 { return min(a, b) }, tfMinF),
		tf.MaximumName:    tfBinary(func(a, b int64) int64 { return max(a, b) }, tfMaxF),
		tf.AddV2Name:      tfBinary(func(a, b int64) int64 { return a + b }, func(a, b float64) float64 { return a + b }),
		tf.LessName:       runTFLess,
		tf.SelectV2Name:   runTFSelectV2,
		tf.ReluName:       runTFRelu,
	})
}

func tfMinF(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Min(a, b)
}

func tfMaxF(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Max(a, b)
}

func runTFReverseV2(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	t := args[0]
	r := int64(t.Rank())
	starts, sizes, strides := sliceAll(t.Shape)
	seen := map[int64]bool{}
	for _, a := range args[1].Int64s() {
		if a < -r || a >= r {
			return nil, fmt.Errorf("'axis'[%d] = %d is out of valid range [%d, %d)", 0, a, -r, r)
		}
		if a < 0 {
			a += r
		}
		if seen[a] {
			return nil, fmt.Errorf("axis %d specified more than once", a)
		}
		seen[a] = true
		if t.Shape[a] > 0 {
			starts[a], strides[a] = t.Shape[a]-1, -1
		}
	}
	if r == 0 {
		return []*tensor.Tensor{t}, nil
	}
	return one(kernel.Slice(t, starts, sizes, strides))
}

func runTFSqueeze(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	shape, why := tf.SqueezedShape(args[0].Shape, tf.SqueezeDims(op))
	if why != "" {
		return nil, fmt.Errorf("%s", why)
	}
	return one(kernel.Reshape(args[0], shape))
}

func runTFExpandDims(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	t := args[0]
	if args[1].NumElements() != 1 || !args[1].DType.IsInt() {
		return nil, fmt.Errorf("'dim' must be a tensor with a single integer value, got %s", args[1].Type())
	}
	d, r := args[1].Int64At(0), int64(t.Rank())
	if d < -r-1 || d > r {
		return nil, fmt.Errorf("tried to expand dim index %d for tensor with %d dimensions", d, r)
	}
	if d < 0 {
		d += r + 1
	}
	shape := append(append(append([]int64(nil), t.Shape[:d]...), 1), t.Shape[d:]...)
	return one(kernel.Reshape(t, shape))
}

// tfBroadcast broadcasts args numpy-style to one shape.
func tfBroadcast(args []*tensor.Tensor) ([]*tensor.Tensor, []int64, error) {
	shapes := make([][]int64, len(args))
	for i, a := range args {
		shapes[i] = a.Shape
	}
	b, ok := tf.BroadcastShapes(shapes...)
	if !ok {
		return nil, nil, fmt.Errorf("incompatible shapes: %s", shapesStr(shapes))
	}
	out := make([]*tensor.Tensor, len(args))
	for i, a := range args {
		v, err := broadcastTensor(a, b)
		if err != nil {
			return nil, nil, err
		}
		out[i] = v
	}
	return out, b, nil
}

func tfBinary(fi func(a, b int64) int64, ff func(a, b float64) float64) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 2); err != nil {
			return nil, err
		}
		bs, shape, err := tfBroadcast(args)
		if err != nil {
			return nil, err
		}
		a, b := bs[0], bs[1]
		out, err := x.alloc(a.DType, shape)
		if err != nil {
			return nil, err
		}
		n := int(out.NumElements())
		for i := 0; i < n; i++ {
			switch {
			case a.DType.IsFloat():
				out.SetFloat64(i, ff(a.Float64At(i), b.Float64At(i)))
			case a.DType.IsUnsigned() || a.DType == tensor.I1:
				return nil, fmt.Errorf("is not defined here for element type %s (signed integers and floats)", a.DType)
			default:
				out.SetInt64(i, fi(a.Int64At(i), b.Int64At(i)))
			}
		}
		return []*tensor.Tensor{out}, nil
	}
}

func runTFLess(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	bs, shape, err := tfBroadcast(args)
	if err != nil {
		return nil, err
	}
	a, b := bs[0], bs[1]
	if a.DType.IsUnsigned() {
		return nil, fmt.Errorf("is not defined here for element type %s (signed integers and floats)", a.DType)
	}
	out, err := x.alloc(tensor.I1, shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(out.NumElements()); i++ {
		lt := false
		if a.DType.IsFloat() {
			lt = a.Float64At(i) < b.Float64At(i)
		} else {
			lt = a.Int64At(i) < b.Int64At(i)
		}
		if lt {
			out.SetInt64(i, 1)
		}
	}
	return []*tensor.Tensor{out}, nil
}

func runTFSelectV2(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	bs, shape, err := tfBroadcast(args)
	if err != nil {
		return nil, err
	}
	c, t, e := bs[0], bs[1], bs[2]
	out, err := x.alloc(t.DType, shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(out.NumElements()); i++ {
		src := e
		if c.Bits(i) != 0 {
			src = t
		}
		out.SetBits(i, src.Bits(i))
	}
	return []*tensor.Tensor{out}, nil
}

func runTFRelu(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return signedUnary(x, args, func(v float64) float64 {
		if v < 0 {
			v = 0 // NaN stays NaN
		}
		return v
	}, func(v int64) int64 { return max(v, 0) })
}

// signedUnary applies a frontend's elementwise unary op to its one operand:
// f to float elements (through float64, rounded back to the element type),
// i to signed integer elements (the result's low bits stored); unsigned
// and i1 elements are an error.
func signedUnary(x *execState, args []*tensor.Tensor, f func(float64) float64, i func(int64) int64) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	out, err := x.alloc(a.DType, a.Shape)
	if err != nil {
		return nil, err
	}
	for k := 0; k < int(a.NumElements()); k++ {
		switch {
		case a.DType.IsFloat():
			out.SetFloat64(k, f(a.Float64At(k)))
		case a.DType.IsUnsigned() || a.DType == tensor.I1:
			return nil, fmt.Errorf("is not defined here for element type %s", a.DType)
		default:
			s, _ := intOf(a, k)
			setInt(out, k, i(s))
		}
	}
	return []*tensor.Tensor{out}, nil
}
