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

// TestVocabEquivalent: the FX importer's gather and shape ops
// (testdata/equiv_vocab.mlir: embedding, select.int, flip with dynamic
// dims, take_along_dim's expand + remainder + gather, view, permute, ...)
// compute the same before and after --convert-torch-to-tcp and after
// --canonicalize, on
// random inputs with dynamic dims drawn at random.
func TestVocabEquivalent(t *testing.T) {
	src, err := os.ReadFile("testdata/equiv_vocab.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, pipeline := range []string{"convert-torch-to-tcp", "canonicalize"} {
		before, err := parser.Parse("equiv_vocab.mlir", string(src), parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		after, _ := parser.Parse("equiv_vocab.mlir", string(src), parser.Options{})
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
		if strings.Contains(b.String(), "torch.aten.") || strings.Contains(b.String(), "torch.prims.") {
			t.Fatalf("%s left aten ops:\n%s", pipeline, b.String())
		}
		n, err := interp.CheckEquivalent(before, after, 300, 1)
		if err != nil {
			t.Errorf("%s: %v", pipeline, err)
		}
		if n != 8 {
			t.Errorf("%s: %d functions compared, want 8", pipeline, n)
		}
	}
}
