package kernel_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// TestHLOGather checks the spec formula on worked examples (docs/semantics.md
// §6): clamping of start indices to [0, dim - slice_size], an implicit
// index vector (index_vector_dim = rank), batching dims and windows.
func TestHLOGather(t *testing.T) {
	i64 := func(shape []int64, v ...int64) *tensor.Tensor {
		return tensor.Must(tensor.FromInt64s(tensor.I64, shape, v))
	}
	tests := []struct {
		name         string
		operand, idx *tensor.Tensor
		dn           kernel.GatherDimensionNumbers
		sizes        []int64
		want         *tensor.Tensor
	}{
		{"rows clamped", i64([]int64{3, 2}, 1, 2, 3, 4, 5, 6), i64([]int64{4, 1}, 2, 0, 5, -1),
			kernel.GatherDimensionNumbers{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{0}, IndexVectorDim: 1},
			[]int64{1, 2}, i64([]int64{4, 2}, 5, 6, 1, 2, 5, 6, 1, 2)},
		{"implicit index vector", i64([]int64{3, 2}, 1, 2, 3, 4, 5, 6), i64([]int64{4}, 2, 0, 5, -1),
			kernel.GatherDimensionNumbers{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{0}, IndexVectorDim: 1},
			[]int64{1, 2}, i64([]int64{4, 2}, 5, 6, 1, 2, 5, 6, 1, 2)},
		{"tuples clamped per component", i64([]int64{2, 2, 2}, 0, 1, 2, 3, 4, 5, 6, 7), i64([]int64{3, 2}, 0, 1, 1, 0, 1, 7),
			kernel.GatherDimensionNumbers{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0, 1}, StartIndexMap: []int64{0, 1}, IndexVectorDim: 1},
			[]int64{1, 1, 2}, i64([]int64{3, 2}, 2, 3, 4, 5, 6, 7)},
		// A window of 3 on a dim of 5: start 4 clamps to 5 - 3 = 2.
		{"window clamp", i64([]int64{5}, 10, 11, 12, 13, 14), i64([]int64{2, 1}, 4, -3),
			kernel.GatherDimensionNumbers{OffsetDims: []int64{1}, StartIndexMap: []int64{0}, IndexVectorDim: 1},
			[]int64{3}, i64([]int64{2, 3}, 12, 13, 14, 10, 11, 12)},
		{"batching", i64([]int64{2, 3}, 1, 2, 3, 4, 5, 6), i64([]int64{2, 2}, 0, 2, 1, 9),
			kernel.GatherDimensionNumbers{OperandBatchingDims: []int64{0}, StartIndicesBatchingDims: []int64{0}, CollapsedSliceDims: []int64{1}, StartIndexMap: []int64{1}, IndexVectorDim: 2},
			[]int64{1, 1}, i64([]int64{2, 2}, 1, 3, 5, 6)},
		{"empty index vector", i64([]int64{2, 2}, 1, 2, 3, 4), i64([]int64{3, 0}),
			kernel.GatherDimensionNumbers{OffsetDims: []int64{1, 2}, IndexVectorDim: 1},
			[]int64{1, 2}, i64([]int64{3, 1, 2}, 1, 2, 1, 2, 1, 2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := kernel.HLOGather(tt.operand, tt.idx, tt.dn, tt.sizes)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tensor.Format(tt.want), tensor.Format(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// Invalid dimension numbers are errors, not panics.
	_, err := kernel.HLOGather(i64([]int64{3}, 1, 2, 3), i64([]int64{2, 1}, 0, 1),
		kernel.GatherDimensionNumbers{StartIndexMap: []int64{5}, CollapsedSliceDims: []int64{0}, IndexVectorDim: 1}, []int64{1})
	if err == nil {
		t.Error("start_index_map out of range: no error")
	}
}
