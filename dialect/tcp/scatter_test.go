package tcp_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/dialecttest"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

var update = flag.Bool("update", false, "rewrite testdata/*.txtar and test/lit/tcp/verify_scatter.mlir")

// TestGolden: testdata/*.txtar (the scatters' printed forms) parse, verify
// and print in both forms, with the round-trip invariants.
func TestGolden(t *testing.T) { dialecttest.RunGolden(t, "testdata", *update) }

type scatterCase struct{ name, args, body, want string }

// scatterCases has one negative case per verifier rule of tcp.scatter and
// tcp.scatter_nd (and the gather rule that drop is scatter-only).
var scatterCases = []scatterCase{
	{"scatter/rank mismatch", "%a: tensor<3x4xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2xi64>, tensor<2xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op requires input, indices and updates of the same rank, got 2, 1 and 1"},
	{"scatter/updates rank", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<8xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<8xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op requires input, indices and updates of the same rank, got 2, 2 and 1"},
	{"scatter/rank 0", "%a: tensor<f32>, %i: tensor<i64>, %u: tensor<f32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<f32>, tensor<i64>, tensor<f32> -> tensor<f32>",
		"'tcp.scatter' op requires input, indices and updates of rank at least 1"},
	{"scatter/dim out of range", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 2 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op expects dim in [0, 2), got 2"},
	{"scatter/negative dim", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = -1 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op expects dim in [0, 2), got -1"},
	{"scatter/updates shape", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x3xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x3xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op expects the updates shape [2, 3] to equal the indices shape [2, 4]"},
	{"scatter/indices larger than input", "%a: tensor<3x4xf32>, %i: tensor<4x1xi64>, %u: tensor<4x1xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 1 : index} : tensor<3x4xf32>, tensor<4x1xi64>, tensor<4x1xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op expects indices dim 0 (size 4) to be at most the input dim (size 3)"},
	{"scatter/result shape", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<2x4xf32>",
		"'tcp.scatter' op expects the result shape [2, 4] to equal the input shape [3, 4]"},
	{"scatter/result rank", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<12xf32>",
		"'tcp.scatter' op expects the result shape [12] to equal the input shape [3, 4]"},
	{"scatter/updates element type", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf16>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf16> -> tensor<3x4xf32>",
		"'tcp.scatter' op failed to verify that all of {input, updates, out} have same element type"},
	{"scatter/result element type", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf64>",
		"'tcp.scatter' op failed to verify that all of {input, updates, out} have same element type"},
	{"scatter/index element type", "%a: tensor<3x4xf32>, %i: tensor<2x4xi16>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter %a, %i, %u {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi16>, tensor<2x4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x4xi16>'"},
	{"scatter/missing dim", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter %a, %i, %u : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter' op requires attribute 'dim'"},
	{"scatter/fill mode", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		`%0 = tcp.scatter %a, %i, %u {dim = 0 : index, mode = "fill"} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>`,
		`'tcp.scatter' op does not take mode = "fill": a scatter has no value to fill (mode = "drop" skips out-of-range updates)`},
	{"scatter/bad mode", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		`%0 = tcp.scatter %a, %i, %u {dim = 0 : index, mode = "raise"} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>`,
		"'tcp.scatter' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or drop"},
	{"scatter/bad combine", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		`%0 = tcp.scatter %a, %i, %u {combine = "sub", dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>`,
		"'tcp.scatter' op attribute 'combine' failed to satisfy constraint: string attribute whose value is replace, or add, or mul, or min, or max, or and, or or, or region"},
	{"scatter/and on floats", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		`%0 = tcp.scatter %a, %i, %u {combine = "and", dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>`,
		`'tcp.scatter' op combine = "and" needs integer or i1 elements, got f32`},
	{"scatter/add on i1", "%a: tensor<3x4xi1>, %i: tensor<2x4xi64>, %u: tensor<2x4xi1>",
		`%0 = tcp.scatter %a, %i, %u {combine = "add", dim = 0 : index} : tensor<3x4xi1>, tensor<2x4xi64>, tensor<2x4xi1> -> tensor<3x4xi1>`,
		`'tcp.scatter' op combine = "add" is not defined on i1 (use "or" for add, "and" for mul)`},
	{"scatter/unique_indices not unit", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>",
		`%0 = tcp.scatter %a, %i, %u {dim = 0 : index, unique_indices = true} : tensor<3x4xf32>, tensor<2x4xi64>, tensor<2x4xf32> -> tensor<3x4xf32>`,
		"'tcp.scatter' op attribute 'unique_indices' failed to satisfy constraint: unit attribute"},

	{"scatter_nd/rank 0 indices", "%a: tensor<3x4xf32>, %i: tensor<i64>, %u: tensor<4xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<i64>, tensor<4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op requires input and indices of rank at least 1, got 2 and 0"},
	{"scatter_nd/dynamic tuple length", "%a: tensor<3x4xf32>, %i: tensor<2x?xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x?xi64>, tensor<2x4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op expects the last dim of indices (the index tuple length) to be static"},
	{"scatter_nd/batch_dims", "%a: tensor<3x4xf32>, %i: tensor<3x1xi64>, %u: tensor<3xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u {batch_dims = 2 : index} : tensor<3x4xf32>, tensor<3x1xi64>, tensor<3xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op expects batch_dims in [0, 2), got 2"},
	{"scatter_nd/tuple too long", "%a: tensor<3x4xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x3xi64>, tensor<2xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op expects batch_dims + index tuple length <= input rank, got 0 + 3 > 2"},
	{"scatter_nd/batch dim mismatch", "%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u {batch_dims = 1 : index} : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op expects batch dim 0 of indices (size 2) to equal that of input (size 3)"},
	{"scatter_nd/updates shape", "%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x3xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op expects updates shape [2, 4] (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got [2, 3]"},
	{"scatter_nd/updates rank", "%a: tensor<3x4xf32>, %i: tensor<2x2xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x2xi64>, tensor<2x4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op expects updates shape [2] (indices.shape[0:q-1] ++ input.shape[batch_dims+m:]), got [2, 4]"},
	{"scatter_nd/result shape", "%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<3x5xf32>",
		"'tcp.scatter_nd' op expects the result shape [3, 5] to equal the input shape [3, 4]"},
	{"scatter_nd/element type", "%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xi32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xi32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op failed to verify that all of {input, updates, out} have same element type"},
	{"scatter_nd/index element type", "%a: tensor<3x4xf32>, %i: tensor<2x1xf32>, %u: tensor<2x4xf32>",
		"%0 = tcp.scatter_nd %a, %i, %u : tensor<3x4xf32>, tensor<2x1xf32>, tensor<2x4xf32> -> tensor<3x4xf32>",
		"'tcp.scatter_nd' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x1xf32>'"},
	{"scatter_nd/fill mode", "%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>",
		`%0 = tcp.scatter_nd %a, %i, %u {mode = "fill"} : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<3x4xf32>`,
		`'tcp.scatter_nd' op does not take mode = "fill": a scatter has no value to fill (mode = "drop" skips out-of-range updates)`},
	{"scatter_nd/or on floats", "%a: tensor<3x4xf64>, %i: tensor<2x1xi64>, %u: tensor<2x4xf64>",
		`%0 = tcp.scatter_nd %a, %i, %u {combine = "or"} : tensor<3x4xf64>, tensor<2x1xi64>, tensor<2x4xf64> -> tensor<3x4xf64>`,
		`'tcp.scatter_nd' op combine = "or" needs integer or i1 elements, got f64`},
	{"scatter_nd/mul on i1", "%a: tensor<3x4xi1>, %i: tensor<2x1xi64>, %u: tensor<2x4xi1>",
		`%0 = tcp.scatter_nd %a, %i, %u {combine = "mul"} : tensor<3x4xi1>, tensor<2x1xi64>, tensor<2x4xi1> -> tensor<3x4xi1>`,
		`'tcp.scatter_nd' op combine = "mul" is not defined on i1 (use "or" for add, "and" for mul)`},

	{"gather/drop mode", "%a: tensor<3x4xf32>, %i: tensor<2x4xi64>",
		`%0 = tcp.gather %a, %i {dim = 0 : index, mode = "drop"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>`,
		"'tcp.gather' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or fill"},
	{"gather_nd/drop mode", "%a: tensor<3x4xf32>, %i: tensor<2x1xi64>",
		`%0 = tcp.gather_nd %a, %i {mode = "drop"} : tensor<3x4xf32>, tensor<2x1xi64> -> tensor<2x4xf32>`,
		"'tcp.gather_nd' op attribute 'mode' failed to satisfy constraint: string attribute whose value is promise_in_bounds, or error, or wrap_negative, or clip, or wrap, or fill"},
}

// TestScatterVerifierRules: each case fails with its located message.
func TestScatterVerifierRules(t *testing.T) {
	for _, tt := range scatterCases {
		t.Run(tt.name, func(t *testing.T) {
			src := "func.func @f(" + tt.args + ") {\n  " + tt.body + "\n  return\n}\n"
			m, err := parser.Parse("v.mlir", src, parser.Options{})
			if err == nil {
				err = ir.Verify(m, false)
			}
			if err == nil {
				t.Fatalf("verified, want %q", tt.want)
			}
			want := "v.mlir:2:8: error: " + tt.want
			got := strings.SplitN(err.Error(), "\n", 2)[0]
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestScatterVerifierLit: test/lit/tcp/verify_scatter.mlir is the table
// above as expected-error cases (go test ./dialect/tcp -update rewrites it).
func TestScatterVerifierLit(t *testing.T) {
	var b strings.Builder
	b.WriteString("// RUN: tcp-opt %s -split-input-file -verify-diagnostics\n\n")
	b.WriteString("// One negative case per verifier rule of tcp.scatter and tcp.scatter_nd.\n")
	b.WriteString("// Generated from dialect/tcp/scatter_test.go by `go test ./dialect/tcp -update`.\n")
	for i, c := range scatterCases {
		if i > 0 {
			b.WriteString("\n// -----\n")
		}
		name := strings.NewReplacer("/", "_", " ", "_").Replace(c.name)
		fmt.Fprintf(&b, "\nfunc.func @%s(%s) {\n  // expected-error@+1 {{%s}}\n  %s\n  return\n}\n", name, c.args, c.want, c.body)
	}
	const path = "../../test/lit/tcp/verify_scatter.mlir"
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(b.String(), string(got)); diff != "" {
		t.Errorf("%s is stale; run go test ./dialect/tcp -update (-want +got):\n%s", path, diff)
	}
}
