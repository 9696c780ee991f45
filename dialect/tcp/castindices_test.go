package tcp_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestCastIndicesVerifierRules has one negative case per verifier rule of
// tcp.cast_indices (test/lit/tcp/verify_cast_indices.mlir has the same
// cases).
func TestCastIndicesVerifierRules(t *testing.T) {
	tests := []struct {
		name, args, body, want string
	}{
		{"float operand", "%a: tensor<2xf32>",
			"%0 = tcp.cast_indices %a : tensor<2xf32> -> tensor<2xi64>",
			"'tcp.cast_indices' op operand #0 must be ranked tensor of 8, 16, 32 or 64-bit integer of any signedness values, but got 'tensor<2xf32>'"},
		{"i1 operand", "%a: tensor<2xi1>",
			"%0 = tcp.cast_indices %a : tensor<2xi1> -> tensor<2xi64>",
			"'tcp.cast_indices' op operand #0 must be ranked tensor of 8, 16, 32 or 64-bit integer of any signedness values, but got 'tensor<2xi1>'"},
		{"unsigned result", "%a: tensor<2xui32>",
			"%0 = tcp.cast_indices %a : tensor<2xui32> -> tensor<2xui64>",
			"'tcp.cast_indices' op result #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xui64>'"},
		{"shape", "%a: tensor<2xui32>",
			"%0 = tcp.cast_indices %a : tensor<2xui32> -> tensor<3xi64>",
			"'tcp.cast_indices' op expects the result shape to be the operand shape [2], got [3]"},
		{"rank", "%a: tensor<2x?xui32>",
			"%0 = tcp.cast_indices %a : tensor<2x?xui32> -> tensor<2xi64>",
			"'tcp.cast_indices' op expects the result shape to be the operand shape [2, ?], got [2]"},
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
