package tcp_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/arith"
	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestVerifierRules has one negative case per verifier rule of every tcp op
// (docs/semantics.md §3 and mlir-tcp's own checks). Each body is placed in a
// function whose arguments are declared by args; the op under test is on
// line 2 at column 8.
func TestVerifierRules(t *testing.T) {
	tests := []struct {
		name, args, body, want string
	}{
		// tcp.gather
		{"gather/rank mismatch", "%a: tensor<3x4xf32>, %i: tensor<2xi64>",
			"%0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2xi64> -> tensor<2xf32>",
			"'tcp.gather' op requires that the input tensor and indices are the same rank, got 2 and 1"},
		{"gather/rank 0", "%a: tensor<f32>, %i: tensor<i64>",
			"%0 = tcp.gather %a, %i {dim = 0 : index} : tensor<f32>, tensor<i64> -> tensor<f32>",
			"'tcp.gather' op requires input and indices of rank at least 1"},
		{"gather/dim out of range", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			"%0 = tcp.gather %a, %i {dim = 2 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>",
			"'tcp.gather' op expects dim in [0, 2), got 2"},
		{"gather/negative dim", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			"%0 = tcp.gather %a, %i {dim = -1 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>",
			"'tcp.gather' op expects dim in [0, 2), got -1"},
		{"gather/indices larger than input", "%a: tensor<3x4xf32>, %i: tensor<4x1xi64>",
			"%0 = tcp.gather %a, %i {dim = 1 : index} : tensor<3x4xf32>, tensor<4x1xi64> -> tensor<4x1xf32>",
			"'tcp.gather' op expects indices dim 0 (size 4) to be at most the input dim (size 3)"},
		{"gather/result shape", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			"%0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<3x4xf32>",
			"'tcp.gather' op expects the result shape [3, 4] to equal the indices shape [2, 4]"},
		{"gather/element type", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			"%0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xi32>",
			"'tcp.gather' op failed to verify that all of {input, out} have same element type"},
		{"gather/index element type", "%a: tensor<3x4xf32>, %i: tensor<2x4xf32>",
			"%0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xf32> -> tensor<2x4xf32>",
			"'tcp.gather' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x4xf32>'"},
		{"gather/missing dim", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			"%0 = tcp.gather %a, %i : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>",
			"'tcp.gather' op requires attribute 'dim'"},
		{"gather/dim not index", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			"%0 = tcp.gather %a, %i {dim = 0 : i32} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>",
			"'tcp.gather' op attribute 'dim' failed to satisfy constraint: index attribute"},
		{"gather/bad mode", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			`%0 = tcp.gather %a, %i {dim = 0 : index, mode = "raise"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>`,
			"'tcp.gather' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or fill"},
		{"gather/fill_value without fill", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			`%0 = tcp.gather %a, %i {dim = 0 : index, mode = "clip", fill_value = 0.0 : f32} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>`,
			`'tcp.gather' op fill_value is only allowed with mode = "fill", got mode = "clip"`},
		{"gather/fill_value type", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
			`%0 = tcp.gather %a, %i {dim = 0 : index, mode = "fill", fill_value = 0 : i64} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>`,
			"'tcp.gather' op expects fill_value of type f32 (the result element type), got i64"},
		// tcp.gather_nd
		{"gather_nd/dynamic tuple length", "%a: tensor<3x4xf32>, %i: tensor<2x?xi64>",
			"%0 = tcp.gather_nd %a, %i : tensor<3x4xf32>, tensor<2x?xi64> -> tensor<2xf32>",
			"'tcp.gather_nd' op expects the last dim of indices (the index tuple length) to be static"},
		{"gather_nd/batch_dims too large", "%a: tensor<3x4xf32>, %i: tensor<3x1xi64>",
			"%0 = tcp.gather_nd %a, %i {batch_dims = 2 : index} : tensor<3x4xf32>, tensor<3x1xi64> -> tensor<3xf32>",
			"'tcp.gather_nd' op expects batch_dims in [0, 2), got 2"},
		// The edge of the other bound: batch_dims equal to the indices'
		// rank, with the input's rank larger.
		{"gather_nd/batch_dims at the indices rank", "%a: tensor<2x1x5xf32>, %i: tensor<2x1xi64>",
			"%0 = tcp.gather_nd %a, %i {batch_dims = 2 : index} : tensor<2x1x5xf32>, tensor<2x1xi64> -> tensor<2xf32>",
			"'tcp.gather_nd' op expects batch_dims in [0, 2), got 2"},
		{"gather_nd/tuple too long", "%a: tensor<3x4xf32>, %i: tensor<2x3xi64>",
			"%0 = tcp.gather_nd %a, %i : tensor<3x4xf32>, tensor<2x3xi64> -> tensor<2xf32>",
			"'tcp.gather_nd' op expects batch_dims + index tuple length <= input rank, got 0 + 3 > 2"},
		{"gather_nd/batch dims disagree", "%a: tensor<2x2x2xi32>, %i: tensor<3x1xi64>",
			"%0 = tcp.gather_nd %a, %i {batch_dims = 1 : index} : tensor<2x2x2xi32>, tensor<3x1xi64> -> tensor<3x2xi32>",
			"'tcp.gather_nd' op expects batch dim 0 of indices (size 3) to equal that of input (size 2)"},
		{"gather_nd/result rank", "%a: tensor<7x11x13x17xf32>, %i: tensor<3x2xi64>",
			"%0 = tcp.gather_nd %a, %i : tensor<7x11x13x17xf32>, tensor<3x2xi64> -> tensor<3x13xf32>",
			"'tcp.gather_nd' op expects result rank 3 (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got 2"},
		{"gather_nd/result shape", "%a: tensor<7x11x13x17xf32>, %i: tensor<3x2xi64>",
			"%0 = tcp.gather_nd %a, %i : tensor<7x11x13x17xf32>, tensor<3x2xi64> -> tensor<3x11x17xf32>",
			"'tcp.gather_nd' op expects result shape [3, 13, 17] (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got [3, 11, 17]"},
		{"gather_nd/element type", "%a: tensor<3x4xf32>, %i: tensor<2x2xi64>",
			"%0 = tcp.gather_nd %a, %i : tensor<3x4xf32>, tensor<2x2xi64> -> tensor<2xf16>",
			"'tcp.gather_nd' op failed to verify that all of {input, out} have same element type"},
		// tcp.broadcast_to / tcp.broadcast
		{"broadcast/rank", "%a: tensor<?xf32>, %n: index",
			"%0 = tcp.broadcast %a, %n {axes = [0]} : tensor<?xf32>, index -> tensor<?x?xf32>",
			"'tcp.broadcast' op failed to verify that all of {in, out} have same rank"},
		{"broadcast/element type", "%a: tensor<1x?xf32>, %n: index",
			"%0 = tcp.broadcast_to %a, %n {axes = [0]} : tensor<1x?xf32>, index -> tensor<?x?xi32>",
			"'tcp.broadcast_to' op failed to verify that all of {in, out} have same element type"},
		{"broadcast/axes in bounds", "%a: tensor<?x1x?x1xf32>, %n: index, %m: index",
			"%0 = tcp.broadcast %a, %n, %m {axes = [1, 100]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>",
			"'tcp.broadcast' op failed to verify that attribute `axes` are in bounds"},
		{"broadcast/static size 1", "%a: tensor<?x7x?x1xf32>, %n: index, %m: index",
			"%0 = tcp.broadcast %a, %n, %m {axes = [1, 1]} : tensor<?x7x?x1xf32>, index, index -> tensor<?x?x?x?xf32>",
			"'tcp.broadcast' op failed to verify that dimensions listed in attribute `axes` have a static size of `1`"},
		{"broadcast/increasing", "%a: tensor<?x1x?x1xf32>, %n: index, %m: index",
			"%0 = tcp.broadcast %a, %n, %m {axes = [3, 1]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>",
			"'tcp.broadcast' op failed to verify that attribute `axes` must be in increasing order"},
		{"broadcast/duplicates", "%a: tensor<?x1x?x1xf32>, %n: index, %m: index",
			"%0 = tcp.broadcast %a, %n, %m {axes = [1, 1]} : tensor<?x1x?x1xf32>, index, index -> tensor<?x?x?x?xf32>",
			"'tcp.broadcast' op failed to verify that attribute `axes` must not have any duplicates"},
		{"broadcast/size count", "%a: tensor<1x1xf32>, %n: index, %m: index",
			"%0 = tcp.broadcast %a, %n, %m {axes = [0]} : tensor<1x1xf32>, index, index -> tensor<?x?xf32>",
			"'tcp.broadcast' op failed to verify that argument `new_dim_sizes` has the same size as the attribute `axes`"},
		{"broadcast/unlisted dim", "%a: tensor<1x3xf32>, %n: index",
			"%0 = tcp.broadcast_to %a, %n {axes = [0]} : tensor<1x3xf32>, index -> tensor<?x4xf32>",
			"'tcp.broadcast_to' op expects result dim 1 (size 4) to equal the input dim (size 3), as it is not in `axes`"},
		{"broadcast/constant size", "%a: tensor<2x1xi64>",
			"%0 = tcp.broadcast_to %a, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x5xi64>",
			"'tcp.broadcast_to' op expects result dim 1 to be 4 (new_dim_sizes[0]), got 5"},
		{"broadcast/negative size", "%a: tensor<2x1xi64>",
			"%0 = tcp.broadcast_to %a, %cm1 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x?xi64>",
			"'tcp.broadcast_to' op expects non-negative new_dim_sizes, got -1 for axis 1"},
		{"broadcast/missing axes", "%a: tensor<2x1xi64>, %n: index",
			"%0 = tcp.broadcast_to %a, %n : tensor<2x1xi64>, index -> tensor<2x?xi64>",
			"'tcp.broadcast_to' op requires attribute 'axes'"},
		// tcp.slice
		{"slice/operand count", "%a: tensor<4x4xf32>, %s: index",
			"%0 = tcp.slice %a starts(%s) sizes(%s) strides(%s) : tensor<4x4xf32> -> tensor<?x?xf32>",
			"'tcp.slice' op expects 2 starts, sizes and strides (the input rank), got 1"},
		{"slice/rank", "%a: tensor<4x4xf32>, %s: index",
			"%0 = tcp.slice %a starts(%s, %s) sizes(%s, %s) strides(%s, %s) : tensor<4x4xf32> -> tensor<?xf32>",
			"'tcp.slice' op failed to verify that all of {in, out} have same rank"},
		{"slice/element type", "%a: tensor<4x4xf32>, %s: index",
			"%0 = tcp.slice %a starts(%s, %s) sizes(%s, %s) strides(%s, %s) : tensor<4x4xf32> -> tensor<?x?xf16>",
			"'tcp.slice' op failed to verify that all of {in, out} have same element type"},
		{"slice/zero stride", "%a: tensor<4x4xf32>",
			"%0 = tcp.slice %a starts(%c0, %c0) sizes(%c2, %c2) strides(%c1, %c0) : tensor<4x4xf32> -> tensor<2x2xf32>",
			"'tcp.slice' op expects non-zero strides, got stride 0 in dim 1"},
		{"slice/size vs result", "%a: tensor<4x4xf32>",
			"%0 = tcp.slice %a starts(%c0, %c0) sizes(%c2, %c2) strides(%c1, %c1) : tensor<4x4xf32> -> tensor<2x4xf32>",
			"'tcp.slice' op expects result dim 1 to be 2 (the size operand), got 4"},
		{"slice/negative size", "%a: tensor<4x4xf32>",
			"%0 = tcp.slice %a starts(%c0, %c0) sizes(%c2, %cm1) strides(%c1, %c1) : tensor<4x4xf32> -> tensor<2x?xf32>",
			"'tcp.slice' op expects non-negative sizes, got -1 in dim 1"},
		{"slice/out of bounds", "%a: tensor<4x4xf32>",
			"%0 = tcp.slice %a starts(%c0, %c1) sizes(%c2, %c2) strides(%cm2, %c2) : tensor<4x4xf32> -> tensor<2x2xf32>",
			"'tcp.slice' op expects the slice of dim 0 to stay in bounds: start 0, size 2, stride -2 on a dim of size 4"},
		// The exact edges: the last element one past the dim (start 2, 2
		// elements of stride 2: 2, 4), the start at the dim, and the last
		// element at -1 (start 1, stride -2).
		{"slice/last at the dim", "%a: tensor<4x4xf32>",
			"%0 = tcp.slice %a starts(%c2, %c0) sizes(%c2, %c2) strides(%c2, %c1) : tensor<4x4xf32> -> tensor<2x2xf32>",
			"'tcp.slice' op expects the slice of dim 0 to stay in bounds: start 2, size 2, stride 2 on a dim of size 4"},
		{"slice/start at the dim", "%a: tensor<4x4xf32>",
			"%0 = tcp.slice %a starts(%c0, %c4) sizes(%c2, %c1) strides(%c1, %c1) : tensor<4x4xf32> -> tensor<2x1xf32>",
			"'tcp.slice' op expects the slice of dim 1 to stay in bounds: start 4, size 1, stride 1 on a dim of size 4"},
		{"slice/last at -1", "%a: tensor<4x4xf32>",
			"%0 = tcp.slice %a starts(%c1, %c0) sizes(%c2, %c2) strides(%cm2, %c1) : tensor<4x4xf32> -> tensor<2x2xf32>",
			"'tcp.slice' op expects the slice of dim 0 to stay in bounds: start 1, size 2, stride -2 on a dim of size 4"},
		// tcp.const
		{"const/type", "",
			"%0 = tcp.const {value = dense<[1, 2]> : tensor<2xi32>} : tensor<2xi64>",
			"'tcp.const' op expects the type of value (tensor<2xi32>) to equal the result type (tensor<2xi64>); tcp.const cannot be used to cast types"},
		{"const/missing value", "",
			"%0 = tcp.const : tensor<2xi64>",
			"'tcp.const' op requires attribute 'value'"},
		{"const/value kind", "",
			"%0 = tcp.const {value = 1 : i64} : tensor<2xi64>",
			"'tcp.const' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute"},
	}
	const consts = "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n  %c4 = arith.constant 4 : index\n  %cm1 = arith.constant -1 : index\n  %cm2 = arith.constant -2 : index\n"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "func.func @f(" + tt.args + ") {\n  " + tt.body + "\n" + consts + "  return\n}\n"
			// The constants are defined after the op so that the op stays on
			// line 2; move them first when the op uses them.
			if strings.Contains(tt.body, "%c") {
				src = "func.func @f(" + tt.args + ") {\n  " + tt.body + "\n  return\n}\n"
				src = strings.Replace(src, "{\n", "{\n"+consts, 1)
			}
			m, err := parser.Parse("v.mlir", src, parser.Options{})
			if err == nil {
				err = ir.Verify(m, false)
			}
			if err == nil {
				t.Fatalf("verified, want %q", tt.want)
			}
			line := 2
			if strings.Contains(tt.body, "%c") {
				line = 8
			}
			want := "v.mlir:" + strconv.Itoa(line) + ":8: error: " + tt.want
			got := strings.SplitN(err.Error(), "\n", 2)[0]
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
