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

// TestEquivalent: every function of testdata/equiv.mlir computes the same
// before and after --convert-torch-to-tcp, and after --canonicalize, on
// random inputs (interp.CheckEquivalent; integer arguments are drawn
// around zero, so indices are often negative or out of range and both
// sides must raise alike).
func TestEquivalent(t *testing.T) {
	src, err := os.ReadFile("testdata/equiv.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, pipeline := range []string{"convert-torch-to-tcp", "canonicalize"} {
		before, err := parser.Parse("equiv.mlir", string(src), parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		after, _ := parser.Parse("equiv.mlir", string(src), parser.Options{})
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
		n, err := interp.CheckEquivalent(before, after, 300, 1)
		if err != nil {
			t.Errorf("%s: %v", pipeline, err)
		}
		if n != 5 {
			t.Errorf("%s: %d functions compared, want 5", pipeline, n)
		}
	}
}
