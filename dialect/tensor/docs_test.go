package tensor_test

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
)

// TestDocs: every op of the dialect has a summary, a description and
// printed-form examples that spell the op.
func TestDocs(t *testing.T) {
	n := 0
	for _, def := range ir.Global.Defs() {
		if !strings.HasPrefix(def.Name, "tensor.") {
			continue
		}
		n++
		if def.Summary == "" || def.Description == "" || len(def.Examples) == 0 {
			t.Errorf("%s: missing summary, description or examples", def.Name)
		}
		if !def.HasFormat() {
			t.Errorf("%s: no custom assembly form", def.Name)
		}
		for _, ex := range def.Examples {
			if !strings.Contains(ex, " = "+def.Name) && !strings.HasPrefix(ex, def.Name) {
				t.Errorf("%s: example %q does not spell the op", def.Name, ex)
			}
		}
	}
	if n == 0 {
		t.Fatal("no ops registered")
	}
}
