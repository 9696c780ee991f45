package torchtotcp_test

import (
	"os"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes"
	"github.com/tcp-project/tcp/passes/torchtotcp"
)

// TestScatterEquivalent: every function of testdata/scatter_equiv.mlir
// (scatter .src/.value/.reduce, scatter_add, scatter_reduce.two mean and
// amin with and without self, index_put with None entries, broadcast index
// tensors and accumulate, index_fill's scalar_tensor + expand) computes the
// same before and after --convert-torch-to-tcp and --canonicalize on random
// inputs, indices in and out of range and repeated (both sides must raise
// alike).
func TestScatterEquivalent(t *testing.T) {
	src, err := os.ReadFile("testdata/scatter_equiv.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, pipeline := range []string{"convert-torch-to-tcp", "canonicalize"} {
		before, err := parser.Parse("scatter_equiv.mlir", string(src), parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		after, _ := parser.Parse("scatter_equiv.mlir", string(src), parser.Options{})
		if pipeline == "canonicalize" {
			err = passes.NewCanonicalize().Run(after)
		} else {
			err = torchtotcp.Convert(after)
		}
		if err != nil {
			t.Fatalf("%s: %v", pipeline, err)
		}
		if err := ir.Verify(after, true); err != nil {
			t.Fatalf("%s: %v", pipeline, err)
		}
		var b strings.Builder
		ir.Print(&b, after, ir.PrintOptions{})
		if strings.Contains(b.String(), "torch.aten.") {
			t.Fatalf("%s left aten ops:\n%s", pipeline, b.String())
		}
		n, err := interp.CheckEquivalent(before, after, 200, 1)
		if err != nil {
			t.Errorf("%s: %v", pipeline, err)
		}
		if n != 10 {
			t.Errorf("%s: %d functions compared, want 10", pipeline, n)
		}
	}
}
