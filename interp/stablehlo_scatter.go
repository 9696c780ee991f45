package interp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// stablehlo.scatter by the StableHLO spec (dialect/stablehlo scatter.go):
// each update element is checked against the inputs on its own and
// skipped when out of range; the updates are applied scatter index by
// scatter index in row-major order, each window in row-major order. A
// region of one binary op (or one returning the update) is applied by
// combineElem; any other region is run by the interpreter on 0-d tensors,
// once per update element.

func init() {
	registerRegion(map[string]regionKernelFunc{
		stablehlo.ScatterName:                 runHLOScatter,
		stablehlo.MHLO(stablehlo.ScatterName): runHLOScatter,
	})
}

func runHLOScatter(x *execState, op *ir.Operation, e *env, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 3 || len(args)%2 != 1 {
		return nil, fmt.Errorf("expects N inputs, the scatter indices and N updates, got %d operands", len(args))
	}
	n := (len(args) - 1) / 2
	inputs, idx, updates := args[:n], args[n], args[n+1:]
	for i := 0; i < n; i++ {
		if !slices.Equal(inputs[i].Shape, inputs[0].Shape) || !slices.Equal(updates[i].Shape, updates[0].Shape) {
			return nil, fmt.Errorf("inputs and updates must have one shape each at run time")
		}
		if updates[i].DType != inputs[i].DType {
			return nil, fmt.Errorf("updates #%d has element type %s, inputs #%d %s", i, updates[i].DType, i, inputs[i].DType)
		}
	}
	if idx.DType.IsFloat() {
		return nil, fmt.Errorf("scatter indices must be integers, got %s", idx.DType)
	}
	d, err := stablehlo.ScatterDimsOf(op)
	if err != nil {
		return nil, err
	}
	if err := stablehlo.VerifyScatter(inputs[0].Shape, idx.Shape, updates[0].Shape, d); err != nil {
		return nil, err
	}
	results := make([]*tensor.Tensor, n)
	for i, in := range inputs {
		if results[i], err = x.alloc(in.DType, in.Shape); err != nil {
			return nil, err
		}
		copy(results[i].Data, in.Data)
	}
	combine := ""
	if n == 1 {
		combine = stablehlo.ScatterCombiner(op)
	}
	var apply func(ri, ui int) error
	if combine != "" {
		f, err := combineFunc(combine, results[0].DType)
		if err != nil {
			return nil, err
		}
		out, upd := results[0], updates[0]
		apply = func(ri, ui int) error {
			out.SetBits(ri, f(out.Bits(ri), upd.Bits(ui)))
			return nil
		}
	} else {
		apply, err = x.regionCombiner(op, e, results, updates)
		if err != nil {
			return nil, err
		}
	}
	// unique_indices = true promises that no element is written twice; the
	// spec leaves a broken promise undefined, the interpreter reports it
	// (as tcp.scatter_nd's unique_indices does).
	var written map[int64]int
	if u, ok := op.Attr("unique_indices").(ir.BoolAttr); ok && bool(u) {
		written = map[int64]int{}
	}
	err = forEachScatterUpdate(inputs[0].Shape, idx, updates[0].Shape, d, func(ri []int64, ui int) error {
		f := scatterFlat(ri, inputs[0].Shape)
		if written != nil {
			if prev, dup := written[f]; dup {
				return &kernel.UniqueError{First: tensor.Unravel(int64(prev), updates[0].Shape), Second: tensor.Unravel(int64(ui), updates[0].Shape), Dest: slices.Clone(ri)}
			}
			written[f] = ui
		}
		return apply(int(f), ui)
	})
	if err != nil {
		return nil, err
	}
	return results, nil
}

func scatterFlat(ix, shape []int64) int64 {
	var f int64
	for d, v := range ix {
		f = f*shape[d] + v
	}
	return f
}

// forEachScatterUpdate calls f with the in-range result index and the flat
// update index of every update element, scatter index by scatter index in
// row-major order, each window in row-major order.
func forEachScatterUpdate(input []int64, idx *tensor.Tensor, updates []int64, d stablehlo.ScatterDims, f func(ri []int64, ui int) error) error {
	r, q := len(input), idx.Rank()
	ivd := int(d.IndexVectorDim)
	scatterDims := d.UpdateScatterDims(len(updates))
	winInput := d.WindowInputDims(r)
	scatterShape := make([]int64, len(scatterDims))
	for k, ud := range scatterDims {
		scatterShape[k] = updates[ud]
	}
	winShape := make([]int64, len(d.UpdateWindowDims))
	for k, ud := range d.UpdateWindowDims {
		winShape[k] = updates[ud]
	}
	ns, err := tensor.NumElementsOf(scatterShape)
	if err != nil {
		return err
	}
	nw, err := tensor.NumElementsOf(winShape)
	if err != nil {
		return err
	}
	idxStrides := idx.Strides()
	updStrides := tensor.Strides(updates)
	base := make([]int64, r)
	ri := make([]int64, r)
	for s := int64(0); s < ns; s++ {
		si := tensor.Unravel(s, scatterShape)
		// the scatter-indices coordinates of this index vector
		var ibase int64
		k := 0
		for dim := 0; dim < q; dim++ {
			if dim == ivd {
				continue
			}
			ibase += si[k] * idxStrides[dim]
			k++
		}
		clear(base)
		for c, od := range d.ScatterDimsToOperandDims {
			off := ibase
			if ivd < q {
				off += int64(c) * idxStrides[ivd]
			}
			base[od] = kernel.IndexValue(idx, int(off))
		}
		for i, od := range d.InputBatchingDims {
			sd := int(d.ScatterIndicesBatchingDims[i])
			if sd > ivd {
				sd--
			}
			base[od] += si[sd]
		}
		var ubase int64
		for k, ud := range scatterDims {
			ubase += si[k] * updStrides[ud]
		}
		for w := int64(0); w < nw; w++ {
			wi := tensor.Unravel(w, winShape)
			copy(ri, base)
			uoff := ubase
			for k, od := range winInput {
				ri[od] += wi[k]
				uoff += wi[k] * updStrides[d.UpdateWindowDims[k]]
			}
			in := true
			for dim, v := range ri {
				if v < 0 || v >= input[dim] {
					in = false
					break
				}
			}
			if !in {
				continue
			}
			if err := f(ri, int(uoff)); err != nil {
				return err
			}
		}
	}
	return nil
}

// regionCombiner runs the update_computation region of op on 0-d tensors:
// results[i][ri] = region(results...[ri], updates...[ui])[i].
func (x *execState) regionCombiner(op *ir.Operation, e *env, results, updates []*tensor.Tensor) (func(ri, ui int) error, error) {
	if len(op.Regions()) != 1 || len(op.Region(0).Blocks) != 1 {
		return nil, fmt.Errorf("expects an update_computation of one block")
	}
	b := op.Region(0).Blocks[0]
	n := len(results)
	if b.NumArguments() != 2*n {
		return nil, fmt.Errorf("update_computation takes %d arguments, expected %d", b.NumArguments(), 2*n)
	}
	isReturn := func(o *ir.Operation) bool { return stablehlo.Is(o, stablehlo.ReturnName) }
	return func(ri, ui int) error {
		be := newEnv(e)
		for i := 0; i < n; i++ {
			c, err := x.alloc(results[i].DType, nil)
			if err != nil {
				return err
			}
			c.SetBits(0, results[i].Bits(ri))
			u, err := x.alloc(updates[i].DType, nil)
			if err != nil {
				return err
			}
			u.SetBits(0, updates[i].Bits(ui))
			be.vals[b.Argument(i)] = c
			be.vals[b.Argument(n+i)] = u
		}
		ret, vals, err := x.runBlock(b, be, isReturn)
		if err != nil {
			return err
		}
		if ret == nil || len(vals) != n {
			return fmt.Errorf("update_computation must end in stablehlo.return of %d values", n)
		}
		for i, v := range vals {
			if v.DType != results[i].DType || v.NumElements() != 1 {
				return fmt.Errorf("update_computation returned %s as result #%d, expected a 0-d %s", v.Type(), i, results[i].DType)
			}
			results[i].SetBits(ri, v.Bits(0))
		}
		return nil
	}, nil
}
