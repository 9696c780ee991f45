package kernel

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/tensor"
)

// GatherDimensionNumbers are the dimension numbers of a StableHLO gather
// (the fields of #stablehlo.gather<…>).
type GatherDimensionNumbers struct {
	OffsetDims, CollapsedSliceDims, OperandBatchingDims, StartIndicesBatchingDims, StartIndexMap []int64
	IndexVectorDim                                                                               int64
}

// HLOGather computes stablehlo.gather by the StableHLO spec's formula:
// result[ri] = operand[full_start + full_batching + full_offset], with
// every start index clamped to [0, operand.Shape[d] - sliceSizes[d]]
// (never an error; negatives become 0). startIndices may have any integer
// element type. The dimension numbers must satisfy the spec's constraints
// (the verifier's job); violations found here are errors, not panics.
func HLOGather(operand, startIndices *tensor.Tensor, dn GatherDimensionNumbers, sliceSizes []int64) (*tensor.Tensor, error) {
	const op = "stablehlo.gather"
	if err := checkInputs(op, []string{"operand", "start_indices"}, operand, startIndices); err != nil {
		return nil, err
	}
	if startIndices.DType.IsFloat() {
		return nil, fmt.Errorf("%s: start_indices must have an integer element type, got %v", op, startIndices.DType)
	}
	r, q := operand.Rank(), startIndices.Rank()
	ivd := int(dn.IndexVectorDim)
	if ivd < 0 || ivd > q || len(sliceSizes) != r {
		return nil, fmt.Errorf("%s: invalid index_vector_dim %d or slice_sizes %v for operand rank %d and start_indices rank %d", op, ivd, sliceSizes, r, q)
	}
	vecLen := int64(1)
	if ivd < q {
		vecLen = startIndices.Shape[ivd]
	}
	if vecLen != int64(len(dn.StartIndexMap)) {
		return nil, fmt.Errorf("%s: start_index_map has %d entries, the index vector %d", op, len(dn.StartIndexMap), vecLen)
	}
	for d, s := range sliceSizes {
		if s < 0 || s > operand.Shape[d] {
			return nil, fmt.Errorf("%s: slice size %d out of bounds for operand dim %d of size %d", op, s, d, operand.Shape[d])
		}
	}
	// Batch dims of start_indices (all but index_vector_dim), in order.
	var sBatch []int
	for i := 0; i < q; i++ {
		if i != ivd {
			sBatch = append(sBatch, i)
		}
	}
	// Operand dims that are offset dims, in order.
	var oOffset []int
	for d := 0; d < r; d++ {
		if !slices.Contains(dn.CollapsedSliceDims, int64(d)) && !slices.Contains(dn.OperandBatchingDims, int64(d)) {
			oOffset = append(oOffset, d)
		}
	}
	if len(oOffset) != len(dn.OffsetDims) {
		return nil, fmt.Errorf("%s: %d offset_dims for %d operand offset dims", op, len(dn.OffsetDims), len(oOffset))
	}
	rr := len(dn.OffsetDims) + len(sBatch)
	shape := make([]int64, rr)
	isOffset := make([]int, rr) // index into offset dims, or -1
	batchPos := make([]int, rr) // index into sBatch, or -1
	oi, bi := 0, 0
	for i := 0; i < rr; i++ {
		if slices.Contains(dn.OffsetDims, int64(i)) {
			if oi >= len(oOffset) {
				return nil, fmt.Errorf("%s: offset_dims %v out of range for result rank %d", op, dn.OffsetDims, rr)
			}
			isOffset[i], batchPos[i] = oi, -1
			shape[i] = sliceSizes[oOffset[oi]]
			oi++
		} else {
			if bi >= len(sBatch) {
				return nil, fmt.Errorf("%s: offset_dims %v out of range for result rank %d", op, dn.OffsetDims, rr)
			}
			isOffset[i], batchPos[i] = -1, bi
			shape[i] = startIndices.Shape[sBatch[bi]]
			bi++
		}
	}
	// Operand batching dim -> position in the batch index.
	obPos := make([]int, r)
	for d := range obPos {
		obPos[d] = -1
	}
	for i, od := range dn.OperandBatchingDims {
		if i >= len(dn.StartIndicesBatchingDims) || od < 0 || od >= int64(r) {
			return nil, fmt.Errorf("%s: invalid batching dims", op)
		}
		sd := int(dn.StartIndicesBatchingDims[i])
		p := slices.Index(sBatch, sd)
		if p < 0 || operand.Shape[od] != startIndices.Shape[sd] {
			return nil, fmt.Errorf("%s: invalid batching dims", op)
		}
		obPos[od] = p
	}
	for _, d := range dn.StartIndexMap {
		if d < 0 || d >= int64(r) {
			return nil, fmt.Errorf("%s: start_index_map entry %d out of range", op, d)
		}
	}
	// A collapsed dim of slice size 0 clamps as one of size 1: the spec's
	// [0, dim] would read past the end, which it leaves
	// implementation-defined (see stablehlo.gather's description).
	collapsedMin := make([]int64, r)
	for _, d := range dn.CollapsedSliceDims {
		if d >= 0 && d < int64(r) {
			collapsedMin[d] = 1
		}
	}
	out, err := tensor.New(operand.DType, shape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	n := out.NumElements()
	if n == 0 {
		return out, nil
	}
	for _, d := range dn.CollapsedSliceDims {
		if d >= 0 && d < int64(r) && operand.Shape[d] == 0 {
			return nil, fmt.Errorf("%s: collapsed operand dim %d has size 0, so the non-empty result has no element to read", op, d)
		}
	}
	es := operand.DType.Size()
	inStrides := operand.Strides()
	idxStrides := startIndices.Strides()
	ri := make([]int64, rr)
	batch := make([]int64, len(sBatch))
	full := make([]int64, r)
	for k := int64(0); k < n; k++ {
		for i := range full {
			full[i] = 0
		}
		for i := 0; i < rr; i++ {
			if p := batchPos[i]; p >= 0 {
				batch[p] = ri[i]
			} else {
				full[oOffset[isOffset[i]]] = ri[i]
			}
		}
		// start index vector
		var base int64
		for j, bdim := range sBatch {
			base += batch[j] * idxStrides[bdim]
		}
		for kk, d := range dn.StartIndexMap {
			pos := base
			if ivd < q {
				pos += int64(kk) * idxStrides[ivd]
			}
			v := IndexValue(startIndices, int(pos))
			hi := operand.Shape[d] - max(sliceSizes[d], collapsedMin[d])
			full[d] += max(0, min(v, hi))
		}
		for d := 0; d < r; d++ {
			if p := obPos[d]; p >= 0 {
				full[d] += batch[p]
			}
		}
		var off int64
		for d := 0; d < r; d++ {
			if full[d] < 0 || full[d] >= operand.Shape[d] {
				return nil, fmt.Errorf("%s: operand index %v is out of bounds for shape %v", op, full, operand.Shape)
			}
			off += full[d] * inStrides[d]
		}
		copy(out.Data[k*int64(es):(k+1)*int64(es)], operand.Data[off*int64(es):(off+1)*int64(es)])
		next(ri, shape)
	}
	return out, nil
}
