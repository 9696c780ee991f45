package passes_test

import (
	"flag"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	_ "github.com/tcp-project/tcp/passes"
	"github.com/tcp-project/tcp/passes/passtest"
)

var update = flag.Bool("update", false, "rewrite want.mlir in testdata/*.txtar")

func init() { passtest.Register() }

// TestGolden runs testdata/*.txtar: each archive's pipeline on input.mlir
// must print want.mlir (or fail with diagnostics).
func TestGolden(t *testing.T) {
	passtest.RunGolden(t, "testdata/*.txtar", *update)
}
