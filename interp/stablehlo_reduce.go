package interp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// stablehlo.reduce with a one-op body (dialect/stablehlo reduce.go): the
// body's binary op, applied in row-major order from the init value, by the
// same kernels as the elementwise ops. stablehlo.return is read by reduce,
// never executed on its own.

func init() {
	register(map[string]kernelFunc{
		stablehlo.ReduceName:                 runHLOReduce,
		stablehlo.MHLO(stablehlo.ReduceName): runHLOReduce,
	})
	markUnsupported(map[string]string{
		stablehlo.ReturnName:                 "the terminator of a stablehlo.reduce body; the reduce kernel reads it",
		stablehlo.MHLO(stablehlo.ReturnName): "the terminator of a stablehlo.reduce body; the reduce kernel reads it",
	})
}

func runHLOReduce(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	body := stablehlo.ReducerOf(op)
	if body == "" {
		return nil, fmt.Errorf("supports only a body of one binary op on the block arguments")
	}
	bodyOp := op.Region(0).Blocks[0].First()
	k := kernels[body]
	in, init := args[0], args[1]
	if init.NumElements() != 1 || init.DType != in.DType {
		return nil, fmt.Errorf("expects a 0-d init of the input's element type, got %s", init.Type())
	}
	dims, _ := stablehlo.I64List(op.Attr("dimensions"))
	var shape []int64
	for d, s := range in.Shape {
		if !slices.Contains(dims, int64(d)) {
			shape = append(shape, s)
		}
	}
	// acc holds one 0-d tensor per result element.
	n, err := tensor.NumElementsOf(shape)
	if err != nil {
		return nil, err
	}
	acc := make([]*tensor.Tensor, n)
	for i := range acc {
		acc[i] = init
	}
	outStrides := tensor.Strides(shape)
	for i := 0; i < int(in.NumElements()); i++ {
		idx := tensor.Unravel(int64(i), in.Shape)
		var o int64
		k2 := 0
		for d := range in.Shape {
			if !slices.Contains(dims, int64(d)) {
				o += idx[d] * outStrides[k2]
				k2++
			}
		}
		e, err := x.alloc(in.DType, nil)
		if err != nil {
			return nil, err
		}
		e.SetBits(0, in.Bits(i))
		r, err := k(x, bodyOp, []*tensor.Tensor{acc[o], e})
		if err != nil {
			return nil, err
		}
		acc[o] = r[0]
	}
	out, err := x.alloc(in.DType, shape)
	if err != nil {
		return nil, err
	}
	for i, a := range acc {
		out.SetBits(i, a.Bits(0))
	}
	return []*tensor.Tensor{out}, nil
}
