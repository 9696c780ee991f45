package opdoc_test

import (
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/internal/opdoc"
	"github.com/tcp-project/tcp/ir"
)

var update = flag.Bool("update", false, "rewrite docs/ops.md")

// TestOpsDocIsCurrent: docs/ops.md is exactly what the registered op
// definitions render to.
func TestOpsDocIsCurrent(t *testing.T) {
	got := opdoc.Markdown(ir.Global, []string{"tcp", "func", "arith", "tensor", "builtin", "onnx", "tf", "torch", "torch_c", "dml", "tf_executor", "stablehlo"})
	const path = "../../docs/ops.md"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("docs/ops.md is stale; run go test ./internal/opdoc -update (-want +got):\n%s", diff)
	}
}
