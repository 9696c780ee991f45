package interp_test

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// TestEveryOpHasKernel walks the op registry: every registered op (and
// alias) of every dialect is either supported by the interpreter or
// explicitly marked unsupported with a reason, so a new dialect cannot
// forget its kernels.
func TestEveryOpHasKernel(t *testing.T) {
	seen := map[string]bool{}
	for _, def := range ir.Global.Defs() {
		dialect := def.Name[:strings.IndexByte(def.Name, '.')]
		seen[dialect] = true
		for _, name := range append([]string{def.Name}, def.Aliases...) {
			supported := interp.Supported(name)
			why, marked := interp.Unsupported(name)
			switch {
			case supported && marked:
				t.Errorf("%s has a kernel and is also marked unsupported (%s)", name, why)
			case !supported && !marked:
				t.Errorf("%s has no interpreter kernel and is not marked unsupported", name)
			case marked && why == "":
				t.Errorf("%s is marked unsupported without a reason", name)
			}
		}
	}
	for _, d := range []string{"func", "tcp", "arith", "tensor", "dml", "onnx", "tf", "torch", "stablehlo"} {
		if !seen[d] {
			t.Errorf("no op of dialect %s is registered", d)
		}
	}
	t.Logf("dialects checked: %v; kernels: %d", seen, len(interp.Kernels()))
}
