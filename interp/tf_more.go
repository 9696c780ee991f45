package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// TensorFlow's Sub, Mul, Abs, Pack and the calls PartitionedCall and
// StatefulPartitionedCall (dialect/tf more.go).

func init() {
	register(map[string]kernelFunc{
		tf.SubName:                     tfBinary(func(a, b int64) int64 { return a - b }, func(a, b float64) float64 { return a - b }),
		tf.MulName:                     tfBinary(func(a, b int64) int64 { return a * b }, func(a, b float64) float64 { return a * b }),
		tf.AbsName:                     runTFAbs,
		tf.FloorDivName:                onnxBinary(floorDiv, func(a, b float64) float64 { return math.Floor(a / b) }),
		tf.NegName:                     runONNXNeg,
		tf.PackName:                    runTFPack,
		tf.PartitionedCallName:         runCall,
		tf.StatefulPartitionedCallName: runCall,
	})
}

// floorDiv is integer division rounded toward negative infinity.
func floorDiv(a, b int64) (int64, error) {
	q, err := truncDiv(a, b)
	if err != nil {
		return 0, err
	}
	if b != -1 && a%b != 0 && (a%b < 0) != (b < 0) {
		q--
	}
	return q, nil
}

func runTFAbs(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return signedUnary(x, args, math.Abs, func(v int64) int64 {
		if v < 0 {
			v = -v // the minimum value wraps to itself when stored
		}
		return v
	})
}

func runTFPack(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("expects at least one value")
	}
	a := args[0]
	for _, b := range args {
		if b.DType != a.DType || !equalShapes(b.Shape, a.Shape) {
			return nil, fmt.Errorf("expects values of one type, got %s and %s", a.Type(), b.Type())
		}
	}
	axis := int64(0)
	if v, ok := op.Attr("axis").(ir.IntegerAttr); ok {
		axis = v.Value
	}
	shape, ok := tf.PackShape(a.Shape, len(args), axis)
	if !ok {
		return nil, fmt.Errorf("axis %d is out of range for values of rank %d", axis, a.Rank())
	}
	if axis < 0 {
		axis += int64(a.Rank()) + 1
	}
	out, err := x.alloc(a.DType, shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(out.NumElements()); i++ {
		p := tensor.Unravel(int64(i), shape)
		k := p[axis]
		src := int64(0)
		for d, v := range p {
			if int64(d) == axis {
				continue
			}
			src = src*shape[d] + v
		}
		out.SetBits(i, args[k].Bits(int(src)))
	}
	return []*tensor.Tensor{out}, nil
}

func equalShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
