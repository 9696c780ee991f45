package interp

import (
	"errors"
	"fmt"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The onnx dialect's index arithmetic (dialect/onnx arith.go): ONNX's
// semantics, numpy broadcasting, integers in two's complement.

func init() {
	register(map[string]kernelFunc{
		onnx.ShapeName: runONNXShape,
		onnx.CastName:  runONNXCast,
		onnx.AddName: onnxBinary(func(a, b int64) (int64, error) { return a + b, nil },
			func(a, b float64) float64 { return a + b }),
		onnx.SubName: onnxBinary(func(a, b int64) (int64, error) { return a - b, nil },
			func(a, b float64) float64 { return a - b }),
		onnx.MulName: onnxBinary(func(a, b int64) (int64, error) { return a * b, nil },
			func(a, b float64) float64 { return a * b }),
		onnx.DivName: onnxBinary(func(a, b int64) (int64, error) {
			if b == 0 {
				return 0, errors.New("integer division by zero")
			}
			if b == -1 {
				return -a, nil // wraps for the minimum, as two's complement does
			}
			return a / b, nil
		}, func(a, b float64) float64 { return a / b }),
		onnx.EqualName:   onnxCompare(func(c int) bool { return c == 0 }),
		onnx.ModName:     onnxBinary(floorMod, nil),
		onnx.GreaterName: onnxCompare(func(c int) bool { return c > 0 }),
		onnx.LessName:    onnxCompare(func(c int) bool { return c < 0 }),
		onnx.WhereName:   runONNXWhere,
	})
}

// floorMod is ONNX Mod with fmod = 0: the remainder with the divisor's sign.
func floorMod(a, b int64) (int64, error) {
	if b == 0 {
		return 0, errors.New("integer modulus by zero")
	}
	if b == -1 {
		return 0, nil
	}
	r := a % b
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r, nil
}

func runONNXShape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	lo, hi := onnx.ShapeRange(op, args[0].Rank())
	return one(tensor.FromInt64s(tensor.I64, []int64{int64(hi - lo)}, args[0].Shape[lo:hi]))
}

func runONNXCast(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	dt, err := resultDType(op, 0)
	if err != nil {
		return nil, err
	}
	switch {
	case a.DType.IsInt() && dt == tensor.I1:
		out, err := x.alloc(dt, a.Shape)
		if err != nil {
			return nil, err
		}
		for i := 0; i < int(a.NumElements()); i++ {
			if a.Bits(i) != 0 {
				out.Data[i] = 1
			}
		}
		return []*tensor.Tensor{out}, nil
	case a.DType.IsInt() && dt.IsInt():
		return castInt(a.DType != tensor.I1)(x, op, args)
	case a.DType.IsInt():
		return intToFloat(a.DType != tensor.I1)(x, op, args)
	case dt.IsInt() && dt != tensor.I1:
		return floatToInt(true)(x, op, args)
	case dt.IsFloat():
		return floatToFloat(x, op, args)
	}
	return nil, fmt.Errorf("casting %s to %s is not supported", a.DType, dt)
}

// broadcastArgs broadcasts every argument to their common shape.
func broadcastArgs(args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	var shapes [][]int64
	for _, a := range args {
		shapes = append(shapes, a.Shape)
	}
	shape, ok := onnx.BroadcastShapes(shapes...)
	if !ok {
		return nil, fmt.Errorf("operand shapes %s do not broadcast together", shapesStr(shapes))
	}
	out := make([]*tensor.Tensor, len(args))
	for i, a := range args {
		b, err := broadcastTensor(a, shape)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

func onnxBinary(fi func(a, b int64) (int64, error), ff func(a, b float64) float64) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 2); err != nil {
			return nil, err
		}
		if args[0].DType != args[1].DType {
			return nil, fmt.Errorf("expects operands of one type, got %s and %s", args[0].DType, args[1].DType)
		}
		bs, err := broadcastArgs(args)
		if err != nil {
			return nil, err
		}
		a, b := bs[0], bs[1]
		if a.DType.IsFloat() && ff == nil || !a.DType.IsFloat() && fi == nil {
			return nil, fmt.Errorf("%s operands are not supported", a.DType)
		}
		out, err := x.alloc(a.DType, a.Shape)
		if err != nil {
			return nil, err
		}
		for i := 0; i < int(a.NumElements()); i++ {
			if a.DType.IsFloat() {
				out.SetFloat64(i, ff(a.Float64At(i), b.Float64At(i)))
				continue
			}
			sa, _ := intOf(a, i)
			sb, _ := intOf(b, i)
			v, err := fi(sa, sb)
			if err != nil {
				return nil, elemErr(err, i, a.Shape)
			}
			setInt(out, i, v)
		}
		return []*tensor.Tensor{out}, nil
	}
}

func onnxCompare(f func(c int) bool) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 2); err != nil {
			return nil, err
		}
		if args[0].DType != args[1].DType {
			return nil, fmt.Errorf("expects operands of one type, got %s and %s", args[0].DType, args[1].DType)
		}
		bs, err := broadcastArgs(args)
		if err != nil {
			return nil, err
		}
		a, b := bs[0], bs[1]
		out, err := x.alloc(tensor.I1, a.Shape)
		if err != nil {
			return nil, err
		}
		for i := 0; i < int(a.NumElements()); i++ {
			c := 0
			if a.DType.IsFloat() {
				fa, fb := a.Float64At(i), b.Float64At(i)
				switch {
				case fa < fb:
					c = -1
				case fa > fb:
					c = 1
				case fa != fb: // NaN: neither greater nor less
					continue
				}
			} else {
				sa, ua := intOf(a, i)
				sb, ub := intOf(b, i)
				if a.DType.IsUnsigned() {
					if ua < ub {
						c = -1
					} else if ua > ub {
						c = 1
					}
				} else if sa < sb {
					c = -1
				} else if sa > sb {
					c = 1
				}
			}
			if f(c) {
				out.Data[i] = 1
			}
		}
		return []*tensor.Tensor{out}, nil
	}
}

func runONNXWhere(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	bs, err := broadcastArgs(args)
	if err != nil {
		return nil, err
	}
	return runSelect(x, op, bs)
}
