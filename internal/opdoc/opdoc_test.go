package opdoc_test

import (
	"flag"
	"os"
	"slices"
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
	// The core dialects first, then every other registered dialect in
	// name order, so a new dialect is documented without editing this list.
	order := []string{"tcp", "func", "arith", "tensor", "builtin"}
	for _, d := range ir.Global.Dialects() {
		if !slices.Contains(order, d) {
			order = append(order, d)
		}
	}
	got := opdoc.Markdown(ir.Global, order)
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
