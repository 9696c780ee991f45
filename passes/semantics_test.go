package passes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/passtest"

	_ "github.com/tcp-project/tcp/passes"
)

func init() {
	// Every golden pass test also checks semantics with the interpreter
	// (functions whose ops have no kernels, like the test dialect's, are
	// skipped by CheckEquivalent).
	passtest.CheckSemantics = func(before, after *ir.Operation) error {
		_, err := interp.CheckEquivalent(before, after, 10, 1)
		return err
	}
}

// TestPassesPreserveSemantics runs each pipeline over the programs in
// testdata/semantics and compares the interpreter's results before and
// after on random inputs.
func TestPassesPreserveSemantics(t *testing.T) {
	pipelines := []string{
		"builtin.module(canonicalize)",
		"builtin.module(cse)",
		"builtin.module(dce)",
		"builtin.module(func.func(canonicalize,cse),dce)",
		"builtin.module(canonicalize{top-down=false},cse,canonicalize)",
	}
	files, _ := filepath.Glob("testdata/semantics/*.mlir")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, pl := range pipelines {
			t.Run(filepath.Base(f)+"/"+pl, func(t *testing.T) {
				before, err := parser.Parse(f, string(src), parser.Options{})
				if err != nil {
					t.Fatal(err)
				}
				after, err := parser.Parse(f, string(src), parser.Options{})
				if err != nil {
					t.Fatal(err)
				}
				pm, err := ir.ParsePassPipeline(pl)
				if err != nil {
					t.Fatal(err)
				}
				if err := pm.Run(after); err != nil {
					t.Fatal(err)
				}
				n, err := interp.CheckEquivalent(before, after, 50, 7)
				if err != nil {
					var b strings.Builder
					ir.Print(&b, after, ir.PrintOptions{})
					t.Fatalf("%v\nafter %s:\n%s", err, pl, b.String())
				}
				if n < 6 {
					t.Errorf("compared %d functions, want 6", n)
				}
			})
		}
	}
}
