package tcp_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestTransposeVerifierRules has one negative case per verifier rule of
// tcp.transpose (test/lit/tcp/verify_transpose.mlir has the same cases).
func TestTransposeVerifierRules(t *testing.T) {
	tests := []struct {
		name, args, body, want string
	}{
		{"permutation size", "%a: tensor<2x3xf32>",
			"%0 = tcp.transpose %a {permutation = array<i64: 0>} : tensor<2x3xf32> -> tensor<2x3xf32>",
			"'tcp.transpose' op expects a permutation of 2 entries (the input rank), got 1"},
		{"entry out of range", "%a: tensor<2x3xf32>",
			"%0 = tcp.transpose %a {permutation = array<i64: 2, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>",
			"'tcp.transpose' op expects permutation entries in [0, 2), got 2 at position 0"},
		{"repeated entry", "%a: tensor<2x3xf32>",
			"%0 = tcp.transpose %a {permutation = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<3x3xf32>",
			"'tcp.transpose' op expects permutation to have no repeated entries, got 1 twice"},
		{"result shape", "%a: tensor<2x3xf32>",
			"%0 = tcp.transpose %a {permutation = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<2x3xf32>",
			"'tcp.transpose' op expects result shape [3, 2] (the input shape permuted), got [2, 3]"},
		{"result rank", "%a: tensor<2x3xf32>",
			"%0 = tcp.transpose %a {permutation = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<6xf32>",
			"'tcp.transpose' op expects result shape [3, 2] (the input shape permuted), got [6]"},
		{"element type", "%a: tensor<2x3xf32>",
			"%0 = tcp.transpose %a {permutation = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xi32>",
			"'tcp.transpose' op failed to verify that all of {in, out} have same element type"},
		{"permutation kind", "%a: tensor<2x3xf32>",
			"%0 = tcp.transpose %a {permutation = [1, 0]} : tensor<2x3xf32> -> tensor<3x2xf32>",
			"'tcp.transpose' op attribute 'permutation' failed to satisfy constraint: i64 dense array attribute"},
	}
	for _, tt := range tests {
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
