package stablehlo_test

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/stablehlo"
)

// VerifyGather checks the spec's constraints and returns the result shape;
// GatherDims prints as StableHLO prints the attribute.
func ExampleVerifyGather() {
	d := stablehlo.GatherDims{OffsetDims: []int64{2, 3}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{1, 0}, IndexVectorDim: 2}
	shape, err := stablehlo.VerifyGather([]int64{3, 4, 2}, []int64{2, 3, 2}, d, []int64{1, 2, 2})
	fmt.Println(d, shape, err)
	_, err = stablehlo.VerifyGather([]int64{3, 4, 2}, []int64{2, 3, 2}, d, []int64{2, 2, 2})
	fmt.Println(err)
	// Output:
	// #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2> [2 3 2 2] <nil>
	// Expects that for each dim in collapsed_slice_dims, slice_sizes[dim] should be <= 1, but got 2
}
