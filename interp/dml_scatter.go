package interp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The DirectML scatters. DirectML documents no order among duplicate
// writes; the emulator applies updates in row-major order (tcp's order,
// one of the allowed outcomes). Index values are resolved as for the
// gathers (signed negatives from the end; an index still out of range,
// whose output DirectML leaves undefined, writes at the nearest end).

func init() {
	register(map[string]kernelFunc{
		dml.ScatterElementsName: runDMLScatterElements,
		dml.ScatterNDName:       runDMLScatterND,
	})
}

func runDMLScatterElements(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 3)
	if err != nil {
		return nil, err
	}
	in, idx, upd := v[0], v[1], v[2]
	a := int(op.IntAttr("axis"))
	if a < 0 || a >= len(in.Shape) {
		return nil, fmt.Errorf("axis %d is out of range", a)
	}
	norm, err := normalizeIndices(idx, func(int) int64 { return in.Shape[a] })
	if err != nil {
		return nil, err
	}
	out, err := kernel.Scatter(in, norm, upd, a, kernel.ScatterSpec{})
	if err != nil {
		return nil, err
	}
	return asResult(op, out)
}

func runDMLScatterND(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 3)
	if err != nil {
		return nil, err
	}
	in, idx, upd := v[0], v[1], v[2]
	d := len(in.Shape)
	r, q := int(op.IntAttr("input_dimension_count")), int(op.IntAttr("indices_dimension_count"))
	if _, err := dml.GatherNDOutputSizes(in.Shape, idx.Shape, r, q, 0); err != nil {
		return nil, err
	}
	full := in.Shape
	if in, err = kernel.Reshape(in, in.Shape[d-r:]); err != nil {
		return nil, err
	}
	if idx, err = kernel.Reshape(idx, idx.Shape[d-q:]); err != nil {
		return nil, err
	}
	m := int(idx.Shape[q-1])
	if upd, err = kernel.Reshape(upd, append(append([]int64{}, idx.Shape[:q-1]...), in.Shape[m:]...)); err != nil {
		return nil, err
	}
	norm, err := normalizeIndices(idx, func(i int) int64 { return in.Shape[i%m] })
	if err != nil {
		return nil, err
	}
	out, err := kernel.ScatterND(in, norm, upd, 0, kernel.ScatterSpec{})
	if err != nil {
		return nil, err
	}
	if out, err = kernel.Reshape(out, full); err != nil {
		return nil, err
	}
	return asResult(op, out)
}
