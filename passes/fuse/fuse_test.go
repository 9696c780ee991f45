package fuse_test

import (
	"flag"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	_ "github.com/tcp-project/tcp/passes/fuse"
	"github.com/tcp-project/tcp/passes/passtest"
)

var update = flag.Bool("update", false, "rewrite want.mlir in testdata/*.txtar")

func init() {
	passtest.Register()
	// Every rewrite is checked with the interpreter on random inputs.
	passtest.CountSemantics = func(before, after *ir.Operation) (int, error) {
		return interp.CheckEquivalent(before, after, 200, 1)
	}
}

// TestGolden runs testdata/*.txtar through tcp-fuse and checks the printed
// IR and, with the interpreter, the semantics.
func TestGolden(t *testing.T) {
	passtest.RunGolden(t, "testdata/*.txtar", *update)
}
