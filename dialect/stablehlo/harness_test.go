package stablehlo_test

// The shared dialect harnesses of internal/dialecttest for the stablehlo
// (and check) ops, and a table of verifier errors; test/lit/stablehlo has
// one lit case per verifier rule.

import (
	"testing"

	_ "github.com/tcp-project/tcp/dialect/arith"
	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/internal/dialecttest"
)

// TestDocs: every op has a summary, a description, examples that parse,
// verify and print back as written, and a custom form, except the ops
// StableHLO itself only writes generically.
func TestDocs(t *testing.T) {
	dialecttest.CheckDocs(t, "stablehlo", dialecttest.DocsOptions{KnownGaps: map[string]string{
		"stablehlo.gather":             "StableHLO has no custom form for gather: it prints it generically",
		"stablehlo.torch_index_select": "StableHLO has no custom form for torch_index_select",
		"stablehlo.scatter":            "StableHLO has no custom form for scatter: it prints it generically (with its region)",
		"stablehlo.dynamic_gather":     "StableHLO has no custom form for dynamic_gather: it prints it generically",
	}})
	dialecttest.CheckDocs(t, "check", dialecttest.DocsOptions{})
}

func scatterSrc(dims, x, i, u string, body string) string {
	return dialecttest.WrapFunc("%x: "+x+", %i: "+i+", %u: "+u,
		`%0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    `+body+`
  }) {scatter_dimension_numbers = `+dims+`} : (`+x+`, `+i+`, `+u+`) -> `+x)
}

var scatterErrorCases = []dialecttest.ErrorCase{
	{Name: "scatter C2", Src: scatterSrc("#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>",
		"tensor<5x3xf32>", "tensor<2x1xi32>", "tensor<2x3xf32>", "stablehlo.return %b : tensor<f32>"),
		Want: []string{at + "8: error: 'stablehlo.scatter' op Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. 3 but got 2."}},
	{Name: "scatter C4 window", Src: scatterSrc("#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>",
		"tensor<5x3xf32>", "tensor<2x1xi32>", "tensor<2x4xf32>", "stablehlo.return %b : tensor<f32>"),
		Want: []string{at + "8: error: 'stablehlo.scatter' op expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension 1, updates bound is 4, operand bound is 3."}},
	{Name: "scatter C19", Src: scatterSrc("#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>",
		"tensor<5x3xf32>", "tensor<2x1xi32>", "tensor<2x3xf32>", "stablehlo.return %b : tensor<f32>"),
		Want: []string{at + "8: error: 'stablehlo.scatter' op Scatter op has 2 elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=1 of scatter_indices is 1. These two numbers must be equal."}},
	{Name: "scatter C23", Src: scatterSrc("#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>",
		"tensor<5x3xf32>", "tensor<2x1xi32>", "tensor<2x3xf32>", "stablehlo.return %b, %a : tensor<f32>, tensor<f32>"),
		Want: []string{at + "8: error: 'stablehlo.scatter' op Reduction-region here must produce 1 tensors, but produces 2 instead"}},
}

func TestScatterErrors(t *testing.T) { dialecttest.RunErrors(t, scatterErrorCases) }

const at = dialecttest.At

var errorCases = []dialecttest.ErrorCase{
	{Name: "gather C1", Src: dialecttest.WrapFunc("%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>",
		`%0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>`),
		Want: []string{at + "8: error: 'stablehlo.gather' op offset_dims size (2) plus collapse_slice_dims size (2) plus operand_batching_dims size (0) is not equal to operand rank (3)"}},
	{Name: "gather C3 implicit vector", Src: dialecttest.WrapFunc("%x: tensor<3x4x2xf32>, %i: tensor<2x3xi64>",
		`%0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3xi64>) -> tensor<2x3x2x2xf32>`),
		Want: []string{at + "8: error: 'stablehlo.gather' op start_index_map size (2) is not equal to size of index dimension (2) of start_indices (1)"}},
	{Name: "gather C17", Src: dialecttest.WrapFunc("%x: tensor<2x3x4xf32>, %i: tensor<3x3x2xi64>",
		`%0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>, tensor<3x3x2xi64>) -> tensor<3x3x2xf32>`),
		Want: []string{at + "8: error: 'stablehlo.gather' op operand_batching_dims[0] and start_indices_batching_dims[0] must have compatible sizes, but got 2 and 3"}},
	{Name: "gather C22", Src: dialecttest.WrapFunc("%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi64>",
		`%0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x3xf32>`),
		Want: []string{at + "8: error: 'stablehlo.gather' op inferred type(s) 'tensor<2x3x2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3x2x3xf32>'"}},
	{Name: "gather dims duplicated field", Src: dialecttest.WrapFunc("%x: tensor<3xf32>, %i: tensor<2x1xi64>",
		`%0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<start_index_map = [0], start_index_map = [0]>, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi64>) -> tensor<2xf32>`),
		Want: []string{at + "113: error: duplicated `start_index_map` entry"}},
	{Name: "dynamic_slice size", Src: dialecttest.WrapFunc("%x: tensor<4x4xf32>, %s: tensor<i64>",
		`%0 = stablehlo.dynamic_slice %x, %s, %s, sizes = [5, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<5x2xf32>`),
		Want: []string{at + "8: error: 'stablehlo.dynamic_slice' op has slice size 5 greater than dimension size 4 in dimension 0 of operand"}},
	{Name: "slice stride", Src: dialecttest.WrapFunc("%x: tensor<3x6xf32>",
		`%0 = stablehlo.slice %x [0:3:0, 2:6:3] : (tensor<3x6xf32>) -> tensor<2x2xf32>`),
		Want: []string{at + "8: error: 'stablehlo.slice' op stride must be positive but got 0 in dimension 0"}},
	{Name: "iota dim", Src: dialecttest.WrapFunc("", `%0 = stablehlo.iota dim = 2 : tensor<3x4xi32>`),
		Want: []string{at + "8: error: 'stablehlo.iota' op iota dimension cannot go beyond the output rank."}},
	{Name: "torch_index_select batch", Src: dialecttest.WrapFunc("%x: tensor<4x3xf32>, %i: tensor<3x2xi64>",
		`%0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<4x3xf32>, tensor<3x2xi64>) -> tensor<4x2xf32>`),
		Want: []string{at + "8: error: 'stablehlo.torch_index_select' op expects batch dim 0 of index (size 3) to equal that of operand (size 4)"}},
	{Name: "dynamic_iota shape size", Src: dialecttest.WrapFunc("%s: tensor<3xi64>",
		`%0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<?x4xi32>`),
		Want: []string{at + "8: error: 'stablehlo.dynamic_iota' op expects output_shape to have 2 elements (the result rank), got 3"}},
	{Name: "dynamic_reshape count", Src: dialecttest.WrapFunc("%x: tensor<2x3xf32>, %s: tensor<2xi64>",
		`%0 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>`),
		Want: []string{at + "8: error: 'stablehlo.dynamic_reshape' op number of output elements (8) doesn't match expected number of elements (6)"}},
}

// TestErrors: each case fails with exactly its located diagnostic.
func TestErrors(t *testing.T) { dialecttest.RunErrors(t, errorCases) }

// FuzzParse: parse + verify + print of random text never panics, and
// verified IR round-trips; seeded with the doc examples, the error cases
// and the lit tests of test/lit/stablehlo.
func FuzzParse(f *testing.F) {
	seeds := append(append(dialecttest.DocExamples("stablehlo"), dialecttest.Sources(errorCases)...), dialecttest.Sources(scatterErrorCases)...)
	dialecttest.FuzzParse(f, "../../test/lit/stablehlo", seeds...)
}
