package dml_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

var update = flag.Bool("update", false, "rewrite test/lit/dml/verify.mlir from the table")

// verifyCases has one negative case per verifier rule of the dml ops. The
// body is the only op of a function with the given arguments, in a module
// lowered for level (none if empty).
var verifyCases = []struct {
	name, level, args, body, want string
}{
	// Common rules.
	{"C1 dimension_count", "", "%x: tensor<4xf32>, %i: tensor<2xui32>",
		"%0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 0 : index, index_dimensions = 1 : index} : tensor<4xf32>, tensor<2xui32> -> tensor<2xf32>",
		"'dml.gather' op expects dimension_count in [1, 8], got 0"},
	{"C1 result rank", "", "%x: tensor<4xf32>, %i: tensor<2x2xui32>",
		"%0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 1 : index, index_dimensions = 1 : index} : tensor<4xf32>, tensor<2x2xui32> -> tensor<2x2xf32>",
		"'dml.gather' op result has rank 2, more than dimension_count 1"},
	{"C1 zero-size dim", "", "%x: tensor<0xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 1 : index} : tensor<0xf32> -> tensor<0xf32>",
		"'dml.element_wise_identity' op operand #0 has a zero-size dim (tensor<0xf32>); DirectML cannot express empty tensors"},
	{"C1 dynamic", "", "%x: tensor<?xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 1 : index} : tensor<?xf32> -> tensor<4xf32>",
		"'dml.element_wise_identity' op operand #0 expects a static shape, got tensor<?xf32>"},
	{"C2 data type", "", "%x: tensor<4xbf16>",
		"%0 = dml.element_wise_identity %x {dimension_count = 1 : index} : tensor<4xbf16> -> tensor<4xbf16>",
		"'dml.element_wise_identity' op operand #0 element type bf16 has no DirectML data type"},
	{"C3 view length", "", "%x: tensor<2x1xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 2 : index, input_sizes = [2, 3, 1], input_strides = [1, 0, 0]} : tensor<2x1xf32> -> tensor<2x3xf32>",
		"'dml.element_wise_identity' op expects input_sizes to have 2 entries (dimension_count), got 3"},
	{"C3 view sizes", "", "%x: tensor<2x1xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 2 : index, input_sizes = [2, 0], input_strides = [1, 0]} : tensor<2x1xf32> -> tensor<2x3xf32>",
		"'dml.element_wise_identity' op expects input sizes >= 1, got [2 0]"},
	{"C3 view strides sign", "", "%x: tensor<2x1xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 2 : index, input_sizes = [2, 3], input_strides = [-1, 0]} : tensor<2x1xf32> -> tensor<2x3xf32>",
		"'dml.element_wise_identity' op expects input strides >= 0 (DirectML strides are unsigned), got [-1 0]"},
	{"C3 view bounds", "", "%x: tensor<2x1xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 2 : index, input_sizes = [2, 3], input_strides = [1, 1]} : tensor<2x1xf32> -> tensor<2x3xf32>",
		"'dml.element_wise_identity' op expects the input view (sizes [2 3], strides [1 1]) to stay within its 2 elements, got last element 3"},
	{"C3 reshape view", "", "%x: tensor<2x3xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 2 : index, input_sizes = [3, 3]} : tensor<2x3xf32> -> tensor<3x3xf32>",
		"'dml.element_wise_identity' op expects input_sizes [3 3] without strides to reshape the operand's 6 elements, got 9"},
	{"C4 target level", "", "%x: tensor<4xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 1 : index} : tensor<4xf32> -> tensor<4xf32>",
		""},
	{"C4 bad level attribute", "9.9", "%x: tensor<4xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 1 : index} : tensor<4xf32> -> tensor<4xf32>",
		"'dml.element_wise_identity' op unknown DirectML feature level \"9.9\""},
	// dml.gather
	{"gather axis", "", "%x: tensor<3x2xf32>, %i: tensor<4xui32>",
		"%0 = dml.gather %x, %i {axis = 2 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf32>, tensor<4xui32> -> tensor<4x2xf32>",
		"'dml.gather' op axis must be in [0, 2), got 2"},
	{"gather index_dimensions", "", "%x: tensor<3x2xf32>, %i: tensor<4xui32>",
		"%0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 2 : index} : tensor<3x2xf32>, tensor<4xui32> -> tensor<4x2xf32>",
		"'dml.gather' op index_dimensions 2 does not fit before axis 0 (index_dimensions <= axis + 1)"},
	{"gather leading indices dims", "", "%x: tensor<3x2xf32>, %i: tensor<2x4xui32>",
		"%0 = dml.gather %x, %i {axis = 1 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf32>, tensor<2x4xui32> -> tensor<3x4xf32>",
		"'dml.gather' op indices dim 0 has size 2; only the last index_dimensions (1) indices dims may differ from 1"},
	{"gather input rank (doc example 3 with IndexDimensions 2)", "", "%x: tensor<3x2xf32>, %i: tensor<1x2xui32>",
		"%0 = dml.gather %x, %i {axis = 1 : index, dimension_count = 2 : index, index_dimensions = 2 : index} : tensor<3x2xf32>, tensor<1x2xui32> -> tensor<3x2xf32>",
		"'dml.gather' op input dim 0 (size 3) has no place in the output: the input's rank + index_dimensions - 1 exceeds dimension_count 2"},
	{"gather output sizes", "", "%x: tensor<3x2xf32>, %i: tensor<4xui32>",
		"%0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf32>, tensor<4xui32> -> tensor<4x3xf32>",
		"'dml.gather' op expects output sizes [4 2] (computed from the input and indices sizes), got [4 3]"},
	{"gather signed indices below 3.0", "2.1", "%x: tensor<1x1x3x2xf32>, %i: tensor<1x1x1x4xi32>",
		"%0 = dml.gather %x, %i {axis = 2 : index, dimension_count = 4 : index, index_dimensions = 1 : index} : tensor<1x1x3x2xf32>, tensor<1x1x1x4xi32> -> tensor<1x1x4x2xf32>",
		"'dml.gather' op INT32 indices (UINT32 only before 3.0) needs feature level 3.0, got 2.1"},
	{"gather DimensionCount below 3.0", "2.1", "%x: tensor<3x2xf32>, %i: tensor<4xui32>",
		"%0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf32>, tensor<4xui32> -> tensor<4x2xf32>",
		"'dml.gather' op GATHER with DimensionCount 2 (4 before 3.0) needs feature level 3.0, got 2.1"},
	{"gather integer data at 1.0", "1.0", "%x: tensor<3x2xi32>, %i: tensor<4xui32>",
		"%0 = dml.gather %x, %i {axis = 2 : index, dimension_count = 4 : index, index_dimensions = 1 : index} : tensor<3x2xi32>, tensor<4xui32> -> tensor<4x2xi32>",
		"'dml.gather' op INT32 data in GATHER needs feature level 2.1, got 1.0"},
	{"gather 64-bit data below 4.1", "3.0", "%x: tensor<3x2xf64>, %i: tensor<4xi64>",
		"%0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf64>, tensor<4xi64> -> tensor<4x2xf64>",
		"'dml.gather' op FLOAT64 data in GATHER needs feature level 4.1, got 3.0"},
	// dml.gather_elements
	{"gather_elements axis", "", "%x: tensor<3x3xf32>, %i: tensor<2x3xi64>",
		"%0 = dml.gather_elements %x, %i {axis = 2 : index, dimension_count = 2 : index} : tensor<3x3xf32>, tensor<2x3xi64> -> tensor<2x3xf32>",
		"'dml.gather_elements' op expects axis in [0, 2), got 2"},
	{"gather_elements sizes", "", "%x: tensor<3x4xf32>, %i: tensor<2x3xi64>",
		"%0 = dml.gather_elements %x, %i {axis = 0 : index, dimension_count = 2 : index} : tensor<3x4xf32>, tensor<2x3xi64> -> tensor<2x3xf32>",
		"'dml.gather_elements' op expects input sizes [3 4] to equal indices sizes [2 3] except at axis 0 (use an input view for smaller indices)"},
	{"gather_elements output", "", "%x: tensor<3x3xf32>, %i: tensor<2x3xi64>",
		"%0 = dml.gather_elements %x, %i {axis = 0 : index, dimension_count = 2 : index} : tensor<3x3xf32>, tensor<2x3xi64> -> tensor<3x3xf32>",
		"'dml.gather_elements' op expects output sizes [3 3] to equal the indices sizes [2 3]"},
	{"gather_elements at 1.0", "1.0", "%x: tensor<3x3xf32>, %i: tensor<2x3xui32>",
		"%0 = dml.gather_elements %x, %i {axis = 2 : index, dimension_count = 4 : index} : tensor<3x3xf32>, tensor<2x3xui32> -> tensor<2x3xf32>",
		"'dml.gather_elements' op DML_OPERATOR_GATHER_ELEMENTS needs feature level 2.1, got 1.0"},
	// dml.gather_nd and dml.gather_nd1
	{"gather_nd counts", "", "%x: tensor<2x2xf32>, %i: tensor<2x1xi64>",
		"%0 = dml.gather_nd %x, %i {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 3 : index} : tensor<2x2xf32>, tensor<2x1xi64> -> tensor<2x2xf32>",
		"'dml.gather_nd' op input_dimension_count and indices_dimension_count must be in [1, 2], got 3 and 2"},
	{"gather_nd padding dims", "", "%x: tensor<2x2xf32>, %i: tensor<2x1xi64>",
		"%0 = dml.gather_nd %x, %i {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 1 : index} : tensor<2x2xf32>, tensor<2x1xi64> -> tensor<2x2xf32>",
		"'dml.gather_nd' op input dim 0 has size 2 but lies before the 1 meaningful input dims"},
	{"gather_nd tuple length", "", "%x: tensor<2x2xf32>, %i: tensor<2x3xi64>",
		"%0 = dml.gather_nd %x, %i {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<2x2xf32>, tensor<2x3xi64> -> tensor<2xf32>",
		"'dml.gather_nd' op batch_dimension_count + index tuple length must be <= input_dimension_count, got 0 + 3 > 2"},
	{"gather_nd output", "", "%x: tensor<2x2xf32>, %i: tensor<2x1xi64>",
		"%0 = dml.gather_nd %x, %i {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<2x2xf32>, tensor<2x1xi64> -> tensor<2x1xf32>",
		"'dml.gather_nd' op expects output sizes [2 2] (indices[0:q-1] ++ input[b+m:r], padded), got [2 1]"},
	{"gather_nd1 batch count", "", "%x: tensor<3x2x2xf32>, %i: tensor<3x2x2xi64>",
		"%0 = dml.gather_nd1 %x, %i {batch_dimension_count = 3 : index, dimension_count = 3 : index, indices_dimension_count = 3 : index, input_dimension_count = 3 : index} : tensor<3x2x2xf32>, tensor<3x2x2xi64> -> tensor<3x2xf32>",
		"'dml.gather_nd1' op batch_dimension_count must be in [0, min(input_dimension_count, indices_dimension_count)), got 3"},
	{"gather_nd1 batch sizes", "", "%x: tensor<3x2x2xf32>, %i: tensor<2x2x2xi64>",
		"%0 = dml.gather_nd1 %x, %i {batch_dimension_count = 1 : index, dimension_count = 3 : index, indices_dimension_count = 3 : index, input_dimension_count = 3 : index} : tensor<3x2x2xf32>, tensor<2x2x2xi64> -> tensor<2x2xf32>",
		"'dml.gather_nd1' op batch dim 0 of indices (size 2) must equal that of input (size 3)"},
	{"gather_nd1 below 3.0", "2.1", "%x: tensor<1x3x2x2xf32>, %i: tensor<1x3x2x2xui32>",
		"%0 = dml.gather_nd1 %x, %i {batch_dimension_count = 1 : index, dimension_count = 4 : index, indices_dimension_count = 3 : index, input_dimension_count = 3 : index} : tensor<1x3x2x2xf32>, tensor<1x3x2x2xui32> -> tensor<3x2xf32>",
		"'dml.gather_nd1' op DML_OPERATOR_GATHER_ND1 needs feature level 3.0, got 2.1"},
	// dml.scatter_elements and dml.scatter_nd
	{"scatter_elements axis", "", "%x: tensor<1x5xf32>, %i: tensor<1x2xi64>, %u: tensor<1x2xf32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 2 : index, dimension_count = 2 : index} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<1x5xf32>",
		"'dml.scatter_elements' op expects axis in [0, 2), got 2"},
	{"scatter_elements updates sizes", "", "%x: tensor<1x5xf32>, %i: tensor<1x2xi64>, %u: tensor<1x3xf32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 1 : index, dimension_count = 2 : index} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x3xf32> -> tensor<1x5xf32>",
		"'dml.scatter_elements' op expects updates sizes [1 3] to equal the indices sizes [1 2]"},
	{"scatter_elements indices larger", "", "%x: tensor<1x5xf32>, %i: tensor<2x2xi64>, %u: tensor<2x2xf32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 1 : index, dimension_count = 2 : index} : tensor<1x5xf32>, tensor<2x2xi64>, tensor<2x2xf32> -> tensor<1x5xf32>",
		"'dml.scatter_elements' op expects indices sizes [2 2] to equal the input sizes [1 5] except at axis 1"},
	{"scatter_elements indices smaller", "", "%x: tensor<2x5xf32>, %i: tensor<1x2xi64>, %u: tensor<1x2xf32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 1 : index, dimension_count = 2 : index} : tensor<2x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<2x5xf32>",
		"'dml.scatter_elements' op expects indices sizes [1 2] to equal the input sizes [2 5] except at axis 1"},
	{"scatter_elements integers below 2.1", "2.0", "%x: tensor<1x1x1x5xi32>, %i: tensor<1x1x1x2xui32>, %u: tensor<1x1x1x2xi32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 3 : index, dimension_count = 4 : index} : tensor<1x1x1x5xi32>, tensor<1x1x1x2xui32>, tensor<1x1x1x2xi32> -> tensor<1x1x1x5xi32>",
		"'dml.scatter_elements' op INT32 data in SCATTER_ELEMENTS needs feature level 2.1, got 2.0"},
	{"scatter_elements output sizes", "", "%x: tensor<1x5xf32>, %i: tensor<1x2xi64>, %u: tensor<1x2xf32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 1 : index, dimension_count = 2 : index} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<1x2xf32>",
		"'dml.scatter_elements' op expects output sizes [1 2] to equal the input sizes [1 5]"},
	{"scatter_elements element types", "", "%x: tensor<1x5xf32>, %i: tensor<1x2xi64>, %u: tensor<1x2xf16>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 1 : index, dimension_count = 2 : index} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf16> -> tensor<1x5xf32>",
		"'dml.scatter_elements' op failed to verify that all of {input, updates, out} have same element type"},
	{"scatter_elements INT64 indices below 3.0", "2.1", "%x: tensor<1x1x1x5xf32>, %i: tensor<1x1x1x2xi64>, %u: tensor<1x1x1x2xf32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 3 : index, dimension_count = 4 : index} : tensor<1x1x1x5xf32>, tensor<1x1x1x2xi64>, tensor<1x1x1x2xf32> -> tensor<1x1x1x5xf32>",
		"'dml.scatter_elements' op INT64 indices (UINT32 only before 3.0) needs feature level 3.0, got 2.1"},
	{"scatter_elements below 2.0", "1.0", "%x: tensor<1x1x1x5xf32>, %i: tensor<1x1x1x2xui32>, %u: tensor<1x1x1x2xf32>",
		"%0 = dml.scatter_elements %x, %i, %u {axis = 3 : index, dimension_count = 4 : index} : tensor<1x1x1x5xf32>, tensor<1x1x1x2xui32>, tensor<1x1x1x2xf32> -> tensor<1x1x1x5xf32>",
		"'dml.scatter_elements' op DML_OPERATOR_SCATTER_ELEMENTS needs feature level 2.0, got 1.0"},
	{"scatter_nd updates sizes", "", "%x: tensor<8x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x2xf32>",
		"%0 = dml.scatter_nd %x, %i, %u {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<8x3xf32>, tensor<4x1xi64>, tensor<4x2xf32> -> tensor<8x3xf32>",
		"'dml.scatter_nd' op expects updates sizes [4 3] (indices[0:q-1] ++ input[m:r], padded), got [4 2]"},
	{"scatter_nd tuple length", "", "%x: tensor<8x3xf32>, %i: tensor<4x3xi64>, %u: tensor<4xf32>",
		"%0 = dml.scatter_nd %x, %i, %u {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<8x3xf32>, tensor<4x3xi64>, tensor<4xf32> -> tensor<8x3xf32>",
		"'dml.scatter_nd' op batch_dimension_count + index tuple length must be <= input_dimension_count, got 0 + 3 > 2"},
	{"scatter_nd output sizes", "", "%x: tensor<8x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>",
		"%0 = dml.scatter_nd %x, %i, %u {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<8x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<4x3xf32>",
		"'dml.scatter_nd' op expects output sizes [4 3] to equal the input sizes [8 3]"},
	{"scatter_nd below 2.1", "2.0", "%x: tensor<1x1x8x3xf32>, %i: tensor<1x1x4x1xui32>, %u: tensor<1x1x4x3xf32>",
		"%0 = dml.scatter_nd %x, %i, %u {dimension_count = 4 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<1x1x8x3xf32>, tensor<1x1x4x1xui32>, tensor<1x1x4x3xf32> -> tensor<1x1x8x3xf32>",
		"'dml.scatter_nd' op DML_OPERATOR_SCATTER_ND needs feature level 2.1, got 2.0"},
	// dml.slice1
	{"slice1 attribute lengths", "", "%x: tensor<4xf32>",
		"%0 = dml.slice1 %x {dimension_count = 1 : index, input_window_offsets = [0, 0], input_window_sizes = [4], input_window_strides = [1]} : tensor<4xf32> -> tensor<4xf32>",
		"'dml.slice1' op expects input_window_offsets, input_window_sizes and input_window_strides of 1 entries, got 2, 1 and 1"},
	{"slice1 zero stride", "", "%x: tensor<4xf32>",
		"%0 = dml.slice1 %x {dimension_count = 1 : index, input_window_offsets = [0], input_window_sizes = [4], input_window_strides = [0]} : tensor<4xf32> -> tensor<4xf32>",
		"'dml.slice1' op expects non-zero input_window_strides, got 0 in dim 0"},
	{"slice1 window", "", "%x: tensor<4xf32>",
		"%0 = dml.slice1 %x {dimension_count = 1 : index, input_window_offsets = [2], input_window_sizes = [3], input_window_strides = [1]} : tensor<4xf32> -> tensor<3xf32>",
		"'dml.slice1' op expects the window [2, 5) of dim 0 inside the input size 4 and non-empty"},
	{"slice1 output size", "", "%x: tensor<4xf32>",
		"%0 = dml.slice1 %x {dimension_count = 1 : index, input_window_offsets = [0], input_window_sizes = [4], input_window_strides = [-2]} : tensor<4xf32> -> tensor<3xf32>",
		"'dml.slice1' op expects output size of dim 0 in [1, 2] (1 + (window size - 1) / |stride|), got 3"},
	// dml.element_wise_identity and dml.cast
	{"identity sizes", "", "%x: tensor<2x3xf32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 2 : index} : tensor<2x3xf32> -> tensor<3x2xf32>",
		"'dml.element_wise_identity' op expects input sizes [2 3] to equal output sizes [3 2]"},
	{"identity integers at 1.0", "1.0", "%x: tensor<4xi32>",
		"%0 = dml.element_wise_identity %x {dimension_count = 4 : index} : tensor<4xi32> -> tensor<4xi32>",
		"'dml.element_wise_identity' op INT32 data in ELEMENT_WISE_IDENTITY needs feature level 2.1, got 1.0"},
	{"cast DimensionCount below 3.0", "2.1", "%x: tensor<4xi32>",
		"%0 = dml.cast %x {dimension_count = 3 : index} : tensor<4xi32> -> tensor<4xui32>",
		"'dml.cast' op CAST with DimensionCount 3 (4 or 5 before 3.0) needs feature level 3.0, got 2.1"},
	{"cast 64-bit below 4.1", "3.0", "%x: tensor<4xi64>",
		"%0 = dml.cast %x {dimension_count = 1 : index} : tensor<4xi64> -> tensor<4xi32>",
		"'dml.cast' op INT64 data in CAST needs feature level 4.1, got 3.0"},
	// dml.element_wise_clip
	{"clip bounds", "", "%x: tensor<4xf32>",
		"%0 = dml.element_wise_clip %x {dimension_count = 1 : index, max = 1.000000e+00 : f32, min = 2.000000e+00 : f32} : tensor<4xf32> -> tensor<4xf32>",
		"'dml.element_wise_clip' op expects min <= max, got 2 and 1"},
	{"clip integers below 3.0", "2.1", "%x: tensor<4xi32>",
		"%0 = dml.element_wise_clip %x {dimension_count = 4 : index, max = 1.000000e+00 : f32, min = 0.000000e+00 : f32} : tensor<4xi32> -> tensor<4xi32>",
		"'dml.element_wise_clip' op INT32 data in ELEMENT_WISE_CLIP needs feature level 3.0, got 2.1"},
	{"clip 64-bit below 5.0", "4.1", "%x: tensor<4xi64>",
		"%0 = dml.element_wise_clip %x {dimension_count = 1 : index, max = 1.000000e+00 : f32, min = 0.000000e+00 : f32} : tensor<4xi64> -> tensor<4xi64>",
		"'dml.element_wise_clip' op INT64 data in ELEMENT_WISE_CLIP needs feature level 5.0, got 4.1"},
	// dml.element_wise_modulus_floor
	{"modulus_floor sizes", "", "%a: tensor<4xi32>, %b: tensor<1xi32>",
		"%0 = dml.element_wise_modulus_floor %a, %b {dimension_count = 1 : index} : tensor<4xi32>, tensor<1xi32> -> tensor<4xi32>",
		"'dml.element_wise_modulus_floor' op expects a sizes [4] and b sizes [1] to equal output sizes [4]"},
	{"modulus_floor integers below 3.0", "2.1", "%a: tensor<4xi32>, %b: tensor<4xi32>",
		"%0 = dml.element_wise_modulus_floor %a, %b {dimension_count = 4 : index} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>",
		"'dml.element_wise_modulus_floor' op INT32 data in ELEMENT_WISE_MODULUS_FLOOR needs feature level 3.0, got 2.1"},
	{"modulus_floor 64-bit below 6.0", "5.0", "%a: tensor<4xi64>, %b: tensor<4xi64>",
		"%0 = dml.element_wise_modulus_floor %a, %b {dimension_count = 1 : index} : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>",
		"'dml.element_wise_modulus_floor' op INT64 data in ELEMENT_WISE_MODULUS_FLOOR needs feature level 6.0, got 5.0"},
	// dml.constant
	{"constant type", "", "",
		"%0 = dml.constant {value = dense<[1, 2]> : tensor<2xi32>} : tensor<2xi64>",
		"'dml.constant' op expects the type of value (tensor<2xi32>) to equal the result type (tensor<2xi64>)"},
	{"constant data type", "", "",
		"%0 = dml.constant {value = dense<1.000000e+00> : tensor<2xbf16>} : tensor<2xbf16>",
		"'dml.constant' op result: element type bf16 has no DirectML data type"},
}

func caseSource(name, level, args, body string) string {
	attrs := ""
	if level != "" {
		attrs = fmt.Sprintf(" attributes {dml.feature_level = %q}", level)
	}
	res := body[strings.LastIndex(body, "-> ")+3:]
	if !strings.Contains(body, "->") {
		res = body[strings.LastIndex(body, ": ")+2:]
	}
	return fmt.Sprintf("module%s {\n  func.func @f(%s) -> %s {\n    %s\n    return %%0 : %s\n  }\n}\n", attrs, args, res, body, res)
}

// TestVerifierRules: each case fails with its message at the op; the
// case without a message verifies (the op needs nothing beyond 1.0).
func TestVerifierRules(t *testing.T) {
	for _, tc := range verifyCases {
		t.Run(tc.name, func(t *testing.T) {
			src := caseSource(tc.name, tc.level, tc.args, tc.body)
			m, err := parser.Parse("case.mlir", src, parser.Options{})
			if err != nil {
				t.Fatalf("parse: %v\n%s", err, src)
			}
			err = ir.Verify(m, false)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			got := strings.SplitN(err.Error(), "\n", 2)[0]
			want := "case.mlir:3:10: error: " + tc.want
			if !strings.HasPrefix(got, want) {
				t.Errorf("error mismatch (-want +got):\n%s", cmp.Diff(want, got))
			}
		})
	}
}

// TestLitFile: test/lit/dml/verify.mlir is generated from verifyCases
// (run with -update after changing the table).
func TestLitFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("// RUN: tcp-opt %s -split-input-file -verify-diagnostics\n")
	b.WriteString("// Generated by `go test ./dialect/dml -run TestLitFile -update` from dialect/dml/verify_test.go: edit the table there.\n")
	b.WriteString("// One negative case per verifier rule of the dml ops.\n")
	first := true
	for _, tc := range verifyCases {
		if tc.want == "" {
			continue
		}
		if !first {
			b.WriteString("\n// -----\n")
		}
		first = false
		src := caseSource(tc.name, tc.level, tc.args, tc.body)
		src = strings.Replace(src, "    %0 = ", fmt.Sprintf("    // expected-error@below {{%s}}\n    %%0 = ", tc.want), 1)
		fmt.Fprintf(&b, "\n// %s\n%s", tc.name, src)
	}
	const path = "../../test/lit/dml/verify.mlir"
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if diff := cmp.Diff(b.String(), string(old)); diff != "" {
		t.Errorf("%s is stale; run go test ./dialect/dml -run TestLitFile -update (-want +got):\n%s", path, diff)
	}
}
